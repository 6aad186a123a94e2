"""What the runs of many games of both games share: the JSON shape of ``simulate``,
``tournament`` and ``bench core`` (docs/commands.md, "The JSON of simulate, tournament and
bench core"), and the worker processes of a tournament.

Standard library only (and ``lasvegas.runs.stats``): the Las Vegas runs (``lasvegas.runs.lasvegas.sim``,
``lasvegas.runs.lasvegas.bench``, ``lasvegas.ai.tournament``) and the Lords of Vegas ones
(``lasvegas.lords.runs``) build their summaries here, so the same figure has the same
key in both games.
"""

from __future__ import annotations

import platform
import statistics
from typing import Any, Callable, Iterable, Iterator

from .stats import percentile, wilson


def move_ms(times_ms: Iterable[float]) -> dict[str, float]:
    """``{"mean", "median", "p95", "max"}`` of move times in milliseconds (zeros without any)."""
    ts = sorted(times_ms)
    if not ts:
        return {"mean": 0.0, "median": 0.0, "p95": 0.0, "max": 0.0}
    return {"mean": round(statistics.fmean(ts), 3), "median": round(statistics.median(ts), 3),
            "p95": round(percentile(ts, 0.95), 3), "max": round(ts[-1], 3)}


def level_summary(rows: list[dict], seats: int, table: int) -> dict[str, Any]:
    """One level of a tournament from its seat results ``rows`` (each ``share``, ``money``,
    ``times_ms`` and, in Lords of Vegas, ``vp``): ``seats`` of the ``table`` seats are its."""
    k = len(rows)
    share = sum(r["share"] for r in rows) / k if k else 0.0
    lo, hi = wilson(share * k, k)
    out: dict[str, Any] = {
        "seats": seats, "seat_games": k, "win_share": round(share, 4),
        "ci95": [round(lo, 4), round(hi, 4)], "fair_share": round(1 / table, 4),
        "mean_money": round(statistics.fmean(r["money"] for r in rows), 2) if rows else 0.0,
    }
    if rows and "vp" in rows[0]:
        out["mean_vp"] = round(statistics.fmean(r["vp"] for r in rows), 2)
    out["move_ms"] = move_ms(t for r in rows for t in r["times_ms"])
    return out


def tournament_summary(game: str, levels: list[str], seed: int, seconds: float,
                       results: list[list[dict]]) -> dict[str, Any]:
    """The ``tournament --json`` object: ``results`` holds one list of seat rows per game
    (each row with its ``level``)."""
    out: dict[str, Any] = {"game": game, "games": len(results), "seed": seed, "seats": list(levels),
                           "seconds": round(seconds, 3), "levels": {}}
    for lv in dict.fromkeys(levels):
        rows = [r for g in results for r in g if r["level"] == lv]
        out["levels"][lv] = level_summary(rows, levels.count(lv), len(levels))
    return out


def simulate_summary(game: str, games: int, seed: int, seconds: float,
                     seats: list[dict]) -> dict[str, Any]:
    """The ``simulate --json`` object; ``seats``: per seat its ``colour``, ``ai``, ``wins``
    (ties shared), total ``money`` and, in Lords of Vegas, total ``vp``."""
    def seat(s: dict) -> dict[str, Any]:
        row = {"colour": s["colour"], "ai": s["ai"], "win_share": round(s["wins"] / games, 4),
               "mean_money": round(s["money"] / games, 2)}
        if "vp" in s:
            row["mean_vp"] = round(s["vp"] / games, 2)
        return row
    return {"game": game, "games": games, "seed": seed, "seconds": round(seconds, 3),
            "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
            "seats": [seat(s) for s in seats]}


def speed(games: int, seconds: float, moves: int, cpu_seconds: float | None) -> dict[str, Any]:
    """One ``bench core`` line: games per second (by wall clock and by this process's CPU time),
    moves per game and microseconds per move (a Las Vegas move: one placement; a Lords of
    Vegas move: one action)."""
    return {"games": games, "seconds": round(seconds, 4), "games_per_second": round(games / seconds, 1),
            "cpu_games_per_second": round(games / cpu_seconds, 1) if cpu_seconds else None,
            "moves_per_game": round(moves / games, 1), "us_per_move": round(seconds / moves * 1e6, 2)}


def bench_summary(game: str, results: dict[str, dict]) -> dict[str, Any]:
    """The ``bench core --json`` object around its ``results`` (name -> ``speed()``)."""
    return {"game": game, "python": platform.python_version(), "machine": platform.machine(),
            "results": results}


def pool_map(fn: Callable[[Any], Any], tasks: list, jobs: int) -> Iterator[Any]:
    """``fn(task)`` for every task, on ``jobs`` worker processes when more than one, in the
    order they finish (a task carries what puts its result in place)."""
    if jobs > 1 and len(tasks) > 1:
        import multiprocessing as mp

        # a fresh process from a server started before any thread (never ``fork`` of this process:
        # a lock held by one of its threads at the fork would stop a worker for good)
        ctx = mp.get_context("forkserver" if "forkserver" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(min(jobs, len(tasks))) as pool:
            yield from pool.imap_unordered(fn, tasks, chunksize=1)
    else:
        for t in tasks:
            yield fn(t)
