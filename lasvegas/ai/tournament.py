"""``lasvegas tournament``: play AI levels against each other and compare them.

Games come in groups of one deal per seat rotation: game ``i`` uses the deal
seed ``seed + i // n`` (same deck, same first player, same dice stream) with
the levels rotated by ``i % n`` seats, so no level keeps a seat position.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from ..core import Config, Game
from ..stats import percentile, wilson
from .base import available_levels, make_ai
from .players import ExpertPlayer


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seats", required=True,
                   help="comma-separated AI levels, one per seat, e.g. expert,medium,medium,medium")
    p.add_argument("--neutral", action="store_true", help="neutral-dice variant (2-4 seats)")
    p.add_argument("--edition", default="classic", choices=["classic", "2018"], help="bill edition")
    p.add_argument("--rounds", type=int, default=4, help="rounds per game (default 4)")
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="first deal seed (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--expert-work", type=int, default=None,
                   help="Expert: simulated turns per move (deterministic; default %d)" % ExpertPlayer.default_work)
    p.add_argument("--expert-ms", type=float, default=None,
                   help="Expert: time budget per move in ms instead of a fixed work (not reproducible)")
    p.add_argument("--expert-extend", type=float, default=None,
                   help="Expert: up to this many times the work for a close final pair "
                        "(default 3 with 4 seats, 1 (off) otherwise)")
    p.add_argument("--expert-own-turns", choices=["default", "medium"], default="default",
                   help="Expert: the model of its own later turns in its playouts: its default "
                        "(the fitted model with 4 seats) or Medium's rule (the earlier Expert)")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")


def _ai_seed(seed: int, game: int, seat: int) -> int:
    return (seed * 1_000_003 + game) * 16 + seat


def play_game(spec: dict, i: int) -> list[dict]:
    """Play game ``i`` of a tournament; one result per seat: level, share, money, move times."""
    levels = spec["seats"]
    n = len(levels)
    rot = i % n
    seat_levels = levels[rot:] + levels[:rot]
    cfg = Config.multi(n, neutral=spec["neutral"], edition=spec["edition"], rounds=spec["rounds"])
    game = Game(cfg, seed=spec["seed"] + i // n)
    players = []
    for s, lv in enumerate(seat_levels):
        p = make_ai(lv, _ai_seed(spec["seed"], i, s))
        if lv == "expert":
            if spec.get("expert_work"):
                p.work = spec["expert_work"]
            p.configure(spec.get("expert_own_turns", "default"), spec.get("expert_extend") or None)
        for k, v in spec.get("options", {}).get(lv, {}).items():  # experiments: tuned attributes
            setattr(p, k, v)
        players.append(p)
    budget = spec["expert_ms"] / 1000 if spec.get("expert_ms") else None
    times: list[list[float]] = [[] for _ in range(n)]
    pc = time.perf_counter
    while not game.is_over:
        s = game.current
        p = players[s]
        t = pc()
        a = p.choose(game, budget if p.level == "expert" else None)
        times[s].append(pc() - t)
        game.apply(a)
    res = game.result()
    winners = res.winners
    out = []
    for s, lv in enumerate(seat_levels):
        colour = cfg.seats[s]
        out.append({
            "level": lv,
            "share": (1.0 / len(winners)) if colour in winners else 0.0,
            "money": res.money[colour],
            "times": times[s],
        })
    return out


def _worker(args: tuple[dict, int]) -> list[dict]:
    return play_game(*args)


def run_tournament(spec: dict, games: int, jobs: int = 1, progress: bool = False) -> dict[str, Any]:
    tasks = [(spec, i) for i in range(games)]
    results: list[list[dict]] = []
    t0 = time.perf_counter()

    def tick(k: int) -> None:
        if progress:
            w = 30
            f = k / games if games else 1
            el = time.perf_counter() - t0
            eta = el / f - el if f > 0 else 0
            sys.stderr.write(f"\r[{'#' * int(f * w):<{w}}] {k}/{games} games  "
                             f"{el:6.0f}s elapsed  eta {eta:5.0f}s")
            sys.stderr.flush()

    if jobs > 1 and games > 1:
        import multiprocessing as mp

        with mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn").Pool(jobs) as pool:
            for k, r in enumerate(pool.imap_unordered(_worker, tasks, chunksize=1), 1):
                results.append(r)
                tick(k)
    else:
        for k, t in enumerate(tasks, 1):
            results.append(_worker(t))
            tick(k)
    if progress:
        sys.stderr.write("\n")
    return summarize(spec, results)


def summarize(spec: dict, results: list[list[dict]]) -> dict[str, Any]:
    levels = spec["seats"]
    n = len(levels)
    out: dict[str, Any] = {"games": len(results), "levels": {}}
    for lv in dict.fromkeys(levels):
        seats = levels.count(lv)
        rows = [r for g in results for r in g if r["level"] == lv]
        k = len(rows)
        share = sum(r["share"] for r in rows) / k if k else 0.0
        times = sorted(t * 1000 for r in rows for t in r["times"])
        if times:
            mt = {
                "mean": round(statistics.fmean(times), 3),
                "median": round(statistics.median(times), 3),
                "p95": round(percentile(times, 0.95), 3),
                "max": round(times[-1], 3),
            }
        else:
            mt = {"mean": 0.0, "median": 0.0, "p95": 0.0, "max": 0.0}
        lo, hi = wilson(share * k, k)
        out["levels"][lv] = {
            "seats": seats,
            "win_share": round(share, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "fair_share": round(1 / n, 4),
            "mean_money": round(statistics.fmean(r["money"] for r in rows), 1) if rows else 0.0,
            "move_ms": mt,
        }
    return out


def run(args: argparse.Namespace) -> int:
    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    known = available_levels()
    bad = [lv for lv in levels if lv not in known]
    if bad:
        print(f"lasvegas tournament: unknown level(s) {', '.join(bad)}: choose from {', '.join(known)}",
              file=sys.stderr)
        return 2
    try:
        Config.multi(len(levels), neutral=args.neutral, edition=args.edition, rounds=args.rounds)
    except ValueError as e:
        print(f"lasvegas tournament: {e}", file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("lasvegas tournament: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.expert_extend is not None and not 1 <= args.expert_extend <= 100:
        print("lasvegas tournament: --expert-extend must be between 1 and 100", file=sys.stderr)
        return 2
    spec = {"seats": levels, "neutral": args.neutral, "edition": args.edition, "rounds": args.rounds,
            "seed": args.seed, "expert_work": args.expert_work, "expert_ms": args.expert_ms,
            "expert_extend": args.expert_extend, "expert_own_turns": args.expert_own_turns}
    t0 = time.perf_counter()
    summary = run_tournament(spec, args.games, args.jobs, progress=sys.stderr.isatty())
    if args.json:
        print(json.dumps(summary))
        return 0
    el = time.perf_counter() - t0
    mode = f"{len(levels)} seats" + (", neutral dice" if args.neutral else "") + f", {args.edition} bills"
    print(f"{summary['games']} games ({mode}), seed {args.seed}, {el:.0f} s")
    print(f"{'level':<8} {'seats':>5} {'win share':>9} {'95% CI':>15} {'fair':>5} {'mean money':>11}"
          f" {'ms/move mean':>12} {'median':>7} {'p95':>7} {'max':>7}")
    for lv, d in summary["levels"].items():
        mt = d["move_ms"]
        print(f"{lv:<8} {d['seats']:>5} {d['win_share']:>9.1%} "
              f"{'[' + format(d['ci95'][0], '.1%') + ', ' + format(d['ci95'][1], '.1%') + ']':>15} "
              f"{d['fair_share']:>5.0%} {d['mean_money']:>11,.0f} {mt['mean']:>12.2f} "
              f"{mt['median']:>7.2f} {mt['p95']:>7.2f} {mt['max']:>7.2f}")
    return 0
