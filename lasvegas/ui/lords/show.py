"""What the Lords of Vegas table draws over itself for a moment: the event being told (the card
drawn, flipped over the deck; dice rolled for a gamble, a reorganize or a tie; money rising over
the seats it went to) and the tooltip of whatever the mouse is over (a lot, a casino, a seat).
Cosmetic only: the tumbling uses the app's cosmetic randomness, never the game's."""

from __future__ import annotations

import math

import pygame

from ...lords import events as E
from ...lords.board import DICE_PER_SEAT, MARKERS_PER_SEAT, N_LOTS, TRACK
from ...lords.queries import card_payout
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _, money, ngettext
from . import glyphs, layout as L, panels, words
from .cardface import DRAWN_AT, DRAWN_SCALE, card_face  # noqa: F401  (card_face: the rules pages' too)


#: the share of a roll's moment the dice tumble before they land (a gamble's result is told then)
LANDED = 0.6


def rolled_dice(surface, centre, values, progress: float, rng_angle: float) -> None:
    """Dice tumbling then settling on ``values`` (neutral white dice)."""
    n = len(values)
    for i, v in enumerate(values):
        x = centre[0] + (i - (n - 1) / 2) * 50
        if progress < LANDED:
            shown = (int(progress * 40) + i * 3) % 6 + 1
            ang = (rng_angle + progress * 900 + i * 70) % 360
            d = art.die_rotated("neutral", shown, 40, ang)
        else:
            d = art.die("neutral", v, 40)
        surface.blit(d, d.get_rect(center=(x, centre[1])))


def draw_event(surface, table, ev, progress: float) -> None:
    """The moment of event ``ev`` (``progress`` 0→1 of its time on screen)."""
    t = type(ev)
    if t is E.CardDrawn:
        card_face(surface, DRAWN_AT, ev.card, progress, DRAWN_SCALE)  # turned over beside the deck
    elif t is E.GambleRolled:
        rolled_dice(surface, (L.BOARD.centerx, L.BOARD.centery + 60), ev.dice, progress, table.spin)
    elif t is E.Reorganized:
        rolled_dice(surface, (L.BOARD.centerx, L.BOARD.centery + 60), [v for _o, v in ev.rolled][:6], progress,
                    table.spin)
    elif t is E.TieReroll:
        rolled_dice(surface, (L.BOARD.centerx, L.BOARD.centery + 60), [v for _l, _o, v in ev.rolls][:6],
                    progress, table.spin)
    elif t in (E.Built, E.Sprawled):  # the tile laid: it drops onto its lot
        r = L.lot_rect(ev.lot)
        drop = int(36 * (1 - progress) ** 2)
        img = glyphs.tile(ev.colour, r.w)
        surface.rect((0, 0, 0), r.move(3, 4), border_radius=6)
        surface.blit(img, (r.x, r.y - drop))
        d = art.die(table.colour_of(ev.seat), ev.value, 30)
        surface.blit(d, d.get_rect(center=(r.centerx + 4, r.centery + 5 - drop)))
    elif t is E.Remodelled:  # each tile flips from the old colour to the new
        for lot in ev.lots:
            r = L.lot_rect(lot)
            w = max(2, int(r.w * abs(math.cos(math.pi * progress))))
            colour = ev.old_colour if progress < 0.5 else ev.colour
            face = pygame.Rect(0, 0, w, r.h)
            face.center = r.center
            surface.rect(glyphs.COMPANY_RGB[colour], face, border_radius=5)
            surface.rect((20, 16, 12), face, width=1, border_radius=5)
    elif t is E.MarkerPlaced:  # the marker comes down onto its lot
        r = L.lot_rect(ev.lot)
        mk = glyphs.marker(table.colour_of(ev.seat), 28)
        surface.blit(mk, mk.get_rect(center=(r.x + 16, r.bottom - 16 - int(40 * (1 - progress) ** 2))))
    elif t is E.TakeOver and ev.previous >= 0:  # the old owner's die slides away
        r = L.lot_rect(ev.lot)
        d = art.die(table.colour_of(ev.previous), ev.value, 30)
        x = r.centerx + 4 + int(50 * progress)
        if progress < 0.9:
            surface.blit(d, d.get_rect(center=(x, r.centery + 5 - int(20 * progress))))
    # E.Paid: the money paid is told on the seats' mats, beside their chips (panels.draw_seats)


