"""Remodel and reorganize: a casino's colour changed, its dice rolled again.

One part of the rules engine ``lasvegas.lords.game.Game``, which is made of these parts
(see lasvegas/lords/rules/__init__.py); the methods use the game's state as ``Game`` keeps it.
"""

from __future__ import annotations

from typing import Any, Iterable

from .. import actions as A
from .. import events as E
from ..board import COLOURS
from ..refusals import refuse
from .base import PLAY, PLACE


class RemodelAndReorganize:
    """Remodel (a casino's tiles recoloured) and reorganize (its dice rolled again, then each owner
    placing its new values: D8), with the options a seat has now."""

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
        before = self._bosses_touching(k, a.colour)
        self.money[a.seat] -= cost
        self.supply[old] += len(k)
        self.supply[a.colour] -= len(k)
        for i in k:
            self.tile[i] = a.colour
        self._merge(k, a.colour)
        ev.append(E.Remodelled(a.seat, k, old, a.colour, cost, self._took(a.seat, k[0], before)))

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

    def arranged(self, seat: int, values) -> Any:
        """A copy of the game showing ``seat``'s re-rolled dice at ``values`` (in the order of its
        ``placing`` lots): a placement being made, for a screen to draw; nothing is applied, no tie
        is re-rolled (a tied casino shows no boss yet)."""
        g = self.copy()
        lots, vals = self.placing[seat]
        if sorted(values) != sorted(vals):
            raise ValueError("the values are not the dice re-rolled")
        for lot, v in zip(lots, values):
            g.value[lot] = v
        g._bc = None
        return g

    def default_placement(self, seat: int) -> A.PlaceDice:
        """D8's default answer (time-out, AI): highest values on tiles already safe."""
        lots, vals = self.placing[seat]
        order = self.default_order(lots)
        at = dict(zip(order, vals))
        return A.PlaceDice(seat, tuple(at[i] for i in lots))
