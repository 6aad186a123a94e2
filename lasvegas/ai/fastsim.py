"""A light, public-information model of one round, for the AI's look-ahead.

``View.of(game)`` copies what every seat can see (dice on the casinos, bills
at the casinos, dice still in hand, money and bills won, the current roll)
into plain lists.  It never reads the order of the deck nor the game's random
generator.  ``Playout`` plays the rest of the round from a view with the
greedy policy of the Medium level for every seat, on its own random numbers,
and returns what each owner gains at the end of the round.

Playouts cost a few microseconds per turn, several times less than
``Game.copy``/``apply``; ``tests/ai/test_fastsim.py`` checks them against the
engine.
"""

from __future__ import annotations

from typing import Sequence

from ..core import Game
from ..core.payout import settle


class View:
    """The public state of a game at a decision, as plain lists."""

    __slots__ = ("n_owners", "n_seats", "neutral", "solo", "dice", "bills", "left", "nleft",
                 "money", "nbills", "round", "rounds", "current", "roll_owners", "roll_values",
                 "seat_owner")

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
        return v

    @property
    def last_round(self) -> bool:
        return self.round >= self.rounds - 1


class Gains:
    """What every owner would win at each casino for a given row of dice (cached).

    The bills of a casino do not change during a round, so the answer only
    depends on the row; a dict per casino makes repeated questions cheap.
    """

    __slots__ = ("bills", "n", "cache")

    def __init__(self, bills: Sequence[Sequence[int]], n_owners: int) -> None:
        self.bills = [tuple(b) for b in bills]
        self.n = n_owners
        self.cache: list[dict] = [{} for _ in range(6)]

    def get(self, c: int, row: tuple) -> tuple:
        d = self.cache[c]
        g = d.get(row)
        if g is None:
            out = [0] * self.n
            for o, b in settle(row, self.bills[c])[0]:
                out[o] = b
            g = d[row] = tuple(out)
        return g

    def round_gains(self, dice: Sequence[Sequence[int]]) -> list[int]:
        total = [0] * self.n
        for c in range(6):
            g = self.get(c, tuple(dice[c]))
            for o in range(self.n):
                total[o] += g[o]
        return total

    def round_bills(self, dice: Sequence[Sequence[int]]) -> list[int]:
        """Bills each owner would take at the end of the round (one at most per casino)."""
        nb = [0] * self.n
        for c in range(6):
            g = self.get(c, tuple(dice[c]))
            for o in range(self.n):
                if g[o]:
                    nb[o] += 1
        return nb


def greedy_multi(gains: Gains, dice: list[list[int]], seat: int, neutral: int,
                 own: Sequence[int], neu: Sequence[int], die_cost: int = 0) -> int:
    """Medium's choice: the value whose casino pays ``seat`` the most extra money.

    ``own[v]`` / ``neu[v]`` count the seat's own / neutral dice showing ``v``
    (index 1..6).  Ties: fewest own dice placed (dice kept for later), then
    fewest dice in all, then the lowest value.  ``die_cost`` (0 for Medium)
    charges each own die placed, a policy that keeps more dice for later.
    """
    best_v = 0
    best_d = best_a = best_t = 0
    get = gains.get
    for v in range(1, 7):
        a = own[v]
        b = neu[v] if neutral >= 0 else 0
        if not (a or b):
            continue
        row = dice[v - 1]
        t = tuple(row)
        before = get(v - 1, t)[seat]
        new = list(row)
        new[seat] += a
        if b:
            new[neutral] += b
        d = get(v - 1, tuple(new))[seat] - before - die_cost * a
        if (best_v == 0 or d > best_d or (d == best_d and (a < best_a or (a == best_a and a + b < best_t)))):
            best_v, best_d, best_a, best_t = v, d, a, a + b
    return best_v


def greedy_solo(gains: Gains, dice: list[list[int]], rolled: Sequence[tuple[int, int]]) -> int:
    """Solo greedy: the value that most raises the player's money minus the others'.

    ``rolled`` is a list of ``(owner, value)``; the player is owner 0.  Ties:
    fewest of the player's dice placed, then the lowest value.
    """
    best_v = 0
    best_d = best_a = 0
    get = gains.get
    for v in sorted({val for _, val in rolled}):
        row = dice[v - 1]
        t = tuple(row)
        g0 = get(v - 1, t)
        new = list(row)
        a = 0
        for o, val in rolled:
            if val == v:
                new[o] += 1
                if o == 0:
                    a += 1
        g1 = get(v - 1, tuple(new))
        d = (g1[0] - g0[0]) - (sum(g1) - g1[0] - (sum(g0) - g0[0]))
        if best_v == 0 or d > best_d or (d == best_d and a < best_a):
            best_v, best_d, best_a = v, d, a
    return best_v


class Playout:
    """Plays the rest of a round from a view, after a chosen first placement."""

    def __init__(self, view: View, gains: Gains | None = None, self_cost: int = 0) -> None:
        self.view = view
        self.gains = gains if gains is not None else Gains(view.bills, view.n_owners)
        #: die cost of the deciding seat's own later turns (0: plays them like Medium)
        self.self_cost = self_cost

    def place_root(self, value: int) -> tuple[list[list[int]], list[int], list[int]]:
        """The state after the current seat places ``value`` from the current roll."""
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
        return dice, left, nleft

    def run(self, value: int, rnd) -> tuple[list[list[int]], int]:
        """Place ``value`` now, then play the round out; returns (final dice, turns played).

        ``rnd`` is a ``random.Random().random``-like function (the AI's own).
        """
        dice, left, nleft = self.place_root(value)
        if self.view.solo:
            return dice, self._rest_solo(dice, left, rnd)
        return dice, self._rest_multi(dice, left, nleft, self.view.current, rnd)

    def _rest_multi(self, dice, left, nleft, seat, rnd) -> int:
        n = self.view.n_seats
        neutral = self.view.neutral
        gains = self.gains
        me = seat
        cost = self.self_cost
        turns = 0
        while True:
            for j in range(1, n + 1):
                s = (seat + j) % n
                if left[s] or nleft[s]:
                    break
            else:
                return turns
            seat = s
            turns += 1
            own = [0] * 7
            neu = [0] * 7
            for _ in range(left[s]):
                own[int(rnd() * 6) + 1] += 1
            for _ in range(nleft[s]):
                neu[int(rnd() * 6) + 1] += 1
            v = greedy_multi(gains, dice, s, neutral, own, neu, cost if s == me else 0)
            a = own[v]
            b = neu[v]
            row = dice[v - 1]
            if a:
                row[s] += a
                left[s] -= a
            if b:
                row[neutral] += b
                nleft[s] -= b

    def _rest_solo(self, dice, left, rnd) -> int:
        gains = self.gains
        turns = 0
        n = len(left)
        while True:
            rolled = [(o, int(rnd() * 6) + 1) for o in range(n) if left[o]]
            if not rolled:
                return turns
            turns += 1
            v = greedy_solo(gains, dice, rolled)
            row = dice[v - 1]
            for o, val in rolled:
                if val == v:
                    row[o] += 1
                    left[o] -= 1
