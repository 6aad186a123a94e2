"""The Lords of Vegas rules engine: a state machine with explicit phases.

``Game(seats, seed)`` sets a game up (deal, End card, first-player roll-off)
and runs the first player's draw.  From then on the game always waits for one
decision: ``phase`` says which, ``to_act`` says whose (``waiting_on`` every
seat that may answer it), ``legal_actions(seat)`` what they may do, and
``apply(action)`` performs one action and returns the events, or raises
``IllegalAction`` (a ``ValueError``) with a sentence saying why.

Phases (docs/lords-rules.md; Decisions D1–D20 are binding):

* ``play``    – Step 2 of the active seat: build, sprawl, remodel, reorganize,
  gamble, end the turn.  Any seat may propose, accept, reject or withdraw a
  trade in this phase (D14).
* ``marker``  – D1: the drawer has no free marker; it names the marker that moves.
* ``die``     – D2: the drawer has no free die for a take-over; it names the die.
* ``layoff``  – D12: the boss of the casino gambled at answers lay-off or not.
* ``place``   – D8: after a reorganize, each owner of several dice of different
  values in that casino places its new values (any order; the tiles already
  show the D8 default, which a time-out keeps).
* ``over``    – the game has ended.

The state is plain ints and lists, casinos are computed from the tiles once
per tile change, and ``copy()`` copies lists only, so playouts stay cheap.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from ..kernel.dice import shuffle
from ..kernel.errors import ConfigError
from ..games.engine import Outcome
from . import actions as A
from . import events as E
from .board import BY_COMPANY, COMPANY, END, IN_F, N_LOTS, SEAT_COLOURS, START_MONEY, TILES_PER_COLOUR, TRACK
from .dice import RandomDice, ScriptedDice
from .refusals import Reason, refuse
from .rules.base import (
    DIE_MOVE, LAYOFF, MARKER, MAX_LISTED_PLACEMENTS, OVER, PHASES, PLACE, PLAY, STATE_FORMAT, _orders,
)
from .rules.build import BuildAndSprawl
from .rules.casinos import Casinos
from .rules.draw import DrawAndPayouts
from .rules.gamble import Gamble
from .rules.history import History
from .rules.remodel import RemodelAndReorganize
from .rules.state import Saving
from .rules.trades import Trades


class Game(Casinos, DrawAndPayouts, BuildAndSprawl, RemodelAndReorganize, Gamble, Trades, Saving, History):
    """One game of Lords of Vegas for 2 to 4 seats."""

    def __init__(self, seats: int = 4, seed: int | None = None, *, dice: Any = None,
                 deck: Iterable[int] | None = None) -> None:
        if type(seats) is not int or not 2 <= seats <= 4:
            raise ConfigError(f"Lords of Vegas is for 2 to 4 players, not {seats!r}")
        n = self.n = seats
        self.seats = SEAT_COLOURS[:n]
        self.seed = seed
        rng = random.Random(seed)
        if deck is None:
            order = list(range(N_LOTS))
            shuffle(rng, order)
        else:
            order = list(deck)
            if sorted(order) != list(range(N_LOTS)) or any(type(c) is not int for c in order):
                raise ConfigError("the deck must hold each of the 48 lot cards once")
        #: the 48 lot cards as shuffled, before the End card goes in
        self.shuffled = tuple(order)
        self.dice = dice if dice is not None else RandomDice(rng)
        self.rolls: list[int] = []
        self.money = [0] * n
        self.chip = [0] * n
        self.marker = [-1] * N_LOTS
        self.tile = [-1] * N_LOTS
        self.owner = [-1] * N_LOTS
        self.value = [0] * N_LOTS
        self.supply = [TILES_PER_COLOUR] * 5
        self.markers_used = [0] * n
        self.dice_used = [0] * n
        self.played = [False] * N_LOTS
        self.discards = [0] * 6
        self.phase = PLAY
        self.active = 0
        self.turn = 0
        self.gambled = False
        self.marks = 0
        self.pending_lot = -1
        self.pending_value = 0
        self.gamble: tuple[int, int, int] | None = None  # (casino lot, bet, boss)
        self.placing: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self.proposals: dict[tuple[int, int], A.Propose] = {}
        self.winners: tuple[int, ...] = ()
        self.end_reason = ""
        self._cas: list[tuple[int, ...]] | None = None
        self._cid: list[int] = []
        self._bc: list[int] | None = None
        ev: list[E.Event] = []
        pos = 0
        for s in range(n):
            got: list[int] = []
            skipped: list[int] = []
            while len(got) < 2:
                c = order[pos]
                pos += 1
                self.played[c] = True
                self.discards[COMPANY[c]] += 1
                if n == 2 and IN_F[c]:  # D7: no marker, no money, next card
                    skipped.append(c)
                    continue
                got.append(c)
                self.marker[c] = s
                self.markers_used[s] += 1
                self.money[s] += START_MONEY[c]
            ev.append(E.Dealt(s, tuple(got), self.money[s], tuple(skipped)))
        rest = order[pos:]
        left = len(rest)
        above = left - left // 4  # D4
        self.deck = order[:pos] + rest[:above] + [END] + rest[above:]
        self.pos = pos
        ev.append(E.EndCardPlaced(above, left + 1))
        contenders = list(range(n))
        while True:  # D16
            rolls = tuple((s, self._roll(), self._roll()) for s in contenders)
            ev.append(E.FirstPlayerRoll(rolls))
            best = max(a + b for _, a, b in rolls)
            contenders = [s for s, a, b in rolls if a + b == best]
            if len(contenders) == 1:
                break
        self.first = contenders[0]
        self.active = self.first
        self._start_turn(ev)
        #: the events of the set-up and the first draw
        self.setup_events = ev
        self._past: tuple | None = None
        self._setup_rolls = len(self.rolls)

    # ------------------------------------------------------------------ basics
    def _roll(self) -> int:
        v = self.dice.roll()
        self.rolls.append(v)
        return v

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for (None when over)."""
        ph = self.phase
        if ph == OVER:
            return None
        if ph == LAYOFF:
            return self.gamble[2]  # type: ignore[index]
        if ph == PLACE:
            n = self.n
            return min(self.placing, key=lambda s: (s - self.active) % n)
        return self.active

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """Every seat that may answer the pending decision (several only while placing dice)."""
        if self.phase == PLACE:
            n = self.n
            return tuple(sorted(self.placing, key=lambda s: (s - self.active) % n))
        s = self.to_act
        return () if s is None else (s,)

    def decision(self) -> dict | None:
        """The pending decision in words a screen can use: ``{"kind", "seats", ...}`` with
        kind ``play`` (the active seat's Step 2), ``marker`` / ``die`` (D1 / D2: ``lot`` is the
        drawn lot), ``layoff`` (``casino``, ``bet``, ``gambler``), ``place`` (``casino``: the
        reorganized casino's lots; each waiting seat's ``values``); None when the game is over."""
        ph = self.phase
        if ph == OVER:
            return None
        d: dict[str, Any] = {"kind": ph, "seats": list(self.waiting_on)}
        if ph in (MARKER, DIE_MOVE):
            d["lot"] = self.pending_lot
        elif ph == LAYOFF:
            lot, bet, _ = self.gamble  # type: ignore[misc]
            d.update(casino=self.casino_of(lot), bet=bet, gambler=self.active)
        elif ph == PLACE:
            d["values"] = {s: list(v) for s, (_, v) in self.placing.items()}
            d["lots"] = {s: list(l) for s, (l, _) in self.placing.items()}
        return d

    @property
    def trade_window(self) -> bool:
        """D14: trades may be proposed and accepted now."""
        return self.phase == PLAY

    # ------------------------------------------------------------------ apply
    def apply(self, action: A.Action) -> list[E.Event]:
        """Perform ``action``; the events; ``IllegalAction`` (state unchanged) if not legal now."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise refuse("game.not_action", value=repr(action))
        if self.phase == OVER:
            raise refuse("game.over")
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.n:
            raise refuse("game.no_seat", value=repr(seat))
        ev: list = []
        before = len(self.rolls)
        handler(self, action, ev)
        if self.proposals:
            self._lapse(ev)
        self._past = (self._past, action, before)
        return ev

    def _need_play(self, seat: int, what: str) -> None:
        if self.phase != PLAY:
            raise refuse("game.waiting", what=what, waiting=self._waiting_words())
        if seat != self.active:
            raise refuse("game.not_your_turn", what=what, who=self.seats[self.active])

    def _waiting_words(self) -> Reason:
        ph = self.phase
        who = self.seats[self.to_act] if self.to_act is not None else ""
        if ph == PLACE:
            return Reason("waiting.place")
        if ph == OVER:
            return Reason("waiting.over")
        return {MARKER: Reason("waiting.marker", who=who), DIE_MOVE: Reason("waiting.die", who=who),
                LAYOFF: Reason("waiting.layoff", who=who), PLAY: Reason("waiting.play", who=who)}[ph]

    def _end_turn(self, a: A.EndTurn, ev: list) -> None:
        self._need_play(a.seat, "end the turn")
        for key in sorted(self.proposals):
            ev.append(E.TradeClosed(key[0], key[1], "lapsed"))
        self.proposals.clear()
        ev.append(E.TurnEnded(a.seat))
        self.active = (self.active + 1) % self.n
        self._start_turn(ev)

    def legal_actions(self, seat: int) -> list[A.Action]:
        """Every action ``seat`` may take now (trade proposals aside: any proposal that passes
        D13's checks may be made in the trade window; see ``trade_problem``)."""
        ph = self.phase
        if ph == OVER or type(seat) is not int or not 0 <= seat < self.n:
            return []
        if ph == PLAY:
            out: list = []
            if seat == self.active:
                out.extend(self.build_options(seat))
                out.extend(self.sprawl_options(seat))
                out.extend(self.remodel_options(seat))
                out.extend(self.reorganize_options(seat))
                for k, top in self.gamble_options(seat):
                    out.extend(A.Gamble(seat, k[0], bet) for bet in range(1, top + 1))
                out.append(A.EndTurn(seat))
            out.extend(self.trade_answers(seat))
            return out
        if ph == MARKER:
            if seat != self.active:
                return []
            return [A.MoveMarker(seat, i) for i in range(N_LOTS) if self.marker[i] == seat]
        if ph == DIE_MOVE:
            if seat != self.active:
                return []
            return [A.MoveDie(seat, i) for i in range(N_LOTS)
                    if self.owner[i] == seat and i != self.pending_lot]
        if ph == LAYOFF:
            if seat != self.gamble[2]:  # type: ignore[index]
                return []
            return [A.LayOff(seat, False), A.LayOff(seat, True)]
        if seat not in self.placing:
            return []
        lots, vals = self.placing[seat]
        default = self.default_placement(seat)
        out = [default]
        for perm in _orders(vals, MAX_LISTED_PLACEMENTS):
            if perm != default.values:
                out.append(A.PlaceDice(seat, perm))
        return out

    # ------------------------------------------------------------------ copies and state
    def copy(self, dice: Any = None) -> "Game":
        """An independent copy (lists copied, the dice source cloned, or ``dice`` when given: a
        search's own dice, and no clone made only to be thrown away)."""
        g = Game.__new__(Game)
        d = g.__dict__
        d.update(self.__dict__)
        for name in ("money", "chip", "marker", "tile", "owner", "value", "supply", "markers_used",
                     "dice_used", "played", "discards", "deck", "rolls"):
            d[name] = list(d[name])
        d["placing"] = dict(self.placing)
        d["proposals"] = dict(self.proposals)
        d["dice"] = self.dice.clone() if dice is None else dice
        return g

    def outcome(self) -> Outcome:
        """The winners (D18: several for a shared win; none before the end) and each seat's
        victory points and money."""
        return Outcome(self.winners, tuple((TRACK[c], m) for c, m in zip(self.chip, self.money)))

    def determinize(self, rng: random.Random) -> "Game":
        """A copy whose unknown part of the deck is shuffled again with ``rng`` (the End card
        stays where D4 put it: its place is public) and whose dice come from ``rng``: a world
        consistent with everything a seat can see, for searches that must not read the deck."""
        g = self.copy(RandomDice(rng))
        rest = g.deck[g.pos:]
        if END in rest:
            at = rest.index(END)
            cards = sorted(c for c in rest if c != END)  # the real order never shows through
            shuffle(rng, cards)
            cards.insert(at, END)
            g.deck[g.pos:] = cards
        return g

    def deck_counts(self) -> tuple[int, ...]:
        """D19: cards left in the deck by company (0..4, then the Strip with the End card)."""
        out = [0] * 6
        for c in self.deck[self.pos:]:
            out[COMPANY[c]] += 1
        return tuple(out)


_HANDLERS = {
    A.Build: Game._build, A.Sprawl: Game._sprawl, A.Remodel: Game._remodel,
    A.Reorganize: Game._reorganize, A.Gamble: Game._gamble, A.LayOff: Game._layoff,
    A.PlaceDice: Game._place, A.MoveMarker: Game._move_marker, A.MoveDie: Game._move_die,
    A.Propose: Game._propose, A.Accept: Game._accept, A.Reject: Game._reject,
    A.Withdraw: Game._withdraw, A.EndTurn: Game._end_turn,
}

__all__ = ["Game", "PLAY", "MARKER", "DIE_MOVE", "LAYOFF", "PLACE", "OVER", "PHASES",
           "STATE_FORMAT", "MAX_LISTED_PLACEMENTS", "ScriptedDice", "RandomDice", "BY_COMPANY", "_orders"]
