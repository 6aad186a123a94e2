"""The casinos on the board: which tiles join, who is boss, tie re-rolls (2.6, D3).

One part of the rules engine ``lasvegas.lords.game.Game``, which is made of these parts
(see lasvegas/lords/rules/__init__.py); the methods use the game's state as ``Game`` keeps it.
"""

from __future__ import annotations

from typing import Iterable

from .. import events as E
from ..board import N_LOTS, NEIGHBOURS
from ..refusals import refuse
from .base import _name


class Casinos:
    """The board's casinos, joined incrementally when a tile is laid or recoloured; their bosses
    (cached until a die changes); the tie re-rolls that follow any change of dice (2.6, D3)."""

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

    def _bosses_touching(self, lots: tuple[int, ...], colour: int) -> set[int]:
        """The bosses of the casinos of ``colour`` touching ``lots`` (before the tiles join them)."""
        tile, found = self.tile, set()
        for i in lots:
            for nb in NEIGHBOURS[i]:
                if tile[nb] == colour and nb not in lots:
                    found.add(self.boss(self.casino_of(nb)))
        return found

    def _took(self, seat: int, lot: int, before: set[int]) -> tuple[int, ...]:
        """The seats of ``before`` (the bosses of the casinos just joined) whose casino ``seat`` now
        bosses: a take-over (none while the boss is tied: the re-roll decides)."""
        if not before or self.boss(self.casino_of(lot)) != seat:
            return ()
        return tuple(sorted(b for b in before if b >= 0 and b != seat))

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
