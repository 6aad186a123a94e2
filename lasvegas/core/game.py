"""The rules engine: one ``Game`` object plays every mode of Las Vegas.

Flow: when a turn starts the engine rolls the seat's dice (the chance step,
reported as ``DiceRolled``); the seat's one action is ``Place(value)``.
Dealing, pre-placed dice, payouts, the next roll and the next round all
happen inside ``apply`` and are reported as events, in order.
"""

from __future__ import annotations

import random
from typing import Any, Iterable

from .actions import PLACE, Action, Place
from .config import DICE_PER_COLOUR, NEUTRAL, Config
from .copying import copy_game
from ..kernel.dice import RandomDice, ScriptedDice, shuffle
from ..kernel.errors import IllegalAction, StateError
from ..games.engine import Outcome
from .events import (
    BillsDealt, CasinoPaid, DicePlaced, DicePreplaced, DiceRolled, Event,
    GameEnded, RoundEnded, RoundStarted,
)
from .gamelog import money_by_round, turns_this_round
from .payout import settle
from .phase import Phase
from .queries import Payout, Preview, Result, RoundMoney
from .recording import build_record
from .state import load_state, save_state, state_fields
from .tables import _MAX_RANKINGS, _ranking, _seat_tables, _shape


# Phase members as module constants: a global read is cheaper than an Enum
# attribute lookup in the hot loop.
_PLACE_PHASE = Phase.PLACE
_GAME_OVER = Phase.GAME_OVER

# Events are named tuples; ``_new(EventClass, (fields...))`` builds one without
# going through the Python-level ``__new__`` of ``namedtuple`` (about twice as
# fast).  The fields must be given complete and in order.
_new = tuple.__new__
#: ``DiceRolled.big`` of a roll that holds the seat's Biggie (always rolled first)
_BIG_FIRST = (0,)

_LEGAL: dict[frozenset, tuple[Place, ...]] = {}
for _mask in range(1, 64):
    _vals = [v for v in range(1, 7) if _mask >> (v - 1) & 1]
    _LEGAL[frozenset(_vals)] = tuple(PLACE[v] for v in _vals)
# The legal actions of rolls of up to 5 dice, filled as rolls come up (at most
# 9330 entries): hashing a short tuple is cheaper than building a frozenset.
_LEGAL_BY_ROLL: dict[tuple[int, ...], tuple[Place, ...]] = {}


