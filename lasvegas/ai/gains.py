"""Casinos as small integers, and what they would pay: the AI's payout table.

``encode`` packs a casino's dice (one count per owner) into one int;
``Gains`` answers "what would every owner win at casino ``c`` with these
dice?" from the rules' own ``settle``, caching the answers for the round.
The greedy rule (``greedy``) and the playouts (``fastsim``) work on these.
"""

from __future__ import annotations

from typing import Sequence

from ..core.payout import settle


def encode(row: Sequence[int]) -> int:
    """A casino's dice as one int: 4 bits per owner (at most 8 dice each)."""
    code = 0
    for o, n in enumerate(row):
        code |= n << (4 * o)
    return code


def decode(code: int, n_owners: int) -> list[int]:
    return [(code >> (4 * o)) & 15 for o in range(n_owners)]


class Gains:
    """What every owner would win at each casino for a given casino code (cached).

    The bills of a casino do not change during a round, so the answer only
    depends on the dice there; a dict per casino makes repeated questions cheap.
    """

    __slots__ = ("bills", "n", "cache")

    def __init__(self, bills: Sequence[Sequence[int]], n_owners: int) -> None:
        self.bills = [tuple(b) for b in bills]
        self.n = n_owners
        self.cache: list[dict] = [{} for _ in range(6)]

    def fill(self, c: int, code: int) -> tuple:
        out = [0] * self.n
        for o, b in settle(decode(code, self.n), self.bills[c])[0]:
            out[o] = b
        g = self.cache[c][code] = tuple(out)
        return g

    def get(self, c: int, code: int) -> tuple:
        g = self.cache[c].get(code)
        return g if g is not None else self.fill(c, code)

    def pair(self, c: int, code: int, new: int) -> tuple[tuple, tuple]:
        """What everyone would win at casino ``c`` with dice ``code``, then with ``new``."""
        cache = self.cache[c]
        g = cache.get(code)
        g1 = cache.get(new)
        return (g if g is not None else self.fill(c, code),
                g1 if g1 is not None else self.fill(c, new))

    def round_gains(self, codes: Sequence[int]) -> list[int]:
        total = [0] * self.n
        for c in range(6):
            g = self.get(c, codes[c])
            for o in range(self.n):
                total[o] += g[o]
        return total

    def round_bills(self, codes: Sequence[int]) -> list[int]:
        """Bills each owner would take at the end of the round (one at most per casino)."""
        nb = [0] * self.n
        for c in range(6):
            g = self.get(c, codes[c])
            for o in range(self.n):
                if g[o]:
                    nb[o] += 1
        return nb
