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
DIE_SIZE = 46


def casino_rect(c: int) -> pygame.Rect:
    return pygame.Rect(CASINO_X + (c - 1) * (CASINO_W + CASINO_GAP), CASINO_Y, CASINO_W, CASINO_H)


def bill_pos(c: int, i: int) -> tuple[int, int]:
    r = casino_rect(c)
    return (r.x + 8, r.y + SIGN_H + 16 + i * BILL_STEP)


def dice_row_rect(c: int, i: int) -> pygame.Rect:
    r = casino_rect(c)
    col, row = i % 2, i // 2
    return pygame.Rect(r.x + 8 + col * 94, r.y + 250 + row * 32, 90, 30)


def panel_rect(owners: list[str], owner: str) -> pygame.Rect:
    """The seat panel of ``owner`` among ``owners`` along the bottom edge."""
    n = len(owners)
    w = min(244, (1250 - (n - 1) * 8) // n)
    total = n * w + (n - 1) * 8
    x0 = (1280 - total) // 2
    i = owners.index(owner) if owner in owners else 0
    return pygame.Rect(x0 + i * (w + 8), PANEL_Y, w, PANEL_H)


def deck_point() -> tuple[int, int]:
    return (DECK.x + 70, DECK.y + 78)
