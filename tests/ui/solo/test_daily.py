"""The daily challenge: the date's seed, one result per day, replays as practice; ``lasvegas solo``."""

import argparse
import datetime as dt

import pytest

from lasvegas.commands import solo as solo_command
from lasvegas.core import PLACE
from lasvegas.match import LocalMatch
from lasvegas.solo import SoloProgress, daily_seed
from lasvegas.solo.daily import daily_level
from lasvegas.solo.hint import greedy_value
from lasvegas.ui.files import save
from lasvegas.ui.kit import paths
from lasvegas.ui.lasvegas import launch_solo
from lasvegas.ui.lasvegas.scenes.solo import SoloScene
from lasvegas.ui.lasvegas.scenes.solo_result import SoloResultScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.confirm import ConfirmScene

from .conftest import button, click, steps

DAY = dt.date(2026, 11, 25)


def finish(app):
    """Play the table's game to its end through the core and show the result scene."""
    table = app.top
    g = table.match.game
    while not g.is_over:
        g.apply(PLACE[greedy_value(g)])
    table.match.close()
    save.clear_autosave("solo")  # what the table does when its game ends
    out = LocalMatch(g, table.match.session, fresh=False).outcome()
    app.reset(SoloResultScene(app, out, table.match.session))
    steps(app)
    return app.top


def test_the_daily_challenge_is_the_same_game_for_a_date_and_played_once_for_the_record(app):
    app.services.clock = lambda: DAY
    app.push(SoloScene(app))
    ladder = app.top
    assert ladder.daily_button.label == "Play today's challenge"
    click(ladder.daily_button.rect.center)
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene)
    assert table.match.game.seed == daily_seed(DAY) and table.cfg.solo_level == daily_level(DAY)
    assert table.match.session.extra["daily"] == "2026-11-25" and not table.match.session.extra["practice"]
    first = finish(app)
    assert any("is saved" in t for t, _c in first.notes)
    prog, _w = SoloProgress.load(paths.data_dir() / "solo_progress.json")
    assert prog.daily_played(DAY) and prog.daily_entry(DAY)["result"]["margin"] == first.mine - first.others
    # the ladder shows it, and the replay is practice, with the same dice
    app.reset(SoloScene(app))
    assert app.top.daily_button.label == "Practice again"
    click(app.top.daily_button.rect.center)
    steps(app, 2)
    again = app.top
    assert again.match.game.seed == daily_seed(DAY) and again.match.session.extra["practice"]
    assert again.match.game.record()["rounds"][0]["preplaced"] == table.match.game.record()["rounds"][0]["preplaced"]
    second = finish(app)
    assert any("Practice" in t for t, _c in second.notes)
    prog, _w = SoloProgress.load(paths.data_dir() / "solo_progress.json")
    assert prog.daily_entry(DAY)["practice"] == 1
    assert prog.daily_entry(DAY)["result"]["margin"] == first.mine - first.others
    # daily games do not count on the ladder
    assert all(e[k]["attempts"] == 0 for e in prog.levels.values() for k in ("full", "quick"))


def args(**kw):
    base = dict(daily=False, level=None, date=None, quick=False, seed=None, fullscreen=False)
    base.update(kw)
    return argparse.Namespace(**base)


@pytest.mark.parametrize("kw, words", [
    (dict(daily=True, date="2026-02-30"), "a date looks like"),
    (dict(date="2026-11-25"), "--date only goes with --daily"),
    (dict(level="expert-9"), "unknown solo level"),
    (dict(quick=True), "--quick goes with --level"),
    (dict(daily=True, seed=4), "--seed does not apply"),
])
def test_bad_options_are_refused_before_a_window_opens(kw, words, capsys):
    assert solo_command.run(args(**kw)) == 2
    assert words in capsys.readouterr().err


def test_solo_command_starts_the_daily_challenge_of_a_date_or_a_level(app):
    launch_solo.start(app, daily=True, date=dt.date(2026, 1, 2))
    assert isinstance(app.top, TableScene) and app.top.match.game.seed == daily_seed(dt.date(2026, 1, 2))
    app.top.match.close()
    # the daily game is saved in progress: a new solo game asks before it replaces it
    launch_solo.start(app, level="normal", quick=True, seed=9)
    ask = app.top
    assert isinstance(ask, ConfirmScene) and ask.question == "Abandon your daily challenge of January 2, 2026 in round 1?"
    assert isinstance(app.scenes[-2], SoloScene)
    click(button(ask, "Abandon it").rect.center)
    steps(app)
    assert app.top.cfg.rounds == 1 and app.top.match.game.seed == 9
    app.top.match.close()
    # a locked level: the ladder, saying what opens it
    launch_solo.start(app, level="hard")
    assert isinstance(app.top, SoloScene) and "Hard is locked" in app.top.message
