"""Profiles as a player meets them: made on the Profiles screen, picked at setup, a whole game played,
the record naming the profile, the toast on the results, the statistics and achievements after it."""

import json

import pygame

from lasvegas.ui.kit import paths
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.setup import SetupScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.achievements import AchievementsScene
from lasvegas.ui.scenes.profile import ProfileScene
from lasvegas.ui.scenes.profile_edit import ProfileEditScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, key, step_until, steps


def type_text(text):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))


def make_profile(app, name):
    click(app.top.new_button.rect.center)
    steps(app, 2)
    dialog = app.top
    assert isinstance(dialog, ProfileEditScene) and dialog.name.focused
    type_text(name)
    steps(app)
    click(dialog.save_button.rect.center)
    steps(app, 2)
    assert isinstance(app.top, ProfileScene)


def play_to_results(app, table):
    for _ in range(40000):
        top = app.top
        if isinstance(top, ResultsScene):
            return top
        if isinstance(top, SummaryScene):
            click(top.button.rect.center)
        elif top is table and table.await_roll:
            click(table.roll_button.rect.center)
        elif top is table and table.human_turn:
            click(table.groups[-1][1].center)
        steps(app)
    raise AssertionError("the game did not end")


def test_a_profile_made_picked_and_played_counts_its_game(app):
    app.seed = 12
    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "Profiles").rect.center)
    steps(app, 2)
    assert isinstance(app.top, ProfileScene) and app.top.selected is None
    make_profile(app, "Ann")
    make_profile(app, "Bo")
    book = app.services.profiles
    assert [p.name for p in book.profiles] == ["Ann", "Bo"]
    saved = json.loads((paths.data_dir() / "profiles.json").read_text())
    assert [p["name"] for p in saved["profiles"]] == ["Ann", "Bo"]
    ann = book.profiles[0]
    # an empty or taken name is refused with a word
    click(app.top.new_button.rect.center)
    steps(app, 2)
    type_text("ann")
    steps(app)
    click(app.top.save_button.rect.center)
    steps(app)
    assert isinstance(app.top, ProfileEditScene) and "already called" in app.top.message
    click(app.top.cancel_button.rect.center)
    steps(app)
    click(app.top.back_button.rect.center)
    steps(app, 2)
    # the setup: the first seat picks Ann (the option after "Human")
    click(button(app.top, "New game").rect.center)
    steps(app, 2)
    setup = app.top
    assert isinstance(setup, SetupScene)
    kind = setup.seat_widgets[0][2]
    assert kind.options[0][1] == "Human" and kind.options[1] == (f"profile:{ann.id}", "Profile: Ann")
    click(kind.right.center)
    steps(app)
    seat = setup.session.seats[0]
    assert (seat.profile, seat.name, seat.colour) == (ann.id, "Ann", ann.colour)
    # the other seats are offered the other profiles only
    assert [v for v, _t in setup.seat_widgets[1][2].options if v.startswith("profile:")] == [f"profile:{book.profiles[1].id}"]
    click(setup.start_btn.rect.center)
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene)
    results = play_to_results(app, table)
    [path] = paths.records_dir().glob("*.json")
    rec = json.loads(path.read_text())
    levels = {s.colour: s.level for s in table.match.session.seats if s.is_ai}
    assert rec["players"] == {ann.colour: {"kind": "human", "level": "", "profile": ann.id},
                              **{c: {"kind": "ai", "level": lv} for c, lv in levels.items()}}
    # the toast tells the achievements of this first game, then goes
    assert results.toast.showing and results.toast.notes[0] == ("Ann", "first-game")
    won = ann.colour in rec["final"]["winners"]
    assert (("Ann", "first-win") in results.toast.notes) == won
    assert step_until(app, lambda: not results.toast.showing, 60 * 30 * len(results.toast.notes))
    # the profile screen counts the game; the achievements list dates it
    click(button(results, "Home").rect.center)
    steps(app, 2)
    click(button(app.top, "Profiles").rect.center)
    steps(app, 2)
    prof = app.top
    assert prof.selected == ann.id and prof.stats.games == 1 and prof.stats.wins == int(won)
    assert prof.stats.average_money == rec["final"]["money"][ann.colour]
    click(prof.achievements_button.rect.center)
    steps(app, 2)
    assert isinstance(app.top, AchievementsScene) and "first-game" in app.top.earned
    # Bo played nothing
    click(app.top.back_button.rect.center)
    steps(app)
    click(prof.row_rect(1).center)
    steps(app)
    assert prof.selected == book.profiles[1].id and prof.stats.games == 0


def test_a_removed_profile_in_the_last_setup_becomes_a_guest(app):
    from lasvegas.ui.kit.settings import save_last_setup
    from lasvegas.ui.kit.session import SeatInfo, Session

    save_last_setup(Session([SeatInfo("Zed", "red", profile="gone0000"), SeatInfo("Bo", "blue", "ai", "easy")])
                    .to_dict())
    app.reset(TitleScene(app))
    app.show("setup")
    steps(app)
    assert app.top.session.seats[0].profile is None
    assert app.top.seat_widgets[0][2].value == "human"


