"""The trade panel leaves the board in view: lots are picked on the board itself (yours to give,
the other player's to ask for, a third player's makes the offer to them), lit while the offer is
built; the chips say each lot's price or die."""

import pygame

from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords import layout as LL
from lasvegas.ui.lords.trade import LordsTradeScene

from ...lords.helpers import L, blank, mark, tile
from .drive import DT, click, key, lot_centre, open_trade

ANN, BOB, CY = 0, 1, 2


def test_lots_are_picked_on_the_board_and_lit(app, read_texts, lit_lots):
    app.settings.anim_speed = "instant"
    g = blank(3)
    mark(g, "A3", ANN)
    tile(g, "C1", "gold", BOB, 4)
    mark(g, "D2", CY)
    seats = [LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "ai", "easy"),
             LordsSeat("Cy", "red", "ai", "easy")]
    m = LordsLocalMatch(seats, game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    for _i in range(3):
        app.step(DT)
    key(pygame.K_t)
    app.step(DT)
    sc = app.top
    assert isinstance(sc, LordsTradeScene) and sc.to == BOB
    # the whole board is outside the panel: it stays in view
    assert not LL.TRADE_BOX.colliderect(LL.BOARD)
    lit = lit_lots
    lit.clear()  # what was lit before the panel opened
    click(app, lot_centre(L("A3")))  # Ann's marked lot: given
    app.step(DT)
    click(app, lot_centre(L("C1")))  # Bob's die: asked for
    app.step(DT)
    assert sc.give == {L("A3")} and sc.get == {L("C1")}
    p = sc.proposal()
    assert p.give.lots == (L("A3"),) and p.get.dice == (L("C1"),) and p.to == BOB
    lit.clear()
    read_texts.clear()
    app.step(DT)
    assert ((L("A3"),), 4) in lit and ((L("C1"),), 4) in lit
    # each chip says its lot, its price (a marker) or its die
    assert "A3" in read_texts and "$15" in read_texts and "die 4" in read_texts
    # a click on an empty lot does nothing; on Cy's lot, the offer goes to Cy
    click(app, lot_centre(L("B1")))
    app.step(DT)
    assert sc.to == BOB and sc.get == {L("C1")}
    click(app, lot_centre(L("D2")))
    app.step(DT)
    assert sc.to == CY and sc.get == {L("D2")} and sc.give == {L("A3")}
    # a click on the chip takes the lot out again
    r = dict(sc.chip_rects(ANN, *sc.origin("give")))[L("A3")]
    click(app, r.center)
    app.step(DT)
    assert sc.give == set()
    assert table is not None


def test_a_refusal_goes_once_the_offer_changes(app):
    g = blank(2)
    mark(g, "A3", ANN)
    sc = open_trade(app, g, [LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "ai", "easy")])
    key(pygame.K_RETURN)  # an empty trade: the button greyed, why said, nothing sent
    app.step(DT)
    assert sc.blocked() and not sc.buttons[0].enabled and not g.proposals
    click(app, lot_centre(L("A3")))
    app.step(DT)
    assert sc.blocked() is None and sc.buttons[0].enabled and sc.message == "" and sc.give == {L("A3")}
