"""What both games' results screens share: the winner's gold medal, and the buttons at the
foot and top right (Play again, Home, Review) in one place and one wording."""

from __future__ import annotations

from typing import Callable

import pygame

from . import art
from .art import GOLD, darker, lighter, per_scale
from .canvas import Canvas, Img
from .i18n import _
from .widgets import Button

AGAIN_RECT = (760, 640, 240, 58)
HOME_RECT = (1020, 640, 240, 58)
REVIEW_RECT = (1080, 14, 180, 50)
#: the room a medal takes each side of the headline
MEDAL_ROOM = 90


@per_scale(16)
def medal(owner: str, size: int, *, k: float) -> Img:
    """A gold medal with ``owner``'s pip shape in the middle, on a ribbon of the owner's colour."""
    cv = Canvas.new((size, int(size * 1.3)), k)
    rgb = art.owner_rgb(owner)
    r = size / 2
    cv.polygon(darker(rgb, 0.1), [(r * 0.45, 0), (r * 0.95, 0), (r * 1.05, r * 0.9), (r * 0.7, r * 0.9)])
    cv.polygon(rgb, [(r * 1.55, 0), (r * 1.05, 0), (r * 0.95, r * 0.9), (r * 1.3, r * 0.9)])
    cy = size * 1.3 - r
    cv.circle(darker(GOLD, 0.35), (r, cy), r)
    cv.circle(GOLD, (r, cy), r * 0.9)
    cv.circle(lighter(GOLD, 0.35), (r, cy), r * 0.9, 2)
    cv.circle(darker(GOLD, 0.15), (r, cy), r * 0.62)
    sym = art.symbol(owner, int(size * 0.5))
    cv.blit(sym, sym.get_rect(center=(int(r), int(cy))))
    return cv.image()


#: the highest a medal's ribbon may start: below the rail round the screen
MEDAL_TOP = 14


def draw_medals(surface, owner: str, headline_width: int, y: int, size: int = 64) -> None:
    """``owner``'s medal either side of a headline centred on the screen, when it leaves room for them."""
    if headline_width + 2 * MEDAL_ROOM > 1260:
        return
    m = medal(owner, size)
    for x in (640 - headline_width // 2 - 40, 640 + headline_width // 2 + 40):
        r = m.get_rect(center=(x, y))
        r.top = max(r.top, MEDAL_TOP)  # the ribbon whole, below the table's rail
        surface.blit(m, r)


def again_button(on_click: Callable[[], None]) -> Button:
    return Button(AGAIN_RECT, _("Play again"), on_click, style="primary", size=26)


def home_button(on_click: Callable[[], None]) -> Button:
    return Button(HOME_RECT, _("Home"), on_click, size=24, hotkeys=(pygame.K_ESCAPE,))


def review_button(on_click: Callable[[], None]) -> Button:
    return Button(REVIEW_RECT, _("Review (R)"), on_click, size=22, hotkeys=(pygame.K_r,))
