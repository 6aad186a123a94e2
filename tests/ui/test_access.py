"""Accessibility: the look settings (theme, colour vision, text size, reduced motion), sound and
music volumes, the keys file, the keys overlay, and whole games by keyboard alone and by
controller alone (real pygame events posted to the queue)."""

from __future__ import annotations

import json

import pygame
import pytest

from lasvegas import store
from lasvegas.ui.kit import art, cvd
from lasvegas.ui.kit.controls import Bindings
from lasvegas.ui.kit.look import COLOUR_VISIONS, Look
from lasvegas.ui.kit.settings import Settings
from lasvegas.ui.lasvegas.results_view import ResultsView
from lasvegas.ui.lasvegas.scenes.setup import SetupScene
from lasvegas.ui.lasvegas.scenes.solo import SoloScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.help import HelpScene
from lasvegas.ui.scenes.pause import PauseScene
from lasvegas.ui.scenes.settings import SettingsScene
from lasvegas.ui.scenes.title import TitleScene
from lasvegas.ui.tools.stage import stage

from .conftest import key, steps

#: the least CIEDE2000 between two seat colours (or a seat and the neutral dice) a palette keeps
MIN_DELTA_E = 20


# ------------------------------------------------------------------ colour vision
def test_ciede2000_matches_the_published_test_data():
    # Sharma, Wu & Dalal (2005), pairs 1, 7 and 17 of their table
    assert cvd.ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert cvd.ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert cvd.ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)


def test_the_simulation_keeps_greys_and_merges_red_and_green_for_deuteranopia():
    for d in cvd.DEFICIENCIES:
        assert all(abs(a - b) <= 2 for a, b in zip(cvd.simulate((128, 128, 128), d), (128, 128, 128)))
    assert cvd.delta_e((200, 40, 40), (40, 150, 40)) > 50
    assert cvd.delta_e((214, 52, 52), (140, 120, 40), "deuteranopia") < cvd.delta_e((214, 52, 52), (140, 120, 40))


@pytest.mark.parametrize("vision", COLOUR_VISIONS)
def test_each_palette_keeps_the_seats_apart_for_its_colour_vision(vision):
    palette = art.PALETTES[vision]
    assert set(art.PALETTES["normal"]) <= set(palette)
    for seen_by in {vision, "normal"}:
        d, a, b = cvd.closest_pair(palette, seen_by)
        assert d >= MIN_DELTA_E, f"{vision} palette: {a} and {b} only {d:.1f} apart for {seen_by}"


@pytest.mark.parametrize("vision", cvd.DEFICIENCIES)
def test_the_usual_palette_is_not_enough_for_each_colour_vision(vision):
    """What the palettes are for: the usual colours come closer than the bar (the test above can fail)."""
    d, _a, _b = cvd.closest_pair(art.PALETTES["normal"], vision)
    assert d < MIN_DELTA_E


def test_an_owner_a_palette_does_not_know_is_drawn_in_the_usual_colour(app):
    try:
        art.set_look(Look(colour_vision="deuteranopia"))
        assert art.owner_rgb("red") == art.PALETTES["deuteranopia"]["red"] != art.DIE_COLOURS["red"]
        art.DIE_COLOURS["teal"] = (0, 128, 128)
        assert art.owner_rgb("teal") == (0, 128, 128)
        assert art.owner_rgb("nobody-knows") == (200, 200, 200)
    finally:
        art.DIE_COLOURS.pop("teal", None)
        art.set_look(Look())


# ------------------------------------------------------------------ each setting does what it says
def render(app, scene="table", **look):
    """The screen of ``scene`` with the settings ``look`` applied (a fresh stage)."""
    for name, value in look.items():
        setattr(app.settings, name, value)
    app.apply_settings()
    stage(app, scene, 1, 4)
    steps(app)
    return app.screen.surface.copy()  # the window at 1280×720: one pixel a logical unit


