"""The six casinos as illustrated tiles: a marquee sign with bulbs, the neon number and name,
the die face it takes, a printed emblem of its own, and a recessed floor where dice stand."""

from __future__ import annotations

import math

import pygame

from ...kit import art
from ...kit.art import GOLD, NEON, darker, lighter, per_scale
from ...kit.canvas import Canvas, Img
from ...kit.felt import inset

CASINO_NAMES = ("The Ace", "Double Down", "Triple Seven", "Four Queens", "High Five", "Sixth Sense")

#: the floor of a casino tile, where the dice stand (from its top, its height); a shorter tile (an
#: illustration of the rules) has none
FLOOR_Y, FLOOR_H = 234, 108
FLOOR_FROM = 340


def _spade(cv, cx, cy, s, col) -> None:
    cv.circle(col, (cx - s * 0.42, cy + s * 0.12), s * 0.46)
    cv.circle(col, (cx + s * 0.42, cy + s * 0.12), s * 0.46)
    cv.polygon(col, [(cx, cy - s * 1.05), (cx + s * 0.86, cy + s * 0.02), (cx - s * 0.86, cy + s * 0.02)])
    cv.polygon(col, [(cx, cy + s * 0.2), (cx + s * 0.36, cy + s * 0.95), (cx - s * 0.36, cy + s * 0.95)])


def _chips(cv, cx, cy, s, col) -> None:
    for dx, dy in ((-s * 0.38, s * 0.2), (s * 0.38, -s * 0.2)):
        x, y = cx + dx, cy + dy
        cv.circle(col, (x, y), s * 0.7)
        cv.circle(darker(col, 0.5), (x, y), s * 0.7, 2)
        for a in range(8):
            ang = a * math.pi / 4
            cv.circle(darker(col, 0.5), (x + math.cos(ang) * s * 0.56, y + math.sin(ang) * s * 0.56), s * 0.08)
        cv.circle(darker(col, 0.5), (x, y), s * 0.36, 2)


def _sevens(cv, cx, cy, s, col) -> None:
    w = s * 0.62
    for i in (-1, 0, 1):
        x = cx + i * (w + s * 0.1)
        cv.rect(darker(col, 0.55), (x - w / 2, cy - s * 0.55, w, s * 1.1), border_radius=4)
        cv.rect(col, (x - w / 2, cy - s * 0.55, w, s * 1.1), width=2, border_radius=4)
        cv.polygon(col, [(x - w * 0.3, cy - s * 0.36), (x + w * 0.32, cy - s * 0.36), (x - w * 0.04, cy + s * 0.42),
                         (x - w * 0.24, cy + s * 0.42), (x + w * 0.08, cy - s * 0.2), (x - w * 0.3, cy - s * 0.2)])


def _crown(cv, cx, cy, s, col) -> None:
    base = cy + s * 0.5
    pts = [(cx - s, base), (cx - s, cy - s * 0.2), (cx - s * 0.5, cy + s * 0.15), (cx - s * 0.17, cy - s * 0.55),
           (cx + s * 0.17, cy + s * 0.15), (cx + s * 0.5, cy - s * 0.55), (cx + s, cy - s * 0.2), (cx + s, base)]
    cv.polygon(col, pts)
    for x, y in ((cx - s, cy - s * 0.2), (cx - s * 0.17, cy - s * 0.55), (cx + s * 0.5, cy - s * 0.55),
                 (cx + s, cy - s * 0.2)):
        cv.circle(col, (x, y - s * 0.12), s * 0.13)
    cv.rect(darker(col, 0.5), (cx - s, base - s * 0.22, 2 * s, s * 0.1))


def _star(cv, cx, cy, s, col) -> None:
    cv.circle(col, (cx, cy), s * 1.02, 2)
    pts = [(cx + s * (0.92 if i % 2 == 0 else 0.38) * math.sin(i * math.pi / 5),
            cy - s * (0.92 if i % 2 == 0 else 0.38) * math.cos(i * math.pi / 5)) for i in range(10)]
    cv.polygon(col, pts)


def _eye(cv, cx, cy, s, col) -> None:
    n = 24
    top = [(cx - s + 2 * s * i / n, cy - s * 0.62 * math.sin(math.pi * i / n)) for i in range(n + 1)]
    bottom = [(cx + s - 2 * s * i / n, cy + s * 0.62 * math.sin(math.pi * i / n)) for i in range(n + 1)]
    cv.polygon(col, top + bottom, 3)
    cv.circle(col, (cx, cy), s * 0.42)
    cv.circle(darker(col, 0.7), (cx, cy), s * 0.18)
    for i in range(5):  # lashes: the sixth sense sees
        ang = math.pi * (0.2 + 0.15 * i)
        cv.line(col, (cx - math.cos(ang) * s * 0.72, cy - math.sin(ang) * s * 0.5),
                (cx - math.cos(ang) * s * 0.98, cy - math.sin(ang) * s * 0.82), 2)


