"""Crisp at any size: every scene drawn at the window's own resolution keeps its texts in
their boxes at every UI scale; the window can be resized; the mouse lands where it points."""

from __future__ import annotations

import pygame
import pytest

from lasvegas.ui.app import LOGICAL
from lasvegas.ui.kit import art
from lasvegas.ui.kit.canvas import Canvas, Img
from tests.ui.conftest import click, steps
from tests.ui.test_languages import layout_problems


def resize(app, size, pct: int = 100) -> None:
    """The player drags the window to ``size`` (the UI scale setting at ``pct``)."""
    app.settings.ui_scale = pct
    app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    steps(app)


#: (window, UI scale setting, scale expected): the smallest window, a 75% setting, 1080p, 1440p, 2160p
SCALES = [((960, 540), 100, 0.75), ((1920, 1080), 75, 1.125), ((1920, 1080), 100, 1.5),
          ((2560, 1440), 100, 2.0), ((3840, 2160), 100, 3.0)]


#: every language at the smallest window; the longest texts (German, pseudo) at the larger scales
CASES = [*[(*SCALES[0], c) for c in ("en", "fr", "de", "pseudo")],
         (*SCALES[1], "pseudo"), *[(*SCALES[2], c) for c in ("fr", "de", "pseudo")],
         (*SCALES[3], "de"), (*SCALES[4], "pseudo")]


@pytest.mark.parametrize("size,pct,k,code", CASES, ids=lambda v: "x".join(map(str, v)) if isinstance(v, tuple) else str(v))
def test_every_text_stays_in_its_box_at_every_scale(app, monkeypatch, size, pct, k, code):
    app.set_language(code)
    resize(app, size, pct)
    assert app.scale == pytest.approx(k)

    def same_scale(name):
        assert app.scale == pytest.approx(k), name
    found = layout_problems(app, monkeypatch, code, same_scale)
    assert not found, "\n".join(found)


def test_text_and_art_are_drawn_at_the_scale_not_stretched(app):
    resize(app, (2560, 1440))
    t = art.text("Las Vegas", "display", 30)
    assert isinstance(t, Img) and t.k == 2.0
    real = pygame.Surface.get_size(t)
    assert t.get_size() == (round(real[0] / 2), round(real[1] / 2))  # logical: half the pixels
    resize(app, (1280, 720))
    one = pygame.Surface.get_size(art.text("Las Vegas", "display", 30))
    assert abs(real[0] - 2 * one[0]) <= 4 and real[1] > 1.8 * one[1]
    # a die is drawn anew at the scale: more pixels, as sharp (no smooth-scaled copy)
    assert pygame.Surface.get_size(art.die("red", 5, 44)) == (44, 44)
    resize(app, (3840, 2160))
    assert pygame.Surface.get_size(art.die("red", 5, 44)) == (132, 132)


def test_the_window_resizes_and_the_frame_follows(app):
    from lasvegas.ui.scenes.title import TitleScene

    app.reset(TitleScene(app))
    for size, k in [((1920, 1080), 1.5), ((960, 540), 0.75), ((1600, 1200), 1.25), ((1280, 720), 1.0)]:
        resize(app, size)
        assert app.scale == pytest.approx(k)
        assert app.screen.surface.get_size() == size
        # the design space sits centred; bands beside it are black, the felt inside it
        v = app.screen.box(pygame.Rect(0, 0, *LOGICAL))
        assert v.w <= size[0] and v.h <= size[1]
        assert abs((size[0] - v.w) - 2 * v.x) <= 1 and abs((size[1] - v.h) - 2 * v.y) <= 1
        assert app.window.get_at(v.center)[:3] != (0, 0, 0)
        if v.y > 0:
            assert app.window.get_at((size[0] // 2, v.y // 2))[:3] == (0, 0, 0)
        # the mouse over a button's pixels is over the button in logical units, and only there
        b = app.top.buttons[0]
        on = app.screen.box(b.rect)
        for p in (on.topleft, on.center, (on.right - 1, on.bottom - 1)):
            assert b.rect.collidepoint(app.to_logical(p))
        for p in ((on.x - 2, on.centery), (on.centerx, on.bottom + 1)):
            assert not b.rect.collidepoint(app.to_logical(p))


def test_a_click_at_any_size_reaches_the_button_under_it(app):
    from lasvegas.ui.scenes.title import TitleScene

    resize(app, (2560, 1440))
    app.reset(TitleScene(app))
    steps(app)
    rules = next(b for b in app.top.buttons if b.label == "How to play")
    click(app.screen.pt(rules.rect.center))
    steps(app)
    assert type(app.top).__name__ == "RulesScene"


def test_the_ui_scale_setting_makes_the_game_smaller_in_the_window_and_is_kept(app):
    resize(app, (1920, 1080), 75)
    assert app.scale == pytest.approx(1.125)
    box = app.screen.box(pygame.Rect(0, 0, *LOGICAL))
    assert box.size == (1440, 810) and box.topleft == (240, 135)
    # above 100% the drawing never outgrows the window (nothing is cut off)
    resize(app, (1280, 720), 200)
    assert app.scale == pytest.approx(1.0)


def test_the_canvas_draws_in_logical_units():
    pygame.init()
    c = Canvas.new((100, 50), 2.0, alpha=False)
    c.fill((0, 0, 0))
    c.rect((255, 0, 0), (10, 10, 20, 10))
    assert c.surface.get_at((20, 20))[:3] == (255, 0, 0) and c.surface.get_at((59, 39))[:3] == (255, 0, 0)
    assert c.surface.get_at((60, 40))[:3] == (0, 0, 0) and c.surface.get_at((19, 19))[:3] == (0, 0, 0)
    c.line((0, 255, 0), (0, 40), (99, 40), 1)
    assert c.surface.get_at((100, 80))[:3] == (0, 255, 0) and c.surface.get_at((100, 81))[:3] == (0, 255, 0)
    assert c.to_logical((21, 21)) == (10, 10) and c.get_size() == (100, 50)


def test_choosing_a_ui_scale_in_settings_draws_at_it_at_once_and_is_saved(app):
    from lasvegas.ui.kit.settings import Settings

    resize(app, (1920, 1080))
    app.go("settings", page="display")  # the UI scale is on the Display page
    steps(app)
    row = next(r for r in app.top.rows if r.label == "UI scale")
    assert row.value == 100
    click(app.screen.pt(row.right.center))  # › : the next choice, 125%
    steps(app)
    assert row.value == 125 and Settings.load().ui_scale == 125
    assert app.scale == pytest.approx(1.5)  # never more than fits the window
    click(app.screen.pt(row.left.center))
    click(app.screen.pt(row.left.center))
    steps(app)
    assert row.value == 90 and Settings.load().ui_scale == 90
    assert app.scale == pytest.approx(1.35)


def test_every_text_stays_in_its_box_in_high_contrast_at_the_smallest_window(app, monkeypatch):
    """The high-contrast look (flat tiles, notes and mats with white edges) at 960×540 in German."""
    from lasvegas.ui.kit.look import Look

    app.set_language("de")
    app.settings.theme = "high-contrast"
    app.apply_settings()
    try:
        resize(app, (960, 540))
        assert art.look().high_contrast
        found = layout_problems(app, monkeypatch, "de")
    finally:
        art.set_look(Look())
    assert not found, "\n".join(found)
