"""Smaller things a player met at the table: Escape on the pass screen, the setup's notes,
plural-correct tie warnings, the log's key named as bound."""

import pygame

from lasvegas.core import Game
from lasvegas.match import LocalMatch
from lasvegas.ui import totals
from lasvegas.ui.i18n import ngettext, set_language
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.pause import PauseScene
from lasvegas.ui.scenes.table import TableScene
from lasvegas.ui.session import SeatInfo, Session

from .conftest import key, step_until, steps


def test_escape_on_the_pass_screen_opens_the_pause_menu_and_shows_no_money(app):
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue")], hide_money=True)
    table = TableScene(app, LocalMatch(Game(session.config(), 3), session))
    app.reset(table)
    assert step_until(app, lambda: isinstance(app.top, HandoverScene))
    drawn = []
    with totals.watch(lambda o, m, where: drawn.append(o)):
        key(pygame.K_ESCAPE)
        steps(app, 2)
        assert isinstance(app.top, PauseScene) and isinstance(app.scenes[-2], HandoverScene)
        key(pygame.K_ESCAPE)  # back to the pass screen, still nobody's
        steps(app, 2)
    assert isinstance(app.top, HandoverScene) and drawn == []


def test_the_setup_explains_hidden_money_and_the_pass_screen(app, read_texts):
    app.go("setup")
    read_texts.clear()
    steps(app)
    assert "Each sees only their own total; bill counts are public." in read_texts
    assert "Between two humans' turns: pass the game on first." in read_texts


def test_a_tie_of_one_name_reads_gets():
    for lang in ("en", "fr", "de"):
        set_language(lang)
        one = ngettext("Creates a tie: {names} gets nothing", "Creates a tie: {names} get nothing", 1, names="Ann")
        two = ngettext("Creates a tie: {names} gets nothing", "Creates a tie: {names} get nothing", 2,
                       names="Ann, Bo")
        assert one != two.replace("Ann, Bo", "Ann"), lang
    set_language("en")
    assert ngettext("Tie: {names} gets nothing", "Tie: {names} get nothing", 1, names="Ann") == "Tie: Ann gets nothing"


def test_the_log_button_and_header_name_the_key_bound_to_the_log(app, read_texts):
    app.bindings.bind("log", pygame.K_k)
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue", "ai", "random")])
    table = app.go("table", match=LocalMatch(Game(session.config(), 3), session))
    read_texts.clear()
    steps(app)
    assert "Log (K)" in read_texts and "Log (L)" not in read_texts
    key(pygame.K_k)
    read_texts.clear()
    steps(app)
    assert table.log_panel.shown and "PgUp/PgDn, wheel · K closes" in read_texts