def tooltip_lines(table, pos) -> list[str]:
    """What a tooltip says about what is under ``pos``: a lot, a casino, a seat (public facts)."""
    m, g = table.match, table.match.query
    for s, r in enumerate(panels.seat_rects(g.n)):
        if r.collidepoint(pos):
            bossed = len(g.bossed(s))
            return [m.name(s),
                    ngettext("{money}, {vp} VP, boss of {n} casino", "{money}, {vp} VP, boss of {n} casinos", bossed,
                             money=money(g.money[s]), vp=TRACK[g.chip[s]]),
                    _("{dice} and {markers} left",
                      dice=ngettext("{n} die", "{n} dice", DICE_PER_SEAT - g.dice_used[s]),
                      markers=ngettext("{n} marker", "{n} markers", MARKERS_PER_SEAT - g.markers_used[s]))]
    deck = panels.deck_words(g, pos)  # a company's stacks: its cards in the deck and played
    if deck:
        return deck
    lot = L.lot_at(pos)
    if lot is None:
        return []
    lines = [table.lot_words(lot)]
    left = g.cards_left
    if g.tile[lot] < 0:
        if g.marker[lot] >= 0:
            lines.append(_("{who}'s marker: $1 on every card drawn", who=m.name(g.marker[lot])))
        return lines
    if not g.played[lot]:
        lines.append(ngettext("Take-over risk: whoever draws its card ({n} card left) takes this tile",
                              "Take-over risk: whoever draws its card ({n} cards left) takes this tile", left))
    k = g.casino_of(lot)
    colour = g.tile[k[0]]
    dice = ", ".join(f"{m.name(g.owner[i])} {g.value[i]}" for i in k if g.owner[i] >= 0) or _("no dice")
    lines.append(_("Dice: {dice}", dice=dice))
    pay = card_payout(g, colour)
    got = ", ".join(words.payee(m.name(s), v - g.markers_used[s]) for s, v in enumerate(pay.money)
                    if v - g.markers_used[s] > 0)
    lines.append(_("A {company} card now pays its casinos' dice: {who}", company=words.company(colour),
                   who=got or _("nobody")))
    boss = g.boss(k)
    if boss >= 0:
        lines.append(_("{who}, the boss, scores {n} VP for it", who=m.name(boss), n=len(k)))
    return lines


def draw_tooltip(surface, pos, lines: list[str]) -> None:
    if not lines:
        return
    w = min(560, max(art.measure(s, "bold" if i == 0 else "body", 14)[0] for i, s in enumerate(lines)) + 24)
    # a line longer than the tooltip wraps (a payout to four seats in French or German): none is cut
    rows = [(i, part) for i, s in enumerate(lines) for part in art.wrap(s, "bold" if i == 0 else "body", 14, w - 24)]
    step = max(19, art.wrap_step("body", 14, 1.2))
    r = pygame.Rect(pos[0] + 16, pos[1] + 16, w, 12 + step * len(rows))
    r.clamp_ip(pygame.Rect(0, 0, 1280, 720))
    surface.blit(art.panel(r.w, r.h, alpha=240, border=(*GOLD, 160)), r)
    for row, (i, part) in enumerate(rows):
        art.blit_text(surface, part, (r.x + 12, r.y + 6 + row * step), "bold" if i == 0 else "body", 14,
                      INK if i == 0 else INK_DIM)


def event_lots(ev) -> tuple[int, ...]:
    """The lots an event touches (flashed while it is told)."""
    for name in ("lot", "casino"):
        v = getattr(ev, name, None)
        if isinstance(v, int) and 0 <= v < N_LOTS:
            return (v,)
    lots = getattr(ev, "lots", None)
    if lots:
        return tuple(lots)
    if isinstance(ev, E.CardDrawn) and ev.card < N_LOTS:
        return (ev.card,)
    if isinstance(ev, E.Paid):
        return tuple(i for k, _b, _s in ev.casinos for i in k)
    return ()
