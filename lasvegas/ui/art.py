"""All the game's art, drawn in code at start-up and cached.

Dice (real pips, shading, one pip shape per colour so colours can be told
apart without seeing colour), casino tiles with neon signs, bills coloured by
value, the felt, fonts and cached text.  Nothing here changes game state.

Sizes are logical (the 1280×720 design space); everything is drawn at the UI
scale the app sets (``set_scale``), at the window's own resolution, and cached
per (arguments, scale).  What comes back is an ``Img``: its real pixels are the
scaled ones, its ``get_size``/``get_rect`` are logical (see ``canvas``).
"""

from __future__ import annotations

import random
import struct
from functools import lru_cache, wraps

import pygame

from . import cmap, paths
from .canvas import Canvas, Img, as_img
from .i18n import current
from .look import Look

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
    "orange": (240, 128, 24),
    "pink": (240, 120, 190),
    "black": (52, 52, 60),
    "neutral": (238, 236, 228),
}
#: colour-vision setting -> owner -> die body colour.  Each palette keeps every pair of
#: colours (and the neutral dice) at least 20 CIEDE2000 apart as a person with that
#: colour vision sees them (Machado 2009 simulation; tests/ui/test_access.py); an owner a
#: palette does not know is drawn in the normal palette's colour.
PALETTES = {
    "normal": DIE_COLOURS,
    "protanopia": {
        "red": (198, 41, 7), "blue": (161, 193, 255), "green": (94, 137, 129), "yellow": (138, 255, 72),
        "purple": (137, 8, 99), "orange": (255, 123, 0), "pink": (207, 53, 231), "black": (46, 13, 5),
        "neutral": DIE_COLOURS["neutral"]},
    "deuteranopia": {
        "red": (153, 20, 0), "blue": (74, 104, 212), "green": (51, 91, 83), "yellow": (255, 246, 3),
        "purple": (206, 156, 255), "orange": (175, 141, 0), "pink": (244, 28, 147), "black": (0, 11, 70),
        "neutral": DIE_COLOURS["neutral"]},
    "tritanopia": {
        "red": (95, 73, 44), "blue": (113, 145, 233), "green": (2, 255, 134), "yellow": (245, 168, 4),
        "purple": (27, 88, 132), "orange": (199, 26, 0), "pink": (195, 0, 251), "black": (0, 11, 22),
        "neutral": DIE_COLOURS["neutral"]},
}
#: high contrast: the theme's text colours drawn brighter (other colours are left alone)
HIGH_CONTRAST_INK = {INK: (255, 255, 255), INK_DIM: (236, 236, 230), (110, 118, 112): (190, 190, 184),
                     (120, 120, 110): (196, 196, 180)}
#: owner -> pip shape
PIP_SHAPES = {
    "red": "circle", "blue": "square", "green": "diamond",
    "yellow": "triangle", "purple": "ring", "orange": "star", "pink": "heart", "black": "plus",
    "neutral": "circle",
}
PIP_COLOURS = {"yellow": (40, 30, 10), "orange": (40, 22, 6), "neutral": (25, 25, 30)}
#: owners whose colour is too dark to read on the felt alone: their markers get a light rim
DARK_OWNERS = frozenset({"black"})
#: a Biggie is drawn this much wider than its owner's other dice
BIG_SCALE = 1.3
NEON = [(255, 70, 160), (60, 220, 255), (255, 220, 60), (90, 255, 120), (255, 140, 40), (190, 110, 255)]
CASINO_NAMES = ("The Ace", "Double Down", "Triple Seven", "Four Queens", "High Five", "Sixth Sense")
BILL_COLOURS = {
    10_000: (150, 196, 130), 20_000: (120, 176, 214), 30_000: (190, 160, 214),
    40_000: (244, 176, 80), 50_000: (232, 112, 100), 60_000: (80, 196, 176),
    70_000: (240, 214, 110), 80_000: (214, 130, 70), 90_000: (226, 190, 40),
    100_000: (222, 226, 236),  # the Boulevard's platinum bill
}


_look = Look()


