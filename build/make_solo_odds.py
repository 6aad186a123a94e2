"""Make the table of solo win chances that the ladder shows.

    python build/make_solo_odds.py [--games N] [--quick-games M] [--seed S] [--jobs J]

Plays every level of the ladder with the strongest AI choosing for the player,
full length (4 rounds) and quick challenge (1 round), and writes
``lasvegas/data/solo_odds.json``.  A test replays the first games of the table
and checks that they agree with it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lasvegas.core import SOLO_LEVELS  # noqa: E402
from lasvegas.runs.progress import Progress  # noqa: E402
from lasvegas.solo.odds import ODDS_WORK, TABLE_FORMAT, solo_odds, strongest_ai  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=80, help="full-length games per level")
    p.add_argument("--quick-games", type=int, default=160, help="quick-challenge games per level")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default=str(ROOT / "lasvegas" / "data" / "solo_odds.json"))
    args = p.parse_args()
    ai = strongest_ai()
    table = {"format": TABLE_FORMAT, "ai": ai, "work": ODDS_WORK if ai == "expert" else None,
             "seed": args.seed,
             "command": f"python build/make_solo_odds.py --games {args.games} "
                        f"--quick-games {args.quick_games} --seed {args.seed}",
             "levels": {}}
    t0 = time.perf_counter()
    for lv in SOLO_LEVELS:
        entry = {}
        for length, rounds, n in (("full", 4, args.games), ("quick", 1, args.quick_games)):
            prog = Progress(n, f"{lv.name} {length}")
            r = solo_odds(lv.name, n, args.seed, rounds, ai, args.jobs, prog)
            prog.close()
            entry[length] = {k: r[k] for k in ("games", "wins", "win_rate", "ci95", "mean_margin",
                                               "first_outcomes")}
            print(f"{lv.name:<9} {length:<5} {r['wins']:>4}/{n:<4} {r['win_rate'] * 100:5.1f}% "
                  f"[{r['ci95'][0] * 100:4.1f}-{r['ci95'][1] * 100:4.1f}]  {r['seconds']:.0f}s", flush=True)
        table["levels"][lv.name] = entry
    Path(args.out).write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
