"""Issue 35: an unexpected error inside a screen is never a silent close: the error log gets it,
the "Something went wrong" screen says where, Resume goes back and Home goes to the title, and
the game on this computer keeps its save."""

import pygame
import pytest

from lasvegas.core import Game
from lasvegas.match import LocalMatch
from lasvegas.ui.files import save
from lasvegas.ui.kit import paths
from lasvegas.ui.kit.session import default_session
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.services import FileSaver

from .conftest import click, step_until, steps


def _table_after_a_move(app):
    session = default_session(2, 1)
    table = TableScene(app, LocalMatch(Game(session.config(), 12), session, saver=FileSaver()))
    app.reset(table)
    assert step_until(app, lambda: table.await_roll or table.human_turn)
    if table.await_roll:
        table.roll()
    assert step_until(app, lambda: table.human_turn)
    assert table.place(table.groups[0][0])  # the move is saved
    steps(app, 3)
    return table


@pytest.mark.parametrize("where", ["update", "draw", "handle"])
def test_an_error_in_a_scene_shows_the_error_screen_and_keeps_the_save(app, monkeypatch, read_texts, where):
    table = _table_after_a_move(app)
    saved = save.autosave_path("multi").read_bytes()
    raised = []

    def boom(*_a, **_k):
        raised.append(where)
        raise RuntimeError("a bug inside the scene")
    monkeypatch.setattr(table, where, boom)
    if where == "handle":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="", scancode=0))
    steps(app)  # no exception out of the frame loop
    assert raised
    error = app.top
    assert type(error).__name__ == "ErrorScene" and error.opaque
    log = paths.error_log()
    assert error.path == log and "RuntimeError: a bug inside the scene" in log.read_text(encoding="utf-8")
    steps(app)
    assert "Something went wrong" in read_texts
    assert any(str(log) in t for t in read_texts)  # where the error file is, on the screen
    assert save.autosave_path("multi").read_bytes() == saved  # the save kept, untouched
    assert app.errors and isinstance(app.errors[-1], RuntimeError)

    monkeypatch.undo()  # the scene works again: Resume goes back to it and the game goes on
    click(error.buttons[0].rect.center)
    steps(app)
    assert app.top is table
    moves = len(table.match.game.log)
    assert step_until(app, lambda: len(table.match.game.log) > moves or table.await_roll or table.human_turn)

    steps(app)
    table.update = lambda dt: (_ for _ in ()).throw(ValueError("again"))
    steps(app)
    error = app.top
    assert type(error).__name__ == "ErrorScene"
    click(error.buttons[1].rect.center)  # Home
    steps(app, 2)
    assert type(app.top).__name__ == "TitleScene"
    assert save.read_autosave("multi") is not None  # Resume is offered on the title


def test_an_error_of_the_error_screen_itself_goes_up(app):
    error = app.show("error", path=None)
    error.update = lambda dt: (_ for _ in ()).throw(RuntimeError("broken"))
    with pytest.raises(RuntimeError):
        steps(app)
