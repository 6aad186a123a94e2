"""The game log: known events told in known sentences; hidden information never in it;
the log on the table (L), on the results, and beside a saved record."""

import random

import pygame

from lasvegas.core import (
    BillsDealt, CasinoPaid, Config, DicePlaced, DicePreplaced, DiceRolled, GameEnded, RoundEnded, RoundStarted,
)
from lasvegas.ui.files import save
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas.gamelog import GameLog, game_log

from .conftest import click, key, step_until
from .conftest import steps as steps_n

NAMES = {"red": "Ann", "blue": "Bo", "green": "Cy"}


def log(hide_money=False, cfg=None):
    return GameLog(cfg or Config.multi(3, neutral=True), NAMES, hide_money=hide_money)


def test_a_payout_with_a_tie_and_a_returned_bill():
    ev = CasinoPaid(3, (("red", 2), ("blue", 2), ("green", 1), ("neutral", 3)), ("red", "blue"),
                    (("neutral", 60000), ("green", 50000)), (20000,))
    assert log().add(ev) == ["Casino 3 pays: the neutral dice (3 dice) take $60,000, which goes under the deck; "
                             "Cy wins $50,000 with 1 die; Ann and Bo tie with 2 dice each and get nothing; "
                             "$20,000 goes under the deck."]
    empty = CasinoPaid(6, (), (), (), (90000, 10000))
    assert log().add(empty) == ["Casino 6 pays: no dice; $90,000 and $10,000 go under the deck."]


def test_rolls_moves_rounds_and_the_winner():
    lg = log()
    lg.extend([
        RoundStarted(0, 1),
        BillsDealt(0, ((60000,), (30000, 20000), (10000,), (50000,), (40000,), (90000,)), 40),
        DicePreplaced("neutral", (3, 6)),
        DiceRolled(1, ("blue", "blue", "blue", "neutral"), (5, 2, 5, 4)),
        DicePlaced(1, 5, (("blue", 2),)),
        DiceRolled(2, ("green", "neutral"), (4, 4)),
        DicePlaced(2, 4, (("green", 1), ("neutral", 1))),
        RoundEnded(0, (("red", 0), ("blue", 90000), ("green", 50000)), (("red", 0), ("blue", 90000), ("green", 50000))),
        GameEnded(("blue",), (("red", 0), ("blue", 90000), ("green", 50000)), (("red", 0), ("blue", 1), ("green", 1)),
                  None),
    ])
    assert lg.lines == [
        "Round 1 of 4 begins; Bo plays first.",
        "Bills dealt — casino 1: $60,000; casino 2: $30,000 and $20,000; casino 3: $10,000; casino 4: $50,000; "
        "casino 5: $40,000; casino 6: $90,000.",
        "Before the first turn, 2 neutral dice go on casinos 3 and 6.",
        "Bo rolls 2 5 5; 4 (neutral).",
        "Bo places 2 dice on casino 5.",
        "Cy rolls 4; 4 (neutral).",
        "Cy places 2 dice on casino 4 (1 of their own and 1 neutral).",
        "Round 1 ends. Money: Bo $90,000 (+$90,000), Cy $50,000 (+$50,000) and Ann $0 (+$0).",
        "The game is over: Bo wins. Final money: Bo $90,000, Cy $50,000 and Ann $0.",
    ]


def test_hidden_money_totals_are_never_told_before_the_end():
    ev = RoundEnded(0, (("red", 10000), ("blue", 0)), (("red", 10000), ("blue", 0)))
    assert log(hide_money=True).add(ev) == ["Round 1 ends."]
    assert log(hide_money=False).add(ev) != ["Round 1 ends."]


def _finish(game):
    r = random.Random(1)
    while not game.is_over:
        game.apply(r.choice(game.legal_actions()))
    return game


def test_the_log_is_written_beside_the_saved_record(home):
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue")], hide_money=True, rounds=2)
    game = _finish(session.new_game(3))
    path = save.save_record(game, session)
    text = path.with_suffix(".txt").read_text(encoding="utf-8")
    assert text.splitlines() == game_log(game.config, game.log, {"red": "Ann", "blue": "Bo"}, hide_money=True)
    assert "Ann rolls" in text and "Casino" in text and "Final money" in text
    assert "Money:" not in text  # the rounds' totals were hidden at the table
    assert not list(path.parent.glob("*.tmp"))  # written atomically


