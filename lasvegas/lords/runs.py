"""Many Lords of Vegas games at once: ``simulate``, ``bench core``, ``tournament``.

``simulate`` and ``tournament`` are the drivers of every game (``games.simulate``,
``games.tournament``) with Lords of Vegas's side (``lords.side``); the seeds are theirs.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from ..games import simulate as shared
from ..games.tournament import run_tournament
from ..runs.common import bench_summary, speed
from .game import Game
from .policy import random_action
from .side import SIDE, seat_seed  # noqa: F401  (seat_seed: the AIs' seeds of a local game)


def simulate(n: int, levels: list[str], games: int, seed: int,
             on_game: Callable[[int, dict], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of ``n`` seats with AI ``levels`` (one per seat); the summary;
    ``on_game(i, record)`` after each game: the simulation of every game (``games.simulate``)."""
    def recorded(i: int, game: Any) -> None:
        on_game(i, SIDE.record(game, levels))  # type: ignore[misc]
    return shared.simulate("lords", lambda s: Game(n, s), levels, games, seed,
                           recorded if on_game is not None else None)


def random_game(n: int, seed: int, rng: random.Random, clock: list[float] | None = None) -> int:
    """One game of random play (the benches' policy); its actions.  With ``clock``, adds the
    time spent choosing ([0]) and applying ([1]) and setting up ([2])."""
    if clock is None:
        g = Game(n, seed)
        acts = 0
        apply = g.apply
        while not g.is_over:
            apply(random_action(g, g.to_act, rng))
            acts += 1
        return acts
    pc = time.perf_counter
    t = pc()
    g = Game(n, seed)
    clock[2] += pc() - t
    acts = 0
    while not g.is_over:
        t0 = pc()
        a = random_action(g, g.to_act, rng)
        t1 = pc()
        g.apply(a)
        clock[0] += t1 - t0
        clock[1] += pc() - t1
        acts += 1
    return acts


def bench(games: int, repeat: int) -> dict[str, Any]:
    """Random games per second at 2, 3 and 4 seats (best of ``repeat``), and where a 4-seat
    game's time goes (choosing the action, applying it, setting up)."""
    results = {}
    for n in (4, 3, 2):
        best = None
        best_cpu = None
        for k in range(max(1, repeat)):
            rng = random.Random(k)
            acts = 0
            t0, c0 = time.perf_counter(), time.process_time()
            for i in range(games):
                acts += random_game(n, i, rng)
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            if best is None or dt < best[0]:
                best = (dt, acts)
            best_cpu = dc if best_cpu is None else min(best_cpu, dc)
        dt, acts = best  # type: ignore[misc]
        results[f"{n} seats, random play"] = speed(games, dt, acts, best_cpu)
    clock = [0.0, 0.0, 0.0]
    rng = random.Random(0)
    for i in range(max(1, games // 4)):
        random_game(4, i, rng, clock)
    total = sum(clock) or 1.0
    out = bench_summary("lords", results)
    out["time_split_4_seats"] = {"choosing (random policy)": round(clock[0] / total, 3),
                                 "applying (engine)": round(clock[1] / total, 3),
                                 "set-up and first draw": round(clock[2] / total, 3)}
    return out


def tournament(levels: list[str], games: int, seed: int, jobs: int = 1, record: bool = False,
               on_game: Callable[[int, dict | None], None] | None = None) -> dict[str, Any]:
    """Levels against each other, rotated over the seats (game ``i`` starts them at seat
    ``i mod seats``), on ``jobs`` processes; ``on_game(i, record)`` after each game (its
    record when ``record``): the tournament of every game (``games.tournament``) with Lords of
    Vegas's side (``lords.side``).  The figures do not depend on ``jobs``."""
    return run_tournament({"game": "lords", "seats": levels, "seed": seed, "record": record}, games, jobs, on_game)
