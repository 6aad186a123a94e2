import pygame

from lasvegas.ui.lasvegas.scenes.summary import SummaryScene

from .conftest import key, steps


def play_turns_by_keys(app, table, until, limit=20000):
    """Play the solo table with keys (Space to roll, a digit then Enter to place) until ``until()``."""
    placed = 0
    for _ in range(limit):
        if until():
            return placed
        top = app.top
        if isinstance(top, SummaryScene):
            key(pygame.K_SPACE)
        elif top is table and table.await_roll:
            key(pygame.K_SPACE)
        elif top is table and table.ready and table.groups and not table.queue and table.anim is None:
            value = table.groups[0][0]
            key(getattr(pygame, f"K_{value}"))
            steps(app)
            assert table.selected == value
            key(pygame.K_RETURN)
            placed += 1
        steps(app)
    raise AssertionError("the solo game did not get there")
