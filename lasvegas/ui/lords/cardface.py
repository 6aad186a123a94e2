"""A lot card of the Lords deck drawn face up (or turning over): beside the deck once drawn, in
the event that draws it, on the rules pages."""

from __future__ import annotations

import math

import pygame

from ...lords.board import CARD_NAMES, COMPANY, N_LOTS
from ..kit import art
from ..kit.art import GOLD
from ..kit.i18n import _
from . import glyphs, layout as L, words
from .board import legible, smallest

#: the drawn card beside the deck: its centre in the deck panel, and its size there
DRAWN_AT, DRAWN_SCALE = (L.DECK.x + 104, L.DECK.centery), 0.62


def card_face(surface, centre, card: int, flip: float, scale: float = 1.0) -> None:
    """A drawn card: its lot (or END) and its company's glyph; ``flip`` 0→1 turns it face up;
    ``scale``: its size (1: 96 × 132)."""
    w, h = int(96 * scale), int(132 * scale)
    sx = abs(math.cos(math.pi * (1 - min(1.0, flip * 1.6))))
    face = flip > 0.31
    cw = max(4, int(w * sx))
    r = pygame.Rect(0, 0, cw, h)
    r.center = centre
    surface.rect((20, 16, 12), r.inflate(6, 6), border_radius=10)
    if not face:
        surface.rect((110, 30, 80), r, border_radius=8)
        surface.rect(GOLD, r.inflate(-10, -10), width=2, border_radius=6)
        return
    comp = COMPANY[card]
    surface.rect(glyphs.PAPER, r, border_radius=8)
    surface.rect(glyphs.COMPANY_RGB[comp], r.inflate(-8, -8), width=3, border_radius=6)
    if cw < 60 * scale:
        return
    name = CARD_NAMES[card] if card < N_LOTS else _("End")
    art.blit_text(surface, name, (r.centerx, r.y + int(34 * scale)), "display",
                  art.fit(name, "display", max(legible(10), int(30 * scale)), cw - 8, smallest()), glyphs.PAPER_INK,
                  anchor="center")
    g = glyphs.glyph(comp, int(34 * scale))
    surface.blit(g, g.get_rect(center=(r.centerx, r.y + int(78 * scale))))
    cn = words.company(comp)
    size = art.fit(cn, "bold", max(legible(9), int(14 * scale)), cw - 8, smallest())
    if art.measure(cn, "bold", size)[0] <= cw - 6:  # else its glyph and colour say it: no name too small to read
        art.blit_text(surface, cn, (r.centerx, r.bottom - int(20 * scale)), "bold", size, glyphs.PAPER_INK,
                      anchor="center")
