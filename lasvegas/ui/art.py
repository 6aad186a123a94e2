"""All the game's art, drawn in code at start-up and cached.

Dice (real pips, shading, one pip shape per colour so colours can be told
apart without seeing colour), casino tiles with neon signs, bills coloured by
value, the felt, fonts and cached text.  Nothing here changes game state.
"""

from __future__ import annotations

import math
import random
import struct
from functools import lru_cache

import pygame

from . import cmap, paths
from .i18n import current

# ------------------------------------------------------------------ palette
FELT = (14, 66, 44)
FELT_DARK = (6, 30, 20)
INK = (242, 236, 220)
INK_DIM = (170, 180, 170)
GOLD = (246, 196, 72)
DANGER = (255, 92, 92)
PANEL = (10, 20, 16)

#: owner -> die body colour (chosen to stay apart for common colour blindness,
#: and every colour also has its own pip shape)
DIE_COLOURS = {
    "red": (214, 52, 52),
    "blue": (40, 110, 220),
    "green": (30, 150, 80),
    "yellow": (246, 200, 40),
    "purple": (140, 70, 190),
    "neutral": (238, 236, 228),
}
#: owner -> pip shape
PIP_SHAPES = {
    "red": "circle", "blue": "square", "green": "diamond",
    "yellow": "triangle", "purple": "ring", "neutral": "circle",
}
PIP_COLOURS = {"yellow": (40, 30, 10), "neutral": (25, 25, 30)}
NEON = [(255, 70, 160), (60, 220, 255), (255, 220, 60), (90, 255, 120), (255, 140, 40), (190, 110, 255)]
CASINO_NAMES = ("The Ace", "Double Down", "Triple Seven", "Four Queens", "High Five", "Sixth Sense")
BILL_COLOURS = {
    10_000: (150, 196, 130), 20_000: (120, 176, 214), 30_000: (190, 160, 214),
    40_000: (244, 176, 80), 50_000: (232, 112, 100), 60_000: (80, 196, 176),
    70_000: (240, 214, 110), 80_000: (214, 130, 70), 90_000: (226, 190, 40),
}


def owner_rgb(owner: str) -> tuple[int, int, int]:
    return DIE_COLOURS.get(owner, (200, 200, 200))


