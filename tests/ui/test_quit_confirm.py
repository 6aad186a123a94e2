"""Escape on the title asks "Quit Las Vegas?" before the game closes.

The choice: as in most commercial games, Escape on the main menu opens a small
quit dialog (Yes focused, so Escape then Enter quits on purpose) and never
closes the game by itself; Escape in the dialog answers no, so Escape pressed
twice from the setup (or any number of times) leaves the game open on the
title.  The title's Quit button is a deliberate choice and quits at once (the
game is saved after every turn), as does closing the window.
"""

import pygame

from lasvegas.ui.lasvegas.scenes.setup import SetupScene
from lasvegas.ui.scenes.confirm import ConfirmScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, key, move, steps


def title(app):
    app.reset(TitleScene(app))
    steps(app)
    return app.top


def test_escape_twice_from_the_setup_leaves_the_game_open(app):
    t = title(app)
    click(button(t, "New game").rect.center)
    steps(app)
    assert isinstance(app.top, SetupScene)
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is t and app.running
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.running
    dialog = app.top
    assert isinstance(dialog, ConfirmScene) and dialog.question == "Quit Las Vegas?"
    assert [b.label for b in dialog.buttons] == ["Yes", "No"]
    key(pygame.K_ESCAPE)  # a third Escape answers no
    steps(app)
    assert app.top is t and app.running


def test_the_quit_dialog_answers_with_the_keyboard(app):
    t = title(app)
    key(pygame.K_ESCAPE)
    key(pygame.K_RIGHT)  # to No
    key(pygame.K_RETURN)
    steps(app)
    assert app.top is t and app.running
    key(pygame.K_ESCAPE)
    key(pygame.K_RETURN)  # Yes is focused first
    steps(app)
    assert not app.running


def test_the_quit_dialog_answers_with_the_mouse(app):
    t = title(app)
    key(pygame.K_ESCAPE)
    steps(app)
    dialog = app.top
    click(dialog.no_btn.rect.center)
    steps(app)
    assert app.top is t and app.running
    # a click beside the dialog's buttons does nothing; the title's buttons under it do not answer
    key(pygame.K_ESCAPE)
    steps(app)
    dialog = app.top
    click(button(t, "Las Vegas solo").rect.center)
    steps(app)
    assert app.top is dialog and app.running
    move(dialog.yes_btn.rect.center)
    click(dialog.yes_btn.rect.center)
    steps(app)
    assert not app.running


def test_the_dialog_is_drawn_over_the_title(app):
    title(app)
    key(pygame.K_ESCAPE)
    steps(app)
    dialog = app.top
    # the box is on screen and holds both buttons, side by side
    assert pygame.Rect(0, 0, 1280, 720).contains(dialog.box)
    for b in dialog.buttons:
        assert dialog.box.contains(b.rect)
    assert not dialog.yes_btn.rect.colliderect(dialog.no_btn.rect)


def test_the_quit_button_quits_at_once(app):
    t = title(app)
    click(button(t, "Quit").rect.center)
    steps(app)
    assert not app.running