def test_the_log_panel_on_the_table_and_on_the_results(app):
    from lasvegas.match import LocalMatch
    from lasvegas.ui.lasvegas.results_view import ResultsView
    from lasvegas.ui.lasvegas.scenes.summary import SummaryScene

    app.settings.anim_speed = "instant"
    session = Session([SeatInfo("Ann", "red", "ai", "random"), SeatInfo("Bo", "blue", "ai", "random")], rounds=1)
    table = app.go("table", match=LocalMatch(session.new_game(5), session))
    assert not table.log_panel.shown
    key(pygame.K_l)
    step_until(app, lambda: table.log_panel.shown, 5)
    assert table.log_panel.shown
    step_until(app, lambda: any("places" in s for s in table.log_panel.log.lines))
    assert table.log_panel.log.lines[0] == "Round 1 of 1 begins; Ann plays first." or \
        table.log_panel.log.lines[0] == "Round 1 of 1 begins; Bo plays first."
    table.log_panel.scroll_by(100)
    app.step(1 / 30)  # drawn scrolled back, clamped to the first line
    for _ in range(3000):
        if isinstance(app.top, ResultsView):
            break
        if isinstance(app.top, SummaryScene):
            app.top.close()
        app.step(1 / 30)
    res = app.top
    assert res.log_panel is not None and res.log_panel.log.lines[-1].startswith("The game is over")
    key(pygame.K_l)
    app.step(1 / 30)
    assert res.log_panel.shown


def test_a_resumed_game_s_log_tells_its_past(app):
    from lasvegas.match import LocalMatch

    session = Session([SeatInfo("Ann", "red", "ai", "random"), SeatInfo("Bo", "blue", "ai", "random")], rounds=2)
    game = session.new_game(8)
    r = random.Random(2)
    for _ in range(20):
        game.apply(r.choice(game.legal_actions()))
    table = app.go("table", match=LocalMatch(game, session, fresh=False))
    step_until(app, lambda: table.turn_seat is not None)
    told = game_log(game.config, game.log, {"red": "Ann", "blue": "Bo"})
    # the current roll is told once its dice have landed
    assert table.log_panel.log.lines == told[:-1] and " rolls " in told[-1]
    step_until(app, lambda: table.untold_roll is None)
    assert table.presenter.grouped and table.log_panel.log.lines[:len(told)] == told


def test_the_log_scrolls_with_the_wheel_over_it_and_page_keys(app):
    from lasvegas.match import LocalMatch

    from .conftest import move

    session = Session([SeatInfo("Ann", "red", "ai", "random"), SeatInfo("Bo", "blue", "ai", "random")], rounds=2)
    game = session.new_game(8)
    _finish(game)
    table = app.go("table", match=LocalMatch(game, session, fresh=False))
    panel = table.log_panel
    click(panel.button.rect.center)  # the Log button opens it
    steps_n(app, 2)
    assert panel.shown and len(panel.rows()) > 2 * panel.page  # the docked log is a tall page
    move(panel.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    steps_n(app, 2)
    assert panel.scroll == 6
    move((100, 600))  # the wheel away from the log scrolls nothing
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False))
    steps_n(app, 2)
    assert panel.scroll == 6
    key(pygame.K_PAGEUP)
    steps_n(app, 2)
    assert panel.scroll == 6 + panel.page - 1
    key(pygame.K_PAGEDOWN)
    key(pygame.K_PAGEDOWN)
    steps_n(app, 2)
    assert panel.scroll == 0
    assert panel.visible_rows()[-1] == panel.rows()[-1]  # the newest line at the bottom
    key(pygame.K_l)
    steps_n(app, 1)
    assert not panel.shown


