"""A light, public-information model of one round, for the AI's look-ahead.

``View.of(game)`` copies what every seat can see (dice on the casinos, bills
at the casinos, dice still in hand, money and bills won, the current roll)
into plain lists.  It never reads the order of the deck nor the game's random
generator.  ``Playout`` plays the rest of the round from a view with the
greedy policy of the Medium level for every seat (or, for the deciding
seat's own later turns, a fitted linear policy: ``learned_multi``), on its
own random numbers, and returns what each owner gains at the end of the round.
The greedy policy is ``greedy.best_value``, the rule Medium plays.
With Biggies (docs/rules.md §10) a seat that still holds its Biggie rolls it
first, as the engine does, and it adds two to the seat's count where it goes.

Playouts cost a few microseconds per turn, several times less than
``Game.copy``/``apply``.  ``ScriptedRolls`` gives a playout the dice a
``Game`` with the same ``ScriptedDice`` would roll, and ``Playout.run`` can
``trace`` its placements: ``tests/ai/test_conformance.py`` plays whole games
of every mode through both and checks they agree.
"""

from __future__ import annotations

import itertools
import math
from bisect import bisect_right
from typing import Sequence

from ..core import Game
from .gains import Gains, decode, encode
from .greedy import best_value, big_value, roll_counts

__all__ = ["View", "Gains", "encode", "decode", "ROLLS", "table_roll", "ScriptedRolls",
           "learned_multi", "Playout"]


class View:
    """The public state of a game at a decision, as plain lists."""

    __slots__ = ("n_owners", "n_seats", "neutral", "solo", "dice", "bills", "left", "nleft",
                 "money", "nbills", "round", "rounds", "current", "roll_owners", "roll_values",
                 "seat_owner", "bleft", "big")

    @classmethod
    def of(cls, game: Game) -> "View":
        v = cls()
        v.n_owners = game.n_owners
        v.n_seats = game.n_seats
        v.neutral = game.neutral_owner
        v.solo = game.config.is_solo
        v.dice = [list(r) for r in game.casino_dice]
        v.bills = [tuple(b) for b in game.casino_bills]
        v.left = list(game.left)
        v.nleft = list(game.neutral_left)
        v.money = [sum(w) for w in game.won]
        v.nbills = [len(w) for w in game.won]
        v.round = game.round
        v.rounds = game.config.rounds
        v.current = game.current
        v.roll_owners = tuple(game.roll_owners)
        v.roll_values = tuple(game.roll_values)
        #: the owner whose money a seat plays for (solo: the player's colour)
        v.seat_owner = 0 if v.solo else v.current
        #: 1 while a seat still holds its Biggie; the value the rolled Biggie shows (0: none)
        v.bleft = list(game.big_left)
        v.big = big_value(game)
        return v

    @property
    def last_round(self) -> bool:
        return self.round >= self.rounds - 1


def _roll_tables(nmax: int = 16) -> list[tuple[list[float], list[tuple[int, ...]]]]:
    """For n dice: the cumulative probabilities and the count vectors (index 1..6) of every roll."""
    out = []
    for n in range(nmax + 1):
        vecs: list[tuple[int, ...]] = []
        probs: list[float] = []

        def rec(v: int, left: int, acc: list[int]) -> None:
            if v == 6:
                counts = acc + [left]
                p = math.factorial(n)
                for c in counts:
                    p //= math.factorial(c)
                vecs.append((0, *counts))
                probs.append(p / 6 ** n)
                return
            for c in range(left + 1):
                rec(v + 1, left - c, acc + [c])

        rec(1, n, [])
        cum = list(itertools.accumulate(probs))
        cum[-1] = 1.0
        out.append((cum, vecs))
    return out


#: ``ROLLS[n]`` = (cumulative probabilities, count vectors) of a roll of ``n`` dice
ROLLS = _roll_tables()
_ZERO = (0,) * 7


def table_roll(n: int, rnd) -> tuple[int, ...]:
    """The counts per value (index 1..6) of a roll of ``n`` fair dice, with one random number."""
    if n == 0:
        return _ZERO
    cum, vecs = ROLLS[n]
    return vecs[bisect_right(cum, rnd())] if n > 1 else vecs[int(rnd() * 6)]


