"""Autosave and resume, a corrupt autosave, settings and the last setup kept between runs."""

import json

import pytest

import pygame

from lasvegas import store
from lasvegas.ui.files import save
from lasvegas.ui.app import App
from lasvegas.ui.kit.settings import Settings
from lasvegas.ui.lasvegas.scenes.setup import SetupScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.notice import NoticeScene
from lasvegas.ui.scenes.settings import SettingsScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, key, step_until, steps


def _start_from_title(app):
    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "New game").rect.center)
    steps(app)
    click(app.top.start_btn.rect.center)
    steps(app)
    assert isinstance(app.top, TableScene)
    return app.top


def test_resume_after_closing_the_window(app):
    app.seed = 21
    table = _start_from_title(app)
    # play one human turn
    assert step_until(app, lambda: table.await_roll)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.ready)
    key(getattr(pygame, f"K_{table.groups[0][0]}"))
    key(pygame.K_RETURN)
    steps(app)
    saved = table.match.game.to_dict()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    steps(app)
    assert not app.running
    # a new run: the title offers Resume, which restores the same game
    app2 = App(app.settings, fullscreen=False, sound=False)
    app2.reset(TitleScene(app2))
    steps(app2)
    click(button(app2.top, "Resume").rect.center)
    steps(app2)
    t2 = app2.top
    assert isinstance(t2, TableScene)
    assert t2.match.game.to_dict() == saved
    # the restored table shows the same casinos
    assert [dict(d) for d in t2.board.casino_dice] == [t2.match.game.casino_counts(c) for c in range(1, 7)]
    t2.match.close()


def test_corrupt_autosave_gives_a_message_and_a_fresh_start(app):
    path = save.autosave_path("multi")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = '{"format": "lasvegas-autosave/1", "game": {"format": "x"}, "session": {}'
    path.write_text(text)
    app.reset(TitleScene(app))
    steps(app)
    notice = app.top
    assert isinstance(notice, NoticeScene)
    assert "saved game" in notice.text and "autosave-multi.json" in notice.text
    kept = list(path.parent.glob("autosave-multi.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == text and str(kept[0]) in notice.text
    key(pygame.K_RETURN)
    steps(app)
    title = app.top
    assert isinstance(title, TitleScene)
    labels = [b.label for b in title.buttons]
    assert not any(x.startswith("Resume") for x in labels) and "New game" in labels


def test_damaged_game_state_is_refused_cleanly(app):
    app.seed = 3
    _start_from_title(app)
    path = save.autosave_path("multi")
    data = json.loads(path.read_text())
    data["game"]["casino_dice"] = "oops"
    path.write_text(json.dumps(data))
    app.reset(TitleScene(app))
    steps(app)
    # the player reads why in words of the game (the restore code's own detail stays in the exception)
    assert isinstance(app.top, NoticeScene) and "its content does not check against the rules" in app.top.text
    kept, = path.parent.glob("autosave-multi.damaged-*.json")
    with pytest.raises(store.FileDamaged, match="casino dice"):
        store.read(save.KINDS["multi"], kept)


def test_settings_round_trip(app):
    app.reset(TitleScene(app))
    click(button(app.top, "Settings").rect.center)
    steps(app)
    sc = app.top
    assert isinstance(sc, SettingsScene)
    speed = sc.rows[2]               # the Game page: no UI scale row here (it is on Display)
    click(speed.right.center)          # normal -> fast ... the app fixture starts at fast
    steps(app)
    assert app.settings.anim_speed == "instant"
    confirm = sc.rows[4]
    click(confirm.right.center)
    steps(app)
    assert app.settings.confirm_place is True
    click(sc.tabs[2].rect.center)      # the Sound page
    steps(app)
    mute = sc.rows[3]
    click(mute.rect.center)
    steps(app)
    assert app.sounds.muted is True
    loaded = Settings.load()
    assert (loaded.anim_speed, loaded.confirm_place, loaded.mute) == ("instant", True, True)
    key(pygame.K_ESCAPE)
    steps(app)
    assert isinstance(app.top, TitleScene)


def test_corrupt_settings_fall_back_to_defaults_and_are_kept_aside(home):
    folder = home / "config"
    folder.mkdir(parents=True, exist_ok=True)
    for text in ("{not json", '{"anim_speed": "warp", "volume": 900}', "[" * 100_000):
        (folder / "settings.json").write_text(text)
        assert Settings.load() == Settings()
        [message] = store.take_notices()
        assert "Your settings (settings.json)" in message and "defaults" in message
        [kept] = folder.glob("settings.damaged-*.json")
        assert kept.read_text() == text and str(kept) in message
        kept.unlink()


def test_last_setup_is_remembered(app):
    app.reset(TitleScene(app))
    click(button(app.top, "New game").rect.center)
    steps(app)
    setup = app.top
    click(setup.add_btn.rect.center)
    steps(app)
    assert len(setup.session.seats) == 4
    click(setup.hide.rect.center)
    steps(app)
    click(setup.start_btn.rect.center)
    steps(app)
    table = app.top
    assert isinstance(table, TableScene) and len(table.match.game.config.seats) == 4
    table.match.close()
    again = SetupScene(app)
    assert len(again.session.seats) == 4 and again.session.hide_money is True


def test_setup_offers_neutral_dice_only_up_to_six_seats(app):
    app.reset(SetupScene(app))
    setup = app.top
    while len(setup.session.seats) < 6:
        click(setup.add_btn.rect.center)
        steps(app)
        assert setup.neutral.enabled
    click(setup.add_btn.rect.center)
    steps(app)
    assert not setup.neutral.enabled and setup.session.neutral is False
    colours = [s.colour for s in setup.session.seats]
    assert len(set(colours)) == 7
    click(setup.seat_widgets[6][3].rect.center)  # remove the 7th seat
    steps(app)
    assert len(setup.session.seats) == 6 and setup.neutral.enabled


def test_seat_names_are_typed_in(app):
    app.reset(SetupScene(app))
    setup = app.top
    field = setup.seat_widgets[0][1]
    click(field.rect.center)
    steps(app)
    assert field.focused
    for _ in range(20):
        key(pygame.K_BACKSPACE)
    for ch in "Ana":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(pygame.K_RETURN)
    steps(app)
    assert not field.focused
    assert setup.session.seats[0].name == "Ana"
    assert isinstance(app.top, SetupScene)  # Enter finished the name, it did not start the game


def test_f11_switches_fullscreen_and_remembers_it(app):
    app.reset(TitleScene(app))
    key(pygame.K_F11)
    steps(app)
    assert app.settings.fullscreen is True
    assert Settings.load().fullscreen is True
    key(pygame.K_F11)
    steps(app)
    assert Settings.load().fullscreen is False