#: casino -> its emblem (The Ace's spade, Double Down's chips, Triple Seven's reels, Four Queens'
#: crown, High Five's star, Sixth Sense's eye)
EMBLEMS = {1: _spade, 2: _chips, 3: _sevens, 4: _crown, 5: _star, 6: _eye}


@per_scale(32)
def emblem(n: int, size: int, colour=None, *, k: float) -> Img:
    """Casino ``n``'s emblem, ``size`` across, in its neon colour (or ``colour``)."""
    cv = Canvas.new((size, size), k)
    EMBLEMS[n](cv, size / 2, size / 2, size * 0.42, tuple(colour or NEON[n - 1]))
    return cv.image()


@per_scale(16)
def tile(n: int, w: int, h: int, sign_h: int, k: float) -> Img:
    """Casino ``n`` (1-6), ``w``×``h``: lacquered card with a marquee sign (bulbs, neon number
    and name, the die face), its emblem printed in the middle and a felt floor for the dice."""
    c = NEON[n - 1]
    hc = art.look().high_contrast
    cv = Canvas.new((w, h), k)
    radius = 14
    if hc:
        cv.rect((0, 0, 0), (0, 0, w, h), border_radius=radius)
        cv.rect((255, 255, 255), (0, 0, w, h), width=2, border_radius=radius)
    else:
        # card stock: the casino's colour deep in the lacquer, lighter at the top
        top, bottom = art.lerp_rgb(c, (10, 14, 16), 0.84), (8, 14, 12)
        for y in range(0, h, 4):
            cv.rect(art.lerp_rgb(top, bottom, y / h), (0, y, w, 4))
        mask = Canvas.new((w, h), k)
        mask.rect((255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
        cv.surface.blit(mask.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        cv.rect(darker(GOLD, 0.35), (0, 0, w, h), width=1, border_radius=radius)
        cv.rect((255, 255, 255, 30), (3, 3, w - 6, h - 6), width=1, border_radius=radius - 3)
    # the emblem, printed large and faint between the sign and the floor
    mid = (sign_h + 6 + FLOOR_Y) // 2 if h >= FLOOR_FROM else (sign_h + h) // 2
    size = min(w - 40, (FLOOR_Y - sign_h - 16) if h >= FLOOR_FROM else h - sign_h - 12)
    if size > 24:
        ghost = emblem(n, size, darker(c, 0.55) if not hc else darker(c, 0.6)).copy()
        ghost.set_alpha(120 if not hc else 90)
        cv.blit(ghost, ghost.get_rect(center=(w // 2, mid)))
    # the marquee
    sign = pygame.Rect(6, 6, w - 12, sign_h)
    cv.rect((18, 6, 26) if not hc else (0, 0, 0), sign, border_radius=10)
    frame = art.neon_frame(w - 16, sign_h - 4, c, 9, 2)
    cv.blit(frame, (8 - 12, 8 - 12))
    if not hc:  # bulbs round the sign
        for i in range(8, w - 16, 12):
            for y in (sign.y + 1, sign.bottom - 2):
                cv.circle(lighter(c, 0.65), (sign.x + i, y), 1.4)
    num = art.glow_text(str(n), "display", 44, c, 5)
    cv.blit(num, num.get_rect(midleft=(14, 6 + sign_h // 2 - 2)))
    label = CASINO_NAMES[n - 1].upper()
    room = w - 56 - 50
    # one size for the six names (the longest's), so a larger text size shrinks them all alike
    size = 17
    while size > 10 and max(art.measure(x.upper(), "display", size)[0] for x in CASINO_NAMES) > room:
        size -= 1
    name = art.glow_text(label, "display", size, c, 3)
    cv.blit(name, name.get_rect(midleft=(50, 6 + sign_h // 2 + 2)))
    d = art.die("neutral", n, 30)
    cv.blit(d, d.get_rect(topright=(w - 14, 14)))
    # the floor where the dice stand
    if h >= FLOOR_FROM:
        cv.blit(inset(w - 12, h - FLOOR_Y - 6, radius=10), (6, FLOOR_Y))
    return cv.image()


def floor_rect(r: pygame.Rect) -> pygame.Rect:
    """The floor of the casino tile at ``r`` (logical), where its dice stand."""
    return pygame.Rect(r.x + 6, r.y + FLOOR_Y, r.w - 12, r.h - FLOOR_Y - 6)


__all__ = ["emblem", "tile", "floor_rect", "FLOOR_Y", "FLOOR_H"]
