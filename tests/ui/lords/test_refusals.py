"""Issue 35, Lords of Vegas: an action the rules refuse is answered on the table with the engine's
reason and a line in the diagnostics log (never the error log: a refusal is no error); the state is
unchanged and the game goes on.  A control that cannot succeed says so before it is used: a lot
without the player's marker is not sent as a marker move, an empty trade cannot be proposed.  Local and lesson
tables through posted keys and clicks (the panel's numbered choices); a replay and an online seat
through the table's one way of acting (``act``: every input ends there)."""


import pygame

from lasvegas.lords import actions as A
from lasvegas.net.lords.remote import LordsRemoteMatch
from lasvegas.match.lords.replay import LordsReplayMatch
from lasvegas.ui.kit import paths

from ...lords.helpers import L, blank, mark
from ...net.conftest import server, server_factory  # noqa: F401
from .drive import DT, click, key, lot_centre, wait_started
from .test_actions import ANN, table_for
from .test_records import played


def _read(path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _logged() -> str:
    """The diagnostics log, after checking that the error log holds nothing."""
    assert _read(paths.error_log()) == ""
    return _read(paths.diagnostics_log())


def test_local_a_refused_choice_says_why_logs_it_as_a_diagnostic_and_the_game_goes_on(app):
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
        wait_started(m)
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


def test_a_lot_without_the_players_marker_is_not_sent_as_a_marker_move(app):
    from .test_actions import markers_all_out

    g, table = markers_all_out(app)
    assert g.phase == "marker" and table.decide.kind() == "marker"
    sent = []
    real = table.match.act
    table.match.act = lambda action: sent.append(action) or real(action)
    before = g.to_dict()
    click(app, lot_centre(L("D5")))  # no marker of Ann's there
    app.step(DT)
    assert sent == [] and g.to_dict() == before
    assert table.message == "D5 holds no marker of yours: pick one of the lit lots"
    assert "refused" not in _logged()
    click(app, lot_centre(L("B5")))  # a lit lot: sent, and played
    app.step(DT)
    assert [type(a).__name__ for a in sent] == ["MoveMarker"] and g.marker[L("B5")] == -1


def test_an_empty_trade_cannot_be_proposed_and_says_what_to_add(app, tmp_path):
    g = blank(2)
    mark(g, "A6", ANN)
    table = table_for(app, g)
    table.open_trade()
    trade = app.top
    assert type(trade).__name__ == "LordsTradeScene"
    trade.draw(app.screen)
    propose = trade.buttons[0]
    assert not propose.enabled
    assert trade.blocked() == "Nothing in the offer yet: add money, a lot or an action"
    key(pygame.K_RETURN)  # Enter, the button's key: nothing sent
    trade.propose()       # and the controller's ring, which calls it directly
    app.step(DT)
    assert not g.proposals and app.top is trade and trade.message in ("", trade.blocked())
    assert "refused" not in _logged()
    trade.give_money = 3  # something in it: the button is lit and proposes
    trade.draw(app.screen)
    assert propose.enabled and trade.blocked() is None
    trade.propose()
    assert (ANN, 1) in g.proposals
