"""``lasvegas bench core|ui``: the speed figures of docs/benchmarks.md."""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any

from .core import Config, Game, Phase


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", choices=["core", "ui"], help="core: rules engine; ui: rendering")
    p.add_argument("--games", type=int, default=3000, metavar="N",
                   help="core: games per configuration (default 3000)")
    p.add_argument("--frames", type=int, default=600, metavar="N",
                   help="ui: frames to render (default 600)")
    p.add_argument("--repeat", type=int, default=3, metavar="K",
                   help="core: repeat each measurement K times and keep the best (default 3)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


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


def run_core(games: int, repeat: int, as_json: bool) -> int:
    cases = {
        "4 seats, neutral dice, classic bills": Config.multi(4, neutral=True),
        "4 seats, base game, classic bills": Config.multi(4),
    }
    out: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(), "results": {}}
    for name, cfg in cases.items():
        out["results"][name] = bench_config(cfg, games, repeat)
    if as_json:
        print(json.dumps(out))
    else:
        print(f"rules engine, random play, single process, Python {out['python']} ({out['machine']}), "
              f"best of {repeat}")
        for name, r in out["results"].items():
            print(f"  {name:<38} {r['games_per_second']:>8.1f} games/s  {r['us_per_turn']:>6.2f} us/turn"
                  f"  ({r['turns_per_game']} turns/game, {r['games']} games; "
                  f"by CPU time {r['cpu_games_per_second']:.1f} games/s)")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.target == "core":
        if args.games < 1 or args.repeat < 1:
            print("lasvegas bench: error: --games and --repeat must be at least 1", file=sys.stderr)
            return 2
        return run_core(args.games, args.repeat, args.json)
    if args.frames < 1:
        print("lasvegas bench: error: --frames must be at least 1", file=sys.stderr)
        return 2
    try:
        from .ui.bench import run_ui_bench
    except ImportError as e:
        print(f"lasvegas bench: error: the desktop game is not available ({e})", file=sys.stderr)
        return 2
    return int(run_ui_bench(args.frames, args.json) or 0)
