"""Build and sprawl: laying a tile on a marked lot or next to a casino.

One part of the rules engine ``lasvegas.lords.game.Game``, which is made of these parts
(see lasvegas/lords/rules/__init__.py); the methods use the game's state as ``Game`` keeps it.
"""

from __future__ import annotations

from typing import Any

from .. import actions as A
from .. import events as E
from ..board import COLOURS, COST, DICE_PER_SEAT, DIE, IN_F, LOT_NAMES, N_LOTS, NEIGHBOURS
from ..refusals import refuse
from .base import PLAY, _name


class BuildAndSprawl:
    """Build (on a seat's own marked lot) and sprawl (onto a free lot next to a casino it bosses):
    checks, what they do, and the options a seat has now."""

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
        before = self._bosses_touching((lot,), a.colour)
        self.tile[lot] = a.colour
        self.supply[a.colour] -= 1
        self._merge((lot,), a.colour)
        self._put_die(s, a.take_from, lot)
        ev.append(E.Built(s, lot, a.colour, cost, DIE[lot], a.take_from, self._took(s, lot, before)))

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
        before = self._bosses_touching((lot,), colour)
        self.tile[lot] = colour
        self.supply[colour] -= 1
        self._merge((lot,), colour)
        self._put_die(s, a.take_from, lot)
        ev.append(E.Sprawled(s, lot, colour, cost, DIE[lot], a.take_from, self._took(s, lot, before)))

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
