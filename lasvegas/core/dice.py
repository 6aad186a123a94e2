"""Dice sources: the game's seeded dice, or a script for tests and replays."""

from __future__ import annotations

import random
from typing import Iterable

from .errors import StateError


# Random bytes 0..251 map evenly onto the faces 1..6 (252 = 6 * 42); bytes
# 252..255 are dropped and drawn again, so every face has probability 1/6.
_FACES = bytes((b % 6) + 1 if b < 252 else 0 for b in range(256))
_REJECTED = bytes(range(252, 256))


class RandomDice:
    """Fair six-sided dice drawn from the game's own ``random.Random``."""

    kind = "random"
    __slots__ = ("_randbytes",)

    def __init__(self, rng: random.Random) -> None:
        self._randbytes = rng.randbytes

    def roll(self, n: int) -> tuple[int, ...]:
        out = self._randbytes(n).translate(_FACES, _REJECTED)
        while len(out) < n:
            out += self._randbytes(n - len(out)).translate(_FACES, _REJECTED)
        return tuple(out)

    def to_dict(self) -> dict:
        return {"kind": "random"}


class ScriptedDice:
    """Dice that come up with the given values, in order (tests, replays)."""

    kind = "scripted"

    def __init__(self, values: Iterable[int]) -> None:
        vals = list(values)
        for v in vals:
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
                raise StateError(f"a die shows 1 to 6, not {v!r}")
        self.values = vals
        self.pos = 0

    def roll(self, n: int) -> tuple[int, ...]:
        end = self.pos + n
        if end > len(self.values):
            raise StateError(
                f"the scripted dice ran out: {n} dice asked, "
                f"{len(self.values) - self.pos} values left"
            )
        out = tuple(self.values[self.pos:end])
        self.pos = end
        return out

    @property
    def remaining(self) -> int:
        return len(self.values) - self.pos

    def to_dict(self) -> dict:
        return {"kind": "scripted", "values": self.values[self.pos:]}
