"""The solo ladder: opening it, locked levels, unlock all, a damaged progress file, the odds column."""

import pygame

from lasvegas.core import SOLO_LEVELS
from lasvegas.solo import SoloProgress
from lasvegas.ui.kit import paths
from lasvegas.ui.lasvegas.scenes import solo as solo_scene
from lasvegas.ui.lasvegas.scenes.solo import SoloScene, odds_entry
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.notice import NoticeScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, key, steps

NAMES = [lv.name for lv in SOLO_LEVELS]


def open_ladder(app):
    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "Las Vegas solo").rect.center)
    steps(app, 2)
    assert isinstance(app.top, SoloScene)
    return app.top


def test_the_ladder_opens_from_the_title_with_only_normal_open(app):
    ladder = open_ladder(app)
    visible = [n for n in NAMES if ladder.play_buttons[n].visible]
    assert visible == ["normal"]
    assert [ladder.progress.state(n) for n in NAMES] == ["open"] + ["locked"] * 8
    # Escape goes back to the title
    key(pygame.K_ESCAPE)
    steps(app)
    assert isinstance(app.top, TitleScene)


def test_locked_levels_cannot_be_started(app):
    ladder = open_ladder(app)
    # a click on the row of a locked level, Enter on it, and the call itself all refuse
    click(ladder.row_rect(NAMES.index("expert-5")).center)
    steps(app)
    assert app.top is ladder
    assert ladder.message == "Expert 5 is locked: beat Expert 6 in a full game first (or unlock all)."
    click(ladder.row_rect(NAMES.index("expert-7")).center)
    steps(app)
    assert ladder.message == "Expert 7 is locked: beat Normal in a full game first (or unlock all)."
    assert ladder.selected == NAMES.index("expert-7")
    key(pygame.K_RETURN)
    steps(app)
    assert app.top is ladder
    assert ladder.start("master") is False
    assert app.top is ladder
    # the open level starts on the table, in solo mode, at the chosen length
    click(ladder.length_choice.right.center)  # full -> quick
    steps(app)
    assert ladder.length == "quick"
    click(ladder.play_buttons["normal"].rect.center)
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene) and table.solo
    assert table.cfg.solo_level == "normal" and table.cfg.rounds == 1
    assert table.panel_owners == ["red", "blue", "green", "yellow", "purple"]


def test_unlock_all_is_saved_and_opens_every_level(app):
    ladder = open_ladder(app)
    click(ladder.unlock_choice.right.center)
    steps(app)
    assert all(ladder.play_buttons[n].visible for n in NAMES)
    saved, warning = SoloProgress.load(paths.data_dir() / "solo_progress.json")
    assert warning is None and saved.unlock_all
    click(ladder.play_buttons["master"].rect.center)
    steps(app, 2)
    assert isinstance(app.top, TableScene) and app.top.cfg.solo_level == "master"
    assert app.top.board.hand["red"] == 1


def test_a_damaged_progress_file_is_kept_aside_and_the_player_told(app):
    path = paths.data_dir() / "solo_progress.json"
    path.write_text('{"format": "lasvegas-solo-progress/1", "levels": {"normal": 7}}', "utf-8")
    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "Las Vegas solo").rect.center)
    steps(app, 2)
    notice = app.top
    assert isinstance(notice, NoticeScene) and "Your solo progress (solo_progress.json)" in notice.text
    assert "fresh ladder" in notice.text
    kept = [p for p in path.parent.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and str(kept[0]) in notice.text
    click(button(notice, "OK").rect.center)
    steps(app)
    ladder = app.top
    assert isinstance(ladder, SoloScene)
    assert [ladder.progress.state(n) for n in NAMES][:2] == ["open", "locked"]
    # told once: opening the ladder again says nothing
    app.pop()
    app.push(SoloScene(app))
    steps(app)
    assert isinstance(app.top, SoloScene) and app.top.message == ""


def test_the_odds_column_reads_the_shipped_table_and_says_when_a_level_is_missing(app, monkeypatch):
    table = {"format": "lasvegas-solo-odds/1", "levels": {
        "normal": {"full": {"games": 200, "wins": 90, "win_rate": 0.45, "ci95": [0.38, 0.52]}}}}
    monkeypatch.setattr("lasvegas.solo.odds.load_table", lambda: table)
    ladder = open_ladder(app)
    assert ladder.odds is table
    assert odds_entry(ladder.odds, "normal", "full")["win_rate"] == 0.45
    assert odds_entry(ladder.odds, "normal", "quick") is None
    assert odds_entry(ladder.odds, "hard", "full") is None
    assert odds_entry(None, "normal", "full") is None
    assert odds_entry({"levels": {"normal": {"full": {"win_rate": "x"}}}}, "normal", "full") is None
    steps(app)


def test_the_best_result_and_counts_of_the_chosen_length_are_shown(app):
    from lasvegas.solo import SoloResult

    prog = SoloProgress(paths.data_dir() / "solo_progress.json")
    prog.record(SoloResult("normal", 4, 300_000, 250_000, True, 1, 5))
    prog.record(SoloResult("normal", 1, 50_000, 90_000, False, 0, 6))
    prog.save()
    ladder = open_ladder(app)
    assert ladder.progress.state("normal") == "beaten" and ladder.play_buttons["hard"].visible
    assert ladder.progress.levels["normal"]["full"]["best"]["margin"] == 50_000
    # the first open level is selected
    assert ladder.selected == NAMES.index("hard")
    assert solo_scene.signed(50_000) == "+$50,000" and solo_scene.signed(-40_000) == "−$40,000"
    steps(app)


def test_the_settings_switch_unlocks_the_ladder_too(app):
    from lasvegas.ui.scenes.settings import SettingsScene

    app.reset(TitleScene(app))
    app.push(SettingsScene(app))
    row = next(r for r in app.top.rows if r.label == "Unlock all solo levels")
    click(row.right.center)
    steps(app)
    app.pop()
    app.push(SoloScene(app))
    assert all(app.top.play_buttons[n].visible for n in NAMES)
    assert SoloProgress.load(paths.data_dir() / "solo_progress.json")[0].unlock_all
