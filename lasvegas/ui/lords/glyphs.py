"""The Lords of Vegas pieces drawn in code: each company's colour, glyph and tile pattern (so a
colour is never the only cue), the card-stock lots with their printed die and cost, the
markers, the score chips.  Cached per UI scale (``art.per_scale``)."""

from __future__ import annotations

import math

from ..kit import art
from ..kit.art import darker, lighter, per_scale
from ..kit.canvas import Canvas, Img
from ..kit.i18n import N_

#: the five companies' tile colours (index = the engine's colour id), then the Strip's neon
COMPANY_RGB = ((150, 82, 204), (226, 178, 46), (40, 196, 206), (186, 192, 204), (146, 94, 52), (255, 70, 160))
COMPANY_NAMES = (N_("Albion"), N_("Sphinx"), N_("Vega"), N_("Tivoli"), N_("Pioneer"), N_("The Strip"))
COLOUR_NAMES = (N_("purple"), N_("gold"), N_("aqua"), N_("silver"), N_("brown"))
#: the glyph of each company: crown, pyramid, star, wheel, horseshoe; the Strip: a sparkle
GLYPHS = ("crown", "pyramid", "star", "wheel", "horseshoe", "sparkle")
PAPER = (236, 228, 206)
PAPER_INK = (60, 48, 36)


def glyph_shape(cv: Canvas, which: int, cx: float, cy: float, s: float, col) -> None:
    """Company ``which``'s glyph, ``s`` half-wide, centred on (cx, cy)."""
    name = GLYPHS[which]
    if name == "crown":
        b = cy + s * 0.6
        cv.polygon(col, [(cx - s, b), (cx - s, cy - s * 0.5), (cx - s * 0.45, cy + s * 0.05), (cx, cy - s * 0.8),
                         (cx + s * 0.45, cy + s * 0.05), (cx + s, cy - s * 0.5), (cx + s, b)])
    elif name == "pyramid":
        cv.polygon(col, [(cx, cy - s * 0.9), (cx + s, cy + s * 0.75), (cx - s, cy + s * 0.75)])
        cv.line(darker(col, 0.45), (cx, cy - s * 0.9), (cx + s * 0.25, cy + s * 0.75), 1)
    elif name == "star":
        pts = [(cx + s * (1 if k % 2 == 0 else 0.42) * math.sin(k * math.pi / 5),
                cy - s * (1 if k % 2 == 0 else 0.42) * math.cos(k * math.pi / 5)) for k in range(10)]
        cv.polygon(col, pts)
    elif name == "wheel":
        cv.circle(col, (cx, cy), s * 0.95, max(1, round(s * 0.22)))
        for a in range(4):
            ang = a * math.pi / 4
            dx, dy = math.cos(ang) * s * 0.9, math.sin(ang) * s * 0.9
            cv.line(col, (cx - dx, cy - dy), (cx + dx, cy + dy), max(1, round(s * 0.12)))
        cv.circle(col, (cx, cy), s * 0.25)
    elif name == "horseshoe":
        pts = [(cx + s * 0.8 * math.cos(a), cy - s * 0.1 + s * 0.8 * math.sin(a))
               for a in [math.pi * (0.85 + 1.3 * i / 12) for i in range(13)]]
        cv.lines(col, False, pts, max(2, round(s * 0.4)))
    else:  # sparkle
        cv.polygon(col, [(cx, cy - s), (cx + s * 0.25, cy - s * 0.25), (cx + s, cy), (cx + s * 0.25, cy + s * 0.25),
                         (cx, cy + s), (cx - s * 0.25, cy + s * 0.25), (cx - s, cy), (cx - s * 0.25, cy - s * 0.25)])


@per_scale(64)
def glyph(which: int, size: int, colour=None, *, k: float) -> Img:
    """A company's glyph ``size`` wide in its colour (or ``colour``), with a dark outline."""
    cv = Canvas.new((size, size), k)
    col = colour or COMPANY_RGB[which]
    s = size * 0.4
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        glyph_shape(cv, which, size / 2 + dx * 0.8, size / 2 + dy * 0.8, s, (20, 16, 12))
    glyph_shape(cv, which, size / 2, size / 2, s, col)
    return cv.image()


