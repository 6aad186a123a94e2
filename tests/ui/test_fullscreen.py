"""F11: a full screen at the desktop's own size from the screen's corner, and back to the window;
the window never gets smaller than 960×540 (the smallest text stays readable)."""

import warnings

import pygame

from lasvegas.ui.app import LOGICAL, MIN_WINDOW, App
from lasvegas.ui.kit.settings import Settings
from lasvegas.ui.scenes.title import TitleScene

from .conftest import key, steps


def display_window():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def f11(app):
    key(pygame.K_F11)
    steps(app)


def test_f11_fills_the_whole_desktop_and_goes_back_to_the_window(app):
    app.reset(TitleScene(app))
    steps(app)
    pygame.display.set_window_position((200, 150))  # where the player left the window
    desk = pygame.display.get_desktop_sizes()[0]
    f11(app)
    assert pygame.display.is_fullscreen()
    assert app.window.get_flags() & pygame.FULLSCREEN
    assert app.window.get_size() == desk
    assert pygame.display.get_window_position() == (0, 0)  # not left at the windowed position
    # the 16:9 frame fills the desktop's width (or height), centred, the rest black
    w, h = desk
    scale = min(w / LOGICAL[0], h / LOGICAL[1])
    assert app.to_logical((w // 2, h // 2)) == (640, 360)
    assert app.window.get_at((w // 2, h // 2))[:3] != (0, 0, 0)
    if round(LOGICAL[1] * scale) < h - 2:
        assert app.window.get_at((w // 2, 0))[:3] == (0, 0, 0)
    f11(app)
    assert not pygame.display.is_fullscreen()
    assert app.window.get_size() == LOGICAL and app.window.get_flags() & pygame.RESIZABLE
    assert pygame.display.get_window_position() == (200, 150)
    assert Settings.load().fullscreen is False


def test_the_window_is_never_smaller_than_960_by_540(app):
    window = display_window()
    assert tuple(window.minimum_size) == MIN_WINDOW
    window.size = (640, 360)
    assert tuple(window.size) == MIN_WINDOW
    # also after a round trip through the full screen
    f11(app)
    f11(app)
    assert tuple(display_window().minimum_size) == MIN_WINDOW


def test_a_game_started_full_screen_fills_the_desktop(home):
    s = Settings()
    s.fullscreen = True
    app = App(s, sound=False)
    try:
        app.reset(TitleScene(app))
        steps(app)
        assert pygame.display.is_fullscreen()
        assert app.window.get_size() == pygame.display.get_desktop_sizes()[0]
        assert pygame.display.get_window_position() == (0, 0)
        f11(app)
        assert app.window.get_size() == LOGICAL and not pygame.display.is_fullscreen()
    finally:
        pygame.display.set_mode(LOGICAL)