def differing(a, b) -> int:
    """How many pixels differ (sampled every 4 pixels)."""
    return sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(0, 1280, 4) for y in range(0, 720, 4))


def test_high_contrast_changes_the_table_and_is_saved(app):
    usual = render(app)
    assert usual.get_at((640, 400))[:3] != (0, 0, 0)
    contrast = render(app, theme="high-contrast")
    assert contrast.get_at((640, 405))[:3] == (0, 0, 0)  # a plain black table between the panels
    assert differing(usual, contrast) > 10000
    assert art.ink(art.INK_DIM) == (236, 236, 230)
    app.settings.save()
    assert Settings.load().theme == "high-contrast"


@pytest.mark.parametrize("vision", cvd.DEFICIENCIES)
def test_a_colour_vision_palette_recolours_the_dice_and_is_saved(app, vision):
    usual = art.die("red", 3, 40).get_at((20, 8))
    render(app, "settings", colour_vision=vision)
    assert art.owner_rgb("red") == art.PALETTES[vision]["red"]
    assert art.die("red", 3, 40).get_at((20, 8)) != usual
    app.settings.save()
    assert Settings.load().colour_vision == vision


def test_larger_text_draws_the_reading_text_larger_and_is_saved(app):
    small, big = art.measure("Settings", "body", 15)[0], art.measure("Settings", "display", 40)[0]
    before = render(app, "table")
    after = render(app, "table", text_size="larger")
    assert art.measure("Settings", "body", 15)[0] > small * 1.2
    assert art.measure("Settings", "display", 40)[0] == big  # titles are large already
    assert differing(before, after) > 1000
    app.settings.save()
    assert Settings.load().text_size == "larger"


def test_reduced_motion_lands_dice_at_once_and_bills_appear_where_they_land(app):
    app.settings.reduced_motion = True
    app.settings.save()
    app.apply_settings()
    table = stage(app, "payout", 1, 4) or app.top
    assert isinstance(table, TableScene)
    flights = [s for s in table.anim.sprites if s.kind == "bill" and 0 < s.tween.raw < 1]
    assert flights
    canvas = pygame.Surface((1280, 720), pygame.SRCALPHA)
    f = flights[0]
    f.draw(canvas)
    assert canvas.get_bounding_rect().collidepoint(f.end)  # drawn where it lands, not on its way
    table.presenter.roll_now()
    assert table.presenter.tumble.grouped  # no tumbling
    assert Settings.load().reduced_motion is True


def test_settings_file_round_trip_of_every_new_field(home):
    s = Settings(text_size="large", theme="high-contrast", colour_vision="tritanopia", reduced_motion=True,
                 music=True, music_volume=30, volume=40)
    assert s.save()
    assert Settings.load() == s
    path = Settings.path()
    data = json.loads(path.read_text())
    data["colour_vision"] = "ultraviolet"
    path.write_text(json.dumps(data))
    assert Settings.load() == Settings()  # damaged: the defaults, the file kept aside, a message
    [message] = store.take_notices()
    assert "settings.json" in message
    assert list(path.parent.glob("settings.damaged-*.json"))


def test_music_has_its_own_volume_and_mute_silences_it(app):
    assert app.sounds.music_level == 0  # off by default
    app.settings.music, app.settings.music_volume = True, 30
    app.apply_settings()
    assert app.sounds.music_level == pytest.approx(0.3)
    app.settings.volume = 0
    app.apply_settings()
    assert app.sounds.music_level == pytest.approx(0.3)  # the effects' volume is another one
    app.settings.mute = True
    app.apply_settings()
    assert app.sounds.music_level == 0


