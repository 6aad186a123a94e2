"""How long a profile's statistics take to compute from N records (``lasvegas bench profiles``).

Plays N random games with a profile on one seat, writes their records to a
temporary folder, then times reading them the first time (every record
replayed through the rules) and again in the same run (the files already read are not read
again), in a new run with the cache on disk, and the statistics and
achievements from the games.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from pathlib import Path

from ..core import Config, Game
from . import all_games, compute, earned, games_of
from .history import _seen, all_games_cached


def make_records(folder: Path, n: int, seed: int = 1) -> None:
    r = random.Random(seed)
    for i in range(n):
        seats = 2 + i % 4
        game = Game(Config.multi(seats, neutral=seats <= 4 and i % 3 == 0), seed + i)
        while not game.is_over:
            acts = game.legal_actions()
            game.apply(acts[r.randrange(len(acts))])
        rec = game.record()
        rec["players"] = {c: {"kind": "ai", "level": "hard"} for c in game.config.seats}
        rec["players"][game.config.seats[0]] = {"kind": "human", "level": "", "profile": "bench"}
        (folder / f"2026{1 + i // 28 % 12:02d}{1 + i % 28:02d}-120000-{i}.json").write_text(json.dumps(rec))


def bench_profiles(records: int = 300) -> dict:
    """Seconds to read a profile's games from ``records`` records: the first time, again, in a new run
    from the cache on disk; and to compute the statistics and achievements."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_records(folder, records)
        cache = Path(tmp) / "cache" / "profile_games.json"
        _seen.clear()
        t0 = time.perf_counter()
        games = games_of("bench", all_games_cached(folder, cache))
        t1 = time.perf_counter()
        games = games_of("bench", all_games(folder))
        t2 = time.perf_counter()
        stats, got = compute(games), earned(games)
        t3 = time.perf_counter()
        _seen.clear()  # as a new run of the game
        t4 = time.perf_counter()
        again = games_of("bench", all_games_cached(folder, cache))
        t5 = time.perf_counter()
    if again != games:
        raise RuntimeError("the cache on disk gave other games than the records")
    return {"records": records, "games": stats.games, "achievements": len(got), "first_read_s": t1 - t0,
            "second_read_s": t2 - t1, "stats_s": t3 - t2, "cached_run_s": t5 - t4}
