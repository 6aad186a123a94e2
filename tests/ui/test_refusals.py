"""Issue 35: in every kind of Las Vegas match, an intent the rules refuse, sent through the table's
own input (a digit key), is answered on the screen with the match's reason and a line in the
diagnostics log (never the error log: a refusal is no error); the game is unchanged and goes on.
A digit no die of this screen's roll shows is answered by the screen itself, before the match is
asked.  (Lords of Vegas: tests/ui/lords/test_refusals.py.)"""


import time

import pygame

from lasvegas.core import Game
from lasvegas.match import LocalMatch, ReplayMatch
from lasvegas.ui.kit import paths
from lasvegas.ui.kit.session import SeatInfo, Session, default_session
from lasvegas.ui.lasvegas import tutorial
from lasvegas.ui.tools.stage import finished_record

from ..net.conftest import server, server_factory  # noqa: F401
from .conftest import key, steps


def _press(value):
    key(getattr(pygame, f"K_{value}"))


def until_caught_up(app, table, mine=True, frames=4000, seconds=60.0):
    """Step (rolling, passing screens, answering a lesson's marks) until the table shows the match's
    present at a turn of this screen (``mine``) or of another seat: at least ``frames`` frames, and
    for a remote match (whose server moves in its own time) on until ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    n = 0
    while n < frames or time.monotonic() < deadline:
        n += 1
        top = app.top
        if top is not table:
            key(pygame.K_RETURN)  # a pass screen, a round summary
        elif table.await_roll:
            table.roll()
        elif table.caught_up and (table.human_turn == mine) and not table.coach.waiting:
            return
        elif table.human_turn and not mine:
            table.place(table.groups[0][0])  # this screen's move: on to another seat's turn
        elif table.coach.waiting:
            key(pygame.K_RETURN)
        steps(app)
    raise AssertionError(f"the table never caught up (top {type(app.top).__name__})")


def _read(path) -> str:
    return path.read_text(encoding="utf-8") if path.exists() else ""


def refuse(app, table, value, expect: str, asked: bool = True) -> None:
    """Press ``value``'s digit twice (choose, place): the reason shown, nothing changed, the game goes
    on.  ``asked``: the match refused it (a line in the diagnostics log); else the screen said so
    before asking (nothing sent).  The error log stays empty either way."""
    before = (len(table.match.history()) if hasattr(table.match, "game") else None, table.match.view(None))
    sent = []
    real = table.match.send
    table.match.send = lambda intent: sent.append(intent) or real(intent)
    try:
        _press(value)
        _press(value)
        steps(app)
    finally:
        del table.match.send
    assert app.top is table and not getattr(app, "errors", None)
    assert table.refusal.text == expect
    assert _read(paths.error_log()) == ""
    if asked:
        assert sent and "refused (table): IllegalAction" in _read(paths.diagnostics_log())
    else:
        assert sent == [] and "refused" not in _read(paths.diagnostics_log())
    assert table.match.view(None) == before[1]  # the state unchanged
    steps(app, 3)  # still drawn and updated
    assert app.top is table


def _not_rolled(table) -> int:
    legal = set(table.match.view(None).legal)
    missing = [v for v in range(1, 7) if v not in legal]
    assert missing, "every value was rolled: the seeds below are chosen so that this does not happen"
    return missing[0]


def test_local_hot_seat(app):
    session = default_session(3, 2)
    table = app.go("table", match=LocalMatch(Game(session.config(), 5), session))
    until_caught_up(app, table)
    v = _not_rolled(table)
    roll = ", ".join(str(x) for x in sorted(set(table.match.view(None).legal)))
    refuse(app, table, v, f"No die of this roll shows {v}: choose {roll}", asked=False)
    # and the player plays on
    assert table.place(table.groups[0][0])


def test_local_an_ai_seats_turn(app):
    app.settings.ai_pace = "slow"
    session = default_session(2, 1)
    table = app.go("table", match=LocalMatch(Game(session.config(), 6), session))
    until_caught_up(app, table, mine=False)
    refuse(app, table, 3, "It is not your turn")


def test_solo(app):
    session = Session([SeatInfo("You", "red")], edition="2018", solo_level="normal", handover=False)
    table = app.go("table", match=LocalMatch(session.new_game(9), session))
    until_caught_up(app, table)
    v = _not_rolled(table)
    refuse(app, table, v, f"No die of this roll shows {v}: choose "
           + ", ".join(str(x) for x in sorted(set(table.match.view(None).legal))), asked=False)


def test_lesson(app):
    table = app.go("table", match=tutorial.tutorial_match())
    until_caught_up(app, table)
    v = _not_rolled(table)
    roll = ", ".join(str(x) for x in sorted(set(table.match.view(None).legal)))
    refuse(app, table, v, f"No die of this roll shows {v}: choose {roll}", asked=False)


def test_replay(app, tmp_path):
    match = ReplayMatch(finished_record(4, 3))
    table = app.go("table", match=match)
    match.controls.playing = False  # paused: the table catches up with the move on show
    until_caught_up(app, table, mine=False)
    match_turn = match.controls.turn
    refuse(app, table, 2, "A replay takes no moves: it plays the recorded game")
    assert match.controls.turn == match_turn


def test_remote(app, server):  # noqa: F811  (a real server process on 127.0.0.1)
    from lasvegas.net.client import Link
    from lasvegas.net.lasvegas.remote import RemoteMatch

    link = Link(server.url, {"type": "create", "players": 2, "rounds": 1, "ai": [None, "easy"], "name": "Ann"})
    match = RemoteMatch.connect(server.url, {}, link=link, timeout=30)
    try:
        table = app.go("table", match=match)
        until_caught_up(app, table)
        for _turn in range(8):  # the server's seed is its own: a roll that leaves a value out
            if len(set(match.view(None).legal)) < 6:
                break
            before = match.view(None)
            assert table.place(table.groups[0][0])
            deadline = time.monotonic() + 30
            while match.view(None) == before and time.monotonic() < deadline:
                steps(app)  # the move on its way to the server and back
            until_caught_up(app, table)
        v = _not_rolled(table)
        roll = ", ".join(str(x) for x in sorted(set(match.view(None).legal)))
        refuse(app, table, v, f"No die of this roll shows {v}: choose {roll}", asked=False)
        assert table.place(table.groups[0][0])  # and the seat plays on
    finally:
        match.close()


def test_every_las_vegas_refusal_a_player_can_meet_is_said_in_french():
    """The engine's and the matches' English reasons reach a French screen in French; one the table
    does not know is said as a plain "not allowed now", never in English."""
    from lasvegas.kernel.errors import IllegalAction
    from lasvegas.ui.kit import i18n
    from lasvegas.ui.lasvegas.reasons import say

    i18n.set_language("fr")
    try:
        reasons = ["no rolled die shows 2: choose one of 1, 4", "no die shows 3", "it is not your turn",
                   "it is not the turn of a seat at this screen", "a replay takes no moves", "the game is over",
                   "there is nothing to preview: the game is over", "there is no move of yours to take back here",
                   "no quick reaction 'hi'", "something no screen has ever been told"]
        said = [say(IllegalAction(r)) for r in reasons]
        for english, french in zip(reasons, said):
            assert french and french != english and french[0].isupper(), (english, french)
        assert said[0].startswith("Aucun dé") or "2" in said[0]
    finally:
        i18n.set_language("en")


def test_the_diagnostics_log_is_kept_short(monkeypatch, tmp_path):
    """Refusals go to the diagnostics log, never the error log; past its size it starts again, the
    older lines kept once (``diagnostics.log.1``)."""
    from lasvegas.kernel.errors import IllegalAction
    from lasvegas.ui.kit import refusal

    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))  # a home of its own: no other run's logs
    monkeypatch.setattr(refusal, "KEPT", 200)
    for i in range(8):
        refusal.log_refusal(IllegalAction(f"no die shows {i}"), "table")
    now, older = paths.diagnostics_log(), paths.diagnostics_log().with_name("diagnostics.log.1")
    assert older.exists() and "no die shows" in _read(older)
    assert 0 < now.stat().st_size <= 200 + 100 and "no die shows 7" in _read(now)
    assert _read(paths.error_log()) == ""
