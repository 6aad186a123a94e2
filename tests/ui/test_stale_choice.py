"""Issue 35: the table's groups of dice must never be acted on once the match's roll has changed.

Reproduced: the player chose a group (its digit), then "Take back" (U) and Enter arrived in the
same frame (about 15 random events a second do that).  The take-back rebuilt the game at the
player's earlier roll, but the table still showed the roll it had taken back, so Enter placed the
chosen value, which the restored roll did not have: ``IllegalAction`` closed the game.  The
table's input now reads the match's current roll, never the groups on show alone."""

import pygame

from lasvegas.match import LocalMatch
from lasvegas.ui.lasvegas import demo
from lasvegas.ui.lasvegas.table.choose import digit_of

from .conftest import key, step_until, steps


def _post_key(k):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def _my_turn(app, table):
    assert step_until(app, lambda: table.await_roll or table.human_turn, 3000)
    if table.await_roll:
        key(pygame.K_SPACE)
        assert step_until(app, lambda: table.human_turn, 3000)


def _table_with_a_taken_back_value(app):
    """A game against AI seats at the player's second turn, whose roll shows a value the roll
    before it did not: (table, that value)."""
    app.settings.take_back = True
    for seed in range(1, 60):
        session = demo.demo_session(2, 1)
        match = LocalMatch(session.new_game(seed), session)
        table = app.go("table", match=match)
        _my_turn(app, table)
        first = set(match.view(None).legal)
        table.place(table.groups[0][0])
        _my_turn(app, table)
        fresh = [v for v, _r in table.groups if v not in first]
        if fresh and match.can_take_back():
            return table, fresh[0]
    raise AssertionError("no seed gave a roll with a value the roll before did not have")


def test_take_back_then_enter_in_one_frame_places_nothing_stale(app):
    table, value = _table_with_a_taken_back_value(app)
    match = table.match
    key(getattr(pygame, f"K_{value}"))  # the group chosen (not placed: one press selects)
    steps(app)
    assert table.selected == value
    moves = len(match.game.log)
    _post_key(pygame.K_u)  # take back: the game goes back to the roll before …
    _post_key(pygame.K_RETURN)  # … and Enter comes in the same frame
    _post_key(getattr(pygame, f"K_{value}"))
    _post_key(getattr(pygame, f"K_{value}"))
    steps(app)  # before the fix: IllegalAction ("no rolled die shows …") out of the frame loop
    assert match.took_back == 1
    assert value not in match.view(None).legal
    assert len(match.game.log) < moves  # taken back, nothing placed on top of it
    assert table.app.top is table
    # the table then shows the restored roll, and the player plays it
    _my_turn(app, table)
    assert sorted(v for v, _r in table.groups) == sorted(match.view(None).legal)
    assert table.place(table.groups[0][0])


def test_digit_of():
    assert digit_of(pygame.K_3) == 3 and digit_of(pygame.K_KP6) == 6 and digit_of(pygame.K_a) is None
