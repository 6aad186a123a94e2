"""The payout's flourish: where a bill lands on its winner's mat, a burst of gold chips and
sparks and a ring of light; with reduced motion only the ring, fading in place."""

from __future__ import annotations

import math

from ...kit import art
from ...kit.anim import Tween, ease_out_cubic
from ...kit.art import GOLD, lighter

#: chips in a burst, and how far they fly (logical units)
CHIPS, REACH = 14, 70


class Flourish:
    """A burst at ``centre`` after ``delay`` seconds, lasting ``duration``; drawn over the table."""

    kind = "flourish"

    def __init__(self, centre, colour=GOLD, delay: float = 0.0, duration: float = 0.7) -> None:
        self.centre = centre
        self.colour = tuple(colour)
        self.tween = Tween(duration, ease_out_cubic, delay)

    def update(self, dt: float) -> None:
        self.tween.update(dt)

    def draw(self, surface) -> None:
        if not self.tween.started or self.tween.done:
            return
        t = self.tween.value
        cx, cy = self.centre
        fade = 1.0 - self.tween.raw
        if art.look().reduced_motion:  # calm: a still ring of light that fades where the bill landed
            ring = art.neon_frame(60, 60, self.colour, 30, 2).copy()
            ring.set_alpha(int(220 * fade))
            surface.blit(ring, ring.get_rect(center=(cx, cy)))
        else:
            surface.circle(lighter(self.colour, 0.4), (cx, cy), 30 + 40 * t, 2)
        if art.look().reduced_motion:
            return
        for i in range(CHIPS):  # gold chips thrown up and out, falling back a little
            ang = i * 2 * math.pi / CHIPS + (i % 3) * 0.21
            d = REACH * t * (0.6 + 0.4 * ((i * 7) % 5) / 4)
            x = cx + math.cos(ang) * d
            y = cy + math.sin(ang) * d * 0.7 + 30 * t * t
            size = 3 + (i % 3)
            col = GOLD if i % 2 else lighter(self.colour, 0.3)
            surface.circle(col, (x, y), size * (0.4 + fade * 0.6))
            if i % 3 == 0:
                surface.circle(lighter(GOLD, 0.7), (x, y), 1.2)