def test_the_open_log_hides_no_casino_and_the_dice_still_answer_clicks(app):
    """The log docks beside the table drawn smaller: every casino, the tray and the panels stay in
    view, and a click on a group of dice of the smaller table places them."""
    from lasvegas.match import LocalMatch
    from lasvegas.ui.lasvegas.table.layout import TRAY, casino_rect
    from lasvegas.ui.lasvegas.table.logpanel import DOCK_ORIGIN, DOCK_SCALE

    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue", "ai", "random")])
    game = session.new_game(6)
    table = app.go("table", match=LocalMatch(game, session))
    assert step_until(app, lambda: table.await_roll)
    key(pygame.K_l)
    steps_n(app, 1)
    assert table.log_panel.shown

    def on_screen(r):
        return pygame.Rect(DOCK_ORIGIN[0] + r.x * DOCK_SCALE, DOCK_ORIGIN[1] + r.y * DOCK_SCALE,
                           r.w * DOCK_SCALE, r.h * DOCK_SCALE)
    for c in range(1, 7):
        assert not on_screen(casino_rect(c)).colliderect(table.log_panel.rect), c
    assert not on_screen(TRAY).colliderect(table.log_panel.rect)
    assert pygame.Rect(0, 0, 1280, 720).contains(on_screen(casino_rect(6)))
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.human_turn)
    value, rect = table.groups[0]
    placed = sum(1 for e in game.log if e.__class__.__name__ == "DicePlaced")
    for _ in range(2):  # the second click places (with or without the confirm setting)
        click(on_screen(rect).center)
        steps_n(app, 1)
        if sum(1 for e in game.log if e.__class__.__name__ == "DicePlaced") > placed:
            break
    assert sum(1 for e in game.log if e.__class__.__name__ == "DicePlaced") == placed + 1
    assert [e for e in game.log if e.__class__.__name__ == "DicePlaced"][placed].value == value
    # clicks on the log itself go to nobody else; L closes it and the table is whole again
    key(pygame.K_l)
    steps_n(app, 1)
    assert not table.log_panel.shown


def test_a_placement_of_own_and_neutral_dice_reads_as_a_sentence_in_every_language(lang):
    """« 2 de Ann et 1 de neutre » was built from parts; the sentence is whole, with each count's plural."""
    nbsp = "\u00a0"
    placed = DicePlaced(0, 4, (("red", 2), ("neutral", 1)))
    one_each = DicePlaced(0, 4, (("red", 1), ("neutral", 2)))
    said = {
        "en": ("Ann places 3 dice on casino 4 (2 of their own and 1 neutral).",
               "Ann places 3 dice on casino 4 (1 of their own and 2 neutral)."),
        "fr": (f"Ann place 3{nbsp}dés sur le casino{nbsp}4 (2 des siens et 1{nbsp}neutre).",
               f"Ann place 3{nbsp}dés sur le casino{nbsp}4 (1 des siens et 2{nbsp}neutres)."),
        "de": (f"Ann setzt 3{nbsp}Würfel auf Casino{nbsp}4 (2{nbsp}eigene und 1{nbsp}neutraler).",
               f"Ann setzt 3{nbsp}Würfel auf Casino{nbsp}4 (1{nbsp}eigener und 2{nbsp}neutrale)."),
    }
    for code, (first, second) in said.items():
        lang(code)
        assert log().add(placed) == [first]
        assert log().add(one_each) == [second]
        assert log().add(DicePlaced(0, 4, (("red", 2),)))[0].startswith("Ann")


def test_a_solo_placement_counts_each_colour_once(lang):
    """A solo roll names each die (("red", 1), ("red", 1), …): the sentence counts them by colour."""
    cfg = Config.solo()
    lg = GameLog(cfg, {}, hide_money=False)
    line = lg.add(DicePlaced(0, 2, (("blue", 1), ("blue", 1), ("green", 1))))[0]
    assert "2 of Blue and 1 of Green" in line, line
    lang("fr")
    line = GameLog(cfg, {}, hide_money=False).add(DicePlaced(0, 2, (("blue", 1), ("blue", 1), ("green", 1))))[0]
    assert "Bleu\u00a0: 2 et Vert\u00a0: 1" in line, line