def look() -> Look:
    """The look in force (theme, colour vision, text size, motion)."""
    return _look


def set_look(new: Look) -> bool:
    """Draw from now on with ``new``; every cached drawing is made again.  True if it changed."""
    global _look
    if new == _look:
        return False
    _look = new
    reset_fonts()
    _text_cache.clear()
    _rot_cache.clear()
    for cached in _CACHED:
        cached.cache_clear()
    return True


def owner_rgb(owner: str) -> tuple[int, int, int]:
    """The body colour of ``owner``'s dice in the colour-vision palette in force."""
    colour = PALETTES.get(_look.colour_vision, DIE_COLOURS).get(owner)
    return colour or DIE_COLOURS.get(owner, (200, 200, 200))


def ink(colour):
    """A text colour as the theme draws it (high contrast: brighter)."""
    if _look.high_contrast:
        return HIGH_CONTRAST_INK.get(tuple(colour), colour)
    return colour


def pip_rgb(owner: str) -> tuple[int, int, int]:
    """Dark pips on a light body, light pips on a dark one."""
    if owner in PIP_COLOURS and _look.colour_vision == "normal":
        return PIP_COLOURS[owner]
    r, g, b = owner_rgb(owner)
    return (25, 25, 30) if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (250, 250, 246)


def lerp_rgb(a, b, t):
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def lighter(c, t=0.35):
    return lerp_rgb(c, (255, 255, 255), t)


def darker(c, t=0.35):
    return lerp_rgb(c, (0, 0, 0), t)


# -------------------------------------------------------------------- scale
_scale = 1.0


def set_scale(k: float) -> None:
    """Draw everything from now on at UI scale ``k`` (pixels per logical unit)."""
    global _scale
    _scale = k


def scale() -> float:
    return _scale


def _px(v: float, k: float | None = None) -> int:
    return max(1, int(v * (_scale if k is None else k) + 0.5))


#: every drawing cached by ``per_scale`` (a change of look draws them all again)
_CACHED: list = []


def per_scale(maxsize: int):
    """Cache an art function per (arguments, scale): it is called with ``k=`` the scale now."""
    def deco(fn):
        cached = lru_cache(maxsize=maxsize)(fn)
        _CACHED.append(cached)

        @wraps(fn)
        def at_scale(*args, **kw):
            return cached(*args, k=_scale, **kw)
        at_scale.cache_clear = cached.cache_clear
        return at_scale
    return deco


# -------------------------------------------------------------------- fonts
#: the text size setting makes the small reading text larger, up to this size; titles, signs
#: and buttons, already large, keep theirs (the layout of a 1280×720 screen has room for that)
LARGEST_SCALED = 22


def scaled(size: int) -> int:
    """The logical size ``size`` is drawn at under the text size setting."""
    if size >= LARGEST_SCALED:
        return size
    return min(round(size * _look.text_scale), LARGEST_SCALED)


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
    if s.isascii():  # every font has ASCII (and its table need not be read for it)
        return [(s, False)]
    own = covered(role)
    if own is None or all(ord(c) in own for c in s):
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


#: measured sizes by (text, role, size, scale): a frame measures the same labels again and again
_measured: dict[tuple, tuple[int, int]] = {}


def measure(s: str, role: str, size: int) -> tuple[int, int]:
    """The logical size ``s`` takes when drawn at the scale now (with the fallback font where the
    role's own lacks a character)."""
    s = current(s)
    key = (s, role, size, _scale)
    got = _measured.get(key)
    if got is None:
        if len(_measured) > 8000:
            _measured.clear()
        got = _measured[key] = _measure(s, role, size)
    return got


def _measure(s: str, role: str, size: int) -> tuple[int, int]:
    k = _scale
    px = _px(scaled(size))
    parts = runs(s, role)
    if len(parts) == 1 and not parts[0][1]:
        w, h = font(role, px).size(s)
    else:
        w = sum(_run_width(t, fb, role, px) for t, fb in parts)
        h = max(font(role, px, fb).get_height() for t, fb in parts)
    return int(w / k + 0.5), int(h / k + 0.5)


