"""A trade with an action bundled: the player who must answer sees the whole deal (the action,
its cost and what it makes of the casino), the log tells it, and the deal's lots are highlighted."""

import pygame

from lasvegas.lords import actions as A
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords import board
from lasvegas.ui.scenes.handover import HandoverScene

from ...lords.helpers import L, blank, mark, tile
from .drive import DT, key

ANN, BOB = 0, 1


def test_the_answer_shows_the_bundled_action_its_cost_its_merge_and_its_lots(app, read_texts, monkeypatch):
    app.settings.anim_speed = "instant"
    g = blank(2, active=BOB)
    mark(g, "F7", ANN)
    mark(g, "A2", BOB)
    tile(g, "A1", "purple", ANN, 5)  # A1 is A2's neighbour: building purple on A2 merges with it
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "human", "")], game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    for _i in range(4):
        app.step(DT)
        if isinstance(app.top, HandoverScene):
            key(pygame.K_RETURN)
    app.step(DT)
    assert table.viewer == BOB
    offer = A.Propose(BOB, ANN, A.Offer(10, (), ()), A.Offer(0, (L("F7"),), ()), A.Build(BOB, L("A2"), 0, -1))
    assert table.act(offer)
    app.step(DT)
    assert isinstance(app.top, HandoverScene) and app.top.name == "Ann"
    key(pygame.K_RETURN)
    lit = []
    real = board.draw_board

    def spy(surface, game, colour_of, **kw):
        lit.append(tuple(kw.get("targets", ())))
        return real(surface, game, colour_of, **kw)
    monkeypatch.setattr(board, "draw_board", spy)
    read_texts.clear()
    for _i in range(3):
        app.step(DT)
    assert table.viewer == ANN and table.decide.kind() == "trade"
    drawn = " ".join(read_texts)
    assert "With it, Bob will build purple on A2 for $6" in drawn
    # from Ann's side: what her own die in that casino earns (never her markers' dollar, paid on every card)
    assert "$6 — the casino grows to 2 tiles, boss Ann, your dice in it earn $5 on each Albion card" in drawn
    # the log tells the whole deal too
    said = [line for line in table.log if "offers" in line]
    assert said and "With it, Bob will build purple on A2 for $6" in said[-1]
    # the deal's lots are lit on the board while Ann answers
    assert lit and L("F7") in lit[-1] and L("A2") in lit[-1]
    # answering, no second trade is offered: no Trade button, T opens nothing
    assert "trade" not in table.buttons() and not any("Trade" in x for x in read_texts)
    key(pygame.K_t)
    app.step(DT)
    assert app.top is table and table.decide.kind() == "trade"
    key(pygame.K_a)
    for _i in range(6):
        app.step(DT)
        if isinstance(app.top, HandoverScene):
            key(pygame.K_RETURN)
    assert g.tile[L("A2")] == 0 and g.marker[L("F7")] == BOB


def test_an_offer_to_a_player_without_dice_in_the_casino_says_nothing_of_their_pay(app):
    """The review's case: Dora buys Ann's marked lot and builds on it beside her own casino; Ann's
    markers pay her on every card, so "each Vega card pays you $3" read as if she shared the casino."""
    from lasvegas.ui.lords import deal

    g = blank(2, active=BOB)
    for name in ("F7", "F8", "E4"):
        mark(g, name, ANN)
    tile(g, "E5", "aqua", BOB, 4)
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Dora", "red", "ai", "hard")], game=g)
    offer = A.Propose(BOB, ANN, A.Offer(15), A.Offer(0, (L("E4"),)), A.Build(BOB, L("E4"), 2, -1))
    g.proposals[(BOB, ANN)] = offer  # as proposed: what accepting it makes is played on a copy
    line = deal.action_line(m, offer)
    assert line == "With it, Dora will build aqua on E4 for $12 — the casino grows to 2 tiles, boss Dora."