class Game:
    """A game of Las Vegas in progress.

    ``Game(config, seed)`` sets the game up and deals the first round.  The
    game owns one ``random.Random`` seeded with ``seed``: it shuffles the deck,
    draws a random first player and rolls the dice.  ``dice`` may replace the
    dice with a :class:`ScriptedDice` (tests, replays) and ``deck`` may give
    the shuffled deck (top first) instead of shuffling.

    The game keeps one log, ``log``: every event it emitted, in order.  The
    record, the saved state's history and ``money_by_round()`` are read from it.
    """

    def __init__(self, config: Config, seed: int | None = None, *,
                 dice: ScriptedDice | None = None, deck: Iterable[int] | None = None) -> None:
        if seed is None and deck is None and dice is None:
            seed = random.SystemRandom().randrange(2**63)
        self.config = config
        self.seed = seed
        self._rng = random.Random(seed)
        self._dice = dice if dice is not None else RandomDice(self._rng)
        self._init_tables()
        bills = list(self._bills)
        if deck is None:
            shuffle(self._rng, bills)
            self.deck = bills
        else:
            self.deck = list(deck)
            if sorted(self.deck, reverse=True) != bills:
                hundreds = " and the five $100,000 bills" if config.hundreds else ""
                raise StateError(
                    f"the deck must hold exactly the {len(bills)} bills of the "
                    f"{config.edition} edition{hundreds}"
                )
        self.start_deck = tuple(self.deck)
        # A random first player is always drawn, so a seed replays the same
        # dice whether the first player was chosen or random.
        drawn = self._rng.randrange(self.n_seats)
        if config.is_solo:
            drawn = 0
        self.first_seat = drawn if config.first_seat is None else config.first_seat
        self.round = 0
        self.won: list[list[int]] = [[] for _ in self.owners]
        self.phase = _PLACE_PHASE
        self.current = self.first_seat
        self.roll_owners: tuple[int, ...] = ()
        self.roll_values: tuple[int, ...] = ()
        #: every event the game emitted, in order: the one log of the game, read
        #: by ``record()``, ``to_dict()`` and ``money_by_round()``
        self.log: list[Event] = self._start_round()
        self._opening = len(self.log)

    # ------------------------------------------------------------------ setup
    def _init_tables(self) -> None:
        cfg = self.config
        (self._solo, self.owners, self.n_seats, self.n_owners, self.neutral_owner,
         self._neutral_dice, self._bills, self._players, self._minimum,
         self._biggies) = _shape(cfg)
        self.casino_bills: list[list[int]] = [[] for _ in range(6)]
        #: scoring counts per casino and owner (a Biggie counts 2)
        self.casino_dice: list[list[int]] = [[0] * self.n_owners for _ in range(6)]
        #: 1 where an owner's Biggie lies on a casino (all 0 without Biggies)
        self.casino_big: list[list[int]] = [[0] * self.n_owners for _ in range(6)]
        self.left: list[int] = [0] * self.n_owners  # own dice not yet placed (a Biggie is one)
        self.neutral_left: list[int] = [0] * self.n_seats  # neutral dice held by a seat
        self.big_left: list[int] = [0] * self.n_seats  # 1 while a seat holds its Biggie
        (self._next_seats, self._roll_tables, self._placed_events,
         self._rankings) = _seat_tables(self.owners, self.n_seats)

    def _start_round(self) -> list[Event]:
        r = self.round
        if r > 0:
            self.first_seat = 0 if self._solo else (self.first_seat + 1) % self.n_seats
        events: list[Event] = [_new(RoundStarted, (r, self.first_seat))]
        # deal from the top of the deck: each casino takes bills until it holds
        # the table's minimum (or the deck runs out)
        deck = self.deck
        casino_bills = self.casino_bills
        minimum = self._minimum
        n = len(deck)
        i = 0
        for c in range(6):
            start = i
            total = 0
            while total < minimum and i < n:
                total += deck[i]
                i += 1
            casino_bills[c] = sorted(deck[start:i], reverse=True)
        del deck[:i]
        dealt = tuple(map(tuple, casino_bills))
        events.append(_new(BillsDealt, (r, dealt, len(deck))))
        if self._solo:
            level = self.config.level
            self.left = [level.dice] + [DICE_PER_COLOUR] * 4
            for k in range(level.preplaced):
                owner = 1 + (r + k) % 4
                events.append(self._preplace(owner, DICE_PER_COLOUR))
                self.left[owner] = 0
            self.current = 0
        else:
            self.left = [DICE_PER_COLOUR] * self.n_owners
            if self._biggies:
                self.big_left = [1] * self.n_seats
            if self.neutral_owner >= 0:
                self.left[self.neutral_owner] = 0
                self.neutral_left = [self._neutral_dice] * self.n_seats
                if self.n_seats == 3:
                    events.append(self._preplace(self.neutral_owner, 2))
            self.current = self.first_seat
        self.phase = _PLACE_PHASE
        events.append(self._roll())
        return events

    def _preplace(self, owner: int, n: int) -> DicePreplaced:
        values = self._dice.roll(n)
        for v in values:
            self.casino_dice[v - 1][owner] += 1
        return DicePreplaced(self.owners[owner], tuple(values))

    # ------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def opening_events(self) -> list[Event]:
        """The events of the set-up: first round dealt, pre-placed dice, first roll
        (empty for a restored or copied game)."""
        return self.log[:self._opening]

    @property
    def turns_this_round(self) -> int:
        """Placements made since the current round started."""
        return turns_this_round(self.log)

    def money_by_round(self) -> tuple[RoundMoney, ...]:
        """Each finished round: what each player colour won in it and its money after it."""
        return money_by_round(self.log)

    @property
    def current_colour(self) -> str:
        return self.config.seats[self.current]

    @property
    def to_act(self) -> int | None:
        """The seat whose move the game waits for (None when over): the engine face's name."""
        return None if self.phase is Phase.GAME_OVER else self.current

    def legal_actions(self, seat: int | None = None) -> tuple[Action, ...]:
        """``Place(v)`` for every distinct rolled value, lowest first (for ``seat`` when given:
        nothing unless it is the current seat's move)."""
        if seat is not None and seat != self.to_act:
            return ()
        values = self.roll_values
        legal = _LEGAL_BY_ROLL.get(values)
        if legal is None:
            if not values:
                return ()
            legal = _LEGAL[frozenset(values)]
            if len(values) <= 5:
                _LEGAL_BY_ROLL[values] = legal
        return legal

    def legal_values(self) -> list[int]:
        """The values the current seat may place (PLACE phase only)."""
        if self.phase is not Phase.PLACE:
            return []
        return sorted(set(self.roll_values))

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    @property
    def rolled(self) -> list[tuple[str, int]]:
        """The dice on the table in the PLACE phase, as ``(owner, value)``."""
        return [(self.owners[o], v) for o, v in zip(self.roll_owners, self.roll_values)]

    def dice_in_hand(self, seat: int) -> tuple[int, int]:
        """``(own, neutral)`` dice seat ``seat`` still has to play this round
        (its Biggie, if it still holds it, is one of the own dice)."""
        if self.config.is_solo:
            return (self.left[0], 0)
        return (self.left[seat], self.neutral_left[seat])

    def biggie_in_hand(self, seat: int) -> bool:
        """Does seat ``seat`` still hold its Biggie this round (games with Biggies)?"""
        return not self._solo and bool(self.big_left[seat])

    @property
    def roll_big(self) -> tuple[int, ...]:
        """Indices into ``rolled`` of the big dice: ``(0,)`` or ``()``."""
        if self.roll_values and not self._solo and self.big_left[self.current]:
            return _BIG_FIRST
        return ()

    def casino_bigs(self, casino: int) -> tuple[str, ...]:
        """The owners whose Biggie lies on casino ``casino`` (1-6)."""
        row = self.casino_big[casino - 1]
        return tuple([self.owners[o] for o, b in enumerate(row) if b])

    def money(self, owner: str | int) -> int:
        o = owner if isinstance(owner, int) else self.owners.index(owner)
        return sum(self.won[o])

    def money_table(self) -> dict[str, int]:
        return {name: sum(self.won[o]) for o, name in enumerate(self.owners) if name != NEUTRAL}

    def bills_table(self) -> dict[str, int]:
        return {name: len(self.won[o]) for o, name in enumerate(self.owners) if name != NEUTRAL}

    def casino_counts(self, casino: int) -> dict[str, int]:
        """Scoring count on casino ``casino`` (1-6) per owner present: dice, a Biggie
        counting 2 (``casino_bigs`` says whose Biggie is there)."""
        row = self.casino_dice[casino - 1]
        return {self.owners[o]: c for o, c in enumerate(row) if c}

    def bills_in_play(self) -> list[int]:
        """Every bill not won by a seat: in the deck or at a casino."""
        out = list(self.deck)
        for b in self.casino_bills:
            out.extend(b)
        return out

    # ---------------------------------------------------------- preview
    def preview(self, value: int) -> Preview:
        """If the rolled ``value`` were placed now, what would casino ``value`` pay?

        Pure: the game is not changed.  ``before`` and ``after`` are the
        casino's payouts without and with the placement.
        """
        if self.phase is not Phase.PLACE:
            raise IllegalAction("there is nothing to preview: the game is over")
        if value not in self.roll_values:
            raise IllegalAction(f"no rolled die shows {value}")
        c = value - 1
        row = list(self.casino_dice[c])
        placed: dict[str, int] = {}
        for o, v in zip(self.roll_owners, self.roll_values):
            if v == value:
                row[o] += 1
                placed[self.owners[o]] = placed.get(self.owners[o], 0) + 1
        before = self.casino_payout(value)
        big = self.roll_big
        if big and self.roll_values[0] == value:  # the Biggie goes too: it counts 2
            seat = self.current
            owner = self.owners[seat]
            row[seat] += 1
            placed[owner] += 1
            bigs = list(self.casino_big[c])
            bigs[seat] = 1
            after = self._payout_of(row, self.casino_bills[c], bigs)
            placed_big: tuple[str, ...] = (owner,)
        else:
            after = self._payout_of(row, self.casino_bills[c], self.casino_big[c])
            placed_big = ()
        was, now = before.cancelled, after.cancelled
        if not (was or now):  # the common case: no tie before or after
            return Preview(value, placed, before, after, (), (), placed_big)
        return Preview(value, placed, before, after,
                       tuple(sorted(set(now) - set(was))), tuple(sorted(set(was) - set(now))),
                       placed_big)

    def casino_payout(self, casino: int) -> Payout:
        """What casino ``casino`` would pay if the round ended now."""
        c = casino - 1
        return self._payout_of(self.casino_dice[c], self.casino_bills[c], self.casino_big[c])

    def _payout_of(self, row: list[int], bills: list[int], bigs: list[int]) -> Payout:
        awards, returned, cancelled = settle(row, bills)
        names = self.owners
        return Payout(
            {names[o]: n for o, n in enumerate(row) if n},
            tuple([(names[o], b) for o, b in awards]),
            tuple([names[o] for o in cancelled]),
            tuple(returned),
            tuple([names[o] for o, b in enumerate(bigs) if b]) if self._biggies else (),
        )

    # ------------------------------------------------------------ actions
    def apply(self, action: Action) -> list[Event]:
        """Place the dice of ``action.value`` for the current seat; return what happened.

        Raises ``IllegalAction`` (and changes nothing) if the action is not legal.
        """
        if type(action) is not Place:
            raise IllegalAction(f"{action!r} is not an action: use Place(value)")
        value = action.value
        values = self.roll_values
        if value not in values:
            if self.phase is not _PLACE_PHASE:
                raise IllegalAction("the game is over")
            raise IllegalAction(
                f"no rolled die shows {value}: choose one of "
                + ", ".join(map(str, sorted(set(values))))
            )
        if self._solo:
            return self._apply_solo(value)
        seat = self.current
        left = self.left
        nl = self.neutral_left
        # The roll holds the seat's own dice first, then its ``m`` neutral dice.
        m = nl[seat]
        if m:
            neu = values[-m:].count(value)
            own = values.count(value) - neu
            if neu:
                self.casino_dice[value - 1][self.neutral_owner] += neu
                nl[seat] = m - neu
        else:
            neu = 0
            own = values.count(value)
        # the Biggie, rolled first, goes with the dice of its value and counts 2
        big = own and self.big_left[seat] and values[0] == value
        if own:
            self.casino_dice[value - 1][seat] += own + 1 if big else own
            left[seat] -= own
        placed = self._placed_events[seat][value][own][neu]
        if big:
            self.big_left[seat] = 0
            self.casino_big[value - 1][seat] = 1
            placed = _new(DicePlaced, (seat, value, placed.dice, (self.owners[seat],)))
        # who plays next?  The first other seat with dice, else this one again.
        for s in self._next_seats[seat]:
            k = left[s]
            m = nl[s]
            if k or m:
                # start seat s's turn: roll every die it still holds
                owners, names = self._roll_tables[s][k][m]
                # self._dice.roll(k + m), inlined: take the faces from its buffer
                dice = self._dice
                pos = dice.pos
                end = pos + k + m
                rolled = dice.buffer[pos:end]
                if len(rolled) == k + m:
                    dice.pos = end
                else:
                    rolled = dice.roll(k + m)
                self.current = s
                self.roll_owners = owners
                self.roll_values = rolled
                events = [placed, _new(DiceRolled, (
                    s, names, rolled, _BIG_FIRST if self.big_left[s] else ()))]
                self.log += events
                return events
        self.roll_owners = ()
        self.roll_values = ()
        events = [placed]
        events.extend(self._end_round())
        self.log += events
        return events

    def _apply_solo(self, value: int) -> list[Event]:
        row = self.casino_dice[value - 1]
        left = self.left
        names = self.owners
        placed_list = []
        for o, v in zip(self.roll_owners, self.roll_values):
            if v == value:
                row[o] += 1
                left[o] -= 1
                placed_list.append((names[o], 1))
        events: list[Event] = [DicePlaced(self.current, value, tuple(placed_list))]
        if any(left):
            events.append(self._roll())
        else:
            self.roll_owners = ()
            self.roll_values = ()
            events.extend(self._end_round())
        self.log += events
        return events

    def _roll(self) -> DiceRolled:
        """Start the current seat's turn: roll every die it still holds."""
        s = self.current
        if self._solo:
            left = self.left
            owners = tuple([o for o in range(self.n_owners) if left[o]])
            names = tuple([self.owners[o] for o in owners])
        else:
            owners, names = self._roll_tables[s][self.left[s]][self.neutral_left[s]]
        values = self._dice.roll(len(owners))
        self.roll_owners = owners
        self.roll_values = values
        return DiceRolled(s, names, values, self.roll_big)

    def _end_round(self) -> list[Event]:
        names = self.owners
        neutral = self.neutral_owner
        n_owners = self.n_owners
        deck = self.deck
        won = self.won
        casino_dice = self.casino_dice
        casino_bills = self.casino_bills
        rankings = self._rankings
        gained = [0] * n_owners
        events: list[Event] = []
        for c in range(6):
            row = casino_dice[c]
            bills = casino_bills[c]
            key = tuple(row)
            ranking = rankings.get(key)
            if ranking is None:
                ranking = _ranking(key, names)
                if len(rankings) < _MAX_RANKINGS:
                    rankings[key] = ranking
            ranked, ranked_names, dice, cancelled = ranking
            n = len(ranked)
            if n > len(bills):
                n = len(bills)
            for o, b in zip(ranked[:n], bills):
                if o == neutral:
                    deck.append(b)  # the neutral owner's bill goes under the deck at once
                else:
                    won[o].append(b)
                gained[o] += b
            aw = tuple(zip(ranked_names[:n], bills))
            ret = tuple(bills[n:])
            deck.extend(ret)
            events.append(_new(CasinoPaid, (c + 1, dice, cancelled, aw, ret)))
            casino_dice[c] = [0] * n_owners
            casino_bills[c] = []
        if self._biggies:
            self.casino_big = [[0] * n_owners for _ in range(6)]
        # the neutral owner, if any, comes last: zip with the players' names drops it
        players = self._players
        events.append(_new(RoundEnded, (
            self.round, tuple(zip(players, gained)), tuple(zip(players, map(sum, won))),
        )))
        self.round += 1
        if self.round >= self.config.rounds:
            self.phase = _GAME_OVER
            events.append(self._game_ended())
        else:
            events.extend(self._start_round())
        return events

    def _game_ended(self) -> GameEnded:
        if not self._solo:  # as result(), without the dicts
            players = self._players
            money = list(map(sum, self.won))
            bills = list(map(len, self.won))
            scores = list(zip(money, bills))[:len(players)]
            best = max(scores)
            winners = tuple([c for c, score in zip(players, scores) if score == best])
            return _new(GameEnded, (winners, tuple(zip(players, money)),
                                    tuple(zip(players, bills)), None))
        res = self.result()
        return GameEnded(res.winners, tuple(res.money.items()), tuple(res.bills.items()), res.solo_won)

    def result(self) -> Result:
        """Money, bills and winners (so far, or final when the game is over).

        Multiplayer: most money wins, then most bills, else a shared victory.
        Solo: the player wins with strictly more money than all the other
        colours together; ``winners`` is then the player, else the 4 opponents.
        """
        money = self.money_table()
        bills = self.bills_table()
        if self.config.is_solo:
            player = self.config.seats[0]
            others = sum(v for k, v in money.items() if k != player)
            solo_won = money[player] > others
            winners = (player,) if solo_won else self.config.opponents
            return Result(money, bills, winners, solo_won)
        best = max((money[c], bills[c]) for c in self.config.seats)
        winners = tuple([c for c in self.config.seats if (money[c], bills[c]) == best])
        return Result(money, bills, winners)

    def outcome(self) -> Outcome:
        """The engine face's result: the winning seats (once over; solo: the player when it beat
        the other colours) and each seat's money and bills."""
        res, seats = self.result(), self.config.seats
        winners = tuple(i for i, c in enumerate(seats) if c in res.winners) if self.is_over else ()
        return Outcome(winners, tuple((res.money[c], res.bills[c]) for c in seats))

    def ranking(self) -> list[tuple[int, str]]:
        """``(place, colour)`` of every seat, best first: most money, then most
        bills; seats equal on both share a place (a shared victory at place 1)."""
        money, bills = self.money_table(), self.bills_table()
        key = {c: (money[c], bills[c]) for c in self.config.seats}
        order = sorted(self.config.seats, key=lambda c: key[c], reverse=True)
        out: list[tuple[int, str]] = []
        for i, c in enumerate(order):
            place = out[-1][0] if out and key[out[-1][1]] == key[c] else i + 1
            out.append((place, c))
        return out

    # ------------------------------------------- records, state, copies
    def record(self) -> dict[str, Any]:
        """This game as a ``lasvegas-record/1`` object (finished or not), read from its log."""
        return build_record(self)

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data; ``Game.from_dict`` restores it."""
        return save_state(self)

    @classmethod
    def from_dict(cls, d: Any, *, past: bool = True) -> "Game":
        """Restore a state written by ``to_dict``; ``StateError`` if it is corrupt.

        ``past=False``: a position without its past (its ``history`` is not read),
        like ``copy(history=False)``: it plays on, but cannot be recorded or saved.
        What a client that sees only the public table builds to look ahead."""
        return load_state(cls, d, past=past)

    def copy(self, *, history: bool = True, reseed: Any = None) -> "Game":
        """An independent copy sharing nothing mutable (see ``copying.copy_game``)."""
        return copy_game(self, history=history, reseed=reseed)

    def determinize(self, rng: random.Random) -> "Game":
        """A look-ahead copy whose deck and dice to come are drawn from ``rng`` (both are hidden)."""
        return self.copy(history=False, reseed=rng.getrandbits(64))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return state_fields(self) == state_fields(other) and self.log == other.log

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"<Game {self.config.mode} seats={list(self.config.seats)} round={self.round} "
                f"phase={self.phase.value} current={self.current}>")
