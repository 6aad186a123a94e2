"""Where everything of the Lords of Vegas table sits, in the 1280×720 design space.

The board follows the display grid of docs/lords-rules.md ("Board row,col"): 10 rows, 7 columns, the Strip
in column 3, streets in row 2 (both sides), row 7 on the left and row 6 on the right.  The
score track runs around the board; the seats, the deck, the actions and the log stand on
the right.  Pure geometry: nothing here draws.
"""

from __future__ import annotations

import pygame

from ...lords.board import BLOCK, BOARD_POS, LOT_NAMES, N_LOTS, TRACK
from ..kit.i18n import N_

#: one lot's square, the Strip's width, the board's top left
CELL, STRIP_W = 56, 70
BOARD_X, BOARD_Y = 58, 62
ROWS, COLS = 10, 7
BOARD = pygame.Rect(BOARD_X, BOARD_Y, 6 * CELL + STRIP_W, ROWS * CELL)
#: the score track: a ring of spaces around the board
TRACK_IN = BOARD.inflate(20, 20)
TRACK_OUT = BOARD.inflate(92, 92)
#: the right-hand side
SEATS = pygame.Rect(560, 12, 708, 112)
DECK = pygame.Rect(560, 132, 708, 96)
ACTIONS = pygame.Rect(560, 236, 708, 336)
LOG = pygame.Rect(560, 580, 708, 128)
#: the trade panel (ui/lords/trade.py; its keys and controller: trade_pad.py): the right half,
#: the board left in view (its lots are picked there)
TRADE_BOX = pygame.Rect(556, 8, 716, 704)
#: the streets' names (PM), drawn in their rows: (row, side) -> name
STREETS = {(2, "left"): N_("Flamingo Rd"), (7, "left"): N_("Monte Carlo"), (6, "right"): N_("Harmon Ave"),
           (2, "right"): N_("Flamingo Rd")}


def col_x(col: int) -> int:
    """The left edge of display column ``col``."""
    if col < 3:
        return BOARD_X + col * CELL
    if col == 3:
        return BOARD_X + 3 * CELL
    return BOARD_X + 3 * CELL + STRIP_W + (col - 4) * CELL


def lot_rect(lot: int) -> pygame.Rect:
    """A lot's square (a small margin inside its cell)."""
    r, c = BOARD_POS[lot]
    return pygame.Rect(col_x(c) + 2, BOARD_Y + r * CELL + 2, CELL - 4, CELL - 4)


def cell_rect(lot: int) -> pygame.Rect:
    r, c = BOARD_POS[lot]
    return pygame.Rect(col_x(c), BOARD_Y + r * CELL, CELL, CELL)


STRIP_RECT = pygame.Rect(col_x(3), BOARD_Y, STRIP_W, ROWS * CELL)


def street_rows() -> list[tuple[pygame.Rect, str]]:
    """The streets' bands: (rectangle, name)."""
    out = []
    left = pygame.Rect(BOARD_X, 0, 3 * CELL, CELL)
    right = pygame.Rect(col_x(4), 0, 3 * CELL, CELL)
    for (row, side), name in STREETS.items():
        r = (left if side == "left" else right).copy()
        r.y = BOARD_Y + row * CELL
        out.append((r, name))
    return out


def block_rect(block: str) -> pygame.Rect:
    """The rectangle around a block's lots."""
    lots = [lot_rect(i) for i in range(N_LOTS) if BLOCK[i] == block]
    return lots[0].unionall(lots[1:]).inflate(6, 6)


def lot_at(pos) -> int | None:
    """The lot under ``pos`` (logical units), or None."""
    for i in range(N_LOTS):
        if cell_rect(i).collidepoint(pos):
            return i
    return None


def track_spaces() -> list[pygame.Rect]:
    """The 29 spaces of the score track, clockwise from the top left corner of the ring."""
    ring = TRACK_OUT
    band = (TRACK_OUT.w - TRACK_IN.w) // 2
    n = len(TRACK)
    # the ring's perimeter at the middle of the band, shared out evenly
    inner = TRACK_OUT.inflate(-band, -band)
    per = 2 * (inner.w + inner.h)
    out = []
    for i in range(n):
        d = per * i / n
        if d < inner.w:
            x, y = inner.x + d, inner.y
        elif d < inner.w + inner.h:
            x, y = inner.right, inner.y + d - inner.w
        elif d < 2 * inner.w + inner.h:
            x, y = inner.right - (d - inner.w - inner.h), inner.bottom
        else:
            x, y = inner.x, inner.bottom - (d - 2 * inner.w - inner.h)
        size = band - 8
        out.append(pygame.Rect(round(x - size / 2), round(y - size / 2), size, size))
    del ring
    return out


SPACES = track_spaces()


def lot_name(lot: int) -> str:
    return LOT_NAMES[lot]


#: the event banner: over the street of row 2, which runs across the whole board and holds no lot,
#: so the lots an event is about (flashed while it is told) stay in view whichever they are
BANNER = pygame.Rect(BOARD_X - 30, BOARD_Y + 2 * CELL + (CELL - 52) // 2, BOARD.w + 60, 52)


def key_tab(lot: int, n: int, size: int = 15, gap: int = 2) -> tuple[pygame.Rect, int, int]:
    """Where the tab of ``n`` key chips of the selected ``lot`` lies, how many chips a row and their size: by
    the lot, over a street, the Strip or the board's edge, never over another lot (it may cover the
    top of the lot itself); when every side is closed, a small grid over the lot itself."""
    lot_r = lot_rect(lot)
    others = [lot_rect(i) for i in range(N_LOTS) if i != lot]
    room = BOARD.inflate(40, 40)
    step = size + gap
    wide = pygame.Rect(0, 0, n * step + 6, size + 6)
    tall = pygame.Rect(0, 0, size + 6, n * step + 6)
    tries = []
    for dx in (0, -step, step, -2 * step, 2 * step, -3 * step, 3 * step):
        tries.append((wide.copy(), "midtop", (lot_r.centerx + dx, lot_r.y - 4), n))      # over its top edge
        tries.append((wide.copy(), "midbottom", (lot_r.centerx + dx, lot_r.y - 1), n))   # above it
        tries.append((wide.copy(), "midtop", (lot_r.centerx + dx, lot_r.bottom + 1), n))  # below it
    for dy in (0, -step, step, -2 * step, 2 * step):
        tries.append((tall.copy(), "midleft", (lot_r.right + 1, lot_r.centery + dy), 1))  # beside it
        tries.append((tall.copy(), "midright", (lot_r.x - 1, lot_r.centery + dy), 1))
    for r, anchor, at, per_row in tries:
        setattr(r, anchor, at)
        if room.contains(r) and r.collidelist(others) < 0:
            return r, per_row, size
    for small in range(size, 5, -1):  # closed on every side: a grid over the lot itself, chips made to fit
        step = small + gap
        per_row = max(1, (lot_r.w - 6) // step)
        rows = -(-n // per_row)
        if rows * step + 6 <= lot_r.h:
            break
    r = pygame.Rect(0, 0, min(n, per_row) * step + 6, rows * step + 6)
    r.center = lot_r.center
    return r, per_row, small
