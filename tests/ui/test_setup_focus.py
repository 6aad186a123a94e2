"""Setup's name fields: one field is edited at a time, and a click elsewhere ends editing."""

import pygame

from lasvegas.ui.kit.session import default_session
from lasvegas.ui.kit.widgets import NEON_BTN
from lasvegas.ui.lasvegas.scenes.setup import SetupScene

from .conftest import click, key, steps


def type_text(text):
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def looks_focused(app, field):
    """The focused look a player sees: the field's top edge drawn in the bright focus colour."""
    return tuple(app.screen.get_at((field.rect.centerx, field.rect.y))[:3]) == NEON_BTN


def open_setup(app, players=3):
    app.reset(SetupScene(app, default_session(players, players, "random")))
    steps(app)
    return app.top


def test_only_the_last_clicked_name_field_is_edited(app):
    setup = open_setup(app)
    f1, f2, f3 = (w[1] for w in setup.seat_widgets)
    click(f2.rect.center)
    steps(app)
    click(f1.rect.center)  # back to seat 1 (its row comes first: it used to keep seat 2 focused too)
    steps(app)
    assert [looks_focused(app, f) for f in (f1, f2, f3)] == [True, False, False]
    for _ in range(len("Player 1")):
        key(pygame.K_BACKSPACE)
    type_text("Ann")
    steps(app)
    names = [s.name for s in setup.session.seats]
    assert names == ["Ann", "Player 2", "Player 3"]
    assert [f.value for f in (f1, f2, f3)] == names


def test_a_click_elsewhere_ends_editing_and_keys_no_longer_type(app):
    setup = open_setup(app)
    f1 = setup.seat_widgets[0][1]
    click(f1.rect.center)
    steps(app)
    assert looks_focused(app, f1)
    click((360, 580))  # the empty part of the seats panel
    steps(app)
    assert not any(looks_focused(app, w[1]) for w in setup.seat_widgets)
    key(pygame.K_BACKSPACE)
    type_text("zz")
    steps(app)
    assert [s.name for s in setup.session.seats] == ["Player 1", "Player 2", "Player 3"]


def test_a_click_on_another_widget_ends_editing_and_does_its_job(app):
    setup = open_setup(app)
    f1 = setup.seat_widgets[0][1]
    click(f1.rect.center)
    steps(app)
    click(setup.add_btn.rect.center)
    steps(app)
    assert len(setup.session.seats) == 4
    assert not any(looks_focused(app, w[1]) for w in setup.seat_widgets)


def test_tab_moves_to_the_next_name_and_escape_only_ends_editing(app):
    setup = open_setup(app, 2)
    f1, f2 = (w[1] for w in setup.seat_widgets)
    click(f1.rect.center)
    key(pygame.K_TAB)
    steps(app)
    assert [looks_focused(app, f) for f in (f1, f2)] == [False, True]
    type_text("!")
    key(pygame.K_ESCAPE)  # ends editing, does not leave the setup
    steps(app)
    assert isinstance(app.top, SetupScene)
    assert [s.name for s in setup.session.seats] == ["Player 1", "Player 2!"]
    assert not any(looks_focused(app, f) for f in (f1, f2))
