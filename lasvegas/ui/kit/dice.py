"""Dice: shaded bodies with sunk pips, one pip shape per colour (so colours can be told apart
without seeing colour), the Biggie, rotations for a throw, shadows, and the owner's marker.
(``art`` names them all: ``art.die``, ``art.symbol``…)"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from . import palette
from .canvas import Canvas, Img, as_img
from .lettering import soft_blur
from .palette import (
    BIG_SCALE, DARK_OWNERS, GOLD, PIP_SHAPES, _px, darker, lerp_rgb, lighter, owner_rgb, per_scale, pip_rgb,
)

_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}
_SS = 3  # supersampling for smooth edges


def draw_pip(surf, shape, centre, r, colour):
    x, y = centre
    if shape == "circle":
        pygame.draw.circle(surf, colour, centre, r)
    elif shape == "square":
        s = r * 0.9
        pygame.draw.rect(surf, colour, pygame.Rect(x - s, y - s, 2 * s, 2 * s), border_radius=int(r * 0.3))
    elif shape == "diamond":
        s = r * 1.25
        pygame.draw.polygon(surf, colour, [(x, y - s), (x + s, y), (x, y + s), (x - s, y)])
    elif shape == "triangle":
        s = r * 1.3
        pygame.draw.polygon(surf, colour, [(x, y - s), (x + s * 0.95, y + s * 0.7), (x - s * 0.95, y + s * 0.7)])
    elif shape == "ring":
        pygame.draw.circle(surf, colour, centre, r * 1.1)
        pygame.draw.circle(surf, (0, 0, 0, 0), centre, r * 0.5)
    elif shape == "star":
        s = r * 1.45
        pts = [(x + s * (1 if k % 2 == 0 else 0.45) * math.sin(k * math.pi / 5),
                y - s * (1 if k % 2 == 0 else 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
        pygame.draw.polygon(surf, colour, pts)
    elif shape == "heart":
        s = r * 0.62
        pygame.draw.circle(surf, colour, (x - s, y - s * 0.45), s * 1.05)
        pygame.draw.circle(surf, colour, (x + s, y - s * 0.45), s * 1.05)
        pygame.draw.polygon(surf, colour, [(x - s * 1.95, y - s * 0.1), (x + s * 1.95, y - s * 0.1), (x, y + s * 2.1)])
    elif shape == "plus":
        s, t = r * 1.2, r * 0.42
        pygame.draw.rect(surf, colour, pygame.Rect(x - s, y - t, 2 * s, 2 * t))
        pygame.draw.rect(surf, colour, pygame.Rect(x - t, y - s, 2 * t, 2 * s))
    else:
        pygame.draw.circle(surf, colour, centre, r)


@per_scale(512)
def die(owner: str, value: int, size: int, pip: str | None = None, *, k: float) -> Img:
    """A die of ``owner`` showing ``value`` (0: blank face), ``size`` wide; ``pip``: another pip
    shape than the owner's (a profile's picture)."""
    px = _px(size, k)
    S = px * _SS
    base = owner_rgb(owner)
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    rad = S // 5
    # edge (darker), body with a vertical light-to-base gradient, top-left shine
    edge = lighter(base, 0.45) if owner in DARK_OWNERS else darker(base, 0.45)
    pygame.draw.rect(surf, edge, (0, 0, S, S), border_radius=rad)
    grad = pygame.transform.scale(_gradient(lighter(base, 0.30), darker(base, 0.12)), (S, S))
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    inset = max(2, S // 18)
    pygame.draw.rect(mask, (255, 255, 255, 255), (inset, inset, S - 2 * inset, S - 3 * inset // 2 - inset),
                     border_radius=rad - inset)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grad, (0, 0))
    shine = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (255, 255, 255, 46), (S * 0.12, S * 0.08, S * 0.55, S * 0.3))
    surf.blit(shine, (0, 0))
    if palette.look().high_contrast:  # a light rim: every die stands out from the dark table
        pygame.draw.rect(surf, (250, 250, 246, 255), (0, 0, S, S), width=max(2, S // 22), border_radius=rad)
    if value:
        pc = pip_rgb(owner)
        shape = pip or PIP_SHAPES.get(owner, "circle")
        r = S * 0.085
        for fx, fy in _PIPS[value]:
            cx, cy = fx * S, fy * (S - inset // 2)
            # pips are sunk: a darker rim below, the pip above
            draw_pip(surf, shape, (cx, cy + S * 0.012), r * 1.08, darker(base, 0.5) + (255,))
            draw_pip(surf, shape, (cx, cy), r, pc + (255,))
    return as_img(pygame.transform.smoothscale(surf, (px, px)), k)


@lru_cache(maxsize=16)
def _gradient(top, bottom, n: int = 96) -> pygame.Surface:
    """A column from ``top`` to ``bottom`` in ``n`` steps (scaled to a die's size)."""
    col = pygame.Surface((1, n), pygame.SRCALPHA)
    for y in range(n):
        col.set_at((0, y), lerp_rgb(top, bottom, y / n))
    return col


def big_size(size: int) -> int:
    """How wide a Biggie is drawn beside its owner's dice of ``size`` pixels."""
    return int(round(size * BIG_SCALE))


@per_scale(128)
def big_die(owner: str, value: int, size: int, k: float) -> Img:
    """``owner``'s Biggie (it counts as two dice): a die ``BIG_SCALE`` times ``size``, with a gold rim."""
    S = big_size(size)
    surf = die(owner, value, S).copy()
    px = pygame.Surface.get_size(surf)[0]
    pygame.draw.rect(surf, GOLD, (0, 0, px, px), width=max(2, _px(S / 22, k)), border_radius=px // 5)
    return surf


_rot_cache: dict[tuple, pygame.Surface] = {}
palette.on_new_look(_rot_cache.clear)


def die_rotated(owner: str, value: int, size: int, angle: float) -> Img:
    step = int(round(angle / 10.0)) % 9  # a square repeats every 90 degrees
    key = (owner, value, size, step, palette.scale())
    s = _rot_cache.get(key)
    if s is None:
        if len(_rot_cache) > 2000:
            _rot_cache.clear()
        s = as_img(pygame.transform.rotozoom(die(owner, value, size), step * 10, 1.0), palette.scale())
        _rot_cache[key] = s
    return s


@per_scale(64)
def die_shadow(size: int, k: float) -> Img:
    c = Canvas.new((size + 12, size + 12), k)
    c.rect((0, 0, 0, 110), (6, 8, size, size), border_radius=size // 5)
    return as_img(soft_blur(c.surface, 4, k), k)


@per_scale(64)
def symbol(owner: str, size: int, k: float) -> Img:
    """The owner's pip shape in its colour: a colour-blind-safe marker."""
    px = _px(size, k)
    S = px * _SS
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    shape = PIP_SHAPES.get(owner, "circle")
    if owner in DARK_OWNERS:  # a light rim, so a dark colour shows on the dark felt
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            draw_pip(surf, shape, (S / 2 + dx * S * 0.05, S / 2 + dy * S * 0.05), S * 0.36, (215, 215, 225, 255))
    draw_pip(surf, shape, (S / 2, S / 2), S * 0.36, owner_rgb(owner) + (255,))
    return as_img(pygame.transform.smoothscale(surf, (px, px)), k)
