"""How long a profile's statistics take to compute from N records (``python -m lasvegas.profiles.bench``).

Plays N random games with a profile on one seat, writes their records to a
temporary folder, then times reading them the first time (every record
replayed through the rules) and again in the same run (the files already read are not read
again), in a new run with the cache on disk, and the statistics and
achievements from the games.
"""

from __future__ import annotations

import argparse
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
        rec["players"] = {c: {"ai": "hard"} for c in game.config.seats}
        rec["players"][game.config.seats[0]] = {"profile": "bench"}
        (folder / f"2026{1 + i // 28 % 12:02d}{1 + i % 28:02d}-120000-{i}.json").write_text(json.dumps(rec))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lasvegas.profiles.bench")
    ap.add_argument("--records", type=int, default=300, help="records to write and read")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_records(folder, args.records)
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
        assert games_of("bench", all_games_cached(folder, cache)) == games
        t5 = time.perf_counter()
    print(f"{args.records} records, {stats.games} games, {len(got)} achievements")
    print(f"first read (every record replayed): {t1 - t0:.3f} s ({1000 * (t1 - t0) / args.records:.2f} ms a record)")
    print(f"second read (files already read):   {t2 - t1:.3f} s")
    print(f"statistics and achievements:         {t3 - t2:.4f} s")
    print(f"a new run, from the cache on disk:   {t5 - t4:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
