"""Random clicks and keys at any moment never stall or break a game."""

import random

import pygame

from lasvegas.match import LocalMatch

from lasvegas.core import Game
from lasvegas.ui.kit.session import default_session
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.table import TableScene

from .conftest import click, key, steps

KEYS = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_1, pygame.K_3, pygame.K_6]


def test_random_input_never_stalls_a_game(app):
    rng = random.Random(5)
    session = default_session(4, 2)
    session.neutral = True
    game = Game(session.config(), 77)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    for frame in range(20000):
        if isinstance(app.top, ResultsScene):
            break
        top = type(app.top).__name__
        if top == "PauseScene":
            key(pygame.K_ESCAPE)
        elif rng.random() < 0.3:
            if rng.random() < 0.5:
                x, y = rng.randrange(300, 980), rng.randrange(100, 600)
                click((x, y))
            else:
                key(rng.choice(KEYS))
        steps(app)
    assert isinstance(app.top, ResultsScene)
    assert game.is_over
    assert app.top.outcome.winners == game.result().winners