#: the narrow no-break space (French thousands, before ; ! ? and %)
NNBSP = "\u202f"


def _gap(role: str, px: int) -> int:
    """The width drawn for a narrow no-break space: the fallback font's is about 2 px at reading
    sizes, too little to be seen as a space, so it takes the role's own space, at least a fifth of
    an em — visibly a space at every size."""
    return max(font(role, px).size(" ")[0], round(px * 0.2), 2)


def _run_width(t: str, fb: bool, role: str, px: int) -> int:
    if fb and t == NNBSP * len(t):
        return _gap(role, px) * len(t)
    return font(role, px, fb).size(t)[0]


def linesize(role: str, size: int) -> int:
    """The logical distance between two lines of text (the same at every scale)."""
    return font(role, scaled(size)).get_linesize()


def fit(s: str, role: str, size: int, width: int, smallest: int = 11) -> int:
    """The largest size up to ``size`` at which ``s`` fits in ``width`` pixels (a long name, a long language)."""
    while size > smallest and measure(s, role, size)[0] > width:
        size -= 1
    return size


def _render(s: str, role: str, size: int, colour) -> pygame.Surface:
    parts = runs(s, role)
    if len(parts) == 1 and not parts[0][1]:
        return font(role, size).render(s, True, colour)
    imgs = [(font(role, size, fb), pygame.Surface((_gap(role, size) * len(t), 1), pygame.SRCALPHA)
             if fb and t == NNBSP * len(t) else font(role, size, fb).render(t, True, colour)) for t, fb in parts]
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
    _measured.clear()


def text(s: str, role: str = "body", size: int = 20, colour=INK) -> Img:
    """``s`` in the font of ``role`` at logical ``size``, rendered at the scale now."""
    s = current(s)  # a text made by _() before a change of language: in the new one
    colour = ink(colour)
    key = (s, role, size, colour, _scale)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = as_img(_render(s, role, _px(scaled(size)), colour), _scale)
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


def wrap_step(role: str, size: int, spacing: float = 1.25) -> int:
    """The distance between two lines of :func:`blit_wrapped`."""
    return int(linesize(role, size) * spacing * 0.85)


def blit_wrapped(dst, s, pos, width, role="body", size=20, colour=INK, spacing=1.25) -> int:
    x, y = pos
    step = wrap_step(role, size, spacing)
    for line in wrap(s, role, size, width):
        if line:
            dst.blit(text(line, role, size, colour), (x, y))
        y += step
    return y


def glow_text(s: str, role: str, size: int, colour, glow: int = 6) -> Img:
    """Neon lettering: the text over a soft blur of itself."""
    s = current(s)
    k = _scale
    key = ("glow", s, role, size, colour, glow, k)
    surf = _text_cache.get(key)
    if surf is None:
        core = _render(s, role, _px(size), lighter(colour, 0.55))
        halo = _render(s, role, _px(size), colour)
        pad = _px(glow * 2)
        w, h = core.get_width() + pad * 2, core.get_height() + pad * 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.fill(tuple(colour) + (0,))  # transparent pixels keep the colour: no dark fringe
        surf.blit(halo, (pad, pad))
        surf = soft_blur(surf, glow, k)
        surf.blit(soft_blur(surf, glow, k), (0, 0))
        surf.blit(halo, (pad, pad))
        surf.blit(core, (pad, pad))
        surf = as_img(surf, k)
        _text_cache[key] = surf
    return surf


def blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    try:
        return pygame.transform.gaussian_blur(surf, radius)
    except (AttributeError, ValueError, pygame.error):
        w, h = pygame.Surface.get_size(surf)
        k = max(2, radius)
        small = pygame.transform.smoothscale(surf, (max(1, w // k), max(1, h // k)))
        return pygame.transform.smoothscale(small, (w, h))


def soft_blur(surf: pygame.Surface, radius: float, k: float) -> pygame.Surface:
    """``surf`` (pixels at scale ``k``) blurred by ``radius`` logical units.  A blur has no
    detail to lose: above scale 1 it is made at the logical size and enlarged (the cost of a
    blur grows with its area and radius: at 4K this is ten times faster, and looks the same)."""
    if k <= 1.25:
        return blur(surf, max(1, int(radius * k + 0.5)))
    w, h = pygame.Surface.get_size(surf)
    small = pygame.transform.smoothscale(surf, (max(1, int(w / k + 0.5)), max(1, int(h / k + 0.5))))
    return pygame.transform.smoothscale(blur(small, max(1, int(radius + 0.5))), (w, h))


# --------------------------------------------------------------------- dice
# (drawn in paint/dice.py; named here, where the rest of the game has always found them)
from .paint.dice import (  # noqa: E402, F401  (after the helpers the dice are drawn with)
    _rot_cache, big_die, big_size, die, die_rotated, die_shadow, draw_pip, symbol,
)


# -------------------------------------------------------------------- bills
def bill_rgb(value: int):
    return BILL_COLOURS.get(value, (200, 200, 200))


def bill(value: int, w: int, h: int) -> Img:
    """A banknote of ``value`` (``paint.money``)."""
    from .i18n import money, money_short
    from .paint.money import banknote
    return banknote(value, w, h, money(value), money_short(value))


def bill_back(w: int, h: int) -> Img:
    """A face-down note (``paint.money``)."""
    from .paint.money import note_back
    return note_back(w, h)


# ------------------------------------------------------------- felt & tiles
def felt(w: int, h: int) -> Img:
    """The table's felt (``paint.felt``): lit, mottled, railed; high contrast: plain black."""
    from .paint.felt import felt as table_felt
    return table_felt(w, h)


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


def panel(w: int, h: int, colour=PANEL, alpha=210, border=(255, 255, 255, 28), radius=12) -> Img:
    if _look.high_contrast:  # opaque, with a clear edge: nothing behind shows through the text
        colour, alpha, border = darker(colour, 0.6), max(alpha, 250), (255, 255, 255, 200) if border else None
    return _panel(w, h, tuple(colour), alpha, border, radius)


@per_scale(128)
def _panel(w, h, colour, alpha, border, radius, k):
    s = Canvas.new((w, h), k)
    s.rect(tuple(colour) + (alpha,), (0, 0, w, h), border_radius=radius)
    if border:
        s.rect(border, (0, 0, w, h), width=1, border_radius=radius)
    return s.image()


@per_scale(64)
def neon_frame(w: int, h: int, colour, radius: int = 14, width: int = 3, *, k: float) -> Img:
    pad = 12
    s = Canvas.new((w + 2 * pad, h + 2 * pad), k)
    s.fill(tuple(colour) + (0,))
    s.rect(colour + (200,), (pad, pad, w, h), width=width + 3, border_radius=radius)
    s = Canvas(as_img(soft_blur(s.surface, 6, k), k), k)
    s.rect(lighter(colour, 0.5) + (255,), (pad, pad, w, h), width=width, border_radius=radius)
    return s.image()


def casino_tile(n: int, w: int, h: int, sign_h: int) -> Img:
    """Casino ``n`` (1-6) as an illustrated tile (``paint.casino``)."""
    from .paint.casino import tile
    return tile(n, w, h, sign_h)


@per_scale(8)
def logo(size: int, k: float) -> Img:
    top = glow_text("LAS", "display", int(size * 0.55), NEON[0], 8)
    bottom = glow_text("VEGAS", "display", size, NEON[2], 10)
    w = max(top.get_width(), bottom.get_width())
    s = Canvas.new((w, top.get_height() + bottom.get_height() - size // 3), k)
    s.blit(top, top.get_rect(midtop=(w // 2, 0)))
    s.blit(bottom, bottom.get_rect(midtop=(w // 2, top.get_height() - size // 3)))
    return s.image()


def warm_up() -> None:
    """Draw what the first scenes need (called once at start-up)."""
    for o in DIE_COLOURS:
        for v in range(1, 7):
            die(o, v, 44)
    for v in BILL_COLOURS:
        bill(v, 150, 30)
