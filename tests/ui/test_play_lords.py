"""``lasvegas play --game lords``: Lords of Vegas's setup opens directly, over the title (Back: home)."""

import pygame

from lasvegas import cli
from lasvegas.commands import play
from lasvegas.ui.launch import start_game
from lasvegas.ui.lords.setup import LordsSetupScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import key, steps


def test_the_option_is_parsed_and_chooses_the_lords_setup(monkeypatch):
    calls = []
    monkeypatch.setattr(play, "start_game", lambda app, seed, game: calls.append((game, seed)))
    monkeypatch.setattr(play, "run_app", lambda fullscreen, start, language=None: start(None) or 0)
    assert cli.main(["play", "--game", "lords", "--seed", "4"]) == 0
    assert cli.main(["play", "--seed", "5"]) == 0
    assert calls == [("lords", 4), ("lasvegas", 5)]


def test_lords_setup_over_the_title(app):
    start_game(app, 7, "lords")
    steps(app, 2)
    assert isinstance(app.top, LordsSetupScene) and isinstance(app.scenes[0], TitleScene)
    assert app.seed == 7
    key(pygame.K_ESCAPE)
    steps(app, 2)
    assert isinstance(app.top, TitleScene)
