"""Dice sources: the game's seeded dice, or a script for tests and replays."""

from __future__ import annotations

import random
import struct
from typing import Iterable

from .errors import StateError


# Random bytes 0..251 map evenly onto the faces 1..6 (252 = 6 * 42); bytes
# 252..255 are dropped and drawn again, so every face has probability 1/6.
_FACES = bytes((b % 6) + 1 if b < 252 else 0 for b in range(256))
_REJECTED = bytes(range(252, 256))


#: Faces drawn per refill of the dice buffer: one ``randbytes`` call serves
#: several turns instead of one call per roll.
_BATCH = 512


def shuffle(rng: random.Random, x: list) -> None:
    """Shuffle ``x`` in place, every order equally likely (Fisher-Yates).

    Twice as fast as ``rng.shuffle``: the swap indices come from one
    ``randbytes`` call, 16 bits each.  A draw ``r`` picks index ``r % m`` only
    when it is below the largest multiple of ``m`` that fits in 16 bits, so
    every index stays equally likely; otherwise (rarely: under 0.1% of draws
    for a deck) the index is drawn again with ``rng.randrange``.
    """
    n = len(x)
    if n > _MAX_FAST_SHUFFLE:
        rng.shuffle(x)
        return
    draws = struct.unpack(f">{n}H", rng.randbytes(2 * n))  # big-endian: same on every machine
    limits = _LIMITS
    for i in range(n - 1, 0, -1):
        m = i + 1
        r = draws[i]
        j = r % m if r < limits[m] else rng.randrange(m)
        x[i], x[j] = x[j], x[i]


_MAX_FAST_SHUFFLE = 256
#: ``_LIMITS[m]``: the largest multiple of ``m`` not above 2**16.
_LIMITS = tuple(65536 - 65536 % m if m else 0 for m in range(_MAX_FAST_SHUFFLE + 1))


class RandomDice:
    """Fair six-sided dice drawn from the game's own ``random.Random``.

    Faces are drawn ahead in batches and kept in ``buffer`` (from ``pos``
    on); the faces not yet used are part of the saved state, so a restored
    or copied game rolls exactly the dice the original would have rolled.
    """

    kind = "random"
    __slots__ = ("_randbytes", "buffer", "pos")

    def __init__(self, rng: random.Random, buffer: Iterable[int] = ()) -> None:
        self._randbytes = rng.randbytes
        self.buffer: tuple[int, ...] = tuple(buffer)
        self.pos = 0

    def roll(self, n: int) -> tuple[int, ...]:
        pos = self.pos
        end = pos + n
        if end > len(self.buffer):
            self._refill(n)
            pos, end = 0, n
        self.pos = end
        return self.buffer[pos:end]

    def _refill(self, n: int) -> None:
        """Append fresh faces after the unused ones until ``n`` are available."""
        faces = bytes(self.buffer[self.pos:])
        while len(faces) < n:
            faces += self._randbytes(_BATCH).translate(_FACES, _REJECTED)
        self.buffer = tuple(faces)
        self.pos = 0

    def clone(self, rng: random.Random) -> "RandomDice":
        """The same dice to come, drawing later faces from ``rng``."""
        return RandomDice(rng, self.buffer[self.pos:])

    def to_dict(self) -> dict:
        return {"kind": "random", "buffer": list(self.buffer[self.pos:])}


class ScriptedDice:
    """Dice that come up with the given values, in order (tests, replays)."""

    kind = "scripted"
    #: no buffered faces: the game's inline fast path falls back on ``roll``
    buffer: tuple[int, ...] = ()

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
