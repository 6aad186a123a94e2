"""A game's setup screen, drawn the same for both games: the glowing title, the seats on the
left (a row per seat in playing order: its colour, its name, who plays it, ×; "+ Add a seat"
under them; a line at the bottom), the options on the right (each with a line under it on what
it does), and the bottom bar: Back at the left, Start at the right, the game's other doors in a
row between them, all in one font."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from . import art
from .art import INK, INK_DIM
from .i18n import _
from .widgets import Button, Choice, draw_form

#: the two panels
SEATS_PANEL = pygame.Rect(20, 96, 690, 520)
OPTIONS_PANEL = pygame.Rect(720, 96, 540, 520)
#: the seat rows: the first one's top, how far apart they are (closer with more than ROOMY_ROWS)
ROW_Y, ROW_H = 150, 70
ROOMY_ROWS = 5
COMPACT_ROW_H = 52
#: the options column: where it is, how far apart its rows are, the room a note line takes
OPT_X, OPT_Y, OPT_W, OPT_STEP, OPT_H, NOTE_H = 730, 146, 520, 42, 38, 18
#: the bottom bar
BACK_RECT = (30, 630, 160, 62)
START_RECT = (1020, 630, 230, 62)
BAR_LEFT, BAR_RIGHT, BAR_Y, BAR_H, BAR_GAP = 210, 1000, 636, 50, 14
#: the font size of every button of the bar but Start (Start's is larger: the way on); from 24 on,
#: a button's words are in the display font
BAR_SIZE = 24


def row_height(seats: int) -> int:
    """How far apart the seat rows are: closer with more than ``ROOMY_ROWS`` seats."""
    return ROW_H if seats <= ROOMY_ROWS else COMPACT_ROW_H


def seat_rects(i: int, row_h: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """Seat row ``i``'s colour swatch, name field, player-kind selector and × button."""
    y = ROW_Y + i * row_h
    k = 0 if row_h == ROW_H else 6  # compact rows: smaller widgets
    return (pygame.Rect(110, y + 6 - k // 2, 48 - k, 48 - k), pygame.Rect(172, y + 8 - k, 230, 44 - k),
            pygame.Rect(410, y + 6 - k, 230, 48 - k), pygame.Rect(650, y + 10 - k, 40, 40 - k))


def add_rect(seats: int, row_h: int) -> pygame.Rect:
    """"+ Add a seat", under the last row."""
    k = 0 if row_h == ROW_H else 6
    return pygame.Rect(110, ROW_Y + seats * row_h + 8 - k, 220, 46 - k)


def kind_choice(rect, options, value, on_change: Callable[[object], None], kind=Choice) -> Choice:
    """The player-kind selector of a seat row (a ``kind``): its whole width is the value, ‹ › at its ends."""
    kind = kind(rect, "", options, value, on_change, value_w=rect[2])
    kind.left = pygame.Rect(kind.rect.x, kind.rect.y, 30, kind.rect.h)
    kind.right = pygame.Rect(kind.rect.right - 30, kind.rect.y, 30, kind.rect.h)
    return kind


def remove_button(rect, on_click: Callable[[], None]) -> Button:
    return Button(rect, "×", on_click, size=26)


def option_rect(i: int, noted: Sequence[int]) -> tuple[int, int, int, int]:
    """Option ``i``'s row (those in ``noted`` have a note line under them)."""
    return (OPT_X, OPT_Y + i * OPT_STEP + NOTE_H * sum(1 for j in noted if j < i), OPT_W, OPT_H)


def back_button(on_click: Callable[[], None], **kw) -> Button:
    return Button(BACK_RECT, _("Back"), on_click, size=BAR_SIZE, **kw)


def start_button(label: str, on_click: Callable[[], None], *, primary: bool = True, **kw) -> Button:
    return Button(START_RECT, label, on_click, style="primary" if primary else "normal", size=30, **kw)


def bar_buttons(doors: Sequence[tuple[str, Callable[[], None]]]) -> list[Button]:
    """The game's other doors (How to play, …) in a row between Back and Start, one font for all."""
    n = len(doors)
    if not n:
        return []
    w = (BAR_RIGHT - BAR_LEFT - BAR_GAP * (n - 1)) // n
    return [Button((BAR_LEFT + k * (w + BAR_GAP), BAR_Y, w, BAR_H), label, f, size=BAR_SIZE)
            for k, (label, f) in enumerate(doors)]


def draw_frame(surface, title: str, seats_head: str, options_head: str, footnote: str = "",
               footnote_colour=INK_DIM) -> None:
    """The felt, the title, both panels with their headings, the line at the seats panel's foot."""
    draw_form(surface, title, SEATS_PANEL, OPTIONS_PANEL)
    art.blit_text(surface, seats_head, (SEATS_PANEL.x + 20, 110), "display", 24, INK)
    art.blit_text(surface, options_head, (OPTIONS_PANEL.x + 20, 110), "display", 24, INK)
    if footnote:
        art.blit_text(surface, footnote, (SEATS_PANEL.x + 20, 600), "body",
                      art.fit(footnote, "body", 14, SEATS_PANEL.w - 40, 11), footnote_colour, anchor="midleft")


def draw_seat_number(surface, i: int, swatch: pygame.Rect) -> None:
    art.blit_text(surface, str(i + 1), (60, swatch.centery), "display", 30, INK_DIM, anchor="center")


def draw_notes(surface, options: Sequence[Choice], noted: Sequence[int], notes: Sequence[str]) -> None:
    """One line under each noted option on what it does."""
    for i, note in zip(noted, notes):
        r = options[i].rect
        art.blit_text(surface, note, (r.x + 10, r.bottom + 1), "body", art.fit(note, "body", 14, r.w - 20, 11),
                      INK_DIM)
