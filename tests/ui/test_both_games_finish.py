"""What both games share and must say alike: the pause menu, the setups' words, the home."""

import pygame

from lasvegas.core import Game
from lasvegas.match import LocalMatch
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.pause import PauseScene

from .conftest import DT, key, step_until, steps


def pause_box_pixels(app):
    """The pause menu's box as drawn now: a grid of its pixels."""
    assert isinstance(app.top, PauseScene)
    app.step(DT)
    inner = app.top.box.inflate(-30, -30)
    return [tuple(app.window.get_at(app.screen.pt((x, y)))) for x in range(inner.x, inner.right, 23)
            for y in range(inner.y, inner.bottom, 19)]


def lords_table(app, turns, seed):
    from lasvegas.ui.lords.stage_match import played

    t = app.go("lords-table", match=played(2, seed, turns))
    t.skip()
    for _i in range(600):
        app.step(DT)
        if not t.busy:
            break
    app.show("pause", leave=lambda: None)
    return pause_box_pixels(app)


def test_the_pause_menu_is_opaque_over_both_games(app):
    """Nothing of the screen below shows through the pause menu: over a Las Vegas pass screen,
    over the Las Vegas title and over two different Lords of Vegas tables its box is the same."""
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue")], hide_money=True)
    app.reset(TableScene(app, LocalMatch(Game(session.config(), 3), session)))
    assert step_until(app, lambda: isinstance(app.top, HandoverScene))
    key(pygame.K_ESCAPE)
    steps(app, 2)
    over_pass = pause_box_pixels(app)
    app.close_all()
    app.go("title")
    app.show("pause", leave=lambda: None)
    over_title = pause_box_pixels(app)
    app.close_all()
    one, other = lords_table(app, 6, 3), lords_table(app, 20, 9)
    assert over_pass == over_title == one == other
