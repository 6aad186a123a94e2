"""The Lords of Vegas table's actions panel drawn: whose turn and what is asked, the choices on
the selected lot with their costs and effects (or the engine's reasons), the chosen action with
its bet slider and odds, the buttons; the banner of the event being told and the whole log (L).
Reads the table scene ``t``; changes nothing."""

from __future__ import annotations

import pygame

from ..kit import art
from ..kit.art import DANGER, GOLD, INK, INK_DIM
from ...lords import events as E
from ...lords import queries
from ...lords.board import LOT_NAMES, N_LOTS
from ..kit.i18n import _, and_list, ngettext
from . import glyphs, layout as L, menu, panels, tabletop, words

def banner_text(t) -> str:
    """The banner's line for the event on show; a gamble's result only once its dice have landed."""
    ev = t.current
    if isinstance(ev, E.GambleRolled) and t.rolling():
        return _("{who} rolls the dice…", who=t.name(ev.seat))
    return words.describe(ev, t.name) or ""


def banner(t, surface) -> None:
    line = banner_text(t)
    if not line:
        return
    r = L.BANNER  # over a street: the lots the event is about stay in view
    surface.blit(art.panel(r.w, r.h, alpha=225, border=(*GOLD, 200)), r)
    art.blit_text(surface, line, r.center, "bold", art.fit(line, "bold", 17, r.w - 20), INK, anchor="center")


def header(t) -> str:
    m, g = t.match, t.match.query
    if g.is_over:
        return _("The game is over")
    if t.busy:  # whose turn the events told are of (an AI's turn: its name, as Las Vegas says it)
        return _("{name}'s turn", name=t.name(t.showing)) + " · " + _("Space shows the rest at once")
    s = m.ai_due()
    if s is not None:
        return _("{who} is thinking…", who=t.name(s))
    if t.decide.active():
        return t.decide.title()
    if t.my_play():
        return _("{who}: pick a lot or a casino, then a choice", who=t.name(t.viewer))
    return ""


def actions(t, surface, back: bool = True) -> None:
    box = L.ACTIONS
    if back:
        surface.blit(art.panel(box.w, box.h), box)
    head = header(t)
    art.blit_text(surface, head, (box.x + 12, box.y + 8), "display", art.fit(head, "display", 20, box.w - 24), GOLD)
    if t.decide.active() and not t.busy:
        t.decide.draw(surface, box)
    elif t.my_play() and not t.busy:
        choices(t, surface, box)
        at_lot(t, surface)
    if t.message:
        art.blit_text(surface, t.message, (box.x + 12, box.bottom - 60), "bold",
                      art.fit(t.message, "bold", 14, box.w - 24), DANGER)
    for name, r in t.buttons().items():
        button(t, surface, name, r)


def button(t, surface, name: str, r) -> None:
    labels = {"end": _("End turn (E)"), "trade": t.trade_label(), "confirm": _("Confirm (Enter)"),
              "cancel": _("Cancel (Esc)"), "minus": "−", "plus": "+", "hint": t.hint.label()}
    enabled = {"end": t.my_play() and not t.busy,
               "trade": t.viewer is not None and t.match.query.trade_window and not t.busy,
               "confirm": t.chosen is not None and t.chosen.reason is None
               and t.chosen.mode not in ("sprawl", "pick_die"), "hint": t.hint.can_ask()}.get(name, True)
    label = labels[name]
    surface.rect((20, 42, 36) if enabled else (30, 36, 34), r, border_radius=8)
    surface.rect((120, 200, 180) if enabled else (70, 80, 76), r, width=2, border_radius=8)
    art.blit_text(surface, label, r.center, "bold", art.fit(label, "bold", 15, r.w - 10),
                  INK if enabled else (110, 118, 112), anchor="center")


