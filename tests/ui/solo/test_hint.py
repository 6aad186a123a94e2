"""The hint without a window: a legal move, a chance, the same answer for the same seed."""

import threading

from lasvegas.core import Config, Game, PLACE
from lasvegas.solo.hint import HintTask, greedy_value, hint, win_chance


def test_hint_is_legal_and_deterministic_for_a_seed():
    g = Game(Config.solo("normal"), 11)
    before = g.to_dict()
    a = hint(g, seed=5, playouts=24)
    b = hint(g, seed=5, playouts=24)
    assert a == b
    move, chance = a
    assert move in g.legal_actions() and 0.0 <= chance <= 1.0
    assert g.to_dict() == before  # the game is not changed


def test_the_last_move_of_a_game_has_a_certain_outcome():
    g = Game(Config.solo("normal", rounds=1), 2)
    while True:
        last = [v for v in g.legal_values() if _ends(g, v)]
        if last:
            break
        g.apply(PLACE[greedy_value(g)])
    v = last[0]
    after = g.copy(history=False)
    after.apply(PLACE[v])
    assert after.is_over
    assert win_chance(g, v, playouts=5) == (1.0 if after.result().solo_won else 0.0)


def _ends(g, v):
    c = g.copy(history=False)
    c.apply(PLACE[v])
    return c.is_over


def test_master_is_nearly_hopeless_and_a_cancelled_hint_still_answers():
    g = Game(Config.solo("master"), 4)
    cancel = threading.Event()
    cancel.set()
    move, chance = hint(g, cancel=cancel, seed=1, playouts=50)
    assert move in g.legal_actions() and 0.0 <= chance <= 1.0
    task = HintTask(g, seed=2)
    assert task.wait(60) and task.error is None
    assert task.result[0] in g.legal_actions() and task.result[1] < 0.2


def test_the_move_is_the_named_ai_levels_choice():
    from lasvegas.ai import make_ai

    g = Game(Config.solo("hard"), 8)
    for seed in range(4):
        move, _chance = hint(g, seed=seed, playouts=2, level="random")
        assert move == make_ai("random", seed).choose(g.copy(history=False))
