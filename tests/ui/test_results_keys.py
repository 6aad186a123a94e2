"""The results screen does not start a new game on a mashed key, and asks before a new game
replaces a game in progress."""

import random

import pygame

from lasvegas.match import LocalMatch
from lasvegas.ui.files import save
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas.results_view import KEY_GRACE
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.confirm import ConfirmScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import DT, button, click, key, steps


def finished(seed: int = 3):
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue"), SeatInfo("Ace", "green", "ai", "random")])
    game = session.new_game(seed)
    r = random.Random(seed)
    while not game.is_over:
        game.apply(r.choice(game.legal_actions()))
    return session, LocalMatch(game, session).outcome()


def test_enter_and_space_on_the_results_do_not_start_a_new_game(app):
    session, outcome = finished()
    res = app.go("results", outcome=outcome, rematch=session)
    app.step(DT)
    for k in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_RETURN):  # mashed as the game ended
        key(k)
        steps(app)
    assert app.top is res
    # the focus is on something harmless: Title here (Review where the game has a record)
    assert res.nav.current is res.title_button
    steps(app, int(KEY_GRACE / DT) + 2)
    key(pygame.K_SPACE)
    steps(app)
    assert isinstance(app.top, TitleScene)


def test_play_again_asks_before_replacing_a_saved_game(app):
    session, outcome = finished()
    other = Session([SeatInfo("Cy", "red"), SeatInfo("Di", "blue")])
    kept = other.new_game(9)
    assert save.write_autosave(kept, other)
    res = app.go("results", outcome=outcome, rematch=session)
    steps(app)
    click(button(res, "Play again").rect.center)
    steps(app)
    assert isinstance(app.top, ConfirmScene)
    key(pygame.K_RETURN)  # Keep it is the default
    steps(app)
    assert app.top is res and save.read_autosave("multi").session.seats[0].name == "Cy"
    click(button(res, "Play again").rect.center)
    steps(app)
    click(app.top.yes_btn.rect.center)
    steps(app, 2)
    assert isinstance(app.top, TableScene)
    assert save.read_autosave("multi").session.seats[0].name == "Ann"
