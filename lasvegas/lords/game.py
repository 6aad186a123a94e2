"""The Lords of Vegas rules engine: a state machine with explicit phases.

``Game(seats, seed)`` sets a game up (deal, End card, first-player roll-off)
and runs the first player's draw.  From then on the game always waits for one
decision: ``phase`` says which, ``to_act`` says whose (``waiting_on`` every
seat that may answer it), ``legal_actions(seat)`` what they may do, and
``apply(action)`` performs one action and returns the events, or raises
``IllegalAction`` (a ``ValueError``) with a sentence saying why.

Phases (LORDS.md; Decisions D1–D20 are binding):

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

from ..core.dice import shuffle
from ..core.errors import ConfigError, IllegalAction, StateError
from . import actions as A
from . import events as E
from .board import (
    BY_COMPANY, COLOURS, COMPANY, COST, DICE_PER_SEAT, DIE, END, IN_F, LAST, LOT_NAMES,
    MARKERS_PER_SEAT, N_LOTS, NEIGHBOURS, SEAT_COLOURS, START_MONEY, STRIP, TILES_PER_COLOUR,
    TOUCHES_STRIP, TRACK, score,
)
from .dice import RandomDice, ScriptedDice, dice_from_dict
from . import refusals
from .refusals import Reason, refuse

PLAY, MARKER, DIE_MOVE, LAYOFF, PLACE, OVER = "play", "marker", "die", "layoff", "place", "over"
PHASES = (PLAY, MARKER, DIE_MOVE, LAYOFF, PLACE, OVER)
STATE_FORMAT = "lords-state/1"
#: PlaceDice permutations listed by legal_actions at most (any permutation is accepted)
MAX_LISTED_PLACEMENTS = 720

_LOSE = frozenset((5, 6, 7, 8))


def _name(lot: int) -> str:
    return LOT_NAMES[lot] if 0 <= lot < N_LOTS else repr(lot)


class Game:
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

    def casinos(self) -> list[tuple[int, ...]]:
        """Every casino as a sorted tuple of lots (computed once per tile change)."""
        cas = self._cas
        if cas is None:
            tile = self.tile
            cid = [-1] * N_LOTS
            cas = []
            for i in range(N_LOTS):
                c = tile[i]
                if c < 0 or cid[i] >= 0:
                    continue
                k = len(cas)
                cid[i] = k
                group = [i]
                stack = [i]
                while stack:
                    j = stack.pop()
                    for nb in NEIGHBOURS[j]:
                        if cid[nb] < 0 and tile[nb] == c:
                            cid[nb] = k
                            group.append(nb)
                            stack.append(nb)
                group.sort()
                cas.append(tuple(group))
            self._cas = cas
            self._cid = cid
            self._bc = None
        return cas

    def _merge(self, lots: Iterable[int], colour: int) -> None:
        """Tiles ``lots`` (one casino or one new tile) now show ``colour``: join them with the
        touching casinos of that colour, keeping ``casinos()`` in its canonical order."""
        cas = self._cas
        if cas is None:
            return
        cid, tile = self._cid, self.tile
        group = set(lots)
        gone = set()
        for i in lots:
            if cid[i] >= 0:
                gone.add(cid[i])
            for nb in NEIGHBOURS[i]:
                if tile[nb] == colour and nb not in group:
                    gone.add(cid[nb])
        for j in gone:
            group.update(cas[j])
        cas = [k for j, k in enumerate(cas) if j not in gone]
        cas.append(tuple(sorted(group)))
        cas.sort()
        cid = [-1] * N_LOTS
        for j, k in enumerate(cas):
            for i in k:
                cid[i] = j
        self._cas = cas
        self._cid = cid
        self._bc = None

    def casino_of(self, lot: int) -> tuple[int, ...]:
        """The casino holding ``lot`` (``IllegalAction`` when the lot has no tile)."""
        if type(lot) is not int or not 0 <= lot < N_LOTS or self.tile[lot] < 0:
            raise refuse("game.no_casino", lot=_name(lot))
        cas = self.casinos()
        return cas[self._cid[lot]]

    def bosses(self) -> list[int]:
        """The boss of each casino of ``casinos()`` (-1: none), cached until a die changes."""
        bc = self._bc
        if bc is None:
            boss = self.boss
            bc = self._bc = [boss(k) for k in self.casinos()]
        return bc

    def boss(self, lots: Iterable[int]) -> int:
        """The boss of a casino: owner of its single highest die; -1 when it has no dice or its
        top dice are tied between players (only ever seen before ties are resolved)."""
        owner, value = self.owner, self.value
        top = 0
        b = -1
        for i in lots:
            v = value[i]
            if v > top:
                top = v
                b = owner[i]
            elif v == top and v and owner[i] != b:
                b = -2
        return b if b >= 0 else -1

    # ------------------------------------------------------------------ the draw (Step 1)
    def _start_turn(self, ev: list) -> None:
        self.turn += 1
        self.gambled = False
        self.marks = 0
        ev.append(E.TurnStarted(self.active, self.turn))
        self._draw(ev)

    def _draw(self, ev: list) -> None:
        a = self.active
        while True:
            card = self.deck[self.pos]
            self.pos += 1
            ev.append(E.CardDrawn(a, card, COMPANY[card], len(self.deck) - self.pos))
            if card == END:
                self._payout(END, ev)
                self._finish("end card", ev)
                return
            self.played[card] = True
            if self.n == 2 and IN_F[card]:  # 2.9: nothing placed, pay, draw again
                self._payout(card, ev)
                if self._check90(ev):
                    return
                continue
            if self.tile[card] < 0:
                if self.markers_used[a] >= MARKERS_PER_SEAT:  # D1
                    self.phase = MARKER
                    self.pending_lot = card
                    return
                self.marker[card] = a
                self.markers_used[a] += 1
                ev.append(E.MarkerPlaced(a, card))
            else:
                prev = self.owner[card]
                if prev != a:
                    val = self.value[card] if prev >= 0 else DIE[card]
                    if self.dice_used[a] >= DICE_PER_SEAT:  # D2
                        self.phase = DIE_MOVE
                        self.pending_lot = card
                        self.pending_value = val
                        return
                    if prev >= 0:
                        self.dice_used[prev] -= 1
                    self.dice_used[a] += 1
                    self.owner[card] = a
                    self.value[card] = val
                    self._bc = None
                    ev.append(E.TakeOver(a, card, prev, val))
                    self._ties(ev)  # D3
            self._after_draw(card, ev)
            return

    def _after_draw(self, card: int, ev: list) -> None:
        self._payout(card, ev)
        if not self._check90(ev):
            self.phase = PLAY

    def _payout(self, card: int, ev: list) -> None:
        n = self.n
        gain = list(self.markers_used)  # every marker on the board pays $1 (D6)
        lot_money = tuple(gain)
        comp = COMPANY[card]
        owner, value, tile = self.owner, self.value, self.tile
        paid = []
        bosses: dict[int, list[tuple[int, ...]]] = {}
        for lots in self.casinos():
            if comp != STRIP:
                if tile[lots[0]] != comp:
                    continue
            elif not any(TOUCHES_STRIP[i] for i in lots):
                continue
            top = 0
            boss = -1
            for i in lots:
                o = owner[i]
                if o >= 0:
                    v = value[i]
                    gain[o] += v
                    if v > top:
                        top = v
                        boss = o
            paid.append((lots, boss, len(lots)))
            if boss >= 0:
                bosses.setdefault(boss, []).append(lots)
        money = self.money
        for s in range(n):
            money[s] += gain[s]
        self.discards[comp] += 1
        ev.append(E.Paid(card, comp, tuple(gain), lot_money, tuple(paid)))
        chip = self.chip
        for boss in sorted(bosses):
            for lots in sorted(bosses[boss], key=len):  # smallest casino first
                before = chip[boss]
                chip[boss] = score(before, len(lots))
                ev.append(E.Scored(boss, lots, len(lots), before, chip[boss]))

    def _check90(self, ev: list) -> bool:
        """D17: a chip on 90 after a payout wins at once."""
        top = [s for s in range(self.n) if self.chip[s] == LAST]
        if not top:
            return False
        self._finish("90", ev, top)
        return True

    def _finish(self, why: str, ev: list, among: list[int] | None = None) -> None:
        n = self.n
        if among is None:
            best = max(self.chip)
            among = [s for s in range(n) if self.chip[s] == best]
        rich = max(self.money[s] for s in among)
        self.winners = tuple(s for s in among if self.money[s] == rich)  # D18: shared
        self.end_reason = why
        self.phase = OVER
        for key in sorted(self.proposals):
            ev.append(E.TradeClosed(key[0], key[1], "lapsed"))
        self.proposals.clear()
        ev.append(E.GameEnded(why, self.winners, tuple(TRACK[c] for c in self.chip),
                              tuple(self.money)))

    # ------------------------------------------------------------------ tie re-rolls (2.6, D3)
    def _ties(self, ev: list) -> None:
        owner, value = self.owner, self.value
        for lots in self.casinos():
            while True:
                top = 0
                tops: list[int] = []
                for i in lots:
                    v = value[i]
                    if v > top:
                        top = v
                        tops = [i]
                    elif v == top and v:
                        tops.append(i)
                if len(tops) < 2:
                    break
                o = owner[tops[0]]
                if all(owner[i] == o for i in tops):
                    break
                rolls = []
                for i in tops:
                    v = self._roll()
                    value[i] = v
                    rolls.append((i, owner[i], v))
                    self._bc = None
                ev.append(E.TieReroll(lots, tuple(rolls)))

    # ------------------------------------------------------------------ apply
    def apply(self, action: Any) -> list:
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
        handler(self, action, ev)
        if self.proposals:
            self._lapse(ev)
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

    def _free_die(self, seat: int, take_from: int, lot: int) -> None:
        """Check the die a build or sprawl uses (2.3 "Dés disponibles")."""
        if type(take_from) is not int:
            raise refuse("die.not_a_lot", value=repr(take_from))
        if self.dice_used[seat] >= DICE_PER_SEAT:
            if take_from < 0:
                raise refuse("die.name_one")
            if take_from >= N_LOTS or self.owner[take_from] != seat or take_from == lot:
                raise refuse("die.not_yours", lot=_name(take_from))
        elif take_from != -1:
            raise refuse("die.free")

    def _put_die(self, seat: int, take_from: int, lot: int) -> None:
        if take_from >= 0:
            self.owner[take_from] = -1
            self.value[take_from] = 0
        else:
            self.dice_used[seat] += 1
        self.owner[lot] = seat
        self.value[lot] = DIE[lot]
        self._bc = None

    def _lot_arg(self, lot: Any, what: str) -> int:
        if type(lot) is not int or not 0 <= lot < N_LOTS:
            raise refuse("game.not_a_lot", what=what, value=repr(lot))
        return lot

    def _check_build(self, a: A.Build) -> int:
        s = a.seat
        lot = self._lot_arg(a.lot, "build")
        if self.marker[lot] != s:
            raise refuse("build.no_marker", lot=LOT_NAMES[lot])
        if type(a.colour) is not int or not 0 <= a.colour < 5:
            raise refuse("build.not_colour", value=repr(a.colour))
        if self.supply[a.colour] < 1:
            raise refuse("build.no_tile", colour=COLOURS[a.colour])
        if self.n == 2 and IN_F[lot]:
            raise refuse("build.block_f")
        cost = COST[lot]
        if self.money[s] < cost:
            raise refuse("build.money", lot=LOT_NAMES[lot], cost=cost, money=self.money[s])
        self._free_die(s, a.take_from, lot)
        return cost

    def _build(self, a: A.Build, ev: list) -> None:
        self._need_play(a.seat, "build")
        self._do_build(a, ev)
        self._ties(ev)

    def _do_build(self, a: A.Build, ev: list) -> None:
        cost = self._check_build(a)
        s, lot = a.seat, a.lot
        self.money[s] -= cost
        self.marker[lot] = -1
        self.markers_used[s] -= 1
        self.tile[lot] = a.colour
        self.supply[a.colour] -= 1
        self._merge((lot,), a.colour)
        self._put_die(s, a.take_from, lot)
        ev.append(E.Built(s, lot, a.colour, cost, DIE[lot], a.take_from))

    def _check_sprawl(self, a: A.Sprawl) -> tuple[int, int]:
        s = a.seat
        k = self.casino_of(self._lot_arg(a.casino, "sprawl"))
        if self.boss(k) != s:
            raise refuse("sprawl.not_boss")
        lot = self._lot_arg(a.lot, "sprawl")
        if self.tile[lot] >= 0:
            raise refuse("sprawl.tile", lot=LOT_NAMES[lot])
        if self.marker[lot] >= 0:
            raise refuse("sprawl.marker", lot=LOT_NAMES[lot])
        if self.n == 2 and IN_F[lot]:
            raise refuse("sprawl.block_f")
        if not any(nb in k for nb in NEIGHBOURS[lot]):
            raise refuse("sprawl.not_touching", lot=LOT_NAMES[lot])
        colour = self.tile[k[0]]
        if self.supply[colour] < 1:
            raise refuse("sprawl.no_tile", colour=COLOURS[colour])
        cost = 2 * COST[lot]
        if self.money[s] < cost:
            raise refuse("sprawl.money", lot=LOT_NAMES[lot], cost=cost, money=self.money[s])
        self._free_die(s, a.take_from, lot)
        return cost, colour

    def _sprawl(self, a: A.Sprawl, ev: list) -> None:
        self._need_play(a.seat, "sprawl")
        self._do_sprawl(a, ev)
        self._ties(ev)

    def _do_sprawl(self, a: A.Sprawl, ev: list) -> None:
        cost, colour = self._check_sprawl(a)
        s, lot = a.seat, a.lot
        self.money[s] -= cost
        self.tile[lot] = colour
        self.supply[colour] -= 1
        self._merge((lot,), colour)
        self._put_die(s, a.take_from, lot)
        ev.append(E.Sprawled(s, lot, colour, cost, DIE[lot], a.take_from))

    def _check_remodel(self, a: A.Remodel) -> tuple[tuple[int, ...], int]:
        s = a.seat
        k = self.casino_of(self._lot_arg(a.casino, "remodel"))
        if self.boss(k) != s:
            raise refuse("remodel.not_boss")
        if type(a.colour) is not int or not 0 <= a.colour < 5:
            raise refuse("remodel.not_colour", value=repr(a.colour))
        if a.colour == self.tile[k[0]]:
            raise refuse("remodel.same")
        if self.supply[a.colour] < len(k):
            raise refuse("remodel.tiles", n=len(k), colour=COLOURS[a.colour], left=self.supply[a.colour])
        cost = 5 * len(k)
        if self.money[s] < cost:
            raise refuse("remodel.money", cost=cost, money=self.money[s])
        return k, cost

    def _remodel(self, a: A.Remodel, ev: list) -> None:
        self._need_play(a.seat, "remodel")
        self._do_remodel(a, ev)
        self._ties(ev)

    def _do_remodel(self, a: A.Remodel, ev: list) -> None:
        k, cost = self._check_remodel(a)
        old = self.tile[k[0]]
        self.money[a.seat] -= cost
        self.supply[old] += len(k)
        self.supply[a.colour] -= len(k)
        for i in k:
            self.tile[i] = a.colour
        self._merge(k, a.colour)
        ev.append(E.Remodelled(a.seat, k, old, a.colour, cost))

    def _check_reorganize(self, a: A.Reorganize) -> tuple[tuple[int, ...], int]:
        s = a.seat
        k = self.casino_of(self._lot_arg(a.casino, "reorganize"))
        owner = self.owner
        if not any(owner[i] == s for i in k):
            raise refuse("reorganize.no_die")
        marks = self.marks
        if any(marks >> i & 1 for i in k):
            raise refuse("reorganize.again")
        cost = sum(self.value[i] for i in k)
        if self.money[s] < cost:
            raise refuse("reorganize.money", cost=cost, money=self.money[s])
        return k, cost

    def _reorganize(self, a: A.Reorganize, ev: list) -> None:
        self._need_play(a.seat, "reorganize")
        self._do_reorganize(a, ev)
        if self.phase == PLAY:
            self._ties(ev)

    def _do_reorganize(self, a: A.Reorganize, ev: list) -> None:
        k, cost = self._check_reorganize(a)
        self.money[a.seat] -= cost
        owner, value = self.owner, self.value
        rolled = []
        by_owner: dict[int, tuple[list[int], list[int]]] = {}
        marks = self.marks
        for i in k:
            o = owner[i]
            if o >= 0:
                v = self._roll()
                rolled.append((o, v))
                marks |= 1 << i
                entry = by_owner.get(o)
                if entry is None:
                    by_owner[o] = ([i], [v])
                else:
                    entry[0].append(i)
                    entry[1].append(v)
        self.marks = marks
        placed = []
        waiting = []
        for o in sorted(by_owner, key=lambda s: (s - a.seat) % self.n):
            lots, vals = by_owner[o]
            vals.sort(reverse=True)
            order = self.default_order(lots)
            for lot, v in zip(order, vals):
                value[lot] = v
                self._bc = None
            if len(lots) > 1 and vals[0] != vals[-1]:
                self.placing[o] = (tuple(lots), tuple(vals))
                waiting.append(o)
            else:
                placed.append(E.DicePlaced(o, tuple(order), tuple(vals)))
        ev.append(E.Reorganized(a.seat, k, cost, tuple(rolled), tuple(waiting)))
        ev.extend(placed)
        if waiting:
            self.phase = PLACE

    def default_order(self, lots: Iterable[int]) -> list[int]:
        """D8's default: the tiles in the order the highest values go to them — tiles whose
        card has been played (safe from take-over) first, then the others, by lot id."""
        played = self.played
        ls = sorted(lots)
        return [i for i in ls if played[i]] + [i for i in ls if not played[i]]

    def _place(self, a: A.PlaceDice, ev: list) -> None:
        if self.phase != PLACE or a.seat not in self.placing:
            raise refuse("place.nothing")
        lots, vals = self.placing[a.seat]
        if type(a.values) is not tuple or sorted(a.values, reverse=True) != list(vals):
            raise refuse("place.values", values=", ".join(map(str, vals)), n=len(lots))
        for lot, v in zip(lots, a.values):
            self.value[lot] = v
            self._bc = None
        del self.placing[a.seat]
        ev.append(E.DicePlaced(a.seat, lots, a.values))
        if not self.placing:
            self.phase = PLAY
            self._ties(ev)

    def _check_gamble(self, a: A.Gamble) -> tuple[tuple[int, ...], int]:
        s = a.seat
        if self.gambled:
            raise refuse("gamble.again")
        k = self.casino_of(self._lot_arg(a.casino, "gamble"))
        b = self.boss(k)
        if b < 0:
            raise refuse("gamble.no_boss")
        if b == s:
            raise refuse("gamble.boss")
        top = min(5 * len(k), self.money[s])
        if type(a.bet) is not int or not 1 <= a.bet <= top:
            raise refuse("gamble.bet", top=top) if top else refuse("gamble.no_money")
        return k, b

    def _gamble(self, a: A.Gamble, ev: list) -> None:
        self._need_play(a.seat, "gamble")
        self._do_gamble(a, ev)

    def _do_gamble(self, a: A.Gamble, ev: list) -> None:
        k, b = self._check_gamble(a)
        self.gambled = True
        self.gamble = (k[0], a.bet, b)
        self.phase = LAYOFF
        ev.append(E.Gambled(a.seat, b, k[0], a.bet))

    def _layoff(self, a: A.LayOff, ev: list) -> None:
        if self.phase != LAYOFF or a.seat != self.gamble[2]:  # type: ignore[index]
            raise refuse("layoff.nothing")
        if type(a.lay_off) is not bool:
            raise refuse("layoff.answer")
        _, bet, boss = self.gamble  # type: ignore[misc]
        g = self.active
        d1, d2 = self._roll(), self._roll()
        total = d1 + d2
        money = self.money
        lay = a.lay_off
        if total in _LOSE:
            to_boss = bet // 2 if lay else bet
            money[g] -= bet
            money[boss] += to_boss
            gd, bd, bank = -bet, to_boss, -(bet - to_boss)
        else:
            amount = 2 * bet if total in (2, 12) else bet
            share = amount // 2 if lay else amount
            bank = amount - share
            paid = min(share, money[boss])  # D12: the boss pays what they have
            money[boss] -= paid
            money[g] += paid + bank
            gd, bd = paid + bank, -paid
        self.gamble = None
        self.phase = PLAY
        ev.append(E.GambleRolled(g, boss, lay, (d1, d2), bet, gd, bd, bank))

    def _move_marker(self, a: A.MoveMarker, ev: list) -> None:
        if self.phase != MARKER or a.seat != self.active:
            raise refuse("marker.nothing")
        f = self._lot_arg(a.from_lot, "move marker")
        if self.marker[f] != a.seat:
            raise refuse("marker.not_yours", lot=LOT_NAMES[f])
        lot = self.pending_lot
        self.marker[f] = -1
        self.marker[lot] = a.seat
        ev.append(E.MarkerPlaced(a.seat, lot, f))
        self.pending_lot = -1
        self._ties(ev)
        self._after_draw(lot, ev)

    def _move_die(self, a: A.MoveDie, ev: list) -> None:
        if self.phase != DIE_MOVE or a.seat != self.active:
            raise refuse("die_move.nothing")
        f = self._lot_arg(a.from_lot, "move die")
        lot = self.pending_lot
        if self.owner[f] != a.seat or f == lot:
            raise refuse("die_move.not_yours", lot=LOT_NAMES[f])
        self.owner[f] = -1
        self.value[f] = 0
        prev = self.owner[lot]
        if prev >= 0:
            self.dice_used[prev] -= 1
        self.owner[lot] = a.seat
        self.value[lot] = self.pending_value
        self._bc = None
        ev.append(E.TakeOver(a.seat, lot, prev, self.pending_value, f))
        self.pending_lot = -1
        self._ties(ev)  # D3, once the die stands on its new tile
        self._after_draw(lot, ev)

    def _end_turn(self, a: A.EndTurn, ev: list) -> None:
        self._need_play(a.seat, "end the turn")
        for key in sorted(self.proposals):
            ev.append(E.TradeClosed(key[0], key[1], "lapsed"))
        self.proposals.clear()
        ev.append(E.TurnEnded(a.seat))
        self.active = (self.active + 1) % self.n
        self._start_turn(ev)

    # ------------------------------------------------------------------ trades (D13, D14)
    def _offer_problem(self, giver: int, o: A.Offer) -> str | None:
        if type(o) is not A.Offer:
            return Reason("offer.type")
        if type(o.lots) is not tuple or type(o.dice) is not tuple:
            return Reason("offer.tuples")
        if type(o.money) is not int or o.money < 0:
            return Reason("offer.money")
        for lot in o.lots:
            if type(lot) is not int or not 0 <= lot < N_LOTS or self.marker[lot] != giver:
                return Reason("offer.marker", lot=_name(lot), who=self.seats[giver])
        for lot in o.dice:
            if type(lot) is not int or not 0 <= lot < N_LOTS or self.owner[lot] != giver:
                return Reason("offer.die", lot=_name(lot), who=self.seats[giver])
        if len(set(o.lots)) != len(o.lots) or len(set(o.dice)) != len(o.dice):
            return Reason("offer.twice")
        return None

    def _propose(self, a: A.Propose, ev: list) -> None:
        if self.phase != PLAY:
            raise refuse("trade.waiting", waiting=self._waiting_words())
        to = a.to
        if type(to) is not int or not 0 <= to < self.n or to == a.seat:
            raise refuse("trade.seats")
        if (a.seat, to) in self.proposals:
            raise refuse("trade.open")
        for giver, o in ((a.seat, a.give), (to, a.get)):
            p = self._offer_problem(giver, o)
            if p:
                raise refuse("trade.offer", problem=p)
        if a.action is not None:
            if type(a.action) not in A.BUNDLABLE or type(a.action.seat) is not int:
                raise refuse("trade.bundle")
            if self.active not in (a.seat, to) or a.action.seat != self.active:
                raise refuse("trade.bundle_active")
        elif a.give.is_empty() and a.get.is_empty():
            raise refuse("trade.empty")
        self.proposals[(a.seat, to)] = a
        ev.append(E.TradeProposed(a.seat, to, A.offer_to_dict(a.give), A.offer_to_dict(a.get),
                                  None if a.action is None else A.to_dict(a.action)))

    def trade_problem(self, p: A.Propose) -> str | None:
        """Why proposal ``p`` could not be carried out now (D13), or None."""
        if self.phase != PLAY:
            return Reason("trade.pending")
        for giver, o in ((p.seat, p.give), (p.to, p.get)):
            prob = self._offer_problem(giver, o)
            if prob:
                return prob
            if o.money > self.money[giver]:
                return Reason("trade.money", who=self.seats[giver], money=self.money[giver])
        for me, mine, theirs in ((p.seat, p.give, p.get), (p.to, p.get, p.give)):
            if self.markers_used[me] - len(mine.lots) + len(theirs.lots) > MARKERS_PER_SEAT:
                return Reason("trade.markers", who=self.seats[me], n=MARKERS_PER_SEAT)
            if self.dice_used[me] - len(mine.dice) + len(theirs.dice) > DICE_PER_SEAT:
                return Reason("trade.dice", who=self.seats[me], n=DICE_PER_SEAT)
        if p.action is not None and self.active not in (p.seat, p.to):
            return Reason("trade.not_active")
        return None

    def _accept(self, a: A.Accept, ev: list) -> None:
        p = self.proposals.get((a.proposer, a.seat)) if type(a.proposer) is int else None
        if p is None:
            raise refuse("accept.none")
        prob = self.trade_problem(p)
        if prob:
            raise refuse("accept.problem", problem=prob)
        saved = (list(self.money), list(self.marker), list(self.owner), list(self.markers_used),
                 list(self.dice_used))
        self._transfer(p.seat, p.to, p.give)
        self._transfer(p.to, p.seat, p.get)
        done: list = []
        if p.action is not None:
            try:
                _BUNDLED[type(p.action)](self, p.action, done)
            except IllegalAction as e:
                (self.money, self.marker, self.owner, self.markers_used, self.dice_used) = saved
                self._bc = None
                raise refuse("accept.after", problem=refusals.of(e)) from None
        del self.proposals[(p.seat, p.to)]
        ev.append(E.TradeAccepted(a.seat, p.seat, A.offer_to_dict(p.give), A.offer_to_dict(p.get),
                                  None if p.action is None else A.to_dict(p.action)))
        ev.extend(done)
        if self.phase != PLACE:  # after a bundled reorganize: once its dice are placed
            self._ties(ev)  # one tie resolution for the whole trade (a gamble's roll changes no die)

    def _transfer(self, giver: int, receiver: int, o: A.Offer) -> None:
        self.money[giver] -= o.money
        self.money[receiver] += o.money
        for lot in o.lots:
            self.marker[lot] = receiver
        for lot in o.dice:
            self.owner[lot] = receiver  # the die keeps its value and its tile's mark
            self._bc = None
        k, d = len(o.lots), len(o.dice)
        self.markers_used[giver] -= k
        self.markers_used[receiver] += k
        self.dice_used[giver] -= d
        self.dice_used[receiver] += d

    def _reject(self, a: A.Reject, ev: list) -> None:
        if type(a.proposer) is not int or self.proposals.pop((a.proposer, a.seat), None) is None:
            raise refuse("reject.none")
        ev.append(E.TradeClosed(a.proposer, a.seat, "rejected"))

    def _withdraw(self, a: A.Withdraw, ev: list) -> None:
        if type(a.to) is not int or self.proposals.pop((a.seat, a.to), None) is None:
            raise refuse("withdraw.none")
        ev.append(E.TradeClosed(a.seat, a.to, "withdrawn"))

    def _lapse(self, ev: list) -> None:
        """D14: a proposal lapses when an item in it changed hands."""
        for key in sorted(self.proposals):
            p = self.proposals[key]
            if self._offer_problem(p.seat, p.give) or self._offer_problem(p.to, p.get):
                del self.proposals[key]
                ev.append(E.TradeClosed(key[0], key[1], "lapsed"))

    # ------------------------------------------------------------------ what is legal
    def build_options(self, seat: int) -> list[A.Build]:
        if self.phase != PLAY or seat != self.active:
            return []
        money = self.money[seat]
        lots = [i for i in range(N_LOTS) if self.marker[i] == seat and COST[i] <= money
                and not (self.n == 2 and IN_F[i])]
        if not lots:
            return []
        colours = [c for c in range(5) if self.supply[c] > 0]
        takes = self._takes(seat)
        return [A.Build(seat, i, c, t) for i in lots for c in colours for t in takes if t != i]

    def _takes(self, seat: int) -> list[int]:
        if self.dice_used[seat] < DICE_PER_SEAT:
            return [-1]
        return [i for i in range(N_LOTS) if self.owner[i] == seat]

    def bossed(self, seat: int) -> list[tuple[int, ...]]:
        """The casinos ``seat`` is boss of."""
        return [k for k, b in zip(self.casinos(), self.bosses()) if b == seat]

    def sprawl_options(self, seat: int) -> list[A.Sprawl]:
        if self.phase != PLAY or seat != self.active:
            return []
        out = []
        money = self.money[seat]
        tile, marker = self.tile, self.marker
        two = self.n == 2
        takes = None
        for k in self.bossed(seat):
            if self.supply[tile[k[0]]] < 1:
                continue
            seen = set()
            for i in k:
                for nb in NEIGHBOURS[i]:
                    if (tile[nb] < 0 and marker[nb] < 0 and nb not in seen and 2 * COST[nb] <= money
                            and not (two and IN_F[nb])):
                        seen.add(nb)
                        if takes is None:
                            takes = self._takes(seat)
                        out.extend(A.Sprawl(seat, k[0], nb, t) for t in takes)
        return out

    def remodel_options(self, seat: int) -> list[A.Remodel]:
        if self.phase != PLAY or seat != self.active:
            return []
        out = []
        for k in self.bossed(seat):
            if 5 * len(k) > self.money[seat]:
                continue
            old = self.tile[k[0]]
            out.extend(A.Remodel(seat, k[0], c) for c in range(5)
                       if c != old and self.supply[c] >= len(k))
        return out

    def reorganize_options(self, seat: int) -> list[A.Reorganize]:
        if self.phase != PLAY or seat != self.active:
            return []
        out = []
        owner, value, marks = self.owner, self.value, self.marks
        money = self.money[seat]
        for k in self.casinos():
            if (any(owner[i] == seat for i in k) and not any(marks >> i & 1 for i in k)
                    and sum(value[i] for i in k) <= money):
                out.append(A.Reorganize(seat, k[0]))
        return out

    def gamble_options(self, seat: int) -> list[tuple[tuple[int, ...], int]]:
        """(casino, largest bet) of every casino ``seat`` may gamble at now."""
        if self.phase != PLAY or seat != self.active or self.gambled or self.money[seat] < 1:
            return []
        out = []
        for k, b in zip(self.casinos(), self.bosses()):
            if b >= 0 and b != seat:
                out.append((k, min(5 * len(k), self.money[seat])))
        return out

    def trade_answers(self, seat: int) -> list:
        """Accept (when it can be carried out now), reject and withdraw of open proposals."""
        out: list = []
        if not self.proposals:
            return out
        for (frm, to), p in sorted(self.proposals.items()):
            if to == seat:
                if self.trade_problem(p) is None and (p.action is None or self._bundled_ok(p)):
                    out.append(A.Accept(seat, frm))
                out.append(A.Reject(seat, frm))
            elif frm == seat:
                out.append(A.Withdraw(seat, to))
        return out

    def _bundled_ok(self, p: A.Propose) -> bool:
        g = self.copy()
        try:
            g.apply(A.Accept(p.to, p.seat))
        except IllegalAction:
            return False
        return True

    def legal_actions(self, seat: int) -> list:
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

    def default_placement(self, seat: int) -> A.PlaceDice:
        """D8's default answer (time-out, AI): highest values on tiles already safe."""
        lots, vals = self.placing[seat]
        order = self.default_order(lots)
        at = dict(zip(order, vals))
        return A.PlaceDice(seat, tuple(at[i] for i in lots))

    # ------------------------------------------------------------------ copies and state
    def copy(self) -> "Game":
        """An independent copy (lists copied, the dice source cloned)."""
        g = Game.__new__(Game)
        d = g.__dict__
        d.update(self.__dict__)
        for name in ("money", "chip", "marker", "tile", "owner", "value", "supply", "markers_used",
                     "dice_used", "played", "discards", "deck", "rolls"):
            d[name] = list(d[name])
        d["placing"] = dict(self.placing)
        d["proposals"] = dict(self.proposals)
        d["dice"] = self.dice.clone()
        return g

    def determinize(self, rng: random.Random) -> "Game":
        """A copy whose unknown part of the deck is shuffled again with ``rng`` (the End card
        stays where D4 put it: its place is public) and whose dice come from ``rng``: a world
        consistent with everything a seat can see, for searches that must not read the deck."""
        g = self.copy()
        rest = g.deck[g.pos:]
        if END in rest:
            at = rest.index(END)
            cards = sorted(c for c in rest if c != END)  # the real order never shows through
            shuffle(rng, cards)
            cards.insert(at, END)
            g.deck[g.pos:] = cards
        g.dice = RandomDice(rng)
        return g

    def deck_counts(self) -> tuple[int, ...]:
        """D19: cards left in the deck by company (0..4, then the Strip with the End card)."""
        out = [0] * 6
        for c in self.deck[self.pos:]:
            out[COMPANY[c]] += 1
        return tuple(out)

    def to_dict(self) -> dict:
        """The whole state as JSON-able data (deck order and dice state included: not for
        players; ``view`` is what a seat may see)."""
        return {
            "format": STATE_FORMAT, "n": self.n, "seed": self.seed, "shuffled": list(self.shuffled),
            "dice": self.dice.to_dict(), "rolls": list(self.rolls),
            "money": list(self.money), "chip": list(self.chip), "marker": list(self.marker),
            "tile": list(self.tile), "owner": list(self.owner), "value": list(self.value),
            "supply": list(self.supply), "markers_used": list(self.markers_used),
            "dice_used": list(self.dice_used), "played": list(self.played),
            "discards": list(self.discards), "deck": list(self.deck), "pos": self.pos,
            "phase": self.phase, "active": self.active, "first": self.first, "turn": self.turn,
            "gambled": self.gambled, "marks": self.marks, "pending_lot": self.pending_lot,
            "pending_value": self.pending_value,
            "gamble": None if self.gamble is None else list(self.gamble),
            "placing": [[s, list(l), list(v)] for s, (l, v) in sorted(self.placing.items())],
            "proposals": [A.to_dict(p) for _, p in sorted(self.proposals.items())],
            "winners": list(self.winners), "end_reason": self.end_reason,
        }

    @classmethod
    def from_dict(cls, d: Any) -> "Game":
        """A game from ``to_dict``'s data; ``StateError`` for anything damaged."""
        try:
            if d.get("format") != STATE_FORMAT:
                raise StateError(f"not a {STATE_FORMAT} state")
            g = cls.__new__(cls)
            n = d["n"]
            if type(n) is not int or not 2 <= n <= 4:
                raise StateError("n: 2 to 4 seats")
            g.n = n
            g.seats = SEAT_COLOURS[:n]
            g.seed = d["seed"]
            g.shuffled = tuple(d["shuffled"])
            g.dice = dice_from_dict(d["dice"])
            g.rolls = list(d["rolls"])
            for name, size in (("money", n), ("chip", n), ("marker", N_LOTS), ("tile", N_LOTS),
                               ("owner", N_LOTS), ("value", N_LOTS), ("supply", 5),
                               ("markers_used", n), ("dice_used", n), ("played", N_LOTS),
                               ("discards", 6)):
                v = d[name]
                if not isinstance(v, list) or len(v) != size:
                    raise StateError(f"{name}: expected {size} entries")
                setattr(g, name, list(v))
            g.deck = list(d["deck"])
            g.pos = d["pos"]
            if d["phase"] not in PHASES:
                raise StateError("phase: unknown")
            for name in ("phase", "active", "first", "turn", "gambled", "marks", "pending_lot",
                         "pending_value", "end_reason"):
                setattr(g, name, d[name])
            g.gamble = None if d["gamble"] is None else tuple(d["gamble"])
            g.placing = {s: (tuple(l), tuple(v)) for s, l, v in d["placing"]}
            g.proposals = {}
            for pd in d["proposals"]:
                p = A.action_from_dict(pd)
                g.proposals[(p.seat, p.to)] = p
            g.winners = tuple(d["winners"])
            g._cas = None
            g._cid = []
            g._bc = None
            g.setup_events = []
            problem = g._state_problem()
            if problem:
                raise StateError(f"damaged state: {problem}")
            return g
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise StateError(f"damaged state: {type(e).__name__} {e}") from None

    def _state_problem(self) -> str | None:
        """What is inconsistent in a state read from outside, or None."""
        n = self.n

        def ints(xs: Any, lo: int, hi: int) -> bool:
            return all(type(x) is int and lo <= x <= hi for x in xs)
        if not (ints(self.money, 0, 10**9) and ints(self.chip, 0, LAST) and ints(self.marker, -1, n - 1)
                and ints(self.tile, -1, 4) and ints(self.owner, -1, n - 1) and ints(self.value, 0, 6)
                and ints(self.supply, 0, TILES_PER_COLOUR) and ints(self.discards, 0, 49)):
            return "a number out of its range"
        if any(type(x) is not bool for x in self.played) or type(self.gambled) is not bool:
            return "played and gambled are true or false"
        if sorted(self.deck) != list(range(49)) or not ints(self.deck, 0, 48):
            return "the deck must hold the 49 cards once each"
        if sorted(self.shuffled) != list(range(N_LOTS)):
            return "the shuffled deck must hold the 48 lot cards once each"
        if type(self.pos) is not int or not 0 <= self.pos <= 49 or (self.phase != OVER and self.pos >= 49):
            return "pos: out of the deck"
        for c in range(5):
            if self.tile.count(c) + self.supply[c] != TILES_PER_COLOUR:
                return "tiles and supply do not add up"
        for s in range(n):
            if self.owner.count(s) != self.dice_used[s] or self.dice_used[s] > DICE_PER_SEAT:
                return "dice on the board do not add up"
            if self.marker.count(s) != self.markers_used[s] or self.markers_used[s] > MARKERS_PER_SEAT:
                return "markers on the board do not add up"
        for i in range(N_LOTS):
            if (self.owner[i] >= 0) != (self.value[i] > 0) or (self.owner[i] >= 0 and self.tile[i] < 0) \
                    or (self.marker[i] >= 0 and self.tile[i] >= 0):
                return f"lot {LOT_NAMES[i]} is inconsistent"
        if not ints((self.active, self.first), 0, n - 1) or type(self.turn) is not int or type(self.marks) is not int:
            return "active, first, turn or marks"
        if not ints(self.winners, 0, n - 1) or type(self.end_reason) is not str:
            return "winners"
        ph = self.phase
        if ph in (MARKER, DIE_MOVE) and not (type(self.pending_lot) is int and 0 <= self.pending_lot < N_LOTS
                                             and type(self.pending_value) is int):
            return "the pending lot"
        if ph == LAYOFF and not (isinstance(self.gamble, tuple) and len(self.gamble) == 3
                                 and ints(self.gamble, 0, 10**6) and self.gamble[0] < N_LOTS
                                 and self.tile[self.gamble[0]] >= 0 and self.gamble[2] < n):
            return "the pending gamble"
        if ph == PLACE:
            if not self.placing:
                return "no dice to place"
            for s, (lots, vals) in self.placing.items():
                if (type(s) is not int or not 0 <= s < n or len(lots) != len(vals) or not ints(vals, 1, 6)
                        or not ints(lots, 0, N_LOTS - 1) or any(self.owner[i] != s for i in lots)):
                    return "the dice to place"
        elif self.placing:
            return "dice to place outside the placing phase"
        return None

    def view(self, seat: int | None = None) -> dict:
        """Everything public (D19), for ``seat`` or a spectator: never the deck's order."""
        cas = []
        for k in self.casinos():
            cas.append({"lots": [LOT_NAMES[i] for i in k], "colour": COLOURS[self.tile[k[0]]],
                        "boss": self.boss(k), "size": len(k),
                        "strip": any(TOUCHES_STRIP[i] for i in k)})
        return {
            "seat": seat, "seats": list(self.seats), "phase": self.phase, "active": self.active,
            "to_act": self.to_act, "waiting_on": list(self.waiting_on), "turn": self.turn,
            "money": list(self.money), "vp": [TRACK[c] for c in self.chip],
            "markers": {LOT_NAMES[i]: s for i, s in enumerate(self.marker) if s >= 0},
            "tiles": {LOT_NAMES[i]: {"colour": COLOURS[c], "owner": self.owner[i],
                                     "value": self.value[i]}
                      for i, c in enumerate(self.tile) if c >= 0},
            "casinos": cas, "supply": dict(zip(COLOURS, self.supply)),
            "free_markers": [MARKERS_PER_SEAT - m for m in self.markers_used],
            "free_dice": [DICE_PER_SEAT - m for m in self.dice_used],
            "deck_left": len(self.deck) - self.pos, "deck_by_company": list(self.deck_counts()),
            "discards_by_company": list(self.discards),
            "end_card_in": self.deck[self.pos:].index(END) + 1 if END in self.deck[self.pos:] else None,
            "gambled": self.gambled,
            "rerolled": [LOT_NAMES[i] for i in range(N_LOTS) if self.marks >> i & 1],
            "gamble": None if self.gamble is None else {
                "casino": LOT_NAMES[self.gamble[0]], "bet": self.gamble[1], "boss": self.gamble[2]},
            "placing": {s: {"lots": [LOT_NAMES[i] for i in l], "values": list(v)}
                        for s, (l, v) in self.placing.items()},
            "proposals": [A.to_dict(p) for _, p in sorted(self.proposals.items())],
            "winners": list(self.winners), "end_reason": self.end_reason,
        }


