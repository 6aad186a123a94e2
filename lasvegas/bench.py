"""Speed of the rules engine (``lasvegas bench core``): games per second with random play."""

from __future__ import annotations

import platform
import random
import time
from typing import Any

from .core import Config, Game, Phase


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
    return {
        "games": games,
        "seconds": round(dt, 4),
        "games_per_second": round(games / dt, 1),
        "us_per_turn": round(dt / turns * 1e6, 2),
        "turns_per_game": round(turns / games, 1),
        # CPU time of this process: what the figure would be on an otherwise idle machine
        "cpu_games_per_second": round(games / best_cpu, 1) if best_cpu else None,
    }


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
    out: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(), "results": {}}
    for name, cfg in cases.items():
        out["results"][name] = bench_config(cfg, games, repeat)
    return out
