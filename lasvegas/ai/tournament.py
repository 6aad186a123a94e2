"""AI levels played against each other and compared (``lasvegas tournament``).

Games come in groups of one deal per seat rotation: game ``i`` uses the deal
seed ``seed + i // n`` (same deck, same first player, same dice stream) with
the levels rotated by ``i % n`` seats, so no level keeps a seat position.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable

from ..core import Config, Game
from ..core.seeds import derive_seed
from ..stats import percentile, wilson
from .base import make_ai


def _ai_seed(seed: int, game: int, seat: int) -> int:
    return derive_seed(derive_seed(seed, game, wrap=False), seat, multiplier=16, wrap=False)


def play_game(spec: dict, i: int) -> list[dict]:
    """Play game ``i`` of a tournament; one result per seat: level, share, money, move times."""
    levels = spec["seats"]
    n = len(levels)
    rot = i % n
    seat_levels = levels[rot:] + levels[:rot]
    cfg = Config.multi(n, neutral=spec["neutral"], edition=spec["edition"], rounds=spec["rounds"],
                       minimum=spec.get("minimum"), hundreds=spec.get("hundreds", False),
                       biggies=spec.get("biggies", False))
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


def run_tournament(spec: dict, games: int, jobs: int = 1,
                   on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of ``spec`` on ``jobs`` processes; ``on_game()`` after each one."""
    tasks = [(spec, i) for i in range(games)]
    results: list[list[dict]] = []
    if jobs > 1 and games > 1:
        import multiprocessing as mp

        with mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn").Pool(jobs) as pool:
            for r in pool.imap_unordered(_worker, tasks, chunksize=1):
                results.append(r)
                if on_game:
                    on_game()
    else:
        for t in tasks:
            results.append(_worker(t))
            if on_game:
                on_game()
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