def test_the_lounge_loop_is_seamless_and_quiet_enough():
    from lasvegas.ui.kit.sound import RATE, lounge_loop

    loop = lounge_loop()
    assert 8 * RATE < len(loop) < 20 * RATE
    assert max(abs(s) for s in loop) <= 0.8 + 1e-9
    jump = abs(loop[0] - loop[-1])
    typical = sorted(abs(loop[i + 1] - loop[i]) for i in range(0, len(loop) - 1, 97))[-len(loop) // 970]
    assert jump <= max(typical, 0.05)  # the end runs into the start like any two neighbouring samples


# ------------------------------------------------------------------ keys and the overlay
def test_a_key_rebound_in_settings_works_is_saved_and_restored(app):
    app.reset(TitleScene(app))
    app.show("settings", page="controls")
    steps(app)
    sc = app.top
    down_row = next(r for r in sc.rows if getattr(r, "action", None) and r.action.id == "down")
    sc.nav.focus(down_row)
    key(pygame.K_RETURN)
    steps(app)
    assert sc.capturing is down_row
    key(pygame.K_s)  # the new key for "down"
    steps(app)
    assert sc.capturing is None and app.bindings.keys["down"] == pygame.K_s
    key(pygame.K_ESCAPE)
    steps(app)
    title = app.top
    assert isinstance(title, TitleScene) and title.focus == 0
    key(pygame.K_s)
    steps(app)
    assert title.focus == 1
    assert Bindings.load().keys["down"] == pygame.K_s
    from lasvegas.ui.app import App

    again = App(Settings(), fullscreen=False, sound=False)
    assert again.bindings.keys["down"] == pygame.K_s


def test_binding_a_key_of_another_action_swaps_them():
    b = Bindings()
    b.bind("hint", pygame.K_l)
    assert b.keys["hint"] == pygame.K_l and b.keys["log"] == pygame.K_h


def test_a_damaged_keys_file_gives_the_defaults_kept_aside_with_a_message(home):
    folder = home / "config"
    folder.mkdir(parents=True, exist_ok=True)
    for text in ("{nope", '{"version": 1, "keys": {"up": "not a key"}}',
                 '{"version": 1, "keys": {"up": "w", "down": "w"}}', '{"version": 1, "keys": {"jump": "w"}}'):
        (folder / "keys.json").write_text(text)
        assert Bindings.load().keys == Bindings().keys
        [message] = store.take_notices()
        assert "keys.json" in message and "defaults" in message
        [kept] = folder.glob("keys.damaged-*.json")
        assert kept.read_text() == text
        kept.unlink()


def controller(button_name):
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0,
                                         button=getattr(pygame, "CONTROLLER_BUTTON_" + button_name)))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0,
                                         button=getattr(pygame, "CONTROLLER_BUTTON_" + button_name)))


def test_the_keys_overlay_opens_with_f1_question_mark_and_back_and_lists_the_keys(app):
    app.reset(TitleScene(app))
    for opener in (lambda: key(pygame.K_F1), lambda: key(pygame.K_SLASH, "?"), lambda: controller("BACK")):
        opener()
        steps(app)
        assert isinstance(app.top, HelpScene)
        rows = app.top.rows()
        for row in (("Keys and buttons", "F1", "Back"), ("Move up", "Up arrow", "D-pad up"),
                    ("Back, or the pause menu", "Esc", "B / Start")):
            assert row in rows
        key(pygame.K_ESCAPE)
        steps(app)
        assert isinstance(app.top, TitleScene)
    app.bindings.bind("log", pygame.K_g)
    assert ("Game log", "G", "Y") in HelpScene(app).rows()


def test_the_stick_moves_the_focus_once_per_lean(app):
    app.reset(TitleScene(app))
    steps(app)
    title = app.top
    for value in (0.2, 0.7, 0.9, 0.7, 0.1, 0.8):
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                             axis=pygame.CONTROLLER_AXIS_LEFTY, value=int(value * 32767)))
    steps(app)
    assert title.focus == 2


# ------------------------------------------------------------------ whole games without a mouse
KEYS = {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT,
        "confirm": pygame.K_RETURN, "back": pygame.K_ESCAPE, "pause": pygame.K_ESCAPE}
PAD = {"up": "DPAD_UP", "down": "DPAD_DOWN", "left": "LEFTSHOULDER", "right": "RIGHTSHOULDER",
       "confirm": "A", "back": "B", "pause": "START"}


