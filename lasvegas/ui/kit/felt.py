"""The table's cloth and what lies on it: felt with depth (a padded rail, a pool of light, the
nap's mottle and weave), soft shadows, recessed trays and player mats.  Every grain comes from
a fixed cosmetic seed: the same felt every time, whatever game is played on it."""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from .canvas import Canvas, Img, as_img
from .lettering import soft_blur
from .palette import FELT, FELT_DARK, _px, darker, lerp_rgb, lighter, look, owner_rgb, per_scale

#: the rail round the table: dark lacquered wood with a brass line
RAIL = (44, 24, 14)
BRASS = (196, 156, 80)
RAIL_W = 6
#: the felt's cosmetic seed (fixed: it never meets the game's random numbers)
SEED = 1961


@per_scale(4)
def felt(w: int, h: int, k: float) -> Img:
    """The table: green felt lit from above the middle, darker towards a padded wooden rail,
    with a mottled nap and a fine weave; high contrast: plain black."""
    pw, ph = _px(w, k), _px(h, k)
    if look().high_contrast:
        black = pygame.Surface((pw, ph))
        black.fill((0, 0, 0))
        return as_img(black, k)
    surf = Img((pw, ph))  # drawn straight into the image kept (no copy of the window's size)
    surf.k = k
    pygame.transform.smoothscale(_lamp(), (pw, ph), surf)
    surf.blit(pygame.transform.smoothscale(_nap(), (pw, ph)), (0, 0))
    dots = _weave()
    tw, th = dots.get_size()
    for y in range(0, ph, th):
        for x in range(0, pw, tw):
            surf.blit(dots, (x, y))
    # the cloth sinks towards the rail: a soft inner shadow, ring by ring (no blur of the whole window),
    # drawn on the four bands along the edges that it covers (not on a transparent window's size)
    rings = max(1, int(18 * k))
    inner = _px(RAIL_W, k)
    band = inner + rings
    if 2 * band < min(pw, ph):
        parts = ((0, 0, pw, band), (0, ph - band, pw, band), (0, band, band, ph - 2 * band),
                 (pw - band, band, band, ph - 2 * band))
    else:
        parts = ((0, 0, pw, ph),)
    for x0, y0, w0, h0 in parts:
        edge = pygame.Surface((w0, h0), pygame.SRCALPHA)
        for i in range(rings):
            a = int(130 * (1 - i / rings) ** 2)
            pygame.draw.rect(edge, (0, 0, 0, a),
                             (inner + i - x0, inner + i - y0, pw - 2 * (inner + i), ph - 2 * (inner + i)), 1)
        surf.blit(edge, (x0, y0))
    cv = Canvas(surf, k)
    # the rail: wood, a lit top edge, a brass inlay
    cv.rect(RAIL, (0, 0, w, h), width=RAIL_W)
    cv.rect(lighter(RAIL, 0.18), (0, 0, w, h), width=2)
    cv.rect(BRASS, (RAIL_W - 1, RAIL_W - 1, w - 2 * RAIL_W + 2, h - 2 * RAIL_W + 2), width=1)
    return cv.image()


