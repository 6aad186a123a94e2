"""Lords of Vegas records on the Records screen and their replay, through posted clicks and keys."""

from __future__ import annotations

import json

import pygame
import pytest

from lasvegas.store import paths
from lasvegas.lords.events import Event
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.match.lords.replay import LordsReplayMatch, open_lords_record
from lasvegas.kernel.errors import RecordError
from lasvegas.ui.lords import words
from lasvegas.ui.lords.replay import BAR, LordsReplayScene
from lasvegas.ui.scenes.records import RecordsScene

from ..conftest import click, key, steps

SEATS = [LordsSeat("Ann", "purple", "human"), LordsSeat("Vega Vic", "green", "ai", "medium"),
         LordsSeat("Dora", "red", "ai", "easy")]


def played(seed: int = 7) -> tuple[dict, list]:
    """A whole game of AI seats (seat 0 recorded as a human's) and every event it told."""
    ai = [LordsSeat(s.name, s.colour, "ai", s.level or "medium") for s in SEATS]
    m = LordsLocalMatch(ai, seed)
    events = list(m.poll())
    while not m.game.is_over:
        events += m.ai_step()
    rec = json.loads(json.dumps(m.record()))
    rec["players"]["blue"] = {"kind": "human", "level": ""}
    return rec, [e for e in events if isinstance(e, Event)]


def state(game) -> dict:
    """A game's whole state but its dice source (a replay's dice are the record's, not a seed's)."""
    d = game.to_dict()
    return {k: v for k, v in d.items() if k not in ("dice", "seed")}


def test_the_replay_match_tells_the_original_event_stream_exactly():
    rec, events = played(7)
    r = LordsReplayMatch(rec)
    told = list(r.poll())
    while not r.at_end:
        told += r.forward()
    assert told == events and r.game.is_over
    assert state(r.game) == state(LordsReplayMatch(rec).final)
    r.seek(20)  # back: the same game as played to there
    again = LordsReplayMatch(rec)
    for _i in range(20):
        again.forward()
    assert state(r.game) == state(again.game) and r.history() == events[:len(r.history())]
    assert r.ai_due() is None and r.human_due() is None and not r.humans


def test_a_tampered_lords_record_does_not_open(tmp_path):
    rec, _ev = played(3)
    rec["moves"][4]["rolls"] = [6] if rec["moves"][4]["rolls"] != [6] else [5]
    rec["moves"][4]["rolls"] = rec["moves"][4]["rolls"] or [1]
    p = tmp_path / "x.json"
    p.write_text(json.dumps(rec))
    with pytest.raises(RecordError):
        open_lords_record(p)


def _write(folder, name, data) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())


