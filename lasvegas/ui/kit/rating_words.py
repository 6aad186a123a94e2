"""The coach's labels as both games' review screens say and colour them (``ratings.LABELS``)."""

from __future__ import annotations

from ...ratings import LABELS
from . import art
from .i18n import _, number

#: the colour of each label
LABEL_RGB = {"best": art.NEON[3], "good": art.NEON[1], "inaccuracy": art.NEON[2], "mistake": art.NEON[4],
             "blunder": art.DANGER}


def label_text(name: str) -> str:
    """A label as the player reads it."""
    return {"best": _("Best move"), "good": _("Good"), "inaccuracy": _("Inaccuracy"), "mistake": _("Mistake"),
            "blunder": _("Blunder")}[name]


def help_text() -> str:
    """What the labels mean: the win-chance points a move gave away."""
    most = dict(LABELS)
    return _("Each move is rated by the chance to win the game it leaves you, against the best move. "
             "Best move: up to {best} points of win chance given away; good: up to {good}; inaccuracy: up to "
             "{inaccuracy}; mistake: up to {mistake}; blunder: more. A forced move is not rated.",
             best=number(most["best"]), good=number(most["good"]), inaccuracy=number(most["inaccuracy"]),
             mistake=number(most["mistake"]))
