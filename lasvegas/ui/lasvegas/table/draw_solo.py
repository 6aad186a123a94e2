"""Drawing the solo table's own panels: the standings in the preview and the scoreboard."""

from __future__ import annotations

import pygame

from ...kit import art
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.i18n import _, money, money_short, ngettext
from .layout import DECK


def draw_solo_preview(t, surface, prev, x: int, y: int, w: int) -> None:
    """Solo: the standings at the casino after placing, for every colour."""
    c = prev.casino
    n = sum(prev.placed.values())
    head = ngettext("Casino {c} with {n} more die", "Casino {c} with {n} more dice", n, c=c)
    art.blit_text(surface, head, (x, y), "bold", art.fit(head, "bold", 18, w), art.NEON[c - 1])
    after, placed = prev.after, prev.placed
    won = dict(after.awards)
    cancelled = set(after.cancelled)
    owners = sorted(t.cfg.owners, key=lambda o: (-after.dice.get(o, 0), t.cfg.owners.index(o)))
    y += 30
    rows = []
    for o in owners:
        d = after.dice.get(o, 0)
        label = f"×{d}" + (f" (+{placed[o]})" if placed.get(o) else "") if d else ""
        if o in won:
            res, col = money(won[o]), GOLD
        elif o in cancelled:
            res, col = _("tie: nothing"), art.DANGER
        elif d:
            res, col = _("no bill"), INK_DIM
        else:
            res, col = "—", INK_DIM
        rows.append((o, label, res, col))
    # the outcomes in one column at one size: the longest one beside its count decides it
    size = min(art.fit(res, "bold", 15, w - 90 - art.measure(label, "body", 15)[0] - 8)
               for _o, label, res, _c in rows)
    for o, label, res, col in rows:
        surface.blit(art.symbol(o, 16), (x, y + 1))
        art.blit_text(surface, t.name_of(o), (x + 22, y), "bold" if o == t.cfg.seats[0] else "body",
                      15, INK)
        if label:
            art.blit_text(surface, label, (x + 90, y), "body", 15, art.NEON[3] if placed.get(o) else INK)
        art.blit_text(surface, res, (x + w, y), "bold", size, col, anchor="topright")
        y += 21


def draw_scoreboard(t, surface) -> None:
    """Solo: your money against all the other colours together, a bar, and each round's margin."""
    v = t.board
    me = t.cfg.seats[0]
    x, y, w = DECK.x + 14, DECK.y + 8, DECK.w - 28
    art.blit_text(surface, _("You vs the rest"), (x, y), "display", 21, INK)
    art.blit_text(surface, ngettext("deck: {n} bill", "deck: {n} bills", v.deck_left), (x + w, DECK.bottom - 8),
                  "body", 13, INK_DIM, anchor="bottomright")
    mine = v.money[me].value
    others = sum(c.value for o, c in v.money.items() if o != me)
    y += 34
    art.blit_text(surface, money(mine), (x, y), "display", 21, art.lighter(art.owner_rgb(me), 0.3))
    art.blit_text(surface, money(others), (x + w, y), "display", 21, INK, anchor="topright")
    y += 30
    bar = pygame.Rect(x, y, w, 14)
    surface.rect((70, 76, 80), bar, border_radius=7)
    total = mine + others
    if total > 0:
        part = bar.copy()
        part.w = max(0, min(w, round(w * mine / total)))
        if part.w:
            surface.rect(art.owner_rgb(me), part, border_radius=7)
    surface.line(GOLD, (bar.centerx, bar.y - 4), (bar.centerx, bar.bottom + 3), 2)
    y += 20
    if total == 0:
        line, col = _("Nobody has won money yet"), INK_DIM
    elif mine > others:
        line, col = _("You lead by {amount}", amount=money(mine - others)), art.NEON[3]
    elif mine == others:
        line, col = _("Level: you need strictly more"), GOLD
    else:
        line, col = _("You trail by {amount}", amount=money(others - mine)), art.DANGER
    art.blit_text(surface, line, (x, y), "bold", 15, col)
    y += 24
    for i, m in enumerate(t.round_margins):
        cx = x + i * (w // max(4, t.cfg.rounds))
        margin = ("+" if m > 0 else "−" if m else "") + money_short(abs(m))
        # TRANSLATORS: a round's margin on the solo scoreboard: "R1 +$40k"
        label = _("{round} {margin}", round=_("R{n}", n=i + 1), margin=margin)
        size = art.fit(label, "body", 13, w // max(4, t.cfg.rounds) - 4)
        art.blit_text(surface, label, (cx, y), "body", size, art.NEON[3] if m > 0 else art.DANGER)
    if not t.round_margins:
        art.blit_text(surface, _("each round's margin shows here"), (x, y), "body", 13, INK_DIM)
