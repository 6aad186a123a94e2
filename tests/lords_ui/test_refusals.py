"""Issue 35, Lords of Vegas: an action the rules refuse is answered on the table with the engine's
reason and a line in the error log; the state is unchanged and the game goes on.  Local and lesson
tables through posted keys and clicks (the panel's numbered choices); a replay and an online seat
through the table's one way of acting (``act``: every input ends there)."""

import time

import pygame

from lasvegas.lords import actions as A
from lasvegas.match.lords.remote import LordsRemoteMatch
from lasvegas.match.lords.replay import LordsReplayMatch
from lasvegas.ui.kit import paths

from ..lords.helpers import L, blank, mark
from ..net.conftest import server, server_factory  # noqa: F401
from .drive import DT, click, key, lot_centre
from .test_actions import ANN, table_for
from .test_records import played


def _logged() -> str:
    return paths.error_log().read_text(encoding="utf-8") if paths.error_log().exists() else ""


def test_local_a_refused_choice_says_why_logs_it_and_the_game_goes_on(app):
    g = blank(2, money=5)
    mark(g, "A6", ANN)
    table = table_for(app, g)
    before = g.to_dict()
    click(app, lot_centre(L("A6")))
    app.step(DT)
    key(pygame.K_1)  # Build: $20, Ann has $5
    app.step(DT)
    assert table.message == "A6 costs $20, you have $5" and app.top is table
    assert "refused (lords-table): IllegalAction: A6 costs $20, you have $5" in _logged()
    assert g.to_dict() == before
    # an action sent to the engine and refused there: the same answer
    assert not table.act(A.EndTurn(1))
    assert table.message and g.to_dict() == before
    assert _logged().count("refused (lords-table)") == 2
    app.step(DT)
    assert app.top is table and not getattr(app, "errors", None)


def test_replay_takes_no_moves(app):
    rec, _events = played(5)
    scene = app.show("lords-replay", match=LordsReplayMatch(rec))
    app.step(DT)
    table = app.top
    assert table is scene
    assert not table.act(A.EndTurn(0))
    assert table.message  # the reason, in the player's words
    assert "refused (lords-table): IllegalAction: a replay takes no moves" in _logged()
    for k in (pygame.K_1, pygame.K_RETURN, pygame.K_e):  # the replay's keys act for nobody
        key(k)
        app.step(DT)
    assert not getattr(app, "errors", None)


def test_online_seat_refused_locally_before_the_server(app, server):  # noqa: F811
    app.settings.anim_speed = "instant"
    m = LordsRemoteMatch(server.url, {"type": "create", "game": "lords", "players": 2, "ai": [None, "easy"],
                                      "name": "Ann"})
    try:
        deadline = time.monotonic() + 30
        while not m.started:
            assert time.monotonic() < deadline, "the game did not start"
            time.sleep(0.01)
        table = app.go("lords-table", match=m)
        app.step(DT)
        before = m.game.to_dict()
        assert not table.act(A.EndTurn(1 - m.seat))  # the other seat's action
        assert table.message
        assert "refused (lords-table): IllegalAction" in _logged()
        assert m.game.to_dict() == before
        app.step(DT)
        assert app.top is table and not getattr(app, "errors", None)
    finally:
        m.close()


def test_lesson_a_move_the_lesson_does_not_ask_for_says_why(app):
    from .test_tutorial import open_tutorial, wait_calm

    table = open_tutorial(app)
    wait_calm(app, table)
    before = table.match.game.to_dict()
    seat = table.viewer if table.viewer is not None else 0
    assert not table.act(A.EndTurn(seat))  # not what the lesson asks now
    assert table.message
    assert "refused (lords-table): IllegalAction" in _logged()
    assert table.match.game.to_dict() == before
    app.step(DT)
    assert app.top is table and not getattr(app, "errors", None)


def test_local_a_choice_listed_before_the_game_moved_on_is_asked_again_never_sent(app):
    """The actions panel's choices are the engine's answer for the game as it stood when the lot was
    selected; when the game moves on under them (here: Ann's money changes, as a trade accepted or a
    resumed game would), choosing one sends nothing stale: the choices are asked again and shown."""
    g = blank(2, money=30)
    mark(g, "A6", ANN)
    table = table_for(app, g)
    click(app, lot_centre(L("A6")))
    app.step(DT)
    listed = [o.label for o in table.options]
    assert listed and table.options[0].reason is None  # Build: $20, Ann has $30
    sent = []
    real = table.match.act
    table.match.act = lambda action: sent.append(action) or real(action)
    g.money[ANN] = 5  # the game moves on under the panel
    before = g.to_dict()
    key(pygame.K_1)  # the listed Build, chosen after the game moved on
    app.step(DT)
    assert sent == [] and g.to_dict() == before
    assert table.message and table.chosen is None
    assert table.options and table.options[0].reason is not None  # asked again: now refused, with its reason
    key(pygame.K_RETURN)  # a confirmation finds nothing stale to send
    app.step(DT)
    assert sent == [] and g.to_dict() == before
    key(pygame.K_1)  # the fresh choice: refused with the engine's reason, nothing sent
    app.step(DT)
    assert sent == [] and g.to_dict() == before and app.top is table and not getattr(app, "errors", None)
