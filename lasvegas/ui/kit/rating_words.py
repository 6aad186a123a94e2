"""The coach's review as both games' review screens show it: the labels said and coloured
(``ratings.LABELS``), what they mean, and the screen's frame (its title, the error when a game
could not be reviewed, the progress while the coach works)."""

from __future__ import annotations

import pygame

from ...kernel.ratings import LABELS
from . import art
from .art import GOLD, INK, INK_DIM
from .i18n import _, ngettext, number

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


def draw_frame(surface, error: str | None) -> None:
    """The review screen's felt and title, and ``error`` (why the game could not be reviewed) if any."""
    surface.blit(art.felt(1280, 720), (0, 0))
    t = art.glow_text(_("Review of the game"), "display", 40, art.NEON[1], 6)  # whole above the players' panels
    surface.blit(t, t.get_rect(midtop=(640, 2)))
    if error is not None:
        box = pygame.Rect(240, 250, 800, 160)
        surface.blit(art.panel(box.w, box.h), box)
        art.blit_text(surface, _("This game could not be reviewed."), (box.centerx, box.y + 20), "display", 26,
                      art.DANGER, anchor="midtop")
        art.blit_wrapped(surface, error, (box.x + 20, box.y + 70), box.w - 40, "body", 16, INK_DIM)


def draw_progress(surface, done: int, total: int) -> None:
    """The coach at work: ``done`` of ``total`` moves rated (``total`` 0: not started yet)."""
    box = pygame.Rect(240, 250, 800, 180)
    surface.blit(art.panel(box.w, box.h), box)
    art.blit_text(surface, _("The coach is rating every move…"), (box.centerx, box.y + 20), "display", 26, INK,
                  anchor="midtop")
    bar = pygame.Rect(box.x + 40, box.y + 80, box.w - 80, 28)
    surface.rect((30, 48, 42), bar, border_radius=8)
    filled = bar.copy()
    filled.w = round(bar.w * done / total) if total else 0
    if filled.w:
        surface.rect(GOLD, filled, border_radius=8)
    text = ngettext("{done} of {n} move rated", "{done} of {n} moves rated", total, done=done) if total \
        else _("Starting…")
    art.blit_text(surface, text, (box.centerx, bar.bottom + 14), "body", 17, INK_DIM, anchor="midtop")


def keep_in_view(selected: int, first: int, count: int, rows: int) -> tuple[int, int]:
    """The rated-moves list's selection kept among its ``count`` moves and the first row shown so
    that the selection is one of the ``rows`` shown: (selected, first)."""
    selected = max(0, min(selected, count - 1))
    if selected < first:
        first = selected
    elif selected >= first + rows:
        first = selected - rows + 1
    return selected, first
