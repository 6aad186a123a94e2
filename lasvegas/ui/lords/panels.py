"""The Lords of Vegas table's side panels: one mat per seat (name, money as chips, VP by its score
chip, dice and markers left), the deck and each company's cards as stacks (their public counts)
with the cards played face up, and the log's last lines.  The pieces: ``tabletop``."""

from __future__ import annotations

import pygame

from ...lords.board import DICE_PER_SEAT, MARKERS_PER_SEAT, TRACK
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.canvas import Canvas
from ..kit.felt import mat
from ..kit.i18n import _, money, ngettext, pgettext
from . import glyphs, layout as L, tabletop
from .board import legible, smallest
from .cardface import DRAWN_AT, DRAWN_SCALE, card_face


def seat_rects(n: int):
    import pygame

    w = (L.SEATS.w - (n - 1) * 8) // n
    return [pygame.Rect(L.SEATS.x + i * (w + 8), L.SEATS.y, w, L.SEATS.h) for i in range(n)]


def draw_seats(surface, match, *, shown_money=None, viewer=None, back: bool = True, paid=None) -> None:
    """The seats' mats (``back=False``: the mats are already drawn, by ``backdrop``) and what is on
    them: the seat's mark and name, its money as a pile of chips beside the sum, its score chip
    (the one on the track) beside its VP, the dice and markers it has left.  ``paid``: the money
    each seat is being paid (an ``E.Paid`` being told), shown in gold beside the pile of chips in
    place of the pieces left, while the sum counts up."""
    g = match.query
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
        size = art.fit(who, "bold", 17, r.w - 48, smallest())
        art.blit_text(surface, clipped(who, "bold", size, r.w - 48), (r.x + 38, r.y + 20), "bold", size, INK,
                      anchor="midleft")
        cash = g.money[s] if shown_money is None else int(round(shown_money[s]))
        vp = TRACK[g.chip[s]]
        # the money: a pile of chips (one per $8) and the sum; the VP: the seat's score chip and its figure
        pile = tabletop.chip_stack(tabletop.chips_for(cash), 18)
        surface.blit(pile, pile.get_rect(bottomleft=(r.x + 13, r.y + 72)))
        half = (r.w - 24) // 2
        mtxt = money(cash)
        art.blit_text(surface, mtxt, (r.x + 36, r.y + 53), "display", art.fit(mtxt, "display", 24, half - 26, 14),
                      GOLD, anchor="midleft")
        vtxt = _("{n} VP", n=vp)
        vsize = art.fit(vtxt, "display", 24, half - 22, 14)
        art.blit_text(surface, vtxt, (r.right - 12, r.y + 53), "display", vsize, INK, anchor="midright")
        chip = glyphs.chip(colour, 16)
        surface.blit(chip, chip.get_rect(midright=(r.right - 16 - art.measure(vtxt, "display", vsize)[0], r.y + 53)))
        # what the seat has left to play: its dice and its markers, each a piece and its count; at
        # the right, whether the seat is to play or to decide (gold)
        y = r.bottom - 22
        x = r.x + 11
        got = paid[s] if paid is not None and s < len(paid) else 0
        if got:
            art.blit_text(surface, "+" + money(got), (x, y), "display", 20, GOLD, anchor="midleft", shadow=True)
        count = legible(15)
        for piece, n in ((art.die(colour, 6, 16), DICE_PER_SEAT - g.dice_used[s]),
                         (glyphs.marker(colour, 16), MARKERS_PER_SEAT - g.markers_used[s])):
            if got:
                break
            surface.blit(piece, piece.get_rect(midleft=(x, y)))
            art.blit_text(surface, str(n), (x + 19, y), "bold", count, INK_DIM, anchor="midleft")
            x += 19 + art.measure(str(n), "bold", count)[0] + 10
        if tag and not got:
            room = r.right - 8 - x
            size = art.fit(tag, "bold", legible(13), room, smallest())
            art.blit_text(surface, clipped(tag, "bold", size, room), (r.right - 8, y), "bold", size, GOLD,
                          anchor="midright")