def lerp_rgb(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def lighter(c, t=0.35):
    return lerp_rgb(c, (255, 255, 255), t)


def darker(c, t=0.35):
    return lerp_rgb(c, (0, 0, 0), t)


# -------------------------------------------------------------------- fonts
_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def font(role: str, size: int, fallback: bool = False) -> pygame.font.Font:
    key = (role, size, fallback)
    f = _fonts.get(key)
    if f is None:
        path = paths.font_file(role, fallback)
        try:
            f = pygame.font.Font(str(path), size) if path else None
        except (OSError, pygame.error):
            f = None
        if f is None:
            f = pygame.font.Font(None, int(size * 1.3))
            if role in ("bold", "black", "display"):
                f.set_bold(True)
        _fonts[key] = f
    return f


_text_cache: dict[tuple, pygame.Surface] = {}
_covered: dict[tuple[str, bool], frozenset | None] = {}


def covered(role: str, fallback: bool = False) -> frozenset | None:
    """The characters the font of ``role`` (or its fallback) has (None: not known)."""
    key = (role, fallback)
    if key not in _covered:
        path = paths.font_file(role, fallback)
        try:
            _covered[key] = cmap.characters(str(path)) if path else None
        except (OSError, KeyError, ValueError, struct.error):
            _covered[key] = None
    return _covered[key]


def runs(s: str, role: str) -> list[tuple[str, bool]]:
    """``s`` cut where the font changes: (text, drawn with the fallback font)."""
    own = covered(role)
    if s.isascii() or own is None or all(ord(c) in own for c in s):
        return [(s, False)]
    alt = covered(role, True) or frozenset()
    out: list[tuple[str, bool]] = []
    for c in s:
        fb = ord(c) not in own and ord(c) in alt
        if out and out[-1][1] == fb:
            out[-1] = (out[-1][0] + c, fb)
        else:
            out.append((c, fb))
    return out


def measure(s: str, role: str, size: int) -> tuple[int, int]:
    """The size ``s`` takes when drawn (with the fallback font where the role's own lacks a character)."""
    s = current(s)
    parts = runs(s, role)
    if len(parts) == 1 and not parts[0][1]:
        return font(role, size).size(s)
    return (sum(font(role, size, fb).size(t)[0] for t, fb in parts),
            max(font(role, size, fb).get_height() for t, fb in parts))


def fit(s: str, role: str, size: int, width: int, smallest: int = 11) -> int:
    """The largest size up to ``size`` at which ``s`` fits in ``width`` pixels (a long name, a long language)."""
    while size > smallest and measure(s, role, size)[0] > width:
        size -= 1
    return size


def _render(s: str, role: str, size: int, colour) -> pygame.Surface:
    parts = runs(s, role)
    if len(parts) == 1 and not parts[0][1]:
        return font(role, size).render(s, True, colour)
    imgs = [(font(role, size, fb), font(role, size, fb).render(t, True, colour)) for t, fb in parts]
    ascent = max(f.get_ascent() for f, _i in imgs)
    height = max(ascent - f.get_ascent() + i.get_height() for f, i in imgs)
    out = pygame.Surface((sum(i.get_width() for _f, i in imgs), height), pygame.SRCALPHA)
    x = 0
    for f, i in imgs:
        out.blit(i, (x, ascent - f.get_ascent()))
        x += i.get_width()
    return out


def reset_fonts() -> None:
    _fonts.clear()


def text(s: str, role: str = "body", size: int = 20, colour=INK) -> pygame.Surface:
    s = current(s)  # a text made by _() before a change of language: in the new one
    key = (s, role, size, colour)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = _render(s, role, size, colour)
        _text_cache[key] = surf
    return surf


def blit_text(dst, s, pos, role="body", size=20, colour=INK, anchor="topleft", shadow=False):
    surf = text(s, role, size, colour)
    r = surf.get_rect(**{anchor: pos})
    if shadow:
        dst.blit(text(s, role, size, (0, 0, 0)), r.move(2, 2))
    dst.blit(surf, r)
    return r


def wrap(s: str, role: str, size: int, width: int) -> list[str]:
    s = current(s)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = (line + " " + word).strip()
            if measure(trial, role, size)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def blit_wrapped(dst, s, pos, width, role="body", size=20, colour=INK, spacing=1.25) -> int:
    x, y = pos
    step = int(font(role, size).get_linesize() * spacing * 0.85)
    for line in wrap(s, role, size, width):
        if line:
            dst.blit(text(line, role, size, colour), (x, y))
        y += step
    return y


def glow_text(s: str, role: str, size: int, colour, glow: int = 6) -> pygame.Surface:
    """Neon lettering: the text over a soft blur of itself."""
    s = current(s)
    key = ("glow", s, role, size, colour, glow)
    surf = _text_cache.get(key)
    if surf is None:
        core = _render(s, role, size, lighter(colour, 0.55))
        halo = _render(s, role, size, colour)
        w, h = core.get_width() + glow * 4, core.get_height() + glow * 4
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.fill(tuple(colour) + (0,))  # transparent pixels keep the colour: no dark fringe
        surf.blit(halo, (glow * 2, glow * 2))
        surf = blur(surf, glow)
        surf.blit(blur(surf, glow), (0, 0))
        surf.blit(halo, (glow * 2, glow * 2))
        surf.blit(core, (glow * 2, glow * 2))
        _text_cache[key] = surf
    return surf


def blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    try:
        return pygame.transform.gaussian_blur(surf, radius)
    except (AttributeError, ValueError, pygame.error):
        w, h = surf.get_size()
        k = max(2, radius)
        small = pygame.transform.smoothscale(surf, (max(1, w // k), max(1, h // k)))
        return pygame.transform.smoothscale(small, (w, h))


# --------------------------------------------------------------------- dice
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
    else:
        pygame.draw.circle(surf, colour, centre, r)


@lru_cache(maxsize=512)
def die(owner: str, value: int, size: int, pip: str | None = None) -> pygame.Surface:
    """A die of ``owner`` showing ``value`` (0: blank face), ``size`` pixels wide; ``pip``: another
    pip shape than the owner's (a profile's picture)."""
    S = size * _SS
    base = owner_rgb(owner)
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    rad = S // 5
    # edge (darker), body with a vertical light-to-base gradient, top-left shine
    pygame.draw.rect(surf, darker(base, 0.45), (0, 0, S, S), border_radius=rad)
    grad = pygame.Surface((S, S), pygame.SRCALPHA)
    top, bottom = lighter(base, 0.30), darker(base, 0.12)
    for y in range(S):
        pygame.draw.line(grad, lerp_rgb(top, bottom, y / S), (0, y), (S, y))
    mask = pygame.Surface((S, S), pygame.SRCALPHA)
    inset = max(2, S // 18)
    pygame.draw.rect(mask, (255, 255, 255, 255), (inset, inset, S - 2 * inset, S - 3 * inset // 2 - inset),
                     border_radius=rad - inset)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grad, (0, 0))
    shine = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.ellipse(shine, (255, 255, 255, 46), (S * 0.12, S * 0.08, S * 0.55, S * 0.3))
    surf.blit(shine, (0, 0))
    if value:
        pc = PIP_COLOURS.get(owner, (250, 250, 246))
        shape = pip or PIP_SHAPES.get(owner, "circle")
        r = S * 0.085
        for fx, fy in _PIPS[value]:
            cx, cy = fx * S, fy * (S - inset // 2)
            # pips are sunk: a darker rim below, the pip above
            draw_pip(surf, shape, (cx, cy + S * 0.012), r * 1.08, darker(base, 0.5) + (255,))
            draw_pip(surf, shape, (cx, cy), r, pc + (255,))
    return pygame.transform.smoothscale(surf, (size, size))


_rot_cache: dict[tuple, pygame.Surface] = {}


def die_rotated(owner: str, value: int, size: int, angle: float) -> pygame.Surface:
    step = int(round(angle / 10.0)) % 9  # a square repeats every 90 degrees
    key = (owner, value, size, step)
    s = _rot_cache.get(key)
    if s is None:
        s = pygame.transform.rotozoom(die(owner, value, size), step * 10, 1.0)
        _rot_cache[key] = s
    return s


@lru_cache(maxsize=64)
def die_shadow(size: int) -> pygame.Surface:
    s = pygame.Surface((size + 12, size + 12), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 110), (6, 8, size, size), border_radius=size // 5)
    return blur(s, 4)


@lru_cache(maxsize=64)
def symbol(owner: str, size: int) -> pygame.Surface:
    """The owner's pip shape in its colour: a colour-blind-safe marker."""
    S = size * _SS
    surf = pygame.Surface((S, S), pygame.SRCALPHA)
    draw_pip(surf, PIP_SHAPES.get(owner, "circle"), (S / 2, S / 2), S * 0.36, owner_rgb(owner) + (255,))
    return pygame.transform.smoothscale(surf, (size, size))


# -------------------------------------------------------------------- bills
def bill_rgb(value: int):
    return BILL_COLOURS.get(value, (200, 200, 200))


@lru_cache(maxsize=128)
def bill(value: int, w: int, h: int) -> pygame.Surface:
    c = bill_rgb(value)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(3, h // 6)
    pygame.draw.rect(surf, darker(c, 0.45), (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, c, (2, 2, w - 4, h - 4), border_radius=r - 1)
    pygame.draw.rect(surf, lighter(c, 0.45), (5, 4, w - 10, h - 8), width=1, border_radius=max(2, r - 3))
    if w < 100:  # a small bill: just its value in thousands
        label = text(f"${value // 1000}k", "display", max(11, int(h * 0.72)), darker(c, 0.72))
        surf.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
        return surf
    # emblem circles at both ends
    er = max(4, h // 2 - 5)
    for cx in (5 + er + 3, w - 5 - er - 3):
        pygame.draw.circle(surf, lighter(c, 0.25), (cx, h // 2), er)
        pygame.draw.circle(surf, darker(c, 0.35), (cx, h // 2), er, 1)
    k = value // 1000
    small = text(str(k), "display", max(10, int(er * 1.2)), darker(c, 0.6))
    for cx in (5 + er + 3, w - 5 - er - 3):
        surf.blit(small, small.get_rect(center=(cx, h // 2 + 1)))
    label = text(f"${value:,}", "display", max(12, int(h * 0.62)), darker(c, 0.72))
    surf.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
    return surf


@lru_cache(maxsize=16)
def bill_back(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(3, h // 6)
    pygame.draw.rect(surf, (40, 20, 60), (0, 0, w, h), border_radius=r)
    pygame.draw.rect(surf, (120, 80, 170), (2, 2, w - 4, h - 4), width=2, border_radius=r - 1)
    for x in range(-h, w, 8):
        pygame.draw.line(surf, (70, 40, 100), (x, 4), (x + h - 8, h - 4), 1)
    label = text("LV", "display", max(12, int(h * 0.6)), GOLD)
    surf.blit(label, label.get_rect(center=(w // 2, h // 2)))
    return surf


# ------------------------------------------------------------- felt & tiles
@lru_cache(maxsize=4)
def felt(w: int, h: int) -> pygame.Surface:
    """Dark casino felt: a vignette and a fine weave (fixed cosmetic seed)."""
    small = pygame.Surface((32, 18))
    for y in range(18):
        for x in range(32):
            dx, dy = (x - 15.5) / 16, (y - 8.5) / 9
            t = min(1.0, math.hypot(dx, dy) * 0.8)
            small.set_at((x, y), lerp_rgb(FELT, FELT_DARK, t * t))
    surf = pygame.transform.smoothscale(small, (w, h))
    rng = random.Random(7)
    dots = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(w * h // 180):
        x, y = rng.randrange(w), rng.randrange(h)
        a = rng.randrange(8, 22)
        dots.set_at((x, y), (0, 0, 0, a) if rng.random() < 0.5 else (255, 255, 255, a // 2))
    surf.blit(dots, (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf


def panel(w: int, h: int, colour=PANEL, alpha=210, border=(255, 255, 255, 28), radius=12) -> pygame.Surface:
    return _panel(w, h, colour, alpha, border, radius)


@lru_cache(maxsize=128)
def _panel(w, h, colour, alpha, border, radius):
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, tuple(colour) + (alpha,), (0, 0, w, h), border_radius=radius)
    if border:
        pygame.draw.rect(s, border, (0, 0, w, h), width=1, border_radius=radius)
    return s


@lru_cache(maxsize=64)
def neon_frame(w: int, h: int, colour, radius: int = 14, width: int = 3) -> pygame.Surface:
    pad = 12
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    s.fill(tuple(colour) + (0,))
    pygame.draw.rect(s, colour + (200,), (pad, pad, w, h), width=width + 3, border_radius=radius)
    s = blur(s, 6)
    pygame.draw.rect(s, lighter(colour, 0.5) + (255,), (pad, pad, w, h), width=width, border_radius=radius)
    return s


@lru_cache(maxsize=16)
def casino_tile(n: int, w: int, h: int, sign_h: int) -> pygame.Surface:
    """Casino ``n`` (1-6): a dark panel with its neon sign, number and die face."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    c = NEON[n - 1]
    pygame.draw.rect(surf, (8, 18, 14, 200), (0, 0, w, h), border_radius=14)
    pygame.draw.rect(surf, (255, 255, 255, 26), (0, 0, w, h), width=1, border_radius=14)
    sign = pygame.Surface((w - 12, sign_h), pygame.SRCALPHA)
    pygame.draw.rect(sign, (18, 6, 26, 255), sign.get_rect(), border_radius=10)
    surf.blit(sign, (6, 6))
    frame = neon_frame(w - 16, sign_h - 4, c, 9, 2)
    surf.blit(frame, (8 - 12, 8 - 12))
    num = glow_text(str(n), "display", 44, c, 5)
    surf.blit(num, num.get_rect(midleft=(14, 6 + sign_h // 2 - 2)))
    label = CASINO_NAMES[n - 1].upper()
    room = w - 56 - 50
    size = 17
    while size > 10 and font("display", size).size(label)[0] > room:
        size -= 1
    name = glow_text(label, "display", size, c, 3)
    surf.blit(name, name.get_rect(midleft=(56 - 6, 6 + sign_h // 2 + 2)))
    d = die("neutral", n, 30)
    surf.blit(d, d.get_rect(topright=(w - 14, 14)))
    return surf


@lru_cache(maxsize=8)
def logo(size: int) -> pygame.Surface:
    top = glow_text("LAS", "display", int(size * 0.55), NEON[0], 8)
    bottom = glow_text("VEGAS", "display", size, NEON[2], 10)
    w = max(top.get_width(), bottom.get_width())
    s = pygame.Surface((w, top.get_height() + bottom.get_height() - size // 3), pygame.SRCALPHA)
    s.blit(top, top.get_rect(midtop=(w // 2, 0)))
    s.blit(bottom, bottom.get_rect(midtop=(w // 2, top.get_height() - size // 3)))
    return s


def warm_up() -> None:
    """Draw what the first scenes need (called once at start-up)."""
    for o in DIE_COLOURS:
        for v in range(1, 7):
            die(o, v, 44)
    for v in BILL_COLOURS:
        bill(v, 150, 30)