def _pattern(cv: Canvas, which: int, w: int, h: int, col) -> None:
    """Each company's own print on its tiles: stripes, bricks, dots, pinstripes, checks."""
    if which == 0:  # Albion: diagonal stripes
        for x in range(-h, w, 9):
            cv.line(col, (x, h), (x + h, 0), 2)
    elif which == 1:  # Sphinx: sandstone courses
        for y in range(5, h, 9):
            cv.line(col, (0, y), (w, y), 1)
            off = 0 if (y // 9) % 2 else 6
            for x in range(off, w, 12):
                cv.line(col, (x, y), (x, y + 9), 1)
    elif which == 2:  # Vega: a field of dots
        for y in range(4, h, 8):
            for x in range(4 + (y // 8 % 2) * 4, w, 8):
                cv.circle(col, (x, y), 1.3)
    elif which == 3:  # Tivoli: pinstripes
        for x in range(3, w, 6):
            cv.line(col, (x, 0), (x, h), 1)
    else:  # Pioneer: a check of planks
        for y in range(0, h, 10):
            for x in range(0 if (y // 10) % 2 else 10, w, 20):
                cv.rect(col, (x, y, 10, 10))


@per_scale(64)
def tile(colour: int, size: int, *, k: float) -> Img:
    """A casino tile of ``colour``: its company's colour and print, its glyph in the corner."""
    cv = Canvas.new((size, size), k)
    base = COMPANY_RGB[colour]
    cv.rect(darker(base, 0.35), (0, 0, size, size), border_radius=6)
    cv.rect(base, (2, 2, size - 4, size - 4), border_radius=5)
    _pattern(cv, colour, size, size, lighter(base, 0.22) if colour != 3 else darker(base, 0.12))
    cv.rect(lighter(base, 0.45), (2, 2, size - 4, size - 4), width=1, border_radius=5)
    g = glyph(colour, 15, (255, 255, 255) if colour not in (1, 3) else (40, 30, 20))
    cv.blit(g, (3, 3))
    return cv.image()


@per_scale(96)
def lot(die: int, cost: int, company: int, played: bool, size: int, *, k: float) -> Img:
    """An empty lot on card stock: its printed die, its cost, the glyph of its card's company
    (faded once the card is played: the lot can no longer be taken over)."""
    cv = Canvas.new((size, size), k)
    cv.rect((150, 140, 118), (0, 0, size, size), border_radius=5)
    cv.rect(PAPER, (1, 1, size - 2, size - 3), border_radius=5)
    d = art.die("neutral", die, 18)
    cv.blit(d, (4, 4))
    art.blit_text(cv, f"${cost}", (size - 4, size - 3), "bold", 14, PAPER_INK, anchor="bottomright")
    g = glyph(company, 13, None if not played else (170, 160, 140))
    cv.blit(g, (size - 16, 3))
    return cv.image()


def _token(owner: str, size: int, k: float, rim: float, shadow, mark: float) -> Img:
    """A disc of ``owner``'s colour on a ``rim`` of ``shadow``, their pip shape on a light centre."""
    cv = Canvas.new((size, size), k)
    c = size / 2
    cv.circle(shadow, (c, c + (1 if rim > 2 else 0)), c)
    if rim > 2:
        cv.circle((250, 248, 240), (c, c), c - 0.5)
    cv.circle(art.owner_rgb(owner), (c, c), c - rim)
    light = Canvas.new((size, size), k)
    light.circle((250, 248, 240), (c, c), size * (mark * 0.55))
    cv.blit(light.image(), (0, 0))
    sym = art.symbol(owner, int(size * mark))
    cv.blit(sym, sym.get_rect(center=(c, c)))
    return cv.image()


@per_scale(16)
def marker(owner: str, size: int, *, k: float) -> Img:
    """A player's marker: a disc of their colour with a light rim and their pip shape."""
    return _token(owner, size, k, 2.5, (20, 16, 12), 0.6)


@per_scale(16)
def chip(owner: str, size: int, *, k: float) -> Img:
    """A seat's score chip: a small disc of their colour with their pip shape."""
    return _token(owner, size, k, 1.5, (10, 10, 10), 0.62)


@per_scale(8)
def boss_badge(size: int, *, k: float) -> Img:
    """The boss's mark: a gold key (the boss holds the casino's keys) on a dark disc."""
    cv = Canvas.new((size, size), k)
    c = size / 2
    cv.circle((30, 20, 10), (c, c), c)
    cv.circle(art.GOLD, (c, c), c, 1)
    cv.circle(art.GOLD, (c - size * 0.16, c - size * 0.1), size * 0.17, max(1, round(size * 0.08)))
    cv.line(art.GOLD, (c - size * 0.04, c + size * 0.02), (c + size * 0.28, c + size * 0.3), max(1, round(size * 0.1)))
    cv.line(art.GOLD, (c + size * 0.16, c + size * 0.2), (c + size * 0.06, c + size * 0.3), max(1, round(size * 0.08)))
    return cv.image()