class ScriptedRolls:
    """Dice that come up with the given faces, in the order a ``Game`` rolls them.

    A ``Game`` built with ``ScriptedDice(faces)`` and a playout with
    ``roller=s.counts, faces=s.faces`` (``s = ScriptedRolls(faces)``) meet the
    same dice: in multi a turn rolls the seat's own dice, then its neutral
    dice; in solo every colour with dice in hand rolls one die, in colour order.
    """

    def __init__(self, faces: Sequence[int]) -> None:
        self.values = list(faces)
        self.pos = 0

    def faces(self, n: int, rnd=None) -> tuple[int, ...]:
        """The next ``n`` faces (``rnd`` is not used)."""
        end = self.pos + n
        if end > len(self.values):
            raise ValueError(f"the scripted dice ran out: {n} asked, "
                             f"{len(self.values) - self.pos} left")
        out = tuple(self.values[self.pos:end])
        self.pos = end
        return out

    def counts(self, n: int, rnd=None) -> tuple[int, ...]:
        """The next ``n`` faces as counts per value (index 1..6), a ``Playout`` roller."""
        counts = [0] * 7
        for v in self.faces(n):
            counts[v] += 1
        return tuple(counts)


def learned_multi(gains: Gains, codes: Sequence[int], seat: int, neutral: int,
                  own: Sequence[int], neu: Sequence[int], w: Sequence[float], lead: int,
                  opps: Sequence[int], oppleft: int, k: int, big: int = 0) -> int:
    """The value with the best linear score ``w`` (the Expert's model of its own later turns).

    Features of placing value ``v`` (``own[v]`` own dice, ``a``; ``k`` own dice rolled;
    ``oppleft`` the opponents' dice still in hand, ``ol`` = oppleft / 10; money in $100k):
    0 what the seat would gain there (Medium's rule), 1 ``a``, 2 ``a / k``,
    3 what ``lead`` (the richest opponent at the start of the round) would lose there,
    4 what all the opponents ``opps`` would lose there, 5 the seat's dice there minus
    the most of any opponent (clipped to -3..3; ``la``), 6 dice kept (``k - a``),
    7 feature 0 × ``ol``, 8 ``a`` × ``ol``, 9 ``la`` × ``ol`` when ``la`` > 0,
    10 a tie for the most dice there (``la`` = 0), 11 dice kept × ``ol``.
    Ties go to the lowest value; ``big``: the value the seat's Biggie shows (0: none), which
    counts one more at its casino.  ``build/fit_own_policy.py`` computes the same
    features from a ``View`` (``features``).
    """
    best_v = 0
    best_s = 0.0
    us = 1 << (4 * seat)
    un = 1 << (4 * neutral) if neutral >= 0 else 0
    pair = gains.pair
    ol = oppleft / 10
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11 = w
    sh = 4 * seat
    for v in range(1, 7):
        a = own[v]
        b = neu[v]
        if not (a or b):
            continue
        new = codes[v - 1] + a * us + b * un
        if v == big:
            new += us
        g, g1 = pair(v - 1, codes[v - 1], new)
        dm = (g1[seat] - g[seat]) / 100_000
        hl = (g[lead] - g1[lead]) / 100_000
        ha = 0
        mx = 0
        for o in opps:
            ha += g[o] - g1[o]
            x = (new >> (4 * o)) & 15
            if x > mx:
                mx = x
        la = ((new >> sh) & 15) - mx
        la = -3 if la < -3 else (3 if la > 3 else la)
        keep = k - a
        s = (w0 * dm + w1 * a + w2 * (a / k if k else 0.0) + w3 * hl + w4 * ha / 100_000
             + w5 * la + w6 * keep + w7 * dm * ol + w8 * a * ol
             + (w9 * la * ol if la > 0 else 0.0) + (w10 if la == 0 else 0.0) + w11 * keep * ol)
        if best_v == 0 or s > best_s:
            best_v, best_s = v, s
    return best_v