@lru_cache(maxsize=1)
def _weave() -> pygame.Surface:
    """The felt's weave: faint dots, one pixel each at every scale, on a tile repeated over the felt."""
    rng = random.Random(7)
    n = 256
    dots = pygame.Surface((n, n), pygame.SRCALPHA)
    for _ in range(n * n // 180):
        x, y = rng.randrange(n), rng.randrange(n)
        a = rng.randrange(8, 22)
        dots.set_at((x, y), (0, 0, 0, a) if rng.random() < 0.5 else (255, 255, 255, a // 2))
    return dots


@lru_cache(maxsize=1)
def _lamp() -> pygame.Surface:
    """The light on the felt, small: a pool over the upper middle falling off to the edges."""
    small = pygame.Surface((32, 18))
    top = lighter(FELT, 0.08)
    for y in range(18):
        for x in range(32):
            dx, dy = (x - 15.5) / 17, (y - 7) / 11
            t = min(1.0, math.hypot(dx, dy) * 0.85)
            small.set_at((x, y), lerp_rgb(top, FELT_DARK, t * t))
    return small


@lru_cache(maxsize=1)
def _nap() -> pygame.Surface:
    """The cloth's nap, small: soft blotches of lighter and darker cloth (a fixed cosmetic seed)."""
    rng = random.Random(SEED)
    nap = pygame.Surface((48, 27), pygame.SRCALPHA)
    for y in range(27):
        for x in range(48):
            v = rng.random()
            nap.set_at((x, y), (255, 255, 255, int(v * 10)) if v > 0.5 else (0, 0, 0, int((1 - v) * 16)))
    return nap


@per_scale(96)
def shadow(w: int, h: int, radius: int = 12, spread: int = 8, alpha: int = 120, *, k: float) -> Img:
    """A soft shadow for a ``w``×``h`` shape: blit it at the shape's top left minus ``spread``
    (plus the drop you want)."""
    cv = Canvas.new((w + 2 * spread, h + 2 * spread), k)
    cv.fill((0, 0, 0, 0))
    cv.rect((0, 0, 0, alpha), (spread, spread, w, h), border_radius=radius)
    return as_img(soft_blur(cv.surface, max(2, spread // 2), k), k)


def drop(surface, rect, radius: int = 12, spread: int = 8, dy: int = 5, alpha: int = 120) -> None:
    """A soft shadow under ``rect``, as if lit from above (nothing in high contrast)."""
    if look().high_contrast:
        return
    r = pygame.Rect(rect)
    surface.blit(shadow(r.w, r.h, radius, spread, alpha), (r.x - spread, r.y - spread + dy))


@per_scale(32)
def inset(w: int, h: int, colour=(9, 44, 30), radius: int = 12, *, k: float) -> Img:
    """A recessed tray of felt: darker cloth with a shadow along its top and left edges and a
    lit lip along the bottom."""
    cv = Canvas.new((w, h), k)
    if look().high_contrast:
        cv.rect((0, 0, 0), (0, 0, w, h), border_radius=radius)
        cv.rect((255, 255, 255), (0, 0, w, h), width=2, border_radius=radius)
        return cv.image()
    cv.rect(colour + (255,), (0, 0, w, h), border_radius=radius)
    lip = Canvas.new((w, h), k)
    lip.rect((0, 0, 0, 150), (0, 0, w, h), width=7, border_radius=radius)
    blurred = soft_blur(lip.surface, 4, k)
    cv.blit(as_img(blurred, k), (0, 0))
    cv.rect((255, 255, 255, 40), (radius // 2, h - 2, w - radius, 1))
    cv.rect((0, 0, 0, 200), (0, 0, w, h), width=1, border_radius=radius)
    # keep the corners clear of the shadow
    mask = Canvas.new((w, h), k)
    mask.rect((255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    cv.surface.blit(mask.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return cv.image()


@per_scale(48)
def mat(w: int, h: int, owner: str, compact: bool = False, *, k: float) -> Img:
    """A player's mat: stitched cloth in a deep shade of the seat's colour, a leather band of the
    colour on the left with the seat's pip shape embossed, a stitched edge."""
    rgb = owner_rgb(owner)
    radius = 10 if compact else 12
    cv = Canvas.new((w, h), k)
    if look().high_contrast:
        cv.rect((0, 0, 0), (0, 0, w, h), border_radius=radius)
        cv.rect((255, 255, 255), (0, 0, w, h), width=2, border_radius=radius)
        cv.rect(rgb, (0, 0, 8, h), border_top_left_radius=radius, border_bottom_left_radius=radius)
        return cv.image()
    base = lerp_rgb(rgb, (12, 22, 18), 0.82)
    cv.rect(darker(base, 0.4), (0, 0, w, h), border_radius=radius)
    cv.rect(base, (1, 1, w - 2, h - 2), border_radius=radius)
    for y in range(1, min(h - 2, 40), 2):  # light from above on the mat's upper edge
        cv.rect(lighter(base, 0.08 * (1 - y / 40)), (1, y, w - 2, 2))
    # stitches along the edge
    step, inset_ = 7, 4
    for x in range(radius, w - radius, step):
        cv.line(lighter(base, 0.28), (x, inset_), (x + 3, inset_), 1)
        cv.line(lighter(base, 0.28), (x, h - inset_ - 1), (x + 3, h - inset_ - 1), 1)
    band = 8
    cv.rect(darker(rgb, 0.1), (0, 0, band, h), border_top_left_radius=radius, border_bottom_left_radius=radius)
    cv.rect(lighter(rgb, 0.3), (1, 2, 1, h - 4))
    return cv.image()