def walk(app, do, seen_ring):
    """From the title to the results of a game, every step by ``do(action)``."""
    app.seed = 5
    app.reset(TitleScene(app))
    steps(app)
    title = app.top
    do("down"), do("up")  # Play online, then back to New game
    steps(app)
    assert title.focus == 0
    do("confirm")
    steps(app, 2)
    setup = app.top
    assert isinstance(setup, SetupScene) and len(setup.session.seats) == 3
    for _ in range(20):  # to the third seat's remove button
        do("down")
        steps(app)
        if setup.nav.current is setup.seat_widgets[2][3]:
            break
    app.render()
    seen_ring(setup.seat_widgets[2][3])
    do("confirm")
    steps(app)
    assert len(setup.session.seats) == 2
    for _ in range(20):  # up to the Start button
        do("up")
        steps(app)
        if setup.nav.current is setup.start_btn:
            break
    do("confirm")
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene)
    paused = turns = summaries = 0
    for _ in range(30000):
        top = app.top
        if isinstance(top, ResultsView):
            break
        if isinstance(top, SummaryScene):
            summaries += 1
            do("confirm")
        elif top is table and table.await_roll:
            do("confirm")
        elif top is table and table.human_turn:
            if not paused:  # the pause menu, and back
                do("pause")
                steps(app)
                assert isinstance(app.top, PauseScene)
                app.render()
                seen_ring(app.top.buttons[0])
                do("back")
                steps(app)
                assert app.top is table
                paused = 1
            do("right")
            steps(app)
            assert table.selected == table.groups[0][0]
            do("confirm")
            steps(app)
            assert not table.human_turn
            turns += 1
        steps(app)
    assert isinstance(app.top, ResultsView), type(app.top).__name__
    assert table.match.game.is_over and turns >= 8 and summaries == 4
    res = app.top
    app.render()
    # the focus starts on something harmless (Review, or Title), never on Play again
    assert res.nav.current in (res.title_button, res.review_button)
    seen_ring(res.nav.current)
    from lasvegas.ui.lasvegas.results_view import KEY_GRACE
    steps(app, int(KEY_GRACE * 30) + 2)  # the keys mashed at the game's end do nothing for a moment
    for _ in range(4):
        if res.nav.current is res.title_button:
            break
        do("right")  # to Title, pressed
        steps(app)
    do("confirm")
    steps(app, 2)
    assert isinstance(app.top, TitleScene)


def ring_checker(app):
    def seen(widget):
        """The focus ring's colour shows just outside the widget."""
        r = widget.rect.inflate(10, 10)
        edge = [app.screen.get_at((x, r.y + 1))[:3] for x in range(r.x + 12, r.right - 12, 4)]
        assert edge.count((255, 230, 90)) > len(edge) // 2, f"no focus ring on {widget!r}"
    return seen


def test_a_whole_game_by_keyboard_alone(app):
    walk(app, lambda a: key(KEYS[a]), ring_checker(app))


def test_a_whole_game_by_controller_alone(app):
    walk(app, lambda a: controller(PAD[a]), ring_checker(app))


