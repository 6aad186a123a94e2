"""``lasvegas ai-regret``: how much the Expert gives away per decision, by work.

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

import argparse
import json
import random
import statistics
import sys
from typing import Any

from ..core import Config, Game
from .base import make_ai
from .fastsim import Gains, Playout, View
from .players import ExpertPlayer


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=4, help="seats, 2 to 5 (default 4)")
    p.add_argument("--neutral", action="store_true", help="neutral-dice variant (2-4 seats)")
    p.add_argument("--round", type=int, default=4, dest="round_",
                   help="the round whose decisions are measured, 1 to 4 (default 4, the last)")
    p.add_argument("--states", type=int, default=80, help="decision states (default 80)")
    p.add_argument("--playouts", type=int, default=3000,
                   help="playouts per value for the reference estimate (default 3000)")
    p.add_argument("--work", default="6000,12000,24000",
                   help="comma-separated Expert work levels (simulated turns per move)")
    p.add_argument("--min-choices", type=int, default=3,
                   help="only states with at least this many legal values (default 3)")
    p.add_argument("--own-turns", choices=["default", "medium"], default="default",
                   help="the Expert's model of its own later turns: its default "
                        "(the fitted model with 4 seats) or Medium's rule")
    p.add_argument("--extend", type=float, default=None,
                   help="the Expert's extension cap (default: its own, 3 with 4 seats; 1: off)")
    p.add_argument("--seed", type=int, default=1, help="first game seed (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


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


def run(args: argparse.Namespace) -> int:
    def fail(msg: str) -> int:
        print(f"lasvegas ai-regret: {msg}", file=sys.stderr)
        return 2

    try:
        works = [int(w) for w in args.work.split(",") if w.strip()]
    except ValueError:
        return fail(f"--work must be comma-separated whole numbers, not {args.work!r}")
    if not works or min(works) < 1:
        return fail("--work needs at least one level, each at least 1")
    if args.states < 1 or args.playouts < 1 or args.min_choices < 1:
        return fail("--states, --playouts and --min-choices must be at least 1")
    if args.extend is not None and not 1 <= args.extend <= 100:
        return fail("--extend must be between 1 and 100")
    try:
        config = Config.multi(args.players, neutral=args.neutral)
    except ValueError as e:
        return fail(str(e))
    if not 1 <= args.round_ <= config.rounds:
        return fail(f"--round must be between 1 and {config.rounds}")
    states = collect_states(config, args.round_ - 1, args.states, args.min_choices, args.seed)
    if not states:
        return fail("no decision state with that many choices was found")
    out = {"states": len(states), "round": args.round_, "playouts": args.playouts,
           "units": "win chance" if args.round_ == config.rounds else "margin per $100,000",
           "work": measure(states, works, args.playouts, args.own_turns, args.extend)}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{len(states)} decision states of round {args.round_} ({args.players} seats"
          f"{', neutral dice' if args.neutral else ''}), reference {args.playouts} playouts per value")
    print(f"{'work':>8} {'best choice':>12} {'mean regret':>12}  ({out['units']})")
    for w, d in out["work"].items():
        print(f"{int(w):>8} {d['best_choice']:>12.0%} {d['mean_regret']:>12.4f}")
    return 0