def test_a_damaged_profiles_file_is_kept_aside_and_the_player_told(app):
    from lasvegas.ui.scenes.notice import NoticeScene

    path = paths.data_dir() / "profiles.json"
    path.write_text('{"format": "lasvegas-profiles/1", "profiles": [{"id": "Ann!"')
    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "Profiles").rect.center)
    assert step_until(app, lambda: isinstance(app.top, NoticeScene), 10)
    assert "Your profiles" in app.top.text and "profiles.damaged-" in app.top.text
    [kept] = path.parent.glob("profiles.damaged-*.json")
    assert kept.read_text().startswith('{"format"') and not path.exists()


def test_a_replay_of_a_profile_game_tells_no_achievement(app):
    from lasvegas.match.lasvegas.replay import open_record
    from lasvegas.ui.tools import stage_profiles
    from lasvegas.ui.lasvegas.results_view import ResultsView

    app.settings.anim_speed = "instant"
    ann = stage_profiles.make_profiles(app)[0]
    [path] = stage_profiles.play_games(ann, 1)
    assert app.services.profile_games(ann.id)  # the game counts for Ann …
    app.reset(TableScene(app, open_record(path)))
    for _ in range(20000):
        if isinstance(app.top, ResultsView):
            break
        if isinstance(app.top, SummaryScene):
            app.top.button.click()
        steps(app)
    assert isinstance(app.top, ResultsView) and app.top.outcome.record
    assert not app.top.toast.showing  # … but watching it again earns nothing


def test_a_profile_picks_among_the_dice_pips_and_colours():
    from lasvegas.core import COLOURS
    from lasvegas.profiles import PIPS
    from lasvegas.ui.kit import art
    from lasvegas.ui.profile_view import PIP_NAMES

    assert set(PIPS) == {art.PIP_SHAPES[c] for c in COLOURS} == set(PIP_NAMES)


def test_a_profile_is_removed_only_after_a_yes_and_its_records_stay(app):
    from lasvegas.ui.scenes.confirm import ConfirmScene

    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "Profiles").rect.center)
    steps(app, 2)
    make_profile(app, "Ann")
    make_profile(app, "Bo")
    book = app.services.profiles
    ann, bo = book.profiles
    book.solo = ann.id
    records = paths.records_dir()
    records.mkdir(parents=True, exist_ok=True)
    kept = records / "2026-11-01-ann.json"
    kept.write_text('{"a game of": "Ann"}')
    profiles = app.top
    profiles.select(ann.id)
    steps(app)
    click(profiles.edit_button.rect.center)
    steps(app, 2)
    assert isinstance(app.top, ProfileEditScene) and app.top.remove_button.visible
    click(app.top.remove_button.rect.center)
    steps(app, 2)
    assert isinstance(app.top, ConfirmScene) and "Ann" in app.top.question
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    steps(app, 2)  # Enter answers "Keep" first
    assert isinstance(app.top, ProfileEditScene) and [p.name for p in book.profiles] == ["Ann", "Bo"]
    click(app.top.remove_button.rect.center)
    steps(app, 2)
    click(app.top.yes_btn.rect.center)
    steps(app, 2)
    assert app.top is profiles and profiles.selected == bo.id
    assert [p.name for p in book.profiles] == ["Bo"] and book.solo == bo.id
    saved = json.loads((paths.data_dir() / "profiles.json").read_text())
    assert [p["name"] for p in saved["profiles"]] == ["Bo"] and saved["solo"] == bo.id
    assert kept.read_text() == '{"a game of": "Ann"}'
    # a new profile has no Remove button
    click(profiles.new_button.rect.center)
    steps(app, 2)
    assert isinstance(app.top, ProfileEditScene) and not app.top.remove_button.visible


def test_a_scene_left_while_a_name_is_typed_leaves_the_keys_working(app):
    """A scene that leaves the stack while its text field has the keys (the game moves on by itself,
    as the online screens do when the server answers): F1 opens the keys overlay afterwards, since
    the field no longer takes every key as a letter."""
    from lasvegas.ui.kit import fields
    from lasvegas.ui.scenes.help import HelpScene

    app.reset(TitleScene(app))
    app.show("profile")
    dialog = app.show("profile-edit")
    steps(app)
    assert isinstance(app.top, ProfileEditScene) and dialog.name.focused and fields.typing()
    app.go("title")
    steps(app)
    assert not fields.typing() and not dialog.name.focused
    key(pygame.K_F1)
    steps(app)
    assert isinstance(app.top, HelpScene)


def test_enter_in_the_new_profile_name_field_saves_it(app):
    """Typing a name and pressing Enter saves the profile, as clicking Save does; an empty name
    stays in the dialog with its message."""
    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "Profiles").rect.center)
    steps(app, 2)
    profiles = app.top
    click(profiles.new_button.rect.center)
    steps(app, 2)
    dialog = app.top
    assert isinstance(dialog, ProfileEditScene) and dialog.name.focused
    key(pygame.K_RETURN)
    steps(app, 2)
    assert app.top is dialog and dialog.message and not app.services.profiles.profiles
    click(dialog.name.rect.center)
    type_text("Ann")
    steps(app)
    key(pygame.K_RETURN)
    steps(app, 2)
    assert app.top is profiles and [p.name for p in app.services.profiles.profiles] == ["Ann"]
