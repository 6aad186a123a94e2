"""End to end, per kind of file: damage it, start the game headless, read the message, find the copy, play on.

Also: the save slots (a solo game leaves the multiplayer save alone, replacing a
saved game asks), the backup of the autosave, the old single autosave, a
folder that cannot be written, and the entry points run as the player runs them.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from lasvegas.ui.files import save
from lasvegas.ui.app import App
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.kit.settings import Settings
from lasvegas.ui.lasvegas import launch_solo
from lasvegas.ui.lasvegas.scenes.setup import SetupScene
from lasvegas.ui.lasvegas.scenes.solo import SoloScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.confirm import ConfirmScene
from lasvegas.ui.scenes.notice import NoticeScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, key, step_until, steps

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 50_000 + "]" * 50_000


def start_app():
    """The game as ``lasvegas`` starts it: settings read from the player's folder, the title."""
    app = App(fullscreen=False, sound=False)
    app.settings.anim_speed, app.settings.ai_pace = "instant", "fast"
    app.reset(TitleScene(app))
    steps(app)
    return app


def notice_of(app) -> str:
    assert isinstance(app.top, NoticeScene), f"no message shown, the screen is {type(app.top).__name__}"
    return app.top.text


def dismiss(app) -> None:
    click(button(app.top, "OK").rect.center)
    steps(app)
    assert not isinstance(app.top, NoticeScene)


def kept_copy(path: Path, text: str) -> Path:
    [kept] = path.parent.glob(f"{path.stem}.damaged-*{path.suffix}")
    assert kept.read_bytes() == text.encode("utf-8", "surrogateescape")
    return kept


def start_new_game(app) -> None:
    """Title -> New game -> Start (abandoning a saved game if asked)."""
    if not isinstance(app.top, TitleScene):
        app.reset(TitleScene(app))
        steps(app)
    click(button(app.top, "New game").rect.center)
    steps(app)
    click(app.top.start_btn.rect.center)
    steps(app, 2)
    if isinstance(app.top, ConfirmScene):
        click(button(app.top, "Abandon it").rect.center)
        steps(app, 2)


def play_a_turn(app, table) -> None:
    """The human rolls and places the first value (the AI seats play before as they come)."""
    assert step_until(app, lambda: table.await_roll, limit=4000)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.ready, limit=4000)
    key(getattr(pygame, f"K_{table.groups[0][0]}"))
    key(pygame.K_RETURN)
    steps(app)


def play_a_new_game(app) -> TableScene:
    """New game -> Start -> a turn is played: the game goes on."""
    start_new_game(app)
    table = app.top
    assert isinstance(table, TableScene)
    turns = len([t for r in table.match.game.record()["rounds"] for t in r["turns"]])
    play_a_turn(app, table)
    assert len([t for r in table.match.game.record()["rounds"] for t in r["turns"]]) > turns
    return table


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8", "surrogateescape"))


def saved_multi(names=("Ann", "Bo")):
    s = Session([SeatInfo(names[0], "red"), SeatInfo(names[1], "blue"), SeatInfo("Ace", "green", "ai", "easy")])
    game = s.new_game(5)
    assert save.write_autosave(game, s)
    return game, s


@pytest.mark.parametrize("text", ["{not json", DEEP, '{"volume": "loud"}', "\udcff\udcfe"])
def test_damaged_settings(home, text):
    path = home / "config" / "settings.json"
    write(path, text)
    app = start_app()
    message = notice_of(app)
    assert "Your settings (settings.json) could not be used" in message and "back to their defaults" in message
    kept = kept_copy(path, text)
    assert str(kept) in message
    dismiss(app)
    assert app.settings.volume == Settings().volume
    play_a_new_game(app).match.close()
    assert not path.exists() or json.loads(path.read_text())  # a new file, the damaged one kept


@pytest.mark.parametrize("text", ['{"seats": [{"name": ["Ann"], "colour": "red"}]}', DEEP,
                                  '{"seats": [], "rounds": 10000000000000000000000000000000000000000000}'])
