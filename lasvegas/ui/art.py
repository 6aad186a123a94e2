"""All the game's art, drawn in code at start-up and cached: ``art.NAME`` is how the game
reaches any of it.

The palette, the look and the UI scale are in ``palette``; fonts and text in ``lettering``;
dice, felt, casino tiles and bills in ``paint/``.  Here: the panels and neon frames every
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
from .paint.dice import big_die, big_size, die, die_rotated, die_shadow, draw_pip, symbol  # noqa: F401
from .paint.felt import felt  # noqa: F401  (the table's felt; high contrast: plain black)
from .palette import (  # noqa: F401  (named here for the whole game)
    FELT, FELT_DARK, INK, INK_DIM, GOLD, DANGER, PANEL, DIE_COLOURS, PALETTES, HIGH_CONTRAST_INK,
    PIP_SHAPES, PIP_COLOURS, DARK_OWNERS, BIG_SCALE, NEON, CASINO_NAMES, BILL_COLOURS, look,
    set_look, on_new_look, owner_rgb, ink, pip_rgb, lerp_rgb, lighter, darker, set_scale,
    scale, _px, _CACHED, per_scale,
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
