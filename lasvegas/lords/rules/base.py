"""What every part of the Lords of Vegas rules engine shares: the phases, the state's format, the
lot names in refusals, the orders of a reorganized seat's values (D8)."""

from __future__ import annotations

from typing import Iterable

from ..board import LOT_NAMES, N_LOTS

PLAY, MARKER, DIE_MOVE, LAYOFF, PLACE, OVER = "play", "marker", "die", "layoff", "place", "over"
PHASES = (PLAY, MARKER, DIE_MOVE, LAYOFF, PLACE, OVER)
STATE_FORMAT = "lords-state/1"
#: PlaceDice permutations listed by legal_actions at most (any permutation is accepted)
MAX_LISTED_PLACEMENTS = 720

_LOSE = frozenset((5, 6, 7, 8))


def _name(lot: int) -> str:
    return LOT_NAMES[lot] if 0 <= lot < N_LOTS else repr(lot)


def _orders(values: Iterable[int], cap: int) -> list[tuple[int, ...]]:
    """The distinct orders of ``values`` in lexicographic order, at most ``cap`` of them."""
    a = sorted(values)
    out = []
    while len(out) < cap:
        out.append(tuple(a))
        i = len(a) - 2
        while i >= 0 and a[i] >= a[i + 1]:
            i -= 1
        if i < 0:
            break
        j = len(a) - 1
        while a[j] <= a[i]:
            j -= 1
        a[i], a[j] = a[j], a[i]
        a[i + 1:] = reversed(a[i + 1:])
    return out
