"""One way to derive seeds: the games of a run, the seats of a game, the playouts of a hint.

Every reproducible run starts from one seed and derives the seed of each of
its parts with :func:`derive_seed`.  The runs differ only in the stride and
offset of the index (kept, so every published figure replays to the same
numbers):

=====================  ===========================================================
simulate               game ``i``: ``derive_seed(seed, i, stride=7919, offset=17)``;
                       seat ``k``: ``derive_seed(game_seed, k + 1, stride=7919, offset=17)``
solo hint              playout ``i`` of value ``v``: ``derive_seed(seed, i, stride=7919, offset=v)``
solo-odds              game ``i``: ``derive_seed(seed, i, offset=level * 100_003 + rounds * 10_007)``
tournament             seat ``s`` of game ``i``: ``derive_seed(derive_seed(seed, i, wrap=False),
                       s, multiplier=16, wrap=False)`` (Las Vegas); Lords of Vegas: simulate's
=====================  ===========================================================
"""

from __future__ import annotations

#: The multiplier of the run's seed: a prime, so nearby seeds give far-apart results.
MULTIPLIER = 1_000_003
#: Derived seeds lie in ``range(SEED_RANGE)`` (the range of a game's own random seed).
SEED_RANGE = 2**63


def derive_seed(base: int, index: int, *, stride: int = 1, offset: int = 0,
                multiplier: int = MULTIPLIER, wrap: bool = True) -> int:
    """The seed of part ``index`` of a run seeded ``base``.

    ``base * multiplier + index * stride + offset``, reduced modulo 2**63 unless
    ``wrap`` is false (the tournament's seat seeds were never reduced).
    """
    value = base * multiplier + index * stride + offset
    return value % SEED_RANGE if wrap else value


def simulate_seed(base: int, index: int) -> int:
    """The ``simulate`` scheme: the seed of game ``index`` of a run seeded ``base``, and of seat
    ``k``'s AI of a game seeded ``base`` with ``index`` ``k + 1`` (Lords of Vegas's tournaments too)."""
    return derive_seed(base, index, stride=7919, offset=17)
