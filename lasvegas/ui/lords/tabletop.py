"""The Lords of Vegas table's pieces beside the board, drawn in code as the Las Vegas table's are
(docs/art.md): card stacks whose height is their count (the deck, each company's cards still in
it with its glyph and colour on the back, its cards played face up beside them), poker chips for
a seat's money, the small dice and markers a seat has left, a choice as a card on the felt.
Pictures only, cached per UI scale (``art.per_scale``); the texts are drawn by the panels."""

from __future__ import annotations

import pygame

from ..kit import art
from ..kit.art import GOLD, darker, lighter, per_scale
from ..kit.canvas import Canvas, Img
from . import glyphs

#: the back of a Lords card (the deck's, as the card turning over shows it)
BACK = (110, 30, 80)
#: each layer of a stack: this much higher than the card under it
STEP = 1.5


def stack_height(count: int, h: int, most: int = 14) -> int:
    """How tall a stack of ``count`` cards ``h`` high stands (at most ``most`` layers shown)."""
    return h + round(STEP * max(0, min(most, count) - 1))


def _card(cv: Canvas, x: float, y: float, w: int, h: int, face, edge, glyph_of: int | None, glyph_size: int) -> None:
    r = max(3, w // 7)
    cv.rect(edge, (x, y, w, h), border_radius=r)
    cv.rect(face, (x + 1, y + 1, w - 2, h - 2), border_radius=r)
    if glyph_of is not None and glyph_size:
        g = glyphs.glyph(glyph_of, glyph_size, None if face != BACK else GOLD)
        cv.blit(g, g.get_rect(center=(x + w / 2, y + h / 2)))


@per_scale(64)
def card_stack(company: int | None, count: int, w: int, h: int, face_up: bool = False, *, k: float) -> Img:
    """``count`` cards squared in a pile, each layer's edge showing under the top card: face down
    (``company`` None: the deck's back; else the company's colour with its glyph) or face up (the
    played cards: card stock edged in the company's colour).  An empty place: a faint outline."""
    hc = art.look().high_contrast
    layers = max(0, min(14, count))
    H = stack_height(max(1, count), h)
    cv = Canvas.new((w + 2, H + 3), k)
    if layers == 0:
        cv.rect((255, 255, 255) if hc else (60, 86, 74), (1, 0, w, h), width=1, border_radius=max(3, w // 7))
        return cv.image()
    if not hc:  # the pile's soft shadow on the felt, lit from above
        cv.rect((0, 0, 0, 70), (2, H - h + 3, w, h), border_radius=max(3, w // 7))
    if face_up:
        face, edge = glyphs.PAPER, darker(glyphs.COMPANY_RGB[company], 0.25)
    elif company is None:
        face, edge = BACK, darker(BACK, 0.5)
    else:
        face, edge = darker(glyphs.COMPANY_RGB[company], 0.15), darker(glyphs.COMPANY_RGB[company], 0.6)
    if hc:
        edge = (255, 255, 255)
    for i in range(layers - 1):  # the cards under the top one: their edges, lit and shaded in turn
        y = round(STEP * (layers - 1 - i))
        cv.rect(lighter(face, 0.2) if i % 2 else darker(face, 0.25), (1, y, w, h), border_radius=max(3, w // 7))
    top = 0
    if face_up:
        _card(cv, 0, top, w, h, face, edge, None, 0)
        cv.rect(glyphs.COMPANY_RGB[company], (3, top + 3, w - 6, h - 6), width=2, border_radius=max(2, w // 9))
        g = glyphs.glyph(company, int(min(w, h) * 0.5))
        cv.blit(g, g.get_rect(center=(w / 2, top + h / 2)))
    else:
        _card(cv, 0, top, w, h, face, edge, None, 0)
        cv.rect(GOLD if company is None else lighter(face, 0.35), (3, top + 3, w - 6, h - 6), width=1,
                border_radius=max(2, w // 9))
        g = glyphs.glyph(company if company is not None else 5, int(min(w, h) * 0.62),
                         None if company is not None else GOLD)
        cv.blit(g, g.get_rect(center=(w / 2, top + h / 2)))
    return cv.image()


def draw_stack(surface, company: int | None, count: int, x: int, bottom: int, w: int, h: int,
               face_up: bool = False) -> pygame.Rect:
    """A stack standing on ``bottom`` at ``x``; returns its top card's rectangle."""
    img = card_stack(company, count, w, h, face_up)
    H = stack_height(max(1, count), h)
    surface.blit(img, (x, bottom - H))
    return pygame.Rect(x, bottom - H, w, h)


@per_scale(32)
def chip_stack(chips: int, size: int, *, k: float) -> Img:
    """A pile of ``chips`` poker chips ``size`` wide seen from the side, a gold chip on top (money)."""
    hc = art.look().high_contrast
    chips = max(1, min(8, chips))
    th = max(3, size // 5)  # one chip's edge
    H = size // 2 + th * chips + 2
    cv = Canvas.new((size + 2, H), k)
    colours = ((200, 60, 60), (60, 90, 200), (40, 150, 90), (230, 230, 220))
    for i in range(chips):
        y = H - size // 2 - th * (i + 1) - 1
        c = colours[i % len(colours)] if not hc else (255, 255, 255)
        cv.ellipse(darker(c, 0.45), (1, y + th, size, size // 2))
        cv.rect(darker(c, 0.2), (1, y + size // 4, size, th))
        cv.ellipse(c, (1, y, size, size // 2))
        if not hc:
            for s in range(4):  # the edge's stripes
                sx = 1 + size * (0.15 + 0.22 * s)
                cv.rect((245, 240, 230), (sx, y + size // 4 + 1, max(1, size // 12), th - 1))
    top = H - size // 2 - th * chips - 1
    cv.ellipse(GOLD, (1, top, size, size // 2))
    cv.ellipse(darker(GOLD, 0.35), (1 + size * 0.2, top + size * 0.1, size * 0.6, size * 0.3), 1)
    return cv.image()


def chips_for(amount: int, per: int = 8) -> int:
    """How many chips stand for ``amount`` dollars: one per ``per`` dollars (a mat's money: $8, a
    bet: $2), one at least, eight at most."""
    return max(1, min(8, (amount + per - 1) // per))


@per_scale(32)
def choice_card(w: int, h: int, colour: int, ok: bool, *, k: float) -> Img:
    """A choice of the actions panel as a card lying on the felt: card stock when it can be played
    (a band of its company's colour when it has one), dark and flat when the rules refuse it."""
    hc = art.look().high_contrast
    cv = Canvas.new((w + 3, h + 3), k)
    if not hc:
        cv.rect((0, 0, 0, 80), (2, 3, w, h), border_radius=6)
    if not ok:
        cv.rect((26, 32, 30), (0, 0, w, h), border_radius=6)
        cv.rect((255, 255, 255) if hc else (52, 62, 58), (0, 0, w, h), width=1, border_radius=6)
        return cv.image()
    paper = (40, 58, 50) if not hc else (0, 0, 0)
    cv.rect(darker(paper, 0.4) if not hc else (255, 255, 255), (0, 0, w, h), border_radius=6)
    cv.rect(paper, (1, 1, w - 2, h - 2), border_radius=6)
    if not hc:  # lit from above: a light top edge, a darker foot
        cv.rect(lighter(paper, 0.25), (6, 1, w - 12, 1))
        cv.rect(darker(paper, 0.2), (6, h - 2, w - 12, 1))
    band = glyphs.COMPANY_RGB[colour] if colour >= 0 else GOLD
    cv.rect(band, (0, 0, 6, h), border_top_left_radius=6, border_bottom_left_radius=6)
    return cv.image()


@per_scale(16)
def key_chip(n: int, size: int, ok: bool, *, k: float) -> Img:
    """A choice's number key on a round chip (gold when it can be played)."""
    cv = Canvas.new((size, size), k)
    c = size / 2
    body = GOLD if ok else (90, 96, 92)
    cv.circle(darker(body, 0.5), (c, c + 0.8), c)
    cv.circle(body, (c, c), c - 0.8)
    cv.circle(lighter(body, 0.35), (c, c), c - 3, 1)
    art.blit_text(cv, str(n), (c, c), "display", int(size * 0.62), (30, 22, 10), anchor="center")
    return cv.image()