def clipped(s: str, role: str, size: int, width: int) -> str:
    """``s`` cut short with "…" where it would not fit ``width`` at ``size`` (a long name in a
    small window: the letters stay legible rather than shrink)."""
    if art.measure(s, role, size)[0] <= width:
        return s
    while len(s) > 1 and art.measure(s + "…", role, size)[0] > width:
        s = s[:-1]
    return s.rstrip() + "…"


def _deck_stack(surface, left: int, end_at: int | None, x: int, bottom: int, w: int, h: int) -> None:
    """The deck face down, as tall as the cards left (one layer for three cards); where the End
    card lies (public: D4 places it by rule, docs/lords-rules.md) a gold slip stands out of the stack's side,
    as deep in it as its draw is far."""
    layers = (left + 2) // 3
    top = tabletop.draw_stack(surface, None, layers, x, bottom, w, h)
    if end_at is None or left <= 0:
        return
    depth = tabletop.stack_height(max(1, layers), h) - 12
    y = top.y + 6 + round(depth * (end_at - 1) / max(1, left - 1))
    surface.rect((40, 26, 10), (x + w - 2, y - 1, 8, 5), border_radius=2)
    surface.rect(GOLD, (x + w - 1, y, 6, 3), border_radius=1)


#: the deck panel's pictures as last drawn (its stacks change only when a card is drawn)
_piles: dict = {"key": None, "img": None}


def forget() -> None:
    """Draw the deck panel's pictures afresh next time."""
    _piles["key"] = _piles["img"] = None


def _pictures(surface, g, left: int, end: int | None, x0: int, y0: int) -> None:
    """The deck panel's pictures (no text) with its top left at (``x0``, ``y0``)."""
    r = L.DECK
    _deck_stack(surface, left, end, x0 + 14, y0 + 72, 44, 56)
    counts = g.deck_counts()
    w = (r.w - 156 - 150) // 6
    for c in range(6):
        cx = x0 + 146 + c * w
        tabletop.draw_stack(surface, c, counts[c], cx + 2, y0 + 72, 26, 36)
        tabletop.draw_stack(surface, c, g.discards[c], cx + 33, y0 + 72, 24, 32, face_up=True)
    for c in range(5):  # the tiles left: two rows of company glyphs, their counts beside them
        gx, gy = _supply_at(x0 + r.w - 140, y0, c)
        surface.blit(glyphs.glyph(c, 14), (gx, gy - 7))


