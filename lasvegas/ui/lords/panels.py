"""The Lords of Vegas table's side panels: one mat per seat (name, money, VP, dice and markers
left), the deck with its public counts by company and the discards, and the log's last lines."""

from __future__ import annotations

import pygame

from ...lords.board import DICE_PER_SEAT, MARKERS_PER_SEAT, TRACK
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.felt import mat
from ..kit.i18n import _, money, ngettext
from ..kit.money import draw_deck
from . import glyphs, layout as L
from .cardface import DRAWN_AT, DRAWN_SCALE, card_face


def seat_rects(n: int):
    import pygame

    w = (L.SEATS.w - (n - 1) * 8) // n
    return [pygame.Rect(L.SEATS.x + i * (w + 8), L.SEATS.y, w, L.SEATS.h) for i in range(n)]


def draw_seats(surface, match, *, shown_money=None, viewer=None, back: bool = True) -> None:
    """The seats' mats (``back=False``: the mats are already drawn, by ``backdrop``) and what is on them."""
    g = match.game
    for s, r in enumerate(seat_rects(g.n)):
        colour = match.colour(s)
        if back:
            surface.blit(mat(r.w, r.h, colour, True), r)
        if s == g.active and not g.is_over:
            surface.rect(GOLD, r.inflate(4, 4), width=3, border_radius=12)
        sym = art.symbol(colour, 22)
        surface.blit(sym, (r.x + 10, r.y + 9))
        name = match.name(s)
        who = name if not match.is_ai(s) else _("{name} (AI)", name=name)
        tag = ""
        if s in match.deciders() and not g.is_over:
            tag = _("to play") if s == g.active and g.phase == "play" and not g.proposals else _("to decide")
        tag_w = art.measure(tag, "body", 12)[0] + 6 if tag else 0  # the name keeps clear of its tag
        art.blit_text(surface, who, (r.x + 38, r.y + 20), "bold", art.fit(who, "bold", 17, r.w - 48 - tag_w, 8), INK,
                      anchor="midleft")
        cash = g.money[s] if shown_money is None else int(round(shown_money[s]))
        vp = TRACK[g.chip[s]]
        art.blit_text(surface, money(cash), (r.x + 12, r.y + 36), "display", 24, GOLD)
        vtxt = _("{n} VP", n=vp)
        art.blit_text(surface, vtxt, (r.right - 12, r.y + 36), "display", 24, INK, anchor="topright")
        dice = _("dice {n}", n=DICE_PER_SEAT - g.dice_used[s])
        marks = _("markers {n}", n=MARKERS_PER_SEAT - g.markers_used[s])
        line = f"{dice} · {marks}"
        art.blit_text(surface, line, (r.x + 12, r.bottom - 24), "body", art.fit(line, "body", 14, r.w - 24),
                      INK_DIM)
        if tag:
            art.blit_text(surface, tag, (r.right - 10, r.y + 20), "body", 12, GOLD, anchor="midright")


def draw_deck_panel(surface, match, back: bool = True, drawn: int | None = None) -> None:
    """The deck, the card last drawn face up beside it (``drawn``, until the next draw; a slot
    while none is), the companies' cards in the deck and played, the End card, the tiles left."""
    g = match.game
    r = L.DECK
    if back:
        surface.blit(art.panel(r.w, r.h), r)
    left = len(g.deck) - g.pos
    draw_deck(surface, r.x + 12, r.y + 14, 58, 40, left, 49)
    art.blit_text(surface, ngettext("{n} card", "{n} cards", left), (r.x + 41, r.y + 76), "bold", 13, INK, anchor="center")
    if drawn is not None:
        card_face(surface, DRAWN_AT, drawn, 1.0, DRAWN_SCALE)
    else:
        slot = pygame.Rect(0, 0, int(96 * DRAWN_SCALE), int(132 * DRAWN_SCALE))
        slot.center = DRAWN_AT
        surface.rect((60, 80, 70), slot, width=1, border_radius=6)
    counts = g.deck_counts()
    x = r.x + 146
    w = (r.w - 156 - 150) // 6
    for c in range(6):
        cx = x + c * w
        gl = glyphs.glyph(c, 18)
        surface.blit(gl, (cx, r.y + 10))
        nm = _(glyphs.COMPANY_NAMES[c])
        art.blit_text(surface, nm, (cx + 21, r.y + 19), "bold", art.fit(nm, "bold", 13, w - 23, 9), INK, anchor="midleft")
        left_c, played = _("deck {n}", n=counts[c]), _("played {n}", n=g.discards[c])
        size = min(art.fit(left_c, "body", 13, w - 6, 8), art.fit(played, "body", 13, w - 6, 8))  # one size a row
        art.blit_text(surface, left_c, (cx + 2, r.y + 40), "body", size, INK)
        art.blit_text(surface, played, (cx + 2, r.y + 58), "body", size, INK_DIM)
    rest = g.deck[g.pos:]
    end = rest.index(48) + 1 if 48 in rest else None
    tx = r.right - 140
    if end is not None:
        t = _("End card: draw {n}", n=end)
        art.blit_text(surface, t, (tx, r.y + 22), "bold", art.fit(t, "bold", 14, 132, 9), GOLD)
    supply = "  ".join(str(n) for n in g.supply)
    t2 = _("tiles left")
    art.blit_text(surface, t2, (tx, r.y + 46), "body", 12, INK_DIM)
    for c in range(5):
        gl = glyphs.glyph(c, 14)
        surface.blit(gl, (tx + c * 27, r.y + 64))
        art.blit_text(surface, str(g.supply[c]), (tx + c * 27 + 15, r.y + 71), "bold", 12, INK, anchor="midleft")
    del supply


def draw_log(surface, lines: list[str], back: bool = True) -> None:
    r = L.LOG
    if back:
        surface.blit(art.panel(r.w, r.h), r)
    title = _("Game log (L)")
    art.blit_text(surface, title, (r.x + 12, r.y + 6), "bold", 13, INK_DIM)
    y = r.y + 24
    step = max(17, art.wrap_step("body", 14, 1.1))  # lines apart at every text size: as many as fit
    for line in lines[-max(1, min(6, (r.bottom - 4 - y) // step)):]:
        art.blit_text(surface, line, (r.x + 12, y), "body", art.fit(line, "body", 14, r.w - 24), INK)
        y += step
