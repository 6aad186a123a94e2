"""How a coach names a choice, for both games: the labels by the win-chance points a choice gave
away against the best one found, and a choice's accuracy.  Standard library only."""

from __future__ import annotations

import math

#: a choice's label by the win-chance points it gave away (at most), the rest a blunder
LABELS = (("best", 2.0), ("good", 5.0), ("inaccuracy", 10.0), ("mistake", 15.0))
LABEL_NAMES = tuple(name for name, _ in LABELS) + ("blunder",)


def label_for(loss: float) -> str:
    """The label of a choice that gave away ``loss`` win-chance points."""
    for name, most in LABELS:
        if loss <= most:
            return name
    return "blunder"


def move_accuracy(loss: float) -> float:
    """Accuracy of one choice, 0–100: ``100 * exp(-loss / 10)`` (a best move 100,
    5 points given away 61, 15 points 22)."""
    return 100.0 * math.exp(-max(0.0, loss) / 10.0)


def phi(x: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def pairwise_chances(values: list[float], scale: float) -> list[float]:
    """Each seat's chance of winning when every seat's final standing is its ``value`` plus a normal
    error of ``scale``: the chance of staying ahead of every other seat, shared out to sum to 1
    (both games' coaches, and the Lords Expert)."""
    n = len(values)
    raw = []
    for a in range(n):
        p = 1.0
        for b in range(n):
            if b != a:
                p *= phi((values[a] - values[b]) / scale)
        raw.append(p)
    total = sum(raw)
    return [x / total for x in raw] if total > 0 else [1.0 / n] * n