def test_damaged_last_setup(home, text):
    path = home / "config" / "last_setup.json"
    write(path, text)
    app = start_app()
    click(button(app.top, "New game").rect.center)
    steps(app)
    message = notice_of(app)
    assert "The remembered game setup (last_setup.json)" in message and "usual seats" in message
    assert str(kept_copy(path, text)) in message
    dismiss(app)
    assert isinstance(app.top, SetupScene) and len(app.top.session.seats) == 3
    click(app.top.start_btn.rect.center)
    steps(app, 2)
    assert isinstance(app.top, TableScene)
    app.top.match.close()


@pytest.mark.parametrize("slot", ["multi", "solo"])
def test_damaged_autosave_without_a_backup(home, slot):
    path = save.autosave_path(slot)
    text = '{"format": "lasvegas-autosave/1", "session": {"seats": "Ann"}, "game": {}}'
    write(path, text)
    app = start_app()
    message = notice_of(app)
    what = "The saved game" if slot == "multi" else "The saved solo game"
    assert f"{what} (autosave-{slot}.json) could not be used" in message and "cannot be resumed" in message
    assert str(kept_copy(path, text)) in message
    dismiss(app)
    assert not any(b.label.startswith("Resume") for b in app.top.buttons)
    play_a_new_game(app).match.close()
    assert save.has_autosave("multi")


def test_damaged_autosave_resumes_from_the_turn_before(app):
    app.seed = 4
    table = play_a_new_game(app)
    play_a_turn(app, table)
    table.match.close()
    before = json.loads(save.store.backup_path(save.autosave_path()).read_text())["game"]
    path = save.autosave_path()
    path.write_text(path.read_text()[:500])  # a save cut short
    app.reset(TitleScene(app))
    steps(app)
    message = notice_of(app)
    assert "one turn earlier" in message and "autosave-multi.damaged-" in message
    dismiss(app)
    click(button(app.top, "Resume").rect.center)
    steps(app)
    assert isinstance(app.top, TableScene) and app.top.match.game.to_dict()["history"] == before["history"]
    app.top.match.close()


def test_damaged_solo_progress_through_the_solo_command(home):
    path = home / "data" / "solo_progress.json"
    text = '{"format": "lasvegas-solo-progress/1", "levels": {"normal": {"full": {"attempts": 1, ' \
           '"wins": 1, "best": {"margin": 5, "won": true, "hints": "2"}}}}}'
    write(path, text)
    app = App(fullscreen=False, sound=False)
    launch_solo.start(app)
    steps(app)
    message = notice_of(app)
    assert "Your solo progress (solo_progress.json)" in message and "fresh ladder" in message
    assert "hints" in message and str(kept_copy(path, text)) in message
    dismiss(app)
    ladder = app.top
    assert isinstance(ladder, SoloScene) and ladder.progress.state("hard") == "locked"
    steps(app)  # the ladder draws
    click(ladder.play_buttons["normal"].rect.center)
    steps(app, 2)
    assert isinstance(app.top, TableScene)
    app.top.match.close()


def test_the_old_single_autosave_moves_into_its_slot(home):
    s = Session([SeatInfo("You", "red")], edition="2018", solo_level="hard", handover=False, extra={"hints": 0})
    game = s.new_game(3)
    write(save.legacy_path(), json.dumps({"format": "lasvegas-autosave/1", "saved": 1.0,
                                          "session": s.to_dict(), "game": game.to_dict()}))
    app = start_app()
    labels = [b.label for b in app.top.buttons]
    assert "Las Vegas · Resume your Hard solo game in round 1" in labels
    assert save.autosave_path("solo").is_file() and not save.legacy_path().exists()
    click(button(app.top, "Resume").rect.center)
    steps(app)
    assert isinstance(app.top, TableScene) and app.top.match.game.to_dict() == game.to_dict()
    app.top.match.close()