def _orders(values: Iterable[int], cap: int) -> list[tuple[int, ...]]:
    """The distinct orders of ``values`` in lexicographic order, at most ``cap`` of them."""
    a = sorted(values)
    out = []
    while len(out) < cap:
        out.append(tuple(a))
        i = len(a) - 2
        while i >= 0 and a[i] >= a[i + 1]:
            i -= 1
        if i < 0:
            break
        j = len(a) - 1
        while a[j] <= a[i]:
            j -= 1
        a[i], a[j] = a[j], a[i]
        a[i + 1:] = reversed(a[i + 1:])
    return out


_HANDLERS = {
    A.Build: Game._build, A.Sprawl: Game._sprawl, A.Remodel: Game._remodel,
    A.Reorganize: Game._reorganize, A.Gamble: Game._gamble, A.LayOff: Game._layoff,
    A.PlaceDice: Game._place, A.MoveMarker: Game._move_marker, A.MoveDie: Game._move_die,
    A.Propose: Game._propose, A.Accept: Game._accept, A.Reject: Game._reject,
    A.Withdraw: Game._withdraw, A.EndTurn: Game._end_turn,
}


def _bundled_gamble(g: Game, a: A.Gamble, ev: list) -> None:
    if g.phase != PLAY or a.seat != g.active:
        raise refuse("gamble.not_active")
    g._do_gamble(a, ev)


def _bundled(do):
    def run(g: Game, a: Any, ev: list) -> None:
        if a.seat != g.active:
            raise refuse("trade.only_active")
        do(g, a, ev)
    return run


_BUNDLED = {
    A.Build: _bundled(Game._do_build), A.Sprawl: _bundled(Game._do_sprawl),
    A.Remodel: _bundled(Game._do_remodel), A.Reorganize: _bundled(Game._do_reorganize),
    A.Gamble: _bundled_gamble,
}

__all__ = ["Game", "PLAY", "MARKER", "DIE_MOVE", "LAYOFF", "PLACE", "OVER", "PHASES",
           "STATE_FORMAT", "ScriptedDice", "RandomDice", "BY_COMPANY"]
