"""The replay viewer: ``lasvegas replay FILE``, the replay bar on the table (real key and
mouse events), and the Records screen listing saved games, damaged ones included."""

import json

import pygame

from lasvegas import cli
from lasvegas.match import ReplayMatch
from lasvegas.ui.files import save
from lasvegas.ui.kit import paths
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.records import RecordsScene
from lasvegas.ui.tools.stage import finished_record

from .conftest import button, click, key, step_until, steps
from .test_gamelog import _finish


def _record_file(tmp_path, seed=2, players=3):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_record(seed, players)), encoding="utf-8")
    return path


def test_replay_command_on_a_damaged_file_says_so_in_one_line(tmp_path, capsys):
    good = json.loads(_record_file(tmp_path).read_text())
    good["rounds"][0]["turns"][2]["value"] = 9  # tampered with
    cases = {"tampered.json": json.dumps(good), "cut.json": json.dumps(good)[:300], "other.json": '{"format": "x"}',
             "binary.json": None}
    for name, text in cases.items():
        p = tmp_path / name
        if text is None:
            p.write_bytes(bytes(range(256)))
        else:
            p.write_text(text)
        assert cli.main(["replay", str(p)]) == 1
        err = capsys.readouterr().err
        assert err.startswith("lasvegas replay: this record cannot be replayed: ") and name in err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_replay_command_opens_the_table_on_the_record(tmp_path, monkeypatch, app):
    import lasvegas.commands.replay as command

    started = []
    monkeypatch.setattr(command, "launch", lambda prog, fullscreen, start, language=None: (start(app), started.append(prog), 0)[2])
    assert cli.main(["replay", str(_record_file(tmp_path)), "--windowed"]) == 0
    assert started == ["lasvegas replay"]
    assert isinstance(app.top, TableScene) and isinstance(app.top.match, ReplayMatch)
    # the replay opens on the whole board (L opens the log beside it)
    assert app.top.replay is not None and not app.top.log_panel.shown


def test_the_replay_bar_steps_back_and_forward_with_keys_and_clicks(tmp_path, app):
    app.settings.anim_speed = "instant"
    match = ReplayMatch(json.loads(_record_file(tmp_path, 4).read_text()))
    table = app.go("table", match=match)
    step_until(app, lambda: match.turn >= 6)
    key(pygame.K_SPACE)  # pause
    steps(app, 2)
    assert not match.playing
    step_until(app, lambda: table.idle)
    here = match.turn

    def shown_matches_the_match():
        v = match.view(None)
        return (table.board.casino_dice == [dict(d) for d in v.casino_dice] and table.board.hand == dict(v.hand)
                and table.turn_seat == v.current)
    assert shown_matches_the_match()
    key(pygame.K_LEFT)  # back one move: instant
    steps(app, 2)
    assert match.turn == here - 1 and shown_matches_the_match()
    click(table.replay.buttons[3].rect.center)  # ">": one move forward, animated
    step_until(app, lambda: match.turn == here and table.idle)
    assert match.turn == here and shown_matches_the_match()
    lines_forward = list(table.log_panel.log.lines)
    key(pygame.K_LEFT)
    key(pygame.K_RIGHT)  # in the same frame: the step waits for the table to have rebuilt its board
    steps(app, 1)
    assert match.turn == here - 1
    step_until(app, lambda: match.turn == here and table.idle)
    assert shown_matches_the_match()
    assert table.log_panel.log.lines == lines_forward  # the log rebuilt at the seek says the same
    key(pygame.K_RIGHTBRACKET)  # the next round's start
    steps(app, 2)
    assert match.turn == match.round_starts[1] and shown_matches_the_match()
    key(pygame.K_LEFTBRACKET)
    key(pygame.K_LEFTBRACKET)
    steps(app, 2)
    assert match.turn == 0 and shown_matches_the_match()
    key(pygame.K_s)
    key(pygame.K_s)
    steps(app, 1)
    assert table.replay.speed == 4.0 and table.replay.speed_button.label == "4×"


def test_records_lists_saved_games_and_opens_one(app, home):
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue", "ai", "easy")], rounds=1)
    save.save_record(_finish(session.new_game(6)), session)
    (paths.records_dir() / "20200101-000000-1.json").write_text("{ not json", encoding="utf-8")
    title = app.go("title")
    click(button(title, "Records").rect.center)
    steps(app, 2)
    rec = app.top
    assert isinstance(rec, RecordsScene)
    assert [e.damaged for e in rec.entries] == [False, True]  # newest first
    assert rec.entries[0].players == "Ann, Bo" and rec.entries[0].mode_text == "2 players"
    click(rec.row_rect(1).center)  # the damaged one: a message, never a crash
    steps(app, 2)
    assert rec.selected == 1 and "damaged" in rec.message and not rec.open_button.enabled
    key(pygame.K_RETURN)
    steps(app, 1)
    assert app.top is rec
    key(pygame.K_f)  # multiplayer only: the damaged file is not among them
    steps(app, 1)
    assert rec.mode == "multi" and len(rec.shown) == 1
    click(rec.row_rect(0).center)
    steps(app, 1)
    click(rec.row_rect(0).center)  # a second click opens it
    steps(app, 2)
    assert isinstance(app.top, TableScene) and isinstance(app.top.match, ReplayMatch)
    assert app.top.match.config.seats == ("red", "blue")


def test_a_solo_replay_s_scoreboard_follows_a_seek(app):
    from lasvegas.core import Config
    from tests.match.test_replay_seek import played

    rec, _views = played(Config.solo("normal", rounds=3), 5)
    match = ReplayMatch(rec)
    table = app.go("table", match=match)
    match.seek(match.round_starts[2])
    steps(app, 2)
    assert len(table.round_margins) == 2  # the two rounds before, as in the game
    assert table.past_totals == match.past_totals()
    match.seek(0)
    steps(app, 2)
    assert table.round_margins == []


def test_replay_command_picks_a_game_of_a_json_lines_file(tmp_path, monkeypatch, app, capsys):
    import lasvegas.commands.replay as command

    recs = [finished_record(1, 2), finished_record(2, 3)]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    monkeypatch.setattr(command, "launch", lambda prog, fullscreen, start, language=None: (start(app), 0)[1])
    assert cli.main(["replay", str(path), "--game", "2"]) == 0
    assert len(app.top.match.config.seats) == 3
    assert cli.main(["replay", str(path), "--game", "3"]) == 1
    assert "there is no game 3" in capsys.readouterr().err


def test_the_replay_bar_answers_a_controller_alone(tmp_path, app):
    """A plays and pauses, the d-pad steps, LB/RB go a round back and on, X changes the speed
    (real controller events through the input map)."""
    from .test_access import controller

    app.settings.anim_speed = "instant"
    match = ReplayMatch(json.loads(_record_file(tmp_path, 4).read_text()))
    table = app.go("table", match=match)
    step_until(app, lambda: match.turn >= 3)
    controller("A")  # pause
    steps(app, 2)
    assert not match.playing
    step_until(app, lambda: table.idle)
    here = match.turn
    controller("DPAD_LEFT")
    steps(app, 2)
    assert match.turn == here - 1
    controller("RIGHTSHOULDER")  # the next round's start
    steps(app, 2)
    assert match.turn == match.round_starts[1]
    controller("LEFTSHOULDER")
    controller("LEFTSHOULDER")
    steps(app, 2)
    assert match.turn == 0
    controller("X")
    steps(app, 1)
    assert table.replay.speed == 2.0
    controller("A")  # plays again
    steps(app, 2)
    assert match.playing
