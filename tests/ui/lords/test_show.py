"""The table tells each event for a moment (the card drawn, the dice rolled, money rising, the
score chip stepping) and answers a hovering mouse with a tooltip."""

import pygame

from lasvegas.lords import events as E
from lasvegas.match.lords.local import LordsLocalMatch
from lasvegas.ui.lords import layout as L
from lasvegas.ui.lords.stage import seats, settle

from ...lords.helpers import L as lot_id, blank, mark, tile
from .drive import DT


def test_events_are_told_one_by_one_with_the_card_drawn_and_the_money(app, read_texts):
    app.settings.anim_speed = "normal"
    m = LordsLocalMatch(seats(3, 0), 8)
    table = app.go("lords-table", match=m)
    shown = set()
    for _i in range(3000):
        app.step(DT)
        if table.current is not None:
            shown.add(type(table.current))
        if {E.CardDrawn, E.Paid, E.TurnEnded} <= shown and len(table.log) > 20:
            break
    assert {E.CardDrawn, E.Paid, E.TurnEnded} <= shown
    assert any(" draws " in line for line in table.log)
    assert any(t.startswith("+$") for t in read_texts)  # money rising over the seats paid
    # the shown money and chips catch up with the game's once the events are told
    settle(app, table, 3000)
    for _i in range(200):
        app.step(DT)
    table.skip()
    assert [round(x) for x in table.shown_money] == m.game.money


def test_hovering_a_casino_tells_its_dice_boss_and_payout(app, read_texts):
    g = blank(2)
    tile(g, "A2", "gold", 0, 4)
    tile(g, "A5", "gold", 1, 2)
    g.played[lot_id("A2")] = True
    g.played[lot_id("A5")] = False
    app.settings.anim_speed = "instant"
    m = LordsLocalMatch(seats(2, 2), game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    app.step(DT)
    if type(app.top).__name__ == "HandoverScene":
        app.top.confirm()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.pt(L.lot_rect(lot_id("A5")).center),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    read_texts.clear()
    app.step(DT)
    assert "Dice: Ann 4, Bob 2" in read_texts
    assert "A Sphinx card now pays its casinos' dice: Ann +$4, Bob +$2" in read_texts
    assert "Ann, the boss, scores 2 VP for it" in read_texts
    assert any(t.startswith("Take-over risk") for t in read_texts)


def test_a_tile_is_laid_and_a_remodel_flips_in_motion(app):
    from lasvegas.lords import actions as A
    from lasvegas.ui.lords import show

    g = blank(2)
    tile(g, "A2", "gold", 0, 2)
    mark(g, "C5", 0)
    app.settings.anim_speed = "normal"
    m = LordsLocalMatch(seats(2, 1), game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    app.step(DT)
    seen = []
    real = show.draw_event

    def spy(surface, tbl, ev, progress):
        seen.append((type(ev), round(progress, 2)))
        real(surface, tbl, ev, progress)
    show.draw_event = spy
    try:
        table.act(A.Build(0, lot_id("C5"), 2))
        table.act(A.Remodel(0, lot_id("A2"), 4))
        for _i in range(120):
            app.step(DT)
    finally:
        show.draw_event = real
    built = [p for t, p in seen if t is E.Built]
    flipped = [p for t, p in seen if t is E.Remodelled]
    assert len(built) >= 5 and built[0] < 0.3 and built[-1] > 0.7  # drawn over several frames
    assert len(flipped) >= 5 and flipped[0] < 0.3 and flipped[-1] > 0.7