def choices(t, surface, box) -> None:
    if t.selected is None:
        hint = _("Click a lot or casino (or arrows and Enter). E ends the turn, T trades.")
        art.blit_text(surface, hint, (box.x + 12, box.y + 40), "body", art.fit(hint, "body", 15, box.w - 24), INK_DIM)
        holdings(t, surface, box)
        return
    info = t.lot_words(t.selected)
    art.blit_text(surface, info, (box.x + 12, box.y + 38), "body", art.fit(info, "body", 14, box.w - 24), INK)
    if t.chosen is not None:
        chosen(t, surface, box)
        return
    if not t.options:
        art.blit_text(surface, _("Nothing to do here for you now."), (box.x + 12, box.y + 66), "body", 15, INK_DIM)
    # one size for every choice's label and cost (« Construction marron » as big as the others); the
    # effect starts after the widest cost (« jusqu'à 15 $ » is not shrunk into it)
    label_size = min((art.fit(o.label, "bold", 15, _label_room(o), 12) for o in t.options), default=15)
    cost_size = min((art.fit(o.cost, "bold", 15, 96) for o in t.options), default=15)
    tail_x = max([316] + [COST_X + art.measure(o.cost, "bold", cost_size)[0] + 10 for o in t.options])
    for i, (o, r) in enumerate(zip(t.options, t.rows())):
        ok = o.reason is None
        # each choice a card on the felt (its company's colour along its edge), its key on a chip
        surface.blit(tabletop.choice_card(r.w, r.h, o.colour, ok), r.topleft)
        fg = INK if ok else (120, 126, 120)
        key = tabletop.key_chip(i + 1, 19, ok)
        surface.blit(key, key.get_rect(center=(r.x + 17, r.centery)))
        x = r.x + 30
        if o.colour >= 0:  # the company's glyph in its colour: one name, one look for the colour
            mark = glyphs.glyph(o.colour, 18, glyphs.COMPANY_RGB[o.colour] if ok else fg)
            surface.blit(mark, mark.get_rect(midleft=(x, r.centery)))
            x += 22
        # a label too long for its column (« Déplacer le marqueur situé en A5 ») on two lines at that size
        art.blit_lines(surface, o.label, (x, r.y + 1, _label_room(o), r.h - 2), "bold", label_size, fg,
                       smallest=label_size, centre=True)
        art.blit_text(surface, o.cost, (r.x + COST_X, r.centery), "bold", cost_size, GOLD if ok else fg,
                      anchor="midleft")
        tail = o.effect if ok else o.reason
        col = INK_DIM if ok else (200, 120, 110)
        room = r.w - tail_x - 6
        # a long consequence (a merge, its boss, its payout) on two lines in the row
        art.blit_lines(surface, tail, (r.x + tail_x, r.y + 1, room, r.h - 2), "body", 13, col, centre=True)


def holding_lines(game, seat: int) -> list[str]:
    """What ``seat`` holds on the board, in words (public facts, read from the game's queries):
    its markers on lots still empty, the casinos it bosses, its dice on the board."""
    marked = [LOT_NAMES[i] for i in range(N_LOTS) if game.marker[i] == seat and game.tile[i] < 0]
    bossed = [ngettext("{lot} ({n} tile)", "{lot} ({n} tiles)", c.size, lot=LOT_NAMES[c.lots[0]])
              for c in queries.casinos(game) if c.boss == seat]
    dice = sum(1 for i in range(N_LOTS) if game.owner[i] == seat)
    none = _("none")
    return [_("Your markers on empty lots: {lots}", lots=and_list(marked) if marked else none),
            _("Casinos you boss: {casinos}", casinos=and_list(bossed) if bossed else none),
            ngettext("{n} of your dice is on the board.", "{n} of your dice are on the board.", dice)]


def holdings(t, surface, box) -> None:
    """Nothing selected: the player's holdings fill the panel, so the lots worth a look are named."""
    y = box.y + 74
    art.blit_text(surface, _("What you hold"), (box.x + 12, y), "display", 18, GOLD)
    y += 28
    for line in holding_lines(t.match.query, t.viewer):
        y = art.blit_wrapped(surface, line, (box.x + 12, y), box.w - 24, "body", 15, INK) + 4


#: where a choice's cost starts in its row (its label, after its key and glyph, ends 6 before)
COST_X = 238


def _label_room(o) -> int:
    return COST_X - 6 - 30 - (22 if o.colour >= 0 else 0)


