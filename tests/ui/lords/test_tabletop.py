"""The right half of the Lords of Vegas table drawn as a table: the deck and the companies' cards as
stacks showing only what is public, the seats' mats telling a payout beside their chips, the
choices' key chips on the panel and by the lot they act on, the stacks' words on hover."""

from types import SimpleNamespace

import pygame

from lasvegas.lords import events as E
from lasvegas.lords.board import END
from lasvegas.match.lords.local import LordsLocalMatch
from lasvegas.match.lords.query import LordsQuery
from lasvegas.ui.kit.canvas import Canvas
from lasvegas.ui.lords import layout as Lay
from lasvegas.ui.lords import panels, show, tabletop
from lasvegas.ui.lords.stage_match import seats

from ...lords.helpers import L, blank, mark, tile
from .drive import DT


def _deck_picture(game) -> bytes:
    cv = Canvas(pygame.Surface((1280, 720)), 1.0)
    panels.draw_deck_panel(cv, SimpleNamespace(query=LordsQuery(game)))
    return pygame.image.tobytes(cv.surface.subsurface(Lay.DECK), "RGB")


def test_the_deck_panel_draws_what_is_public_never_the_order_of_the_deck(app):
    g = blank(4)
    g.pos = 12
    g.discards = [3, 2, 2, 2, 2, 1]
    other = g.copy()
    rest = other.deck[other.pos:]
    at = rest.index(END)
    cards = [c for c in rest if c != END]
    cards.reverse()  # another order of the same cards, the End card where the rule puts it
    cards.insert(at, END)
    other.deck[other.pos:] = cards
    assert other.deck != g.deck and other.deck_counts() == g.deck_counts()
    assert _deck_picture(other) == _deck_picture(g)
    drawn = g.copy()  # a public change (one card fewer in the deck) changes the picture
    drawn.pos += 1
    assert _deck_picture(drawn) != _deck_picture(g)


def test_a_payout_is_told_on_the_mats_beside_the_chips(app, read_texts):
    g = blank(3)
    match = LordsLocalMatch(seats(3, 0), game=g)
    cv = Canvas(pygame.Surface((1280, 720)), 1.0)
    panels.draw_seats(cv, match)
    assert read_texts.count("10") == 3 and not any(t.startswith("+$") for t in read_texts)  # markers left
    read_texts.clear()
    panels.draw_seats(cv, match, paid=(0, 4, 0))
    assert "+$4" in read_texts  # the seat paid: its money beside its chips, in place of its pieces
    assert read_texts.count("10") == 2  # the two seats not paid still show their pieces left


def test_the_choices_key_chips_stand_on_the_panel_and_by_the_selected_lot(app, monkeypatch):
    g = blank(2)
    mark(g, "C3", 0)
    match = LordsLocalMatch(seats(2, 1), game=g)
    table = app.go("lords-table", match=match)
    app.step(DT)
    table.skip()
    table.select(L("C3"))
    assert len(table.options) >= 5  # a build in each colour
    chips: list[int] = []
    real = tabletop.key_chip
    monkeypatch.setattr(tabletop, "key_chip", lambda n, *a, **k: (chips.append(n), real(n, *a, **k))[1])
    table.draw(app.screen)
    n = len(table.options)
    assert sorted(chips) == sorted(list(range(1, n + 1)) * 2)  # on the cards and on the tab by C3
    chips.clear()
    table.choose(1)
    table.draw(app.screen)
    assert chips == [2]  # the choice taken: its chip alone, by its lot
    table.select(None)
    chips.clear()
    table.draw(app.screen)
    assert chips == []


def test_hovering_a_company_s_stacks_says_its_cards_in_the_deck_and_played(app):
    g = blank(2)
    tile(g, "A2", "gold", 0, 4)
    g.discards = [1, 4, 0, 0, 0, 0]
    match = LordsLocalMatch(seats(2, 0), game=g)
    table = app.go("lords-table", match=match)
    app.step(DT)
    w = (Lay.DECK.w - 156 - 150) // 6
    pos = (Lay.DECK.x + 146 + w + w // 2, Lay.DECK.y + 50)  # Sphinx's stacks
    lines = show.tooltip_lines(table, pos)
    assert lines == ["Sphinx", f"deck {g.deck_counts()[1]} · played 4"]
    deck = show.tooltip_lines(table, (Lay.DECK.x + 30, Lay.DECK.y + 40))
    left = len(g.deck) - g.pos
    assert deck[0] == f"{left} cards" and deck[1].startswith("End card: draw ")


def test_a_paid_event_reaches_the_mats(app, read_texts):
    g = blank(2)
    match = LordsLocalMatch(seats(2, 0), game=g)
    table = app.go("lords-table", match=match)
    app.step(DT)
    table.current = E.Paid(L("A2"), 1, (0, 3), (0, 0), ())
    table.current_left = table.current_total = 1.0
    read_texts.clear()
    table.draw(app.screen)
    assert "+$3" in read_texts