class Playout:
    """Plays the rest of a round from a view, after a chosen first placement.

    ``roller(n, rnd)`` may replace the multi-seat dice (counts per value of
    ``n`` dice); the default draws a whole roll with one random number
    (``table_roll``).  ``faces(n, rnd)`` may replace the solo dice (the faces of
    ``n`` dice, one per colour with dice in hand); the default draws one random
    number per die.  ``ScriptedRolls`` gives both from a script.
    """

    def __init__(self, view: View, gains: Gains | None = None, self_cost: int = 0,
                 roller=None, own_policy: Sequence[float] | None = None,
                 faces=None) -> None:
        self.view = view
        self.gains = gains if gains is not None else Gains(view.bills, view.n_owners)
        #: die cost of the deciding seat's own later turns (0: plays them like Medium)
        self.self_cost = self_cost
        self.roller = roller or table_roll
        self.faces = faces
        #: weights of ``learned_multi`` for the deciding seat's own later turns (None: Medium)
        self.own_policy = own_policy
        self.codes = [encode(r) for r in view.dice]
        #: the deciding seat's opponents, and the richest of them (for ``learned_multi``)
        self.opps = [o for o in range(view.n_seats) if o != view.current]
        self.lead = max(self.opps, key=lambda o: view.money[o]) if self.opps else -1

    def place_root(self, value: int) -> tuple[list[list[int]], list[int], list[int]]:
        """The dice (scoring counts), own dice and neutral dice in hand after the current
        seat places ``value``."""
        v = self.view
        dice = [list(r) for r in v.dice]
        left = list(v.left)
        nleft = list(v.nleft)
        row = dice[value - 1]
        seat = v.current
        for o, val in zip(v.roll_owners, v.roll_values):
            if val == value:
                row[o] += 1
                if v.solo or o != v.neutral:
                    left[o] -= 1
                else:
                    nleft[seat] -= 1
        if value == v.big:
            row[seat] += 1
        return dice, left, nleft

    def run(self, value: int, rnd, trace: list | None = None) -> tuple[list[int], int]:
        """Place ``value`` now, then play the round out; returns (final casino codes, turns).

        ``rnd`` is a ``random.Random().random``-like function (the AI's own).
        ``trace`` (a list) receives every placement, the first included, as
        ``(seat, value, code)``: ``code`` encodes the dice placed per owner.
        """
        dice, left, nleft = self.place_root(value)
        codes = list(self.codes)
        codes[value - 1] = encode(dice[value - 1])
        if trace is not None:
            trace.append((self.view.current, value, codes[value - 1] - self.codes[value - 1]))
        if self.view.solo:
            return codes, self._rest_solo(codes, left, rnd, trace)
        bleft = self.view.bleft
        if any(bleft):
            bleft = list(bleft)
            if value == self.view.big:
                bleft[self.view.current] = 0
        return codes, self._rest_multi(codes, left, nleft, self.view.current, rnd, trace, bleft)

    def _rest_multi(self, codes, left, nleft, seat, rnd, trace, bleft) -> int:
        n = self.view.n_seats
        neutral = self.view.neutral
        gains = self.gains
        roller = self.roller
        me = seat
        cost = self.self_cost
        order = [[(s + j) % n for j in range(1, n + 1)] for s in range(n)]
        turns = 0
        pol = self.own_policy
        opps = self.opps
        lead = self.lead
        while True:
            for s in order[seat]:
                if left[s] or nleft[s]:
                    break
            else:
                return turns
            seat = s
            turns += 1
            k = left[s]
            m = nleft[s]
            if bleft[s]:  # the Biggie is rolled first, then the other own dice
                bc = roller(1, rnd)
                big = bc.index(1)
                own = tuple([x + y for x, y in zip(bc, roller(k - 1, rnd))])
            else:
                big = 0
                own = roller(k, rnd)
            neu = roller(m, rnd) if m else _ZERO
            if s == me and pol is not None:
                v = learned_multi(gains, codes, s, neutral, own, neu, pol, lead, opps,
                                  sum(left[o] for o in opps), k, big)
            else:
                v = best_value(gains, codes, s, own, neu, neutral, die_cost=cost if s == me else 0,
                               big=big)
            a = own[v]
            b = neu[v]
            if v == big:  # the Biggie goes too: it counts two
                bleft[s] = 0
                a2 = a + 1
            else:
                a2 = a
            if trace is not None:
                trace.append((s, v, (a2 << (4 * s)) + (b << (4 * neutral) if b else 0)))
            if a:
                codes[v - 1] += a2 << (4 * s)
                left[s] = k - a
            if b:
                codes[v - 1] += b << (4 * neutral)
                nleft[s] = m - b

    def _rest_solo(self, codes, left, rnd, trace) -> int:
        gains = self.gains
        faces = self.faces
        turns = 0
        owners = [o for o in range(len(left)) if left[o]]  # the colours with dice in hand
        while owners:
            turns += 1
            if faces is None:
                rolled = [int(rnd() * 6) + 1 for _ in owners]
            else:
                rolled = faces(len(owners), rnd)
            own, other, add = roll_counts(owners, rolled, 0)
            v = best_value(gains, codes, 0, own, other, -1, add, True)
            codes[v - 1] += add[v]
            if trace is not None:
                trace.append((0, v, add[v]))
            out = False
            for o, val in zip(owners, rolled):
                if val == v:
                    left[o] -= 1
                    out = out or not left[o]
            if out:
                owners = [o for o in owners if left[o]]
        return turns