def test_records_list_both_games_filter_by_game_and_open_a_lords_replay(app, home):
    from lasvegas.match.session import SeatInfo, Session
    from lasvegas.ui.files import save
    from tests.ui.test_replay_ui import _finish

    session = Session([SeatInfo("Bea", "red"), SeatInfo("Bo", "blue", "ai", "easy")], rounds=1)
    save.save_record(_finish(session.new_game(6)), session)
    rec, events = played(7)
    lords = paths.records_dir() / "lords"
    _write(lords, "20300101-000000-7.json", rec)
    tampered = json.loads(json.dumps(rec))
    tampered["result"]["money"]["blue"] += 1
    damaged = {"20290101-000000-1.json": b"{ not json", "20290101-000000-2.json": tampered,
               "20290101-000000-3.json": b"\xff\xfe\x00binary", "20290101-000000-4.json": {"format": "lasvegas-record/1"}}
    for name, data in damaged.items():
        _write(lords, name, data)
    before = {p.name: p.read_bytes() for p in lords.iterdir()}
    app.go("title")
    app.show("records")
    steps(app, 2)
    rec_scene = app.top
    assert isinstance(rec_scene, RecordsScene)
    by_game = [(e.game, e.damaged) for e in rec_scene.entries]
    assert by_game[0] == ("lords", False) and by_game.count(("lords", True)) == 4 and ("lasvegas", False) in by_game
    row = rec_scene.entries[0]
    assert row.players == "Ann, Vega Vic, Dora" and row.mode_text == "Lords of Vegas · 3 players"
    winner = rec_scene.entries[0]
    assert " VP)" in winner.winner and winner.result in ("won", "shared win") or winner.result.startswith("place ")
    click(rec_scene.game_button.rect.center)  # Las Vegas only
    steps(app, 1)
    assert rec_scene.game == "lasvegas" and {e.game for e in rec_scene.shown} == {"lasvegas"}
    key(pygame.K_g)  # Lords of Vegas only: the damaged ones too, each clickable, none opens
    steps(app, 1)
    assert rec_scene.game == "lords" and len(rec_scene.shown) == 5 and not rec_scene.filter_button.enabled
    for k in range(1, 5):
        click(rec_scene.row_rect(k).center)
        steps(app, 1)
        key(pygame.K_RETURN)
        steps(app, 1)
        assert app.top is rec_scene and "damaged" in rec_scene.message
    assert {p.name: p.read_bytes() for p in lords.iterdir()} == before  # never deleted nor changed
    click(rec_scene.row_rect(0).center)
    steps(app, 1)
    click(rec_scene.row_rect(0).center)  # a second click opens it
    steps(app, 2)
    table = app.top
    assert isinstance(table, LordsReplayScene) and isinstance(table.match, LordsReplayMatch)
    # a move at a time with the Right arrow to the end: the log tells the original game, line by line
    key(pygame.K_SPACE)  # pause
    steps(app, 1)
    assert not table.match.playing
    for _i in range(3000):
        if table.match.at_end and not table.busy:
            break
        key(pygame.K_RIGHT)
        steps(app, 2)
    assert table.match.at_end and table.match.game.is_over
    table.skip()
    said = [line for line in (words.describe(e, table.name) for e in events) if line]
    assert table.log == said
    # back a move, a turn, to the start; a click on the bar jumps; Escape goes back to the list
    key(pygame.K_LEFT)
    steps(app, 1)
    assert table.match.turn == table.match.turns - 1
    key(pygame.K_LEFTBRACKET)
    steps(app, 1)
    k = table.match.turn
    assert k < table.match.turns - 1 and table.match.turn_of_move[k] != table.match.turn_of_move[k - 1]
    key(pygame.K_HOME)
    steps(app, 1)
    assert table.match.turn == 0 and state(table.match.game) == state(LordsReplayMatch(rec).game)
    click(app.screen.pt((BAR.centerx, BAR.centery)))
    steps(app, 1)
    assert abs(table.match.turn - table.match.turns // 2) <= 1
    assert table.log == [line for line in (words.describe(e, table.name) for e in table.match.history()) if line]
    click(table.controls["speed"].center)
    steps(app, 1)
    assert table.match.speed == 2.0
    click(table.controls["play"].center)
    steps(app, 30)
    assert table.match.playing and table.match.turn > table.match.turns // 2
    key(pygame.K_ESCAPE)
    steps(app, 1)
    assert app.top is rec_scene


def test_the_lords_replay_answers_a_controller_alone(app, home):
    from tests.ui.test_access import controller

    rec, _events = played(5)
    m = LordsReplayMatch(rec)
    app.go("title")
    app.show("records")
    table = app.show("lords-replay", match=m)
    controller("A")  # pause
    steps(app, 2)
    assert not m.playing
    table.jump(30)
    controller("DPAD_LEFT")
    steps(app, 2)
    assert m.turn == 29
    controller("RIGHTSHOULDER")  # the next turn's start
    steps(app, 2)
    assert m.turn > 29 and m.turn_of_move[m.turn] != m.turn_of_move[m.turn - 1]
    controller("LEFTSHOULDER")
    steps(app, 2)
    assert m.turn <= 29
    controller("X")
    steps(app, 1)
    assert m.speed == 2.0
    controller("A")  # plays again
    steps(app, 2)
    assert m.playing
    controller("B")
    steps(app, 2)
    assert isinstance(app.top, RecordsScene)


def test_the_replay_command_opens_a_lords_record_on_its_table(tmp_path, monkeypatch, app, capsys):
    import lasvegas.commands.replay as command
    from lasvegas import cli

    rec, _events = played(6)
    good = tmp_path / "lords.json"
    good.write_text(json.dumps(rec))
    monkeypatch.setattr(command, "launch", lambda prog, fullscreen, start, language=None: (start(app), 0)[1])
    assert cli.main(["replay", str(good), "--windowed"]) == 0
    assert isinstance(app.top, LordsReplayScene) and app.top.match.turns == len(rec["moves"])
    rec["moves"][3]["action"]["seat"] = 9  # tampered: one line, never a traceback
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    capsys.readouterr()
    assert cli.main(["replay", str(bad), "--windowed"]) == 1
    err = capsys.readouterr().err
    assert "cannot be replayed" in err and "moves[3]" in err and len(err.strip().splitlines()) == 1


def test_the_card_beside_the_deck_is_the_last_drawn_wherever_the_replay_stands(app, home, monkeypatch):
    """Opened at a move (as from the review), then jumps and steps either way and to the end: the
    card drawn face up beside the deck is always the last card drawn up to the replay's position."""
    from lasvegas.lords.board import END
    from lasvegas.lords.events import CardDrawn
    from lasvegas.ui.lords import panels

    rec, _events = played(5)
    m = LordsReplayMatch(rec)
    app.go("title")
    app.show("records")
    table = app.show("lords-replay", match=m, at=4)
    shown: list = []
    real = panels.draw_deck_panel

    def spy(surface, match, back=True, drawn=None):
        shown.append(drawn)
        real(surface, match, back, drawn)

    monkeypatch.setattr(panels, "draw_deck_panel", spy)

    def check() -> int | None:
        table.skip()  # a card turning over is shown once it lies face up
        shown.clear()
        steps(app, 1)
        last = next((e.card for e in reversed(m.history()) if isinstance(e, CardDrawn)), None)
        assert shown and shown[-1] == last, (m.turn, shown, last)
        return last

    assert m.turn == 4 and check() is not None  # opened at move 4: the card just drawn, not an empty slot
    key(pygame.K_END)
    assert check() == END and m.at_end  # the End card, not the game's first card
    seen = set()
    for k in (30, 10, 25, 1, 0):  # jumps forward and back
        table.jump(k)
        seen.add(check())
    assert len(seen) >= 3
    for _i in range(6):  # a move on, step by step
        key(pygame.K_RIGHT)
        steps(app, 1)
        check()
    for press in (pygame.K_LEFT, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_LEFT):
        key(press)
        check()
    table.jump(m.turns)
    assert check() == END


def test_the_replay_command_picks_a_lords_game_of_a_json_lines_file(tmp_path, monkeypatch, app, capsys):
    import lasvegas.commands.replay as command
    from lasvegas import cli

    recs = [played(6)[0], played(8)[0]]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    monkeypatch.setattr(command, "launch", lambda prog, fullscreen, start, language=None: (start(app), 0)[1])
    assert cli.main(["replay", str(path), "--game", "2"]) == 0
    assert isinstance(app.top, LordsReplayScene) and app.top.match.turns == len(recs[1]["moves"])
    assert len(recs[0]["moves"]) != len(recs[1]["moves"])
    capsys.readouterr()
    assert cli.main(["replay", str(path), "--game", "3"]) == 1
    assert "there is no game 3" in capsys.readouterr().err