def test_a_solo_game_leaves_the_multiplayer_game_alone_and_replacing_asks(app):
    game, _s = saved_multi()
    multi = save.autosave_path("multi").read_bytes()
    app.reset(TitleScene(app))
    app.push(SoloScene(app))
    click(app.top.daily_button.rect.center)  # a solo game: its own slot, no question
    steps(app, 2)
    assert isinstance(app.top, TableScene) and app.top.solo
    app.top.match.close()
    assert save.autosave_path("multi").read_bytes() == multi
    app.reset(TitleScene(app))
    steps(app)
    labels = [b.label for b in app.top.buttons]
    day = dt.date.fromisoformat(app.top.saved["solo"].session.extra["daily"])
    assert labels[:2] == ["Las Vegas · Resume Ann and Bo's game in round 1",
                          f"Las Vegas · Resume your daily challenge of {day:%B} {day.day}, {day.year} in round 1"]
    # a new multiplayer game asks first; "Keep it" keeps it
    click(button(app.top, "New game").rect.center)
    steps(app)
    click(app.top.start_btn.rect.center)
    steps(app)
    ask = app.top
    assert isinstance(ask, ConfirmScene) and ask.question == "Abandon Ann and Bo's game in round 1?"
    key(pygame.K_ESCAPE)
    steps(app)
    assert isinstance(app.top, SetupScene) and save.autosave_path("multi").read_bytes() == multi
    click(app.top.start_btn.rect.center)
    steps(app)
    click(button(app.top, "Abandon it").rect.center)
    steps(app)
    assert isinstance(app.top, TableScene) and save.read_autosave("multi").game.seed != game.seed
    app.top.match.close()
    assert save.read_autosave("solo") is not None


def test_a_folder_that_cannot_be_written_is_a_message_and_the_game_goes_on(home):
    (home / "data").write_text("a file where the data folder should be")
    (home / "config").write_text("and one for the config folder")
    app = start_app()
    assert isinstance(app.top, TitleScene)
    start_new_game(app)
    message = notice_of(app)
    assert "The saved game could not be saved" in message and "goes on without saving" in message
    dismiss(app)
    table = app.top
    assert isinstance(table, TableScene)
    play_a_turn(app, table)
    play_a_turn(app, table)
    assert not isinstance(app.top, NoticeScene)  # told once
    table.match.close()


# ------------------------------------------------------------------ entry points, as the player runs them
def _run(args, home, **env):
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LASVEGAS_HOME=str(home),
             PYTHONPATH=str(ROOT), **env)
    return subprocess.run([sys.executable, "-m", "lasvegas", *args], capture_output=True, text=True, env=e,
                          cwd=ROOT, timeout=240)


def _damage_everything(home):
    for rel, text in (("config/settings.json", DEEP), ("config/last_setup.json", "{"),
                      ("data/autosave-multi.json", "\x00\x01"), ("data/autosave-solo.json", "[]"),
                      ("data/solo_progress.json", '{"format": 1}')):
        write(home / rel, text)


@pytest.mark.parametrize("command", [[], ["solo"], ["solo", "--daily"]])
def test_the_first_frame_probe_starts_with_every_file_damaged(tmp_path, command):
    _damage_everything(tmp_path)
    p = _run(command, tmp_path, LASVEGAS_FIRST_FRAME_EXIT="1")
    assert p.returncode == 0, p.stderr
    assert "Traceback" not in p.stderr
    kept = sorted(x.name.split(".damaged-")[0] for x in tmp_path.rglob("*.damaged-*"))
    assert "settings" in kept and "autosave-multi" in kept and "autosave-solo" in kept


@pytest.mark.parametrize("command", [["--smoke-test", "--seed", "2"],
                                     ["screenshot", "--scene", "title", "--out", "{out}"]])
def test_the_smoke_test_and_screenshots_never_touch_the_players_folder(home, tmp_path_factory, command):
    saved_multi()
    write(save.autosave_path("solo"), "{")  # damaged: the game would keep it aside, these must not
    before = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert before
    out = tmp_path_factory.mktemp("shot") / "title.png"
    p = _run([a.format(out=out) for a in command], home)
    assert p.returncode == 0, p.stderr
    assert "smoke test ok" in p.stdout or command[0] == "screenshot"  # (the smoke test's one run: an all-AI game)
    after = {p: p.read_bytes() for p in home.rglob("*") if p.is_file()}
    assert after == before and not (home / "data" / "records").exists()


def test_a_new_game_never_falls_back_on_the_abandoned_game(app):
    saved_multi()
    saved_multi()  # a second save: the first is now the backup
    start_new_game(app)  # abandons it
    assert isinstance(app.top, TableScene)
    app.top.match.close()
    save.autosave_path("multi").write_text("{")  # the new game's only save, damaged
    app.reset(TitleScene(app))
    steps(app)
    assert "cannot be resumed" in notice_of(app)
    dismiss(app)
    assert not any(b.label.startswith("Resume") for b in app.top.buttons)