def at_lot(t, surface) -> None:
    """The choices on the selected lot also lie on the board, by the lot they act on: a small tab
    by it (over a street, the Strip or the edge, never over another lot) with each choice's key
    chip (the one taken alone once it is taken), so the eye goes from the lot to its choices and back.  Drawing only: the keys and rows choose."""
    if t.selected is None or not t.options:
        return
    keys = [(i, o) for i, o in enumerate(t.options) if t.chosen is None or o is t.chosen]
    if not keys:  # a sprawl's target or a die picked: those lots are lit on the board instead
        return
    gap = 2
    tab, per_row, size = L.key_tab(t.selected, len(keys), gap=gap)  # by the lot, over no other lot
    surface.rect((14, 20, 16), tab.move(1, 2), border_radius=8)
    surface.rect((30, 44, 38), tab, border_radius=8)
    surface.rect(GOLD, tab, width=1, border_radius=8)
    for n, (i, o) in enumerate(keys):
        x, y = tab.x + 3 + (n % per_row) * (size + gap), tab.y + 3 + (n // per_row) * (size + gap)
        chip = tabletop.key_chip(i + 1, size, o.reason is None)
        surface.blit(chip, (x, y))
        if o.colour >= 0:  # the company's colour under its chip: the same card as on the panel
            surface.rect(glyphs.COMPANY_RGB[o.colour], (x + 2, y + size - 2, size - 4, 2))


def chosen(t, surface, box) -> None:
    o = t.chosen
    y = box.y + 70
    card = pygame.Rect(box.x + 6, y - 6, box.w - 12, 34)  # the choice taken: its card, picked up
    surface.blit(tabletop.choice_card(card.w, card.h, o.colour, o.reason is None), card.topleft)
    line = f"{o.label} · {o.cost}" if o.mode != "bet" else _("Gamble: bet ${bet}", bet=t.bet)
    room = box.w - 30
    if o.mode == "bet":  # the stake on the card: a pile of chips, as tall as the bet
        pile = tabletop.chip_stack(min(6, tabletop.chips_for(t.bet, 2)), 20)
        surface.blit(pile, pile.get_rect(bottomright=(card.right - 10, card.bottom - 1)))
        room -= 34
    art.blit_text(surface, line, (box.x + 18, card.centery), "display", art.fit(line, "display", 22, room), INK,
                  anchor="midleft")
    y += 34
    if o.mode == "sprawl":
        text = _("Click a highlighted lot to sprawl onto it.")
    elif o.mode == "pick_die":
        text = _("All 12 of your dice are on the board: click the tile whose die moves.")
    elif o.mode == "bet":
        text = menu.odds_text(t.bet)
        top = o.data["top"]
        bar = pygame.Rect(box.x + 54, box.bottom - 76, 186, 10)
        surface.rect((50, 60, 56), bar, border_radius=5)
        surface.rect(GOLD, (bar.x, bar.y, max(4, bar.w * t.bet // max(1, top)), bar.h), border_radius=5)
        art.blit_text(surface, _("$1 to ${top} (arrows, + and −)", top=top), (box.x + 300, box.bottom - 71),
                      "body", 13, INK_DIM, anchor="midleft")
    else:
        text = o.effect if o.reason is None else o.reason
    # wrapped, never shrunk: the odds in French or German at the largest text size take two lines
    art.blit_wrapped(surface, text, (box.x + 12, y), box.w - 24, "body", 15, INK)


def full_log(t, surface) -> None:
    r = pygame.Rect(40, 40, 1200, 640)
    surface.rect((14, 26, 22), r, border_radius=12)  # opaque: the table's text does not show through
    surface.blit(art.panel(r.w, r.h, alpha=240), r)
    art.blit_text(surface, _("Game log (L closes)"), (r.x + 16, r.y + 10), "display", 22, GOLD)
    step = max(19, art.wrap_step("body", 15, 1.1))
    y = r.y + 46
    for text, first in panels.log_rows(t.log[-40:], (r.bottom - 8 - y) // step, r.w - 32, 15):  # wrapped, whole
        art.blit_text(surface, text, (r.x + 16 + (0 if first else panels.LOG_INDENT), y), "body", 15, INK)
        y += step
