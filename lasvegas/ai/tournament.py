"""AI levels played against each other and compared (``lasvegas tournament``).

Games come in groups of one deal per seat rotation: game ``i`` uses the deal
seed ``seed + i // n`` (same deck, same first player, same dice stream) with
the levels rotated by ``i % n`` seats, so no level keeps a seat position.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from ..core import Config, Game
from ..core.seeds import derive_seed
from ..runs import pool_map, tournament_summary
from .levels import make_ai


def _ai_seed(seed: int, game: int, seat: int) -> int:
    return derive_seed(derive_seed(seed, game, wrap=False), seat, multiplier=16, wrap=False)


def play_game(spec: dict, i: int, keep: Callable[[Game], None] | None = None) -> list[dict]:
    """Play game ``i`` of a tournament; one result per seat: level, share, money, move times
    (``times_ms``).  ``keep(game)`` is given the finished game."""
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
    if keep is not None:
        keep(game)
    res = game.result()
    winners = res.winners
    out = []
    for s, lv in enumerate(seat_levels):
        colour = cfg.seats[s]
        out.append({
            "level": lv,
            "share": (1.0 / len(winners)) if colour in winners else 0.0,
            "money": res.money[colour],
            "times_ms": [t * 1000 for t in times[s]],
        })
    return out


def _worker(args: tuple[dict, int]) -> tuple[int, list[dict], dict | None]:
    spec, i = args
    if not spec.get("record"):
        return i, play_game(spec, i), None
    box: list = []
    rows = play_game(spec, i, box.append)
    return i, rows, box[0].record()


def run_tournament(spec: dict, games: int, jobs: int = 1,
                   on_game: Callable[[int, dict | None], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of ``spec`` on ``jobs`` processes; ``on_game(i, record)`` after each
    one (the game's record when ``spec["record"]``, else None).  The figures do not depend on
    ``jobs``: the games are summed in their order."""
    t0 = time.perf_counter()
    results: dict[int, list[dict]] = {}
    for i, rows, rec in pool_map(_worker, [(spec, i) for i in range(games)], jobs):
        results[i] = rows
        if on_game:
            on_game(i, rec)
    return tournament_summary("lasvegas", spec["seats"], spec["seed"], time.perf_counter() - t0,
                              [results[i] for i in sorted(results)])
