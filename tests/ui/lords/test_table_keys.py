"""The Lords of Vegas table's input minors of the hands-on review: its keys listed and rebound, its
settings without Las Vegas's options and opaque over the table, re-rolled dice shown on the board
as they are placed (with undo), and the Trade button in an AI's turn."""

import pygame

from lasvegas.lords import actions as A
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.kit.controls import ACTIONS

DT = 1 / 60


def press(app, k):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def table_for(app, match):
    t = app.go("lords-table", match=match)
    t.skip()  # the game so far told at once
    for _i in range(600):
        app.step(DT)
        if not t.busy:
            break
    return t


def test_the_keys_overlay_lists_the_lords_keys_only_at_the_lords_table(app):
    from lasvegas.ui.lords.stage_match import played

    app.go("title")
    app.show("help")
    titles = [r[0] for r in app.top.rows()]
    assert "End the turn" not in titles and "Game log" in titles
    t = table_for(app, played(2, 3, 6))
    app.show("help")
    rows = {r[0]: r[1] for r in app.top.rows()}
    assert rows["End the turn"] == "E" and rows["Trade"] == "T" and rows["Accept a trade"] == "A"
    assert rows["Lay off half of a bet"] == "Y" and rows["Keep the whole bet"] == "N"
    assert app.top.opaque is False and t is not app.top


def test_a_lords_key_rebound_in_the_settings_works_at_the_table_and_nowhere_else(app):
    m = LordsLocalMatch([LordsSeat("Ann", "purple"), LordsSeat("Bob", "orange", "ai", "easy")], 4)
    for _i in range(100):
        if m.ai_due() is None:
            break
        m.ai_step()
    t = table_for(app, m)
    app.show("settings", page="controls")
    s = app.top
    row = next(r for r in s.rows if getattr(r, "action", None) is not None and r.action.id == "end_turn")
    row.on_click()
    press(app, pygame.K_q)  # the new key for ending the turn
    assert app.bindings.keys["end_turn"] == pygame.K_q
    s.close()
    assert app.top is t and t.my_play()
    turn = m.game.turn
    press(app, pygame.K_e)  # the old key does nothing now
    assert m.game.turn == turn and m.game.active == 0
    press(app, pygame.K_q)
    assert m.game.active != 0 or m.game.turn != turn  # the turn ended
    # on a screen of no game a Lords key is the key it is
    assert app.input.translate(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q",
                                                  scancode=0))[0].key == pygame.K_q
    assert [a.id for a in ACTIONS if a.game == "lords"] == ["end_turn", "trade", "accept", "reject", "lay_off",
                                                            "keep_bet"]


def settings_box_pixels(app, match, page="game"):
    """The settings' box drawn over the table of ``match``: its pixels (a grid of them)."""
    from lasvegas.ui.scenes.settings import BOX

    table_for(app, match)
    app.show("pause", leave=lambda: None)
    app.show("settings", page=page)
    app.step(DT)
    inner = BOX.inflate(-40, -40)
    return [tuple(app.window.get_at(app.screen.pt((x, y)))) for x in range(inner.x, inner.right, 37)
            for y in range(inner.y, inner.bottom, 41)]


def test_the_lords_settings_show_no_las_vegas_option_and_hide_the_table(app):
    from lasvegas.ui.lords.stage_match import played

    one = settings_box_pixels(app, played(2, 3, 6))
    labels = [getattr(r, "label", "") for r in app.top.rows]
    assert "Take back a move" not in labels and "Confirm before placing" not in labels
    assert "Unlock all solo levels" not in labels and "Lords of Vegas: hint (H)" in labels
    app.close_all()
    other = settings_box_pixels(app, played(3, 9, 20))
    assert one == other  # opaque: nothing of the table below shows through
    app.go("title")
    app.show("settings")
    labels = [getattr(r, "label", "") for r in app.top.rows]
    assert "Take back a move" in labels and "Lords of Vegas: hint (H)" in labels  # the same name in both


def placing_match():
    """A human seat with re-rolled dice to place (a reorganize of a casino of its dice)."""
    for seed in range(1, 60):
        m = LordsLocalMatch([LordsSeat("Ann", "purple"), LordsSeat("Bob", "orange", "ai", "medium")], seed)
        for _i in range(3000):
            g = m.game
            if g.is_over:
                break
            if m.ai_due() is not None:
                m.ai_step()
                continue
            if g.phase == "place" and 0 in g.placing:
                return m
            acts = g.legal_actions(0)
            reorg = [a for a in acts if type(a) is A.Reorganize]
            builds = [a for a in acts if type(a) is A.Build]
            m.act(reorg[0] if reorg else builds[0] if builds and g.money[0] > 30 else
                  next((a for a in acts if type(a) in (A.EndTurn, A.Reject)), acts[0]))
    raise AssertionError("no placement found")


def test_placing_re_rolled_dice_shows_each_swap_on_the_board_and_undoes_it(app):
    m = placing_match()
    t = table_for(app, m)
    g = m.game
    assert t.decide.kind() == "place"
    lots, _vals = g.placing[0]
    before = [g.value[i] for i in lots]
    # two tiles of different values: a swap
    i, j = next((i, j) for i in range(len(lots)) for j in range(len(lots)) if before[i] != before[j])
    t.decide.lot(lots[i])
    t.decide.lot(lots[j])
    shown = t.decide.shown_game()
    assert shown.value[lots[i]] == before[j] and shown.value[lots[j]] == before[i]  # the board shows it
    assert [g.value[x] for x in lots] == before and m.game.phase == "place"  # nothing played yet
    app.step(DT)
    press(app, pygame.K_BACKSPACE)  # undo before Enter
    assert [t.decide.shown_game().value[x] for x in lots] == before and not t.decide.undo_stack
    t.decide.lot(lots[i])
    t.decide.lot(lots[j])
    press(app, pygame.K_RETURN)
    assert m.game.phase != "place" or 0 not in m.game.placing  # placed as shown
    placed = A.action_from_dict(m.recorder.moves[-1]["action"])
    assert type(placed) is A.PlaceDice and [placed.values[lots.index(x)] for x in lots] == [
        before[j] if x == lots[i] else before[i] if x == lots[j] else before[lots.index(x)] for x in lots]


def test_the_trade_button_in_an_ais_turn_says_so_and_a_trade_made_then_is_answered(app):
    m = LordsLocalMatch([LordsSeat("Ann", "purple"), LordsSeat("Bob", "orange", "ai", "medium")], 6)
    while m.human_due() == 0 and m.game.phase == "play" and m.game.active == 0:
        m.act(A.EndTurn(0))
    for _i in range(50):
        if m.game.phase == "play" and m.game.active == 1:
            break
        m.ai_step()
    assert m.game.active == 1 and m.game.trade_window
    t = app.go("lords-table", match=m)
    t.skip()
    assert t.trade_label() == "Trade in Bob's turn (T)"
    t.open_trade()
    trade = app.top
    assert type(trade).__name__ == "LordsTradeScene"
    trade.give_money = 1
    trade.propose()
    assert (0, 1) in m.game.proposals
    assert m.ai_due() == 1
    m.ai_step()  # the AI answers, then its turn goes on
    assert (0, 1) not in m.game.proposals and m.game.active == 1
