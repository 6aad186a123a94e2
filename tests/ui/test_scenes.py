"""Every scene builds, handles events and draws something a player can read."""

import pygame
import pytest

from lasvegas.ui import i18n, stage
from lasvegas.ui.sound import Sounds, synthesise

from .conftest import click, key, move, steps


@pytest.mark.parametrize("name", stage.SCENES)
def test_scene_renders_and_handles_events(app, name):
    stage.stage(app, name, seed=2, players=4)
    top = type(app.top).__name__
    move((640, 360))
    key(pygame.K_DOWN)
    steps(app, 2)
    # the frame is not a blank fill: many colours are on screen
    small = pygame.transform.scale(app.screen, (160, 90))
    colours = {small.get_at((x, y))[:3] for x in range(0, 160, 4) for y in range(0, 90, 4)}
    assert len(colours) > 40
    assert top in {"TitleScene", "SetupScene", "TableScene", "SummaryScene", "ResultsScene", "RulesScene",
                   "SettingsScene", "SoloScene", "SoloResultScene"}


def test_rules_pages_turn(app):
    stage.stage(app, "rules")
    rules = app.top
    rules.page = 0
    for i in range(1, len(rules.pages)):
        click(rules.next_btn.rect.center)
        steps(app)
        assert rules.page == i
    click(rules.next_btn.rect.center)
    steps(app)
    assert rules.page == len(rules.pages) - 1


def test_window_scaling_maps_the_mouse_back(app):
    app.window = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    app._layout()
    assert app.to_logical((960, 540)) == (640, 360)
    assert app.to_logical((1919, 1079)) == (1279, 719)
    app.step(1 / 60)


def test_sound_effects_are_synthesised():
    fx = synthesise()
    assert set(fx) >= {"rattle", "land", "bill", "payout", "fanfare"}
    for name, samples in fx.items():
        assert 0.02 * 22050 < len(samples) < 3 * 22050, name
        assert max(abs(v) for v in samples) > 0.05, name


def test_app_loop_stops_on_window_close(app):
    from lasvegas.ui.scenes.title import TitleScene

    app.reset(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run() == 0
    assert not app.running


def test_sound_without_a_device_is_silent_and_safe():
    s = Sounds(background=False)
    s.configure(50, False)
    for name in ("rattle", "land", "bill", "payout", "fanfare", "nothing"):
        s.play(name)


def test_every_text_goes_through_the_catalogue():
    i18n.add_catalogue("xx", {"Round {n} of {total}": "Manche {n} sur {total}"})
    i18n.set_language("xx")
    try:
        assert i18n._("Round {n} of {total}", n=2, total=4) == "Manche 2 sur 4"
        assert i18n._("Deck") == "Deck"
    finally:
        i18n.set_language("en")
