"""Paper money: banknotes by denomination (the $100,000 bill foiled and distinct) and the
deck as a stack of face-down notes with its count."""

from __future__ import annotations

import math

from . import art
from .art import GOLD, darker, lighter, per_scale
from .canvas import Canvas, Img
from .felt import drop
from .i18n import money as money_text, money_short

#: a note's colour by its value
BILL_COLOURS = {
    10_000: (150, 196, 130), 20_000: (120, 176, 214), 30_000: (190, 160, 214),
    40_000: (244, 176, 80), 50_000: (232, 112, 100), 60_000: (80, 196, 176),
    70_000: (240, 214, 110), 80_000: (214, 130, 70), 90_000: (226, 190, 40),
    100_000: (222, 226, 236),  # the Boulevard's platinum bill
}

#: the back of every note: deep casino purple with a gold print
BACK = (58, 30, 84)
BACK_PRINT = (150, 104, 196)


def bill_rgb(value: int):
    return BILL_COLOURS.get(value, (200, 200, 200))


def bill(value: int, w: int, h: int) -> Img:
    """A banknote of ``value``, its value written in the player's language."""
    return banknote(value, w, h, money_text(value), money_short(value))


def _guilloche(cv: Canvas, w: int, h: int, colour, lines: int = 4, seed: float = 0.0) -> None:
    """The fine wavy print of a banknote: ``lines`` interleaved sine ribbons across it."""
    step = 3 if w >= 80 else 4
    for j in range(lines):
        phase = seed + j * math.pi / lines
        amp = h * (0.18 + 0.05 * j)
        pts = [(x, h / 2 + amp * math.sin(x / w * math.pi * 4 + phase)) for x in range(2, w - 1, step)]
        if len(pts) > 1:
            cv.lines(colour, False, pts, 1)


def _fit(label: str, size: int, room: int, smallest: int = 9) -> int:
    """The largest text size up to ``size`` at which ``label`` fits in ``room``."""
    size = max(smallest, size)
    while size > smallest and art.measure(label, "display", size)[0] > room:
        size -= 1
    return size


