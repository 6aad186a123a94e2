"""A win celebrated: rays of light behind the headline, a gold medal with the winner's pip shape,
confetti in the players' colours (falling, or lying still with reduced motion)."""

from __future__ import annotations

import math

import pygame

from ...kit import art
from ...kit.art import GOLD, lighter, per_scale
from ...kit.podium import medal  # noqa: F401  (celebrate.medal: the one both games draw)
from ...kit.canvas import Canvas, Img, as_img

#: confetti pieces over a celebration, and how long one takes to fall through it (seconds)
PIECES, FALL = 46, 5.0
#: confetti falls through its box twice, then lies still where it began (nothing moves on a waiting screen)
SETTLE = 2 * FALL


@per_scale(8)
def rays(w: int, h: int, colour, *, k: float) -> Img:
    """A fan of soft light rays from the middle of the top edge, in ``colour`` (none in high contrast)."""
    cv = Canvas.new((w, h), k)
    if art.look().high_contrast:
        return cv.image()
    cx, cy = w / 2, h * 0.35
    reach = math.hypot(w, h)
    for i in range(18):
        a0 = i * 2 * math.pi / 18
        a1 = a0 + math.pi / 36
        cv.polygon(tuple(colour) + (38,), [(cx, cy), (cx + math.cos(a0) * reach, cy + math.sin(a0) * reach),
                                            (cx + math.cos(a1) * reach, cy + math.sin(a1) * reach)])
    glow = Canvas.new((w, h), k)
    glow.ellipse(tuple(lighter(colour, 0.3)) + (70,), (w * 0.2, h * 0.05, w * 0.6, h * 0.6))
    cv.blit(as_img(art.soft_blur(glow.surface, 24, k), k), (0, 0))
    return as_img(art.soft_blur(cv.surface, 3, k), k)


def confetti(surface, box, t: float, owners, still: bool = False) -> None:
    """Confetti in ``owners``' colours (and gold) over ``box``, ``t`` seconds after it began to
    fall; ``still``: scattered where it lies, nothing moving.  A fixed pattern, no random numbers."""
    if art.look().high_contrast:  # flat and still: nothing falls over the text
        return
    box = pygame.Rect(box)
    still = still or t >= SETTLE
    colours = [art.owner_rgb(o) for o in owners] + [GOLD]
    for i in range(PIECES):
        x0 = box.x + (i * 137) % box.w
        phase = ((i * 61) % 100) / 100
        fall = phase if still else (phase + t / FALL) % 1.0
        y = box.y + fall * box.h
        x = x0 + (0 if still else 10 * math.sin(t * 2 + i))
        col = colours[i % len(colours)]
        turn = (i * 0.7 + (0 if still else t * 3)) % math.pi
        w, h = 7, max(1.0, 4 * abs(math.cos(turn)))
        surface.rect(col, (int(x), int(y), w, int(h) + 1))
