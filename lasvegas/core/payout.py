"""The payout of one casino (docs/rules.md §5), as a pure function."""

from __future__ import annotations

from typing import Sequence


def settle(counts: Sequence[int], bills: Sequence[int]) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Pay one casino.

    ``counts[o]`` is the number of dice owner ``o`` has there; ``bills`` are the
    casino's bills, highest first.  Returns ``(awards, returned, cancelled)``:
    ``awards`` is a list of ``(owner, bill)`` in rank order, ``returned`` the
    bills nobody takes (highest first), ``cancelled`` the owners whose count
    equals another owner's count there (they get nothing, whatever their rank).
    """
    present = [c for c in counts if c]
    if not present:
        return [], list(bills), []
    if len(set(present)) == len(present):  # no ties: the common case
        cancelled: list[int] = []
        ranked = sorted(range(len(counts)), key=counts.__getitem__, reverse=True)[:len(present)]
    else:
        tied = {c for c in present if present.count(c) > 1}
        cancelled = [o for o, c in enumerate(counts) if c in tied]
        ranked = sorted([o for o, c in enumerate(counts) if c and c not in tied],
                        key=counts.__getitem__, reverse=True)
    n = min(len(ranked), len(bills))
    return list(zip(ranked[:n], bills[:n])), list(bills[n:]), cancelled
