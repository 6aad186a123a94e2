"""The greedy rule (``ai.greedy``) against the rules engine's own payout preview."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from lasvegas.ai import make_ai
from lasvegas.ai.greedy import GreedyPolicy
from lasvegas.core import PLACE

from .helpers import MODES, random_state


def preview_gain(game, value: int) -> tuple[int, int, int, int]:
    """From ``game.preview(value)``: (the placing side's gain, the others' gain, its own
    dice placed, the other dice placed; a Biggie is one die).  The one place that reads the preview's shape."""
    p = game.preview(value)
    me = game.config.seats[0 if game.config.is_solo else game.current]
    gain = {}
    for sign, side in ((-1, "before"), (1, "after")):
        for owner, bill in getattr(p, side).awards:
            gain[owner] = gain.get(owner, 0) + sign * bill
    mine = gain.pop(me, 0)
    # ``placed`` holds scoring counts: a Biggie counts two there but is one die placed
    dice = {o: n - (o in p.placed_big) for o, n in p.placed.items()}
    own = dice.get(me, 0)
    return mine, sum(gain.values()), own, sum(dice.values()) - own


def expected(game, die_cost: int, others_bonus: int) -> int:
    """The rule as its docstring states it, scored from the preview."""
    solo = game.config.is_solo

    def key(v: int) -> tuple:
        mine, others, own, other = preview_gain(game, v)
        score = (mine - others if solo else mine) - die_cost * own + others_bonus * other
        return (score, -own, 0 if solo else -other, -v)

    return max(game.legal_values(), key=key)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 2**32), moves=st.integers(0, 60),
       prices=st.sampled_from([(0, 0), (30_000, 10_000), (15_000, 0), (0, 20_000)]))
def test_the_rule_scores_what_the_preview_pays(mode, seed, moves, prices):
    game = random_state(mode[1], seed, moves)
    assert GreedyPolicy(*prices).value(game) == expected(game, *prices)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 2**32), moves=st.integers(0, 60))
def test_medium_plays_the_rule(mode, seed, moves):
    game = random_state(mode[1], seed, moves)
    assert make_ai("medium", seed).choose(game) == PLACE[expected(game, 0, 0)]
