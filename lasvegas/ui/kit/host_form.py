"""The rows of the online scene's host form, shared by each game's own options (the registry's
``host_form`` of a game: a class built with the scene, see ``ui/scenes/online.py``)."""

from __future__ import annotations

from ...games import registry
from .i18n import _
from .seatnames import ai_level_name
from .widgets import Choice

#: the host's options, top to bottom (a line on what some do below them: ``noted``)
OPT_Y, OPT_STEP, OPT_H, NOTE_H = 196, 32, 30, 15


def row(i: int, x: int = 40, w: int = 560) -> tuple[int, int, int, int]:
    """A row of the host's side (placed again by the scene's ``layout``)."""
    return (x, OPT_Y + i * OPT_STEP, w, OPT_H)


def place(choice: Choice, y: int) -> None:
    """Move a choice's row (and its arrows) to ``y``."""
    for r in (choice.rect, choice.value_rect, choice.left, choice.right):
        r.y = y


def host_levels(game: str) -> list[str]:
    """The AI levels a host offers for the game's seats: its book's but Random."""
    return [lv for lv in registry.levels(game) if lv != "random"] or ["random"]


def empty_seats(i: int, game: str, default: str | None = None) -> Choice:
    """The choice of the AI that plays a room's empty seats (``default``: the middle level)."""
    levels = host_levels(game)
    return Choice(row(i), _("Empty seats"), [(lv, _("AI · {level}", level=ai_level_name(lv))) for lv in levels],
                  levels[len(levels) // 2] if default is None else default)
