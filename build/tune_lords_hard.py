"""Compare variants of the Lords of Vegas Hard AI against Medium on paired deals.

Each deal (``runs.game_seed(S, d)``) is played once per seat rotation, so every
variant meets the same deals, cards and seat orders ("common random numbers"):
differences between variants are then measured with less noise than separate
tournaments. A variant is a list of ``NAME=VALUE`` settings of ``lasvegas.lords.hard``'s
weights (module constants) or of the ``Hard`` class's attributes (``Hard.NAME``).

    python build/tune_lords_hard.py --deals 50 --seed 101 --players 2 MONEY_LATE=0.2 Hard.samples=5

Prints one JSON line: the settings, Hard's win share with its Wilson 95% interval,
and the wins of each deal (for paired comparisons between variants).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from lasvegas.lords import hard
from lasvegas.lords.ai import make_player
from lasvegas.lords.game import Game
from lasvegas.lords.side import game_seed, seat_seed


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=101)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("settings", nargs="*")
    a = ap.parse_args(argv)
    for s in a.settings:
        name, _, val = s.partition("=")
        target = hard
        if name.startswith("Hard."):
            target, name = hard.Hard, name[5:]
        if not hasattr(target, name):
            print(f"no setting {name!r}", file=sys.stderr)
            return 2
        setattr(target, name, type(getattr(target, name))(float(val)) if not isinstance(getattr(target, name), bool) else val == "1")
    from lasvegas.lords.ai import play_game
    n = a.players
    per_deal = []
    t0 = time.process_time()
    for d in range(a.deals):
        gs = game_seed(a.seed, d)
        won = 0.0
        for r in range(n):
            levels = ["medium"] * n
            levels[r] = "hard"
            g = Game(n, gs)
            players = [make_player(levels[k], seat_seed(gs, k)) for k in range(n)]
            play_game(g, players)
            if r in g.winners:
                won += 1 / len(g.winners)
        per_deal.append(won)
    games = a.deals * n
    share = sum(per_deal) / games
    lo, hi = wilson(share, games)
    print(json.dumps({"settings": a.settings, "players": n, "seed": a.seed, "games": games,
                      "hard": round(share, 4), "ci95": [round(lo, 4), round(hi, 4)],
                      "cpu_s": round(time.process_time() - t0, 1), "per_deal": per_deal}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
