"""Where everything sits on the 1280×720 table."""

from __future__ import annotations

import pygame

CASINO_Y, CASINO_W, CASINO_H, CASINO_GAP, CASINO_X = 58, 200, 350, 10, 15
SIGN_H = 64
BILL_W, BILL_H, BILL_STEP = 150, 30, 33
TRAY = pygame.Rect(300, 416, 680, 172)
INFO = pygame.Rect(15, 416, 275, 172)
DECK = pygame.Rect(990, 416, 275, 172)
PANEL_Y, PANEL_H = 596, 116
#: more seats than this: compact panels in two rows (same band of the screen)
WIDE_PANELS = 5
PANEL_GAP = 8
DIE_SIZE = 46
#: the bills on a casino: one column of full bills up to this many, then two columns of small ones
BILL_COLUMN = 4
SMALL_BILL_W, SMALL_BILL_H, SMALL_BILL_STEP = 90, 26, 29


def casino_rect(c: int) -> pygame.Rect:
    return pygame.Rect(CASINO_X + (c - 1) * (CASINO_W + CASINO_GAP), CASINO_Y, CASINO_W, CASINO_H)


def bill_size(n: int) -> tuple[int, int]:
    """How big each of ``n`` bills on a casino is drawn."""
    return (BILL_W, BILL_H) if n <= BILL_COLUMN else (SMALL_BILL_W, SMALL_BILL_H)


def bill_pos(c: int, i: int, n: int = 1) -> tuple[int, int]:
    """The top left of bill ``i`` of the ``n`` on casino ``c`` (more than ``BILL_COLUMN``: two columns)."""
    r = casino_rect(c)
    if n <= BILL_COLUMN:
        return (r.x + 8, r.y + SIGN_H + 16 + i * BILL_STEP)
    return (r.x + 8 + (i % 2) * (SMALL_BILL_W + 4), r.y + SIGN_H + 12 + (i // 2) * SMALL_BILL_STEP)


def bill_centre(c: int, i: int, n: int = 1) -> tuple[int, int]:
    x, y = bill_pos(c, i, n)
    w, h = bill_size(n)
    return (x + w // 2, y + h // 2)


def dice_row_rect(c: int, i: int, n: int = 1) -> pygame.Rect:
    """Where owner ``i`` of the ``n`` with dice on casino ``c`` piles its dice (on the casino's floor)."""
    from ..paint import casino, stacks
    return stacks.slots(casino.floor_rect(casino_rect(c)), n)[i]


def compact_panels(n: int) -> bool:
    """Whether ``n`` seat panels are the compact ones, in two rows."""
    return n > WIDE_PANELS


def panel_rect(owners: list[str], owner: str) -> pygame.Rect:
    """The seat panel of ``owner`` among ``owners`` along the bottom edge: one row of
    panels up to five seats, two rows of compact panels (in playing order, left to right
    then the second row) for six to eight."""
    n = len(owners)
    i = owners.index(owner) if owner in owners else 0
    if not compact_panels(n):
        w = min(244, (1250 - (n - 1) * PANEL_GAP) // n)
        total = n * w + (n - 1) * PANEL_GAP
        x0 = (1280 - total) // 2
        return pygame.Rect(x0 + i * (w + PANEL_GAP), PANEL_Y, w, PANEL_H)
    cols = (n + 1) // 2
    w = (1250 - (cols - 1) * PANEL_GAP) // cols
    h = (PANEL_H - 4) // 2
    total = cols * w + (cols - 1) * PANEL_GAP
    x0 = (1280 - total) // 2
    row, col = divmod(i, cols)
    return pygame.Rect(x0 + col * (w + PANEL_GAP), PANEL_Y + row * (h + 4), w, h)


def deck_point() -> tuple[int, int]:
    return (DECK.x + 70, DECK.y + 78)
