"""Dice sources of a Lords of Vegas game: seeded random, or scripted (tests, replays)."""

from __future__ import annotations

import random
from typing import Iterable

from ..kernel.errors import RecordError


class RandomDice:
    """Dice from the game's own seeded ``random.Random``."""

    __slots__ = ("rng", "_r")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._r = rng.random

    def roll(self) -> int:
        return int(self._r() * 6) + 1

    def clone(self) -> "RandomDice":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return RandomDice(rng)

    def to_dict(self) -> dict:
        version, internal, gauss = self.rng.getstate()
        return {"kind": "random", "state": [version, list(internal), gauss]}


class ScriptedDice:
    """Dice that come from a list (a test's script, a record's rolls); running out is a
    ``RecordError``, a value outside 1..6 too."""

    __slots__ = ("values", "pos")

    def __init__(self, values: Iterable[int]) -> None:
        self.values = list(values)
        for v in self.values:
            if type(v) is not int or not 1 <= v <= 6:
                raise RecordError(f"a die shows 1 to 6, not {v!r}")
        self.pos = 0

    def roll(self) -> int:
        if self.pos >= len(self.values):
            raise RecordError("the dice ran out: more dice are rolled than written")
        v = self.values[self.pos]
        self.pos += 1
        return v

    def clone(self) -> "ScriptedDice":
        c = ScriptedDice(())
        c.values = self.values
        c.pos = self.pos
        return c

    def to_dict(self) -> dict:
        return {"kind": "scripted", "values": self.values[self.pos:]}


def dice_from_dict(d: dict):
    if d.get("kind") == "scripted":
        return ScriptedDice(d["values"])
    version, internal, gauss = d["state"]
    rng = random.Random()
    rng.setstate((version, tuple(internal), gauss))
    return RandomDice(rng)
