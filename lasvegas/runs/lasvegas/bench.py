"""Speed of the rules engine (``lasvegas bench core``): games per second with random play."""

from __future__ import annotations

import random
import time
from typing import Any

from ...core import Config, Game, Phase
from ..common import bench_summary, speed


def random_game(config: Config, seed: int, rng: random.Random) -> int:
    """Play one game with uniformly random legal choices; return its turns."""
    game = Game(config, seed)
    r = rng.random
    turns = 0
    place = Phase.PLACE
    while game.phase is place:
        actions = game.legal_actions()
        game.apply(actions[int(r() * len(actions))])
        turns += 1
    return turns


def bench_config(config: Config, games: int, repeat: int) -> dict[str, Any]:
    best = None
    best_cpu = None
    for k in range(max(1, repeat)):
        rng = random.Random(k)
        turns = 0
        t0 = time.perf_counter()
        c0 = time.process_time()
        for i in range(games):
            turns += random_game(config, i, rng)
        dt = time.perf_counter() - t0
        dc = time.process_time() - c0
        if best is None or dt < best[0]:
            best = (dt, turns)
        if best_cpu is None or dc < best_cpu:
            best_cpu = dc
    dt, turns = best  # type: ignore[misc]
    return speed(games, dt, turns, best_cpu)


def bench_core(games: int, repeat: int) -> dict[str, Any]:
    """Games per second of random play in the two standard configurations and the biggest
    table (8 seats, every option), best of ``repeat``."""
    cases = {
        "4 seats, neutral dice, classic bills": Config.multi(4, neutral=True),
        "4 seats, base game, classic bills": Config.multi(4),
        # the biggest table: every Boulevard option on (docs/rules.md §10)
        "8 seats, all options, classic bills": Config.multi(8, minimum="by-seats", hundreds=True,
                                                            biggies=True),
    }
    return bench_summary("lasvegas", {name: bench_config(cfg, games, repeat) for name, cfg in cases.items()})