def _supply_at(tx: int, y0: int, c: int) -> tuple[int, int]:
    """Where company ``c``'s tiles left are shown (its glyph's left and middle): three, then two."""
    return tx + (c % 3) * 46, y0 + 65 + (c // 3) * 19


def draw_deck_panel(surface, match, back: bool = True, drawn: int | None = None) -> None:
    """The deck and the card last drawn face up beside it (``drawn``, until the next draw; a slot
    while none is); each company's cards still in the deck as a stack of backs in its colour with
    its glyph, as tall as their count, its cards played face up beside them, the counts under
    them; the End card's draw (public, D4) and the tiles left.  The pictures are one image kept
    until a card is drawn (``_piles``); the texts are drawn over it."""
    g = match.query
    r = L.DECK
    if back:
        surface.blit(art.panel(r.w, r.h), r)
    left, end = g.cards_left, g.end_card_draw
    key = (art.scale(), art.look(), left, end, g.deck_counts(), tuple(g.discards))
    if _piles["key"] != key:
        cv = Canvas.new((r.w, r.h), art.scale())
        _pictures(cv, g, left, end, 0, 0)
        _piles["key"], _piles["img"] = key, cv.image()
    surface.blit(_piles["img"], r.topleft)
    cards = ngettext("{n} card", "{n} cards", left)
    art.blit_text(surface, cards, (r.x + 38, r.y + 84), "bold", art.fit(cards, "bold", legible(13), 66, smallest()),
                  INK, anchor="center")
    if drawn is not None:
        card_face(surface, DRAWN_AT, drawn, 1.0, DRAWN_SCALE)
    else:
        slot = pygame.Rect(0, 0, int(96 * DRAWN_SCALE), int(132 * DRAWN_SCALE))
        slot.center = DRAWN_AT
        surface.rect((60, 80, 70), slot, width=1, border_radius=6)
    counts = g.deck_counts()
    w = (r.w - 156 - 150) // 6
    for c in range(6):
        cx = r.x + 146 + c * w
        # over its two stacks (their backs bear its glyph); the Strip's column name without its article
        # where the language gives it one (German « Strip », « Der Strip » was shrunk to 9 px)
        nm = pgettext("a deck column", "The Strip") if c == 5 else _(glyphs.COMPANY_NAMES[c])
        size = art.fit(nm, "bold", legible(12), w - 4, smallest())
        art.blit_text(surface, clipped(nm, "bold", size, w - 4), (cx + 29, r.y + 13), "bold", size, INK,
                      anchor="center")
        art.blit_text(surface, str(counts[c]), (cx + 15, r.y + 84), "bold", legible(15), INK, anchor="center")
        art.blit_text(surface, str(g.discards[c]), (cx + 45, r.y + 84), "body", legible(13), INK_DIM, anchor="center")
    tx = r.right - 140
    if end is not None:
        t = _("End card: draw {n}", n=end)
        size = art.fit(t, "bold", legible(14), 132, smallest())
        art.blit_text(surface, clipped(t, "bold", size, 136), (tx, r.y + 18), "bold", size, GOLD)
    t2 = _("tiles left")
    size = art.fit(t2, "body", legible(12), 136, smallest())
    art.blit_text(surface, clipped(t2, "body", size, 136), (tx, r.y + 38), "body", size, INK_DIM)
    for c in range(5):
        gx, gy = _supply_at(tx, r.y, c)
        art.blit_text(surface, str(g.supply[c]), (gx + 17, gy), "bold", legible(13), INK, anchor="midleft")


def deck_words(game, pos) -> list[str]:
    """What the deck panel shows under ``pos``, in words (a tooltip): a company's cards in the deck
    and played, or the deck's count and the End card's draw; [] elsewhere."""
    r = L.DECK
    if not r.collidepoint(pos):
        return []
    w = (r.w - 156 - 150) // 6
    c = (pos[0] - r.x - 146) // w
    if 0 <= c < 6 and pos[0] >= r.x + 146:
        return [_(glyphs.COMPANY_NAMES[c]), _("deck {n}", n=game.deck_counts()[c]) + " · "
                + _("played {n}", n=game.discards[c])]
    if pos[0] < r.x + 70:
        out = [ngettext("{n} card", "{n} cards", game.cards_left)]
        if game.end_card_draw is not None:
            out.append(_("End card: draw {n}", n=game.end_card_draw))
        return out
    return []


#: how far a log line's wrapped rows are set in from its first
LOG_INDENT = 14


def log_rows(lines: list[str], rows: int, width: int, size: int) -> list[tuple[str, bool]]:
    """The last ``rows`` rows of the log's latest lines, each line wrapped at ``width`` in the
    body type of ``size`` (never smaller, never cut off); ``(text, first)``: ``first`` for a
    line's first row, the rest set in by ``LOG_INDENT``.  Only whole lines, unless the latest
    alone takes more rows than there are (then its last rows)."""
    out: list[tuple[str, bool]] = []
    for line in reversed(lines):
        wrapped = art.wrap(line, "body", size, width)
        rest = [(w, False) for w in art.wrap(" ".join(wrapped[1:]), "body", size, width - LOG_INDENT)] \
            if len(wrapped) > 1 else []
        these = [(wrapped[0], True)] + rest
        if out and len(out) + len(these) > rows:
            break
        out = these + out
        if len(out) >= rows:
            break
    return out[-rows:]


def draw_log(surface, lines: list[str], back: bool = True) -> None:
    r = L.LOG
    if back:
        surface.blit(art.panel(r.w, r.h), r)
    title = _("Game log (L)")
    art.blit_text(surface, title, (r.x + 12, r.y + 6), "bold", 13, INK_DIM)
    y = r.y + 24
    step = max(17, art.wrap_step("body", 14, 1.1))  # rows apart at every text size: as many as fit
    for text, first in log_rows(lines, max(1, min(6, (r.bottom - 4 - y) // step)), r.w - 24, 14):
        art.blit_text(surface, text, (r.x + 12 + (0 if first else LOG_INDENT), y), "body", 14, INK)
        y += step