def test_the_solo_ladder_and_settings_by_controller(app):
    app.reset(TitleScene(app))
    steps(app)
    title = app.top
    labels = [b.label for b in title.buttons]
    for _ in range(labels.index("Las Vegas solo")):
        controller("DPAD_DOWN")
    controller("A")
    steps(app, 2)
    ladder = app.top
    assert isinstance(ladder, SoloScene)
    for _ in range(9):  # past the last level to the side: the daily challenge, then Unlock all
        controller("DPAD_DOWN")
    steps(app)
    assert ladder.side.current is ladder.daily_button
    controller("DPAD_DOWN"), controller("DPAD_DOWN")
    controller("RIGHTSHOULDER")
    steps(app)
    assert ladder.progress.unlock_all is True
    app.render()
    ring_checker(app)(ladder.unlock_choice)
    controller("B")
    steps(app, 2)
    assert app.top is title
    for _ in range(labels.index("Settings") - labels.index("Las Vegas solo")):
        controller("DPAD_DOWN")
    controller("A")
    steps(app, 2)
    sc = app.top
    assert isinstance(sc, SettingsScene) and sc.page == "game"
    controller("DPAD_DOWN")  # the focus shows, on the first tab
    controller("RIGHTSHOULDER")  # the next page: Display
    steps(app)
    assert sc.page == "display"
    for _ in range(2 + 4):  # from the Display tab past two tabs and three rows to the colour vision row
        controller("DPAD_DOWN")
    controller("RIGHTSHOULDER")
    steps(app)
    assert app.settings.colour_vision == "protanopia" and Settings.load().colour_vision == "protanopia"
    controller("B")
    steps(app)
    assert app.top is title


def test_the_music_plays_on_its_own_channel_at_its_own_volume(home):
    """A real mixer (SDL's dummy audio device): the loop is made off the game's thread, then plays."""
    import time

    from lasvegas.ui.kit.sound import Sounds

    pygame.init()
    try:
        s = Sounds(background=False)
        if not pygame.mixer.get_init():
            pytest.skip("no mixer on this machine")
        s.configure(60, False, True, 40)
        deadline = time.monotonic() + 30
        while not (s._channel is not None and s._channel.get_busy()) and time.monotonic() < deadline:
            time.sleep(0.05)  # the synthesis thread, then the loop started: polled, bounded
        assert s.music is not None and s._channel.get_busy()
        assert pygame.mixer.Channel(0).get_sound() is s.music  # the reserved channel
        assert s._channel.get_volume() == pytest.approx(0.4, abs=0.01)
        s.play("click")  # an effect never takes the music's channel
        assert s._channel.get_sound() is s.music
        s.configure(60, True, True, 40)  # mute
        assert not s._channel.get_busy()
        s.configure(60, False, True, 40)
        assert s._channel.get_busy()
        s.configure(60, False, False, 40)  # music off
        assert not s._channel.get_busy()
    finally:
        pygame.mixer.quit()


def test_the_screenshot_options_render_the_look_asked_for(home, tmp_path):
    from lasvegas import cli

    shots = {}
    for name, extra in (("usual", []), ("contrast", ["--theme", "high-contrast"]),
                        ("deutan", ["--colour-vision", "deuteranopia"]), ("still", ["--reduced-motion"])):
        out = tmp_path / f"{name}.png"
        assert cli.main(["screenshot", "--scene", "payout", "--out", str(out), *extra]) == 0
        shots[name] = pygame.image.load(str(out))
    assert all(differing(shots["usual"], shots[k]) > 200 for k in ("contrast", "deutan", "still"))
    assert shots["contrast"].get_at((640, 405))[:3] == (0, 0, 0)
    with pytest.raises(SystemExit) as refused:
        cli.main(["screenshot", "--scene", "table", "--out", str(tmp_path / "x.png"), "--colour-vision", "ultraviolet"])
    assert refused.value.code == 2
    art.set_look(Look())


def test_keys_a_screen_reserves_pass_as_they_are():
    from lasvegas.ui.kit.controls import InputMap

    b = Bindings()
    b.bind("help", pygame.K_F2)
    m = InputMap(b)
    f1 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
    f2 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0)
    assert m.translate(f1) == []  # help's default key, moved away: nothing
    assert [e.key for e in m.translate(f2)] == [pygame.K_F1]  # the new key: help
    reactions = (pygame.K_F1, pygame.K_F2)
    assert [e.key for e in m.translate(f1, reserved=reactions)] == [pygame.K_F1]  # a reaction's key
    assert [e.key for e in m.translate(f2, reserved=reactions)] == [pygame.K_F2]
    assert [e.key for e in m.translate(f2, typing=True)] == [pygame.K_F2]