@per_scale(160)
def banknote(value: int, w: int, h: int, label_text: str, short_text: str, k: float) -> Img:
    """A banknote of ``value`` dollars, ``w``×``h``: paper in the denomination's colour, a printed
    ribbon, corner figures and a rosette; the $100,000 note is platinum with a foil stripe.
    High contrast: a flat note with a white edge and the value in black. ``label_text`` and
    ``short_text`` are the value written in the player's language ($50,000 · 50.000 $; $50k · 50 k$)."""
    c = bill_rgb(value)
    cv = Canvas.new((w, h), k)
    r = max(2, h // 7)
    top = value >= 100_000
    if art.look().high_contrast:
        cv.rect((255, 255, 255), (0, 0, w, h), border_radius=r)
        cv.rect(c, (2, 2, w - 4, h - 4), border_radius=max(1, r - 1))
        label = short_text if w < 100 else label_text
        t = art.text(label, "display", _fit(label, int(h * (0.72 if w < 100 else 0.62)), w - 8), (0, 0, 0))
        cv.blit(t, t.get_rect(center=(w // 2, h // 2 + 1)))
        return cv.image()
    ink = darker(c, 0.62)
    # the paper: an edge, a body lighter at the top (light from above), the print
    cv.rect(darker(c, 0.5), (0, 0, w, h), border_radius=r)
    cv.rect(c, (1, 1, w - 2, h - 2), border_radius=r)
    cv.rect(lighter(c, 0.28), (1, 1, w - 2, h // 2 - 1), border_top_left_radius=r, border_top_right_radius=r)
    ribbon = Canvas.new((w, h), k)
    _guilloche(ribbon, w, h, lighter(c, 0.42) + (110,), 3, value / 7919)
    cv.blit(ribbon.image(), (0, 0))
    cv.rect(darker(c, 0.28), (3, 3, w - 6, h - 6), width=1, border_radius=max(1, r - 1))
    if top:  # platinum: a gold foil stripe and a star
        sx = int(w * 0.68)
        cv.rect(GOLD, (sx, 1, max(4, w // 16), h - 2))
        cv.rect(lighter(GOLD, 0.5), (sx + 1, 1, 1, h - 2))
    if w < 100:  # a small note: just its value in thousands
        label = art.text(short_text, "display", _fit(short_text, int(h * 0.72), w - 8), ink)
        cv.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
        return cv.image()
    # rosettes at both ends with the value in thousands
    er = max(4, h // 2 - 4)
    small = art.text(str(value // 1000), "display", max(10, int(er * 1.2)), ink)
    for cx in (4 + er + 2, w - 4 - er - 2):
        cv.circle(lighter(c, 0.42), (cx, h // 2), er)
        for a in range(8):  # the rosette's petals
            ang = a * math.pi / 4
            cv.circle(darker(c, 0.18), (cx + math.cos(ang) * er * 0.78, h / 2 + math.sin(ang) * er * 0.78), 1.2)
        cv.circle(darker(c, 0.4), (cx, h // 2), er, 1)
        cv.blit(small, small.get_rect(center=(cx, h // 2 + 1)))
    # the value between the two rosettes, never touching them (a long language, larger text)
    size = _fit(label_text, int(h * 0.62), w - 2 * (2 * er + 8) - 6)
    label = art.text(label_text, "display", size, ink)
    at = label.get_rect(center=(w // 2, h // 2 + 1))
    shade = art.text(label_text, "display", size, lighter(c, 0.55))
    cv.blit(shade, at.move(0, 1))
    cv.blit(label, at)
    return cv.image()


@per_scale(16)
def note_back(w: int, h: int, k: float) -> Img:
    """A face-down note: purple with a gold diamond lattice and a die in the middle."""
    cv = Canvas.new((w, h), k)
    r = max(2, h // 7)
    hc = art.look().high_contrast
    cv.rect((255, 255, 255) if hc else darker(BACK, 0.4), (0, 0, w, h), border_radius=r)
    cv.rect(BACK, (1, 1, w - 2, h - 2), border_radius=r)
    if not hc:
        for x in range(-h, w + h, 9):
            cv.line(darker(BACK_PRINT, 0.25), (x, 3), (x + h - 6, h - 3), 1)
            cv.line(darker(BACK_PRINT, 0.25), (x + h - 6, 3), (x, h - 3), 1)
    cv.rect(GOLD, (4, 3, w - 8, h - 6), width=1, border_radius=max(1, r - 2))
    d = min(h - 10, 22)
    cv.rect(darker(BACK, 0.3), (w // 2 - d // 2 - 3, h // 2 - d // 2 - 2, d + 6, d + 4), border_radius=4)
    cv.blit(art.die("neutral", 5, d), (w // 2 - d // 2, h // 2 - d // 2))
    return cv.image()


def draw_deck(surface, x: int, y: int, w: int, h: int, left: int, total: int = 48) -> None:
    """The deck at (``x``, ``y``): a stack of face-down notes as tall as ``left`` of ``total``
    bills, each layer a little offset, its top edge lit."""
    if left <= 0:
        surface.rect((0, 0, 0, 90), (x, y, w, h), width=2, border_radius=4)
        return
    layers = max(1, min(10, round(10 * left / max(1, total))))
    back = note_back(w, h)
    edge = lighter(BACK, 0.3)
    drop(surface, (x, y, w, h + 2 * layers), 4, 6, 4)
    for i in range(layers):  # the notes under the top one: their edges, lit and shaded in turn
        dy = (layers - i) * 2
        surface.rect(edge if i % 2 else darker(edge, 0.3), (x + 1, y + h - 2 + dy, w - 2, 2))
    surface.blit(back, (x, y))
