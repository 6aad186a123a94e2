"""A move as a small picture: the casino's sign and emblem with the dice that went there."""

from __future__ import annotations

import pygame

from ...kit import art
from ...kit.art import NEON
from ...kit.felt import drop, inset
from .casino import emblem


def draw_move(surface, centre, casino: int, dice, width: int = 360, height: int = 96) -> pygame.Rect:
    """Casino ``casino`` (its number in neon over its emblem) and ``dice`` ((owner, count), …)
    landing on it, in a card ``width``×``height`` centred on ``centre``; returns the card."""
    count = sum(n for _o, n in dice)
    width = min(width, max(2 * height, height + 14 + count * 34 + 10))
    card = pygame.Rect(0, 0, width, height)
    card.center = centre
    drop(surface, card, 12)
    surface.blit(art.panel(card.w, card.h, alpha=235), card)
    c = NEON[casino - 1]
    sign = pygame.Rect(card.x + 10, card.y + 10, height - 20, height - 20)
    surface.blit(inset(sign.w, sign.h, radius=10), sign)
    mark = emblem(casino, sign.w - 8, art.darker(c, 0.45))
    surface.blit(mark, mark.get_rect(center=sign.center))
    num = art.glow_text(str(casino), "display", 34, c, 4)
    surface.blit(num, num.get_rect(center=sign.center))
    # the dice, in a row (a second row when many), each showing the casino's value
    dice = [o for o, n in dice for _k in range(n)]
    room = card.right - 14 - (sign.right + 14)
    size = 30 if len(dice) <= room // 34 else 24
    per_row = max(1, room // (size + 4))
    rows = [dice[i:i + per_row] for i in range(0, len(dice), per_row)][:2]
    y0 = card.centery - (len(rows) * (size + 4) - 4) // 2
    for j, row in enumerate(rows):
        for i, o in enumerate(row):
            surface.blit(art.die(o, casino, size), (sign.right + 14 + i * (size + 4), y0 + j * (size + 4)))
    return card
