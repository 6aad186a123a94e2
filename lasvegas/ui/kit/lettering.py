"""Lettering: the game's fonts, text measured, fitted, wrapped and drawn (with the fallback
font where a font lacks a character), neon lettering and the soft blur it glows with.

Sizes are logical; text is rendered at the UI scale in force (``palette.scale()``) and
cached.  ``art`` names all of it.
"""

from __future__ import annotations

import struct

import pygame

from . import cmap, palette, paths
from .canvas import Img, as_img
from .i18n import current
from .palette import INK, ink, lighter

# -------------------------------------------------------------------- fonts
#: the text size setting makes the small reading text larger, up to this size; titles, signs
#: and buttons, already large, keep theirs (the layout of a 1280×720 screen has room for that)
LARGEST_SCALED = 22


def scaled(size: int) -> int:
    """The logical size ``size`` is drawn at under the text size setting."""
    if size >= LARGEST_SCALED:
        return size
    return min(round(size * palette.look().text_scale), LARGEST_SCALED)


#: the smallest text drawn on the window, in pixels: at the smallest window (960×540, a scale of 0.75)
#: a small label (a count of bills, a chart's axis) is drawn at this size rather than smaller, and its
#: box is made for it (the layout tests hold every scene to it)
SMALLEST_PX = 10


def px_of(size: int) -> int:
    """The pixel size of the font that draws logical ``size`` at the scale and the text size now."""
    return max(palette._px(scaled(size)), SMALLEST_PX)


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
    key = (s, role, size, palette.scale())
    got = _measured.get(key)
    if got is None:
        if len(_measured) > 8000:
            _measured.clear()
        got = _measured[key] = _measure(s, role, size)
    return got


def _measure(s: str, role: str, size: int) -> tuple[int, int]:
    k = palette.scale()
    px = px_of(size)
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
    """The logical distance between two lines of text (the same at every scale, but where the smallest
    size on the window makes the letters larger than their logical size)."""
    own = font(role, scaled(size)).get_linesize()
    px = px_of(size)
    if px > palette._px(scaled(size)):
        return max(own, int(font(role, px).get_linesize() / palette.scale() + 0.5))
    return own


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
    k = palette.scale()
    key = (s, role, size, colour, k)
    surf = _text_cache.get(key)
    if surf is None:
        if len(_text_cache) > 4000:
            _text_cache.clear()
        surf = as_img(_render(s, role, px_of(size), colour), k)
        _text_cache[key] = surf
    return surf


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


def glow_text(s: str, role: str, size: int, colour, glow: int = 6) -> Img:
    """Neon lettering: the text over a soft blur of itself."""
    s = current(s)
    k = palette.scale()
    key = ("glow", s, role, size, colour, glow, k)
    surf = _text_cache.get(key)
    if surf is None:
        core = _render(s, role, palette._px(size), lighter(colour, 0.55))
        halo = _render(s, role, palette._px(size), colour)
        pad = palette._px(glow * 2)
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


palette.on_new_look(reset_fonts)
palette.on_new_look(_text_cache.clear)
