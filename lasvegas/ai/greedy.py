"""The greedy rule: Medium's move, and the policy of the playouts.

The rule, defined here once: place the value whose casino would pay the
placing side the most extra money if the round ended right after it.  The
placing side is the seat itself; in solo it is the player's colour, and the
money counted is the player's minus the other colours' (what decides a solo
game).  Two optional prices change the score: ``die_cost`` for each own die
placed (a policy that keeps dice for later), ``others_bonus`` for each other
die placed with them (the solo hint's playouts reward taking the other
colours' dice out of their hands).  Ties: fewer own dice placed, then (with
neutral dice) fewer neutral dice, then the lowest value.  A Biggie (docs/rules.md
§10) placed with its value counts two at the casino but is one die placed.

``best_value`` applies it to the AI's arrays (``gains``: casino codes and a
payout table; the fast form the playouts in ``fastsim`` call every turn);
``GreedyPolicy`` applies it to a ``Game`` (Medium, the solo hint).
"""

from __future__ import annotations

from typing import Sequence

from ..core import Game
from .gains import Gains, encode


def best_value(gains: Gains, codes: Sequence[int], seat: int, own: Sequence[int],
               other: Sequence[int], other_owner: int = -1, add: Sequence[int] | None = None,
               solo: bool = False, die_cost: int = 0, others_bonus: int = 0,
               big: int = 0) -> int:
    """The greedy rule's value (0 when nothing was rolled).

    ``codes`` are the casinos' dice (``encode``); ``own[v]`` counts the placing
    owner's (``seat``'s) dice showing ``v`` and ``other[v]`` the other dice
    placed with them (index 1..6).  The other dice belong to ``other_owner``
    (the neutral owner), or, when they belong to several owners (solo), ``add[v]``
    is what placing ``v`` adds to the casino's code.  ``solo``: the score is
    ``seat``'s money minus everyone else's, and there are no neutral dice to
    break ties.  ``big``: the value the placing seat's Biggie shows (0: no Biggie
    rolled); placing that value adds one more to the seat's count there.
    """
    best_v = 0
    best_d = best_a = best_b = 0
    us = 1 << (4 * seat)
    uo = 1 << (4 * other_owner) if other_owner >= 0 else 0
    caches = gains.cache
    fill = gains.fill
    for v in range(1, 7):
        a = own[v]
        b = other[v]
        if not (a or b):
            continue
        c = v - 1
        cache = caches[c]
        code = codes[c]
        g = cache.get(code)
        if g is None:
            g = fill(c, code)
        new = code + (a * us + b * uo if add is None else add[v])
        if v == big:
            new += us
        g1 = cache.get(new)
        if g1 is None:
            g1 = fill(c, new)
        if solo:  # my gain minus the others' gain
            d = 2 * (g1[seat] - g[seat]) - (sum(g1) - sum(g))
            t = 0
        else:
            d = g1[seat] - g[seat]
            t = b
        d += others_bonus * b - die_cost * a
        if (best_v == 0 or d > best_d
                or (d == best_d and (a < best_a or (a == best_a and t < best_b)))):
            best_v, best_d, best_a, best_b = v, d, a, t
    return best_v


class GreedyPolicy:
    """The greedy rule for the seat to move in a ``Game`` (which it only reads).

    Keeps the round's payout table between calls (the bills stay the same all
    round), so one policy should serve one thread.
    """

    def __init__(self, die_cost: int = 0, others_bonus: int = 0) -> None:
        self.die_cost = die_cost
        self.others_bonus = others_bonus
        self._key: tuple | None = None
        self._gains: Gains | None = None

    def gains(self, game: Game) -> Gains:
        """The payout table of ``game``'s round."""
        key = (game.n_owners, tuple(map(tuple, game.casino_bills)))
        if self._key != key:
            self._key = key
            self._gains = Gains(game.casino_bills, game.n_owners)
        return self._gains

    def value(self, game: Game) -> int:
        """The value the rule places for ``game``'s current seat."""
        solo = game.config.is_solo
        seat = 0 if solo else game.current
        own, other, add = roll_counts(game.roll_owners, game.roll_values, seat)
        codes = [encode(row) for row in game.casino_dice]
        return best_value(self.gains(game), codes, seat, own, other, add=add, solo=solo,
                          die_cost=self.die_cost, others_bonus=self.others_bonus,
                          big=big_value(game))


def big_value(game: Game) -> int:
    """The value the current seat's Biggie shows in its roll (0: no Biggie rolled)."""
    return game.roll_values[0] if game.roll_big else 0


#: ``_BIT[o]``: one die of owner ``o`` in a casino's code
_BIT = tuple(1 << (4 * o) for o in range(9))
_ZEROS = [0] * 7


def roll_counts(owners: Sequence[int], values: Sequence[int],
                seat: int) -> tuple[list[int], list[int], list[int]]:
    """A roll (die ``i``: owner ``owners[i]``, face ``values[i]``) for ``best_value``:
    ``(own, other, add)``, the dice of ``seat`` and the other dice showing each value
    (index 1..6), and what placing each value adds to its casino's code."""
    own = _ZEROS[:]
    other = _ZEROS[:]
    add = _ZEROS[:]
    for o, v in zip(owners, values):
        add[v] += _BIT[o]
        if o == seat:
            own[v] += 1
        else:
            other[v] += 1
    return own, other, add
