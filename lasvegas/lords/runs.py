"""Many Lords of Vegas games at once: ``simulate``, ``bench core``, ``tournament``.

Seeds (the shared scheme of ``lasvegas.core.seeds``): game ``i`` of a run seeded
``S`` is ``derive_seed(S, i, stride=7919, offset=17)``; the AI of seat ``k`` gets
``derive_seed(game_seed, k + 1, stride=7919, offset=17)`` (the same as Las
Vegas's simulate).  A tournament rotates the levels over the seats, game ``i``
starting them at seat ``i mod seats``.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from typing import Any, Callable

from ..games.tournament import run_tournament
from ..runs import bench_summary, simulate_summary, speed
from .ai import make_player, play_game
from .board import TRACK
from .game import Game
from .policy import random_action
from .record import Recorder
from .tournament_side import game_seed, seat_seed


def simulate(n: int, levels: list[str], games: int, seed: int,
             on_game: Callable[[int, dict], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of ``n`` seats with AI ``levels`` (one per seat); the summary."""
    wins = [0.0] * n
    vp = [0] * n
    money = [0] * n
    ends = defaultdict(int)
    t0 = time.perf_counter()
    for i in range(games):
        gs = game_seed(seed, i)
        g = Game(n, gs)
        players = [make_player(levels[k], seat_seed(gs, k)) for k in range(n)]
        rec = Recorder(g, {g.seats[k]: {"kind": "ai", "level": levels[k]} for k in range(n)})
        play_game(g, players, rec)
        for w in g.winners:
            wins[w] += 1 / len(g.winners)
        for s in range(n):
            vp[s] += TRACK[g.chip[s]]
            money[s] += g.money[s]
        ends[g.end_reason] += 1
        if on_game is not None:
            on_game(i, rec.record())
    dt = time.perf_counter() - t0
    seats = Game(n, 0).seats
    out = simulate_summary("lords", games, seed, dt, [
        {"colour": seats[s], "ai": levels[s], "wins": wins[s], "money": money[s], "vp": vp[s]}
        for s in range(n)])
    out["ends"] = dict(ends)
    return out


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
    Vegas's side (``lords.tournament_side``).  The figures do not depend on ``jobs``."""
    return run_tournament({"game": "lords", "seats": levels, "seed": seed, "record": record}, games, jobs, on_game)
