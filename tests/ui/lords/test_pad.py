"""The Lords of Vegas table played with a controller only: what the keyboard does with 1-9, E, Y / N
and Space the controller does with LB / RB (a ring through the panel) and A."""

import pygame

from lasvegas.ui.lords import pad

from ...lords.helpers import L, blank, dice, mark, tile
from .drive import DT, key
from .test_actions import ANN, BOB, table_for


def button(name: str) -> None:
    b = getattr(pygame, "CONTROLLER_BUTTON_" + name)
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=b))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=b))


def press(app, *names: str) -> None:
    for name in names:
        button(name)
        app.step(DT)


def test_dpad_selects_a_lot_rb_rings_a_choice_and_a_builds(app):
    g = blank(2)
    mark(g, "A2", ANN)
    table = table_for(app, g)
    assert table.cursor == L("A1")
    press(app, "DPAD_RIGHT", "A")  # the cursor to A2, A selects it
    assert table.selected == L("A2") and [o.label for o in table.options][:2] == ["Build purple", "Build gold"]
    press(app, "RIGHTSHOULDER")
    assert pad.focus(table) == "option:0"
    press(app, "RIGHTSHOULDER")
    assert pad.focus(table) == "option:1"
    press(app, "LEFTSHOULDER", "RIGHTSHOULDER", "A")  # back and on again: gold chosen
    assert table.chosen is not None and table.chosen.label == "Build gold"
    press(app, "A")  # no ring now: A is Enter, confirming
    assert g.tile[L("A2")] == 1 and g.owner[L("A2")] == ANN and g.money[ANN] == 94


def test_the_ring_reaches_end_turn_and_wraps(app):
    g = blank(2)
    table = table_for(app, g)
    press(app, "LEFTSHOULDER")  # nothing selected: from the end, the last button
    assert pad.focus(table) == "end"
    press(app, "RIGHTSHOULDER")  # wraps to the first
    assert pad.focus(table) == "trade"
    press(app, "LEFTSHOULDER", "A")
    assert g.active == BOB


def test_a_bet_is_changed_with_the_shoulders_and_the_boss_lays_off_with_the_ring(app):
    g = blank(2)
    tile(g, "A2", "gold", BOB, 4)
    dice(g, 3, 4)  # 7: the gambler loses
    table = table_for(app, g)
    press(app, "DPAD_RIGHT", "A")
    i = next(i for i, o in enumerate(table.options) if o.mode == "bet")
    for _i in range(i + 1):
        press(app, "RIGHTSHOULDER")
    press(app, "A")
    assert table.chosen is not None and table.chosen.mode == "bet" and table.bet == 5
    press(app, "LEFTSHOULDER", "LEFTSHOULDER", "RIGHTSHOULDER")
    assert table.bet == 4
    press(app, "A")  # Enter: the bet is made
    app.step(DT)
    assert g.phase == "layoff"
    press(app, "A")  # the pass screen: A takes the seat
    app.step(DT)
    assert table.viewer == BOB and table.decide.kind() == "layoff"
    press(app, "RIGHTSHOULDER")
    assert pad.focus(table) == "yes"
    press(app, "A")
    assert g.money[ANN] == 96 and g.money[BOB] == 102  # $4 lost, laid off: the boss gets 2


def test_a_forced_marker_move_takes_the_cursors_lot_with_a(app):
    from .test_actions import markers_all_out

    g, table = markers_all_out(app)
    assert table.decide.kind() == "marker" and table.cursor == L("A1")
    press(app, "A")
    assert g.marker[L("C1")] == ANN and g.marker[L("A1")] == -1 and g.phase == "play"


def test_keys_still_work_as_before_without_a_ring(app):
    g = blank(2)
    mark(g, "A2", ANN)
    table = table_for(app, g)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    app.step(DT)
    key(pygame.K_2)
    app.step(DT)
    assert table.chosen is not None and table.chosen.label == "Build gold" and pad.focus(table) is None


def test_a_trade_between_two_humans_made_and_accepted_with_a_controller(app):
    from lasvegas.ui.lords import trade_pad
    from lasvegas.ui.lords.trade import LordsTradeScene
    from lasvegas.ui.scenes.handover import HandoverScene

    g = blank(2)
    mark(g, "A2", BOB)
    table = table_for(app, g)
    press(app, "LEFTSHOULDER", "LEFTSHOULDER", "A")  # the ring from the end: End turn, then Trade
    sc = app.top
    assert isinstance(sc, LordsTradeScene) and sc.to == BOB
    press(app, "DPAD_DOWN", "DPAD_DOWN")  # the recipient, then the money Ann gives
    assert trade_pad.focus(sc) == "give-money"
    press(app, "DPAD_RIGHT", "DPAD_RIGHT", "DPAD_RIGHT")
    assert sc.give_money == 3
    for _i in range(10):  # down to Bob's marker on A2
        if trade_pad.focus(sc) == f"get:{L('A2')}":
            break
        press(app, "DPAD_DOWN")
    press(app, "A")
    assert sc.get == {L("A2")}
    for _i in range(10):
        if trade_pad.focus(sc) == "propose":
            break
        press(app, "RIGHTSHOULDER")
    press(app, "A")
    assert app.top is not sc and (ANN, BOB) in g.proposals
    for _i in range(6):  # Bob takes the screen (A on the pass screen) and accepts with the ring
        app.step(DT)
        if isinstance(app.top, HandoverScene):
            press(app, "A")
    assert table.viewer == BOB and table.decide.kind() == "trade"
    press(app, "RIGHTSHOULDER")
    assert pad.focus(table) == "accept"
    press(app, "A")
    assert g.marker[L("A2")] == ANN and g.money[ANN] == 97 and g.money[BOB] == 103
