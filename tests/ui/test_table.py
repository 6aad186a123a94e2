"""The table: preview, skip, pause, hide money, hot-seat hand-over."""

import pygame

from lasvegas.ui.services import FileSaver

from lasvegas.match import LocalMatch

from lasvegas.core import Game
from lasvegas.ui.tools import stage
from lasvegas.ui.kit.session import default_session
from lasvegas.ui.lasvegas import demo
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.pause import PauseScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, key, move, step_until, steps


def placed(game) -> list[int]:
    """The values placed so far, from the game's record."""
    return [t["value"] for r in game.record()["rounds"] for t in r["turns"]]


def test_hover_previews_what_the_core_says(app):
    table = stage.table_with_preview(app, seed=3, players=5)
    g = table.match.game
    assert table.ready and table.groups
    for value, rect in table.groups:
        move(rect.center)
        steps(app)
        assert table.hover == value
        assert table.preview(value) == g.preview(value)
    move((5, 5))
    steps(app)
    assert table.hover is None
    # arrows select, Enter places the selected group
    key(pygame.K_RIGHT)
    steps(app)
    first = table.groups[0][0]
    assert table.selected == first
    turns = len(placed(g))
    key(pygame.K_RETURN)
    steps(app)
    assert placed(g)[turns:] == [first]


def test_a_value_not_rolled_does_nothing(app):
    table = stage.table_with_preview(app, seed=3, players=5)
    missing = [v for v in range(1, 7) if v not in table.match.game.roll_values]
    turns = len(placed(table.match.game))
    for v in missing:
        key(getattr(pygame, f"K_{v}"))
        key(pygame.K_RETURN)
        steps(app)
    assert len(placed(table.match.game)) == turns
    assert table.ready


def test_confirm_before_placing_needs_a_second_click(app):
    app.settings.confirm_place = True
    table = stage.table_with_preview(app, seed=3, players=4)
    value, rect = table.groups[0]
    turns = len(placed(table.match.game))
    click(rect.center)
    steps(app)
    assert table.selected == value and len(placed(table.match.game)) == turns
    click(rect.center)
    steps(app)
    assert len(placed(table.match.game)) == turns + 1


def test_click_skips_the_payout(app):
    app.settings.anim_speed = "normal"
    table = stage.table_in_payout(app, seed=1, players=4)
    assert type(table.current_event).__name__ == "CasinoPaid" and table.anim is not None
    click((640, 500))
    steps(app, 2)
    assert isinstance(app.top, SummaryScene)
    # the summary shows the core's totals, and the panels' counters are there
    totals = {r["owner"]: r["total"] for r in app.top.summary["rows"]}
    assert totals == table.match.game.money_table()
    for o, c in table.board.money.items():
        assert c.target == totals[o]
    assert all(not b for b in table.board.casino_bills)


def test_pause_menu_and_save_and_quit(app):
    session = default_session(3, 1)
    game = Game(session.config(), 5)
    table = TableScene(app, LocalMatch(game, session, saver=FileSaver()))
    app.reset(table)
    steps(app, 3)
    key(pygame.K_ESCAPE)
    steps(app)
    assert isinstance(app.top, PauseScene)
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is table
    click(table.menu_button.rect.center)
    steps(app)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(button(pause, "How to play").rect.center)
    steps(app)
    assert type(app.top).__name__ == "RulesScene"
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is pause
    click(button(pause, "Save and quit to title").rect.center)
    steps(app)
    assert isinstance(app.top, TitleScene)
    assert button(app.top, "Resume")


def test_hide_money_shows_a_humans_money_only_behind_their_pass_screen(app):
    session = default_session(3, 2)
    session.hide_money = True
    session.handover = False  # hidden money brings the pass screen all the same
    game = Game(session.config(), 8)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    assert step_until(app, lambda: isinstance(app.top, HandoverScene))
    seat = table.turn_seat
    assert not table.match.seats[seat].is_ai
    assert set(table.shown_money().values()) == {None}  # nobody's money before the pass screen
    key(pygame.K_RETURN)
    steps(app)
    assert app.top is table
    assert [o for o, m in table.shown_money().items() if m is not None] == [game.config.seats[seat]]


def test_pass_to_screen_between_two_humans(app):
    session = default_session(2, 2)
    game = Game(session.config(), 4)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    for _ in range(3):
        assert step_until(app, lambda: table.await_roll and app.top is table or isinstance(app.top, HandoverScene))
        if isinstance(app.top, HandoverScene):
            name = app.top.name
            assert name == session.seats[table.turn_seat].name
            key(pygame.K_RETURN)
            steps(app)
            assert app.top is table
            return
        key(pygame.K_SPACE)
        assert step_until(app, lambda: table.ready)
        key(getattr(pygame, f"K_{table.groups[0][0]}"))
        key(pygame.K_RETURN)
        steps(app)
    raise AssertionError("no hand-over screen between two human seats")


def test_neutral_and_solo_tables_draw(app):
    for session in (demo.demo_session(2, 1, neutral=True), demo.demo_session(3, 0, neutral=True)):
        game = Game(session.config(), 2)
        table = TableScene(app, LocalMatch(game, session))
        app.reset(table)
        step_until(app, lambda: table.ready or table.await_roll, 600)
        assert len(table.turn_dice) in (10, 12) or table.board.round == 0
    from lasvegas.ui.lasvegas.scenes.solo import SoloScene

    app.reset(TitleScene(app))
    click(button(app.top, "Las Vegas solo").rect.center)
    steps(app)
    assert isinstance(app.top, SoloScene)
    click(app.top.buttons[0].rect.center)
    steps(app)
    table = app.top
    assert isinstance(table, TableScene) and table.solo
    assert len(table.panel_owners) == 5
    assert step_until(app, lambda: table.await_roll, 600)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.ready, 600)
    owners = {d.owner for d in table.turn_dice}
    assert len(owners) >= 4  # one die of each colour that still has dice


def test_click_during_the_tumble_lands_the_dice_at_once(app):
    app.settings.anim_speed = "normal"
    session = default_session(3, 1)
    game = Game(session.config(), 6)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    assert step_until(app, lambda: table.await_roll)
    key(pygame.K_SPACE)
    steps(app, 3)
    assert table.tumble is not None and not table.tumble.grouped and not table.ready
    click((640, 300))
    steps(app)
    assert table.ready and table.tumble.grouped
    # the dice show the core's roll, grouped by value
    assert sorted(d.face for d in table.turn_dice) == sorted(game.roll_values)
    assert [v for v, _r in table.groups] == game.legal_values()


def test_ai_tumble_can_be_skipped_and_the_game_goes_on(app):
    app.settings.anim_speed = "normal"
    session = default_session(3, 0)
    game = Game(session.config(), 6)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    assert step_until(app, lambda: table.tumble is not None and not table.tumble.grouped)
    turns = game.turns_this_round
    click((640, 300))
    assert step_until(app, lambda: game.turns_this_round > turns, 300)
