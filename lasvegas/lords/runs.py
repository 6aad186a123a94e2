"""Many Lords of Vegas games at once: ``simulate``, ``bench core``, ``tournament``.

Seeds (the shared scheme of ``lasvegas.core.seeds``): game ``i`` of a run seeded
``S`` is ``derive_seed(S, i, stride=7919, offset=17)``; the AI of seat ``k`` gets
``derive_seed(game_seed, k + 1, stride=7919, offset=17)`` (the same as Las
Vegas's simulate).  A tournament rotates the levels over the seats, game ``i``
starting them at seat ``i mod seats``.
"""

from __future__ import annotations

import platform
import random
import time
from collections import defaultdict
from typing import Any, Callable

from ..core.seeds import derive_seed
from .ai import make_player, play_game
from .board import TRACK
from .game import Game
from .policy import random_action
from .record import Recorder


def game_seed(seed: int, i: int) -> int:
    return derive_seed(seed, i, stride=7919, offset=17)


def seat_seed(gseed: int, k: int) -> int:
    return derive_seed(gseed, k + 1, stride=7919, offset=17)


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
    return {
        "game": "lords", "games": games, "seconds": round(dt, 3),
        "games_per_second": round(games / dt, 1) if dt else None,
        "ends": dict(ends),
        "seats": [{"colour": seats[s], "ai": levels[s], "win_share": round(wins[s] / games, 4),
                   "mean_vp": round(vp[s] / games, 2), "mean_money": round(money[s] / games, 2)}
                  for s in range(n)],
    }


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
        results[f"{n} seats, random play"] = {
            "games": games, "seconds": round(dt, 4), "games_per_second": round(games / dt, 1),
            "us_per_action": round(dt / acts * 1e6, 2), "actions_per_game": round(acts / games, 1),
            "cpu_games_per_second": round(games / best_cpu, 1) if best_cpu else None,
        }
    clock = [0.0, 0.0, 0.0]
    rng = random.Random(0)
    for i in range(max(1, games // 4)):
        random_game(4, i, rng, clock)
    total = sum(clock) or 1.0
    return {
        "game": "lords", "python": platform.python_version(),
        "machine": f"{platform.machine()} {platform.processor() or platform.system()}".strip(),
        "results": results,
        "time_split_4_seats": {"choosing (random policy)": round(clock[0] / total, 3),
                               "applying (engine)": round(clock[1] / total, 3),
                               "set-up and first draw": round(clock[2] / total, 3)},
    }


def tournament(levels: list[str], games: int, seed: int,
               on_game: Callable[[], None] | None = None) -> dict[str, Any]:
    """Levels against each other, rotated over the seats; win share and mean VP per level."""
    n = len(levels)
    stats: dict[str, dict[str, float]] = {}
    for lv in levels:
        stats.setdefault(lv, {"seats": 0, "wins": 0.0, "vp": 0.0, "money": 0.0, "ms": 0.0, "moves": 0,
                              "times": []})
    for i in range(games):
        gs = game_seed(seed, i)
        g = Game(n, gs)
        order = [levels[(k + i) % n] for k in range(n)]
        players = [make_player(order[k], seat_seed(gs, k)) for k in range(n)]
        _timed_game(g, players, order, stats)
        for s in range(n):
            st = stats[order[s]]
            st["seats"] += 1
            st["vp"] += TRACK[g.chip[s]]
            st["money"] += g.money[s]
            if s in g.winners:
                st["wins"] += 1 / len(g.winners)
        if on_game is not None:
            on_game()
    out = {}
    for lv, st in stats.items():
        seats = st["seats"] or 1
        share = st["wins"] / seats
        half = 1.96 * (share * (1 - share) / seats) ** 0.5
        out[lv] = {"seats": int(st["seats"]), "win_share": round(share, 4),
                   "ci95": [round(max(0.0, share - half), 4), round(min(1.0, share + half), 4)],
                   "fair_share": round(1 / n, 4), "mean_vp": round(st["vp"] / seats, 2),
                   "mean_money": round(st["money"] / seats, 2),
                   "ms_per_move": round(st["ms"] / max(1, st["moves"]), 3),
                   "ms_median": round(_quantile(st["times"], 0.5), 3),
                   "ms_p95": round(_quantile(st["times"], 0.95), 3)}
    return {"game": "lords", "games": games, "seed": seed, "seats": levels, "levels": out}


def _quantile(xs: list, q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(q * len(ys)))]


def _timed_game(g: Game, players: list, order: list[str], stats: dict) -> None:
    pc = time.perf_counter
    for _ in range(100_000):
        if g.is_over:
            return
        if g.proposals and g.phase == "play":
            frm, to = min(g.proposals)
            g.apply(players[to].answer(g, to, g.proposals[(frm, to)]))
            continue
        s = g.to_act
        t = pc()
        a = players[s].act(g, s)
        st = stats[order[s]]
        ms = (pc() - t) * 1000
        st["ms"] += ms
        st["moves"] += 1
        st["times"].append(ms)
        g.apply(a)
    raise RuntimeError("the game did not end")
