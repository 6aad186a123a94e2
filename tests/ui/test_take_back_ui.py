"""Take-back at the table: off by default; with the setting on, U (or the button) takes back
the player's last move in a game against AI seats, and the same roll comes back."""

import json

import pygame

from lasvegas.match import LocalMatch, PlaceDice
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.kit.settings import Settings
from lasvegas.ui.lasvegas import demo
from lasvegas.ui.scenes.settings import SettingsScene

from .conftest import click, key, step_until, steps


def table_at_my_turn(app, session, seed):
    table = app.go("table", match=LocalMatch(session.new_game(seed), session))
    assert step_until(app, lambda: table.await_roll, 3000)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.human_turn, 3000)
    return table


def test_off_by_default_then_the_same_roll_comes_back(app):
    assert Settings().take_back is False
    session = demo.demo_session(3, 1)
    table = table_at_my_turn(app, session, 8)
    groups = [v for v, _r in table.groups]
    click(table.groups[-1][1].center)
    steps(app, 2)
    assert step_until(app, lambda: table.await_roll, 3000)  # the AI seats played: my turn again
    key(pygame.K_u)
    steps(app, 2)
    assert not table.take_back_button.offered(True) and "took_back" not in session.extra  # setting off

    # the setting, from the Settings screen
    settings = app.show("settings")
    assert isinstance(settings, SettingsScene)
    steps(app)
    row = settings.rows[-1]
    assert row.label == "Take back a move"
    click(row.right.center)  # off → on
    steps(app)
    assert app.settings.take_back and Settings.load().take_back  # saved
    key(pygame.K_ESCAPE)
    steps(app, 2)
    assert table.take_back_button.offered(True)
    click(table.take_back_button.button.rect.center)
    steps(app, 2)
    assert session.extra["took_back"] == 1 and step_until(app, lambda: table.await_roll, 3000)
    key(pygame.K_SPACE)
    steps(app, 2)
    assert step_until(app, lambda: table.human_turn, 3000)
    assert [v for v, _r in table.groups] == groups  # the same roll, offered again
    assert session.extra["took_back"] == 1 and table.match.extra["practice"] is True


def test_a_solo_game_with_a_move_taken_back_counts_for_nothing(app):
    session = Session([SeatInfo("You", "red")], edition="2018", solo_level="normal", handover=False,
                      extra={"hints": 0})
    m = LocalMatch(session.new_game(9), session)
    m.send(PlaceDice(m.game.legal_values()[0]))
    m.take_back()
    while not m.game.is_over:
        m.send(PlaceDice(m.game.legal_values()[0]))
    before = json.dumps(app.services.progress.to_dict(), sort_keys=True)
    scene = app.go("solo-result", outcome=m.outcome(), rematch=m.rematch())
    assert any("taken back" in text for text, _c in scene.notes)
    assert json.dumps(app.services.progress.to_dict(), sort_keys=True) == before  # the ladder did not count it
    m.close()
