"""The Expert's fitted value of a round's end before the last (``ExpertPlayer.round_value``)."""

from __future__ import annotations

import math
import random

from lasvegas.ai.fastsim import Gains, Playout, View
from lasvegas.ai.players import ROUND_VALUE, ExpertPlayer, round_win_chance
from lasvegas.ai.side import deal
from lasvegas.core import Config, Game

from .helpers import random_state


def _sigmoid(z: float) -> float:
    return 1 / (1 + math.exp(-z))


def test_round_win_chance_is_the_logistic_of_its_weights():
    w = (0.1, 0.2, 0.3, 2.0, 0.5)
    # 4 rounds left use the intercept of 3 or more; margins per $100k / sqrt(rounds left)
    assert math.isclose(round_win_chance(w, 100_000, 200_000, 4), _sigmoid(0.3 + (2.0 + 1.0) / 2))
    assert math.isclose(round_win_chance(w, -50_000, 0, 1), _sigmoid(0.1 - 1.0))
    assert math.isclose(round_win_chance(w, 0, 0, 2), _sigmoid(0.2))


def test_the_fitted_chance_grows_with_the_lead_and_a_lead_counts_more_late():
    for left in (1, 2, 3):
        chances = [round_win_chance(ROUND_VALUE, m, m + 60_000, left)
                   for m in range(-300_000, 300_001, 30_000)]
        assert all(0 < p < 1 for p in chances)
        assert chances == sorted(chances) and len(set(chances)) == len(chances)
    late = round_win_chance(ROUND_VALUE, 100_000, 150_000, 1) - round_win_chance(ROUND_VALUE, 0, 50_000, 1)
    early = round_win_chance(ROUND_VALUE, 100_000, 150_000, 3) - round_win_chance(ROUND_VALUE, 0, 50_000, 3)
    assert late > early > 0


def _round_ends(game: Game) -> tuple[View, Gains, list]:
    """The view of ``game`` and the casinos at the end of the round after each legal value."""
    view = View.of(game)
    gains = Gains(view.bills, view.n_owners)
    po = Playout(view, gains)
    rng = random.Random(5)
    return view, gains, [po.run(a.value, rng.random)[0] for a in game.legal_actions()]


def test_before_the_last_round_a_round_end_is_scored_by_the_fitted_chance():
    game = random_state(Config.multi(4), 11, 3)
    assert game.round == 0 and len(game.legal_actions()) >= 2
    view, gains, ends = _round_ends(game)
    plain = ExpertPlayer(1)
    fitted = ExpertPlayer(1)
    fitted.round_value = ROUND_VALUE
    s = view.current
    for codes in ends:
        g = gains.round_gains(codes)
        tot = [view.money[o] + g[o] for o in range(4)]
        others = sorted((tot[o] for o in range(4) if o != s), reverse=True)
        margin = tot[s] - others[0]
        assert math.isclose(plain.evaluate(view, gains, codes), margin / 100_000)
        want = round_win_chance(ROUND_VALUE, margin, tot[s] - others[1], 3) + 0.02 * margin / 100_000
        assert math.isclose(fitted.evaluate(view, gains, codes), want)


def test_the_last_round_is_still_scored_by_the_win():
    game = Game(Config.multi(4, rounds=1), 3)
    view, gains, ends = _round_ends(game)
    assert view.last_round
    plain = ExpertPlayer(1)
    fitted = ExpertPlayer(1)
    fitted.round_value = ROUND_VALUE
    assert [fitted.evaluate(view, gains, c) for c in ends] == [plain.evaluate(view, gains, c) for c in ends]


def test_the_switch_is_off_by_default_and_a_tournament_can_set_it():
    assert ExpertPlayer(1).round_value is None
    spec = {"seats": ["expert", "medium", "medium", "medium"], "seed": 4,
            "options": {"expert": {"round_value": ROUND_VALUE}}}
    _game, players = deal(spec, 0, spec["seats"])
    assert players[0].round_value == ROUND_VALUE
    _game, players = deal({"seats": spec["seats"], "seed": 4}, 0, spec["seats"])
    assert players[0].round_value is None


def test_an_expert_with_the_fitted_value_plays_legally_and_deterministically():
    game = random_state(Config.multi(4), 7, 6)
    moves = []
    for _ in range(2):
        p = ExpertPlayer(3, work=600)
        p.round_value = ROUND_VALUE
        moves.append(p.choose(game))
    assert moves[0] == moves[1] and moves[0] in game.legal_actions()
