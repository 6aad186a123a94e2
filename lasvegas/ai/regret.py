"""How much the Expert gives away per decision, by work (``lasvegas ai-regret``).

A tournament needs thousands of games to show a change of one or two points.
This measures one part of the Expert's play directly: the noise of its search.
It collects decision states of one round from games of Medium seats (only
states with at least ``--min-choices`` legal values), estimates every legal
value of each state with many playouts on common random numbers (the same
model and evaluation as the Expert, ``--playouts`` per value), and then lets
the Expert choose at each work level.  Per work level it prints how often the
Expert picked the best-estimated value and the mean *regret*: the estimated
value of the best choice minus that of the Expert's choice (in the last round
the evaluation is the win itself, so the regret is in win chance; before it,
in margin per $100,000).

The regret only measures the search's noise: a bias of the playout model or
of the evaluation is invisible here, because the reference uses them too.
"""

from __future__ import annotations

import random
import statistics
from typing import Any

from ..core import Config, Game
from .levels import make_ai
from .fastsim import Gains, Playout, View
from .players import ExpertPlayer


def collect_states(config: Config, round_index: int, count: int, min_choices: int,
                   seed: int) -> list[Game]:
    """``count`` decision states of round ``round_index`` (0-based) from games of Medium seats."""
    states: list[Game] = []
    g_seed = seed
    tries = 0
    while len(states) < count:
        tries += 1
        if tries > 50 * count + 100:
            break  # e.g. a round that never offers that many choices
        game = Game(config, seed=g_seed)
        medium = make_ai("medium", g_seed)
        pick = random.Random(g_seed)
        g_seed += 1
        while not game.is_over and game.round <= round_index:
            if (game.round == round_index and len(game.legal_actions()) >= min_choices
                    and pick.random() < 0.3):
                states.append(game.copy(history=False))
                break
            game.apply(medium.choose(game))
    return states


def reference_values(game: Game, playouts: int, seed: int = 777,
                     own_turns: str = "default") -> dict[int, float]:
    """Every legal value's mean evaluation over ``playouts`` playouts (common random numbers),
    with the Expert's own model of its later turns."""
    judge = ExpertPlayer(0).configure(own_turns)
    view = View.of(game)
    gains = Gains(view.bills, view.n_owners)
    po = Playout(view, gains, own_policy=judge.own_model(view))
    rng = random.Random()
    out = {}
    for a in game.legal_actions():
        total = 0.0
        for k in range(playouts):
            rng.seed(seed + k)
            codes, _ = po.run(a.value, rng.random)
            total += judge.evaluate(view, gains, codes)
        out[a.value] = total / playouts
    return out


def measure(states: list[Game], works: list[int], playouts: int, own_turns: str = "default",
            extend: float | None = None) -> dict[str, Any]:
    regrets: dict[int, list[float]] = {w: [] for w in works}
    for i, game in enumerate(states):
        values = reference_values(game, playouts, own_turns=own_turns)
        best = max(values.values())
        for w in works:
            choice = ExpertPlayer(i, work=w).configure(own_turns, extend).choose(game).value
            regrets[w].append(best - values[choice])
    return {
        str(w): {
            "best_choice": round(sum(1 for r in rs if r <= 0) / len(rs), 4) if rs else 0.0,
            "mean_regret": round(statistics.fmean(rs), 5) if rs else 0.0,
        }
        for w, rs in regrets.items()
    }
