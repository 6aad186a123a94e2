"""All the game's art, drawn in code at start-up and cached: ``art.NAME`` is how the game
reaches any of it.

The palette, the look and the UI scale are in ``palette``; fonts and text in ``lettering``;
the dice and the felt in ``paint/`` (and the Las Vegas table's casino tiles and bills there too).  Here: the panels and neon frames every
screen is built of, and the names of all the rest.  Nothing here changes game state.

Sizes are logical (the 1280×720 design space); everything is drawn at the UI
scale the app sets (``set_scale``), at the window's own resolution, and cached
per (arguments, scale).  What comes back is an ``Img``: its real pixels are the
scaled ones, its ``get_size``/``get_rect`` are logical (see ``canvas``).
"""

from __future__ import annotations

from .canvas import Canvas, Img, as_img
from .i18n import current  # noqa: F401  (art.current: a text in the language now)
from .lettering import (  # noqa: F401  (named here for the whole game)
    LARGEST_SCALED, scaled, font, covered, runs, measure, NNBSP,
    linesize, fit, reset_fonts, text, wrap, wrap_step,
    glow_text, blur, soft_blur,
)
# the dice and the felt (paint/), named here where the rest of the game has always found them
from .dice import big_die, big_size, die, die_rotated, die_shadow, draw_pip, symbol
from .felt import felt
from .palette import (  # noqa: F401  (named here for the whole game)
    FELT, FELT_DARK, INK, INK_DIM, GOLD, DANGER, PANEL, DIE_COLOURS, PALETTES, HIGH_CONTRAST_INK,
    PIP_SHAPES, PIP_COLOURS, DARK_OWNERS, BIG_SCALE, NEON, look,
    set_look, on_new_look, owner_rgb, ink, pip_rgb, lerp_rgb, lighter, darker, set_scale,
    scale, _px, _CACHED, per_scale, forget_drawings,
)


# --------------------------------------------------------------------- text
def blit_text(dst, s, pos, role="body", size=20, colour=INK, anchor="topleft", shadow=False):
    surf = text(s, role, size, colour)
    r = surf.get_rect(**{anchor: pos})
    if shadow:
        dst.blit(text(s, role, size, (0, 0, 0)), r.move(2, 2))
    dst.blit(surf, r)
    return r


def blit_wrapped(dst, s, pos, width, role="body", size=20, colour=INK, spacing=1.25) -> int:
    x, y = pos
    step = wrap_step(role, size, spacing)
    for line in wrap(s, role, size, width):
        if line:
            dst.blit(text(line, role, size, colour), (x, y))
        y += step
    return y


def blit_lines(dst, s, box, role="body", size=20, colour=INK, smallest=11, centre=False) -> None:
    """``s`` in ``box``: on one line at ``size`` if it fits its width; else on two lines at the largest
    size (down to ``smallest``) whose two lines fit its height, rather than one line shrunk to a size
    nobody reads; else on one line made smaller to fit.  ``centre``: the lines centred in the box's
    height (else from its top)."""
    x, y, w, h = box
    for z in (size, size - 1):  # one line, at the size asked or one less
        one = measure(s, role, z)
        if one[0] <= w:
            dst.blit(text(s, role, z, colour), (x, y + (h - one[1]) // 2 if centre else y))
            return
    for z in range(size, smallest - 1, -1):
        lines = wrap(s, role, z, w)
        step = int(linesize(role, z) * 0.85)  # the line gap less the font's leading
        tall = step + measure(lines[-1], role, z)[1]
        if len(lines) == 2 and tall <= h + 2 and all(measure(ln, role, z)[0] <= w for ln in lines):
            top = y + (h - tall) // 2 if centre else y
            for j, line in enumerate(lines):
                dst.blit(text(line, role, z, colour), (x, top + j * step))
            return
    z = fit(s, role, size, w)
    dst.blit(text(s, role, z, colour), (x, y + (h - measure(s, role, z)[1]) // 2 if centre else y))


# ------------------------------------------------------------- panels
def panel(w: int, h: int, colour=PANEL, alpha=210, border=(255, 255, 255, 28), radius=12) -> Img:
    if look().high_contrast:  # opaque, with a clear edge: nothing behind shows through the text
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
