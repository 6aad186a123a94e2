"""Random input through the game's window for a fixed time, seeded: every screen reachable from the
home, both games (``lasvegas.ui.tools.soak``).

    PYTHONPATH=. python build/ui_soak.py --minutes 20 [--seed S] [--game both|lasvegas|lords] [--json]

Prints the events sent, the frames, the screens seen, each crash with its segment's seed, traceback
and last 200 events, the resident memory (start, max, end), what the error log holds (errors only:
it stays empty in a run without a crash) and how many refusals of the rules the diagnostics log
holds.  Exit status 1 on any crash or any line in the error log.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lasvegas.ui.tools.soak import run  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--minutes", type=float, default=None)
    p.add_argument("--seconds", type=float, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", choices=("both", "lasvegas", "lords"), default="both")
    p.add_argument("--json", action="store_true", help="the report as JSON on stdout")
    args = p.parse_args(argv)
    seconds = args.seconds if args.seconds is not None else 60 * (args.minutes if args.minutes is not None else 5)
    report = run(seconds, args.seed, args.game, log=lambda s: print(s, file=sys.stderr, flush=True))
    out = report.as_dict()
    if args.json:
        print(json.dumps(out, indent=1, ensure_ascii=False))
    else:
        print(f"{out['seconds']} s, {out['segments']} segments, {out['frames']} frames, {out['events']} events, "
              f"{out['games_finished']} games to the results, {len(out['crashes'])} crashes; RSS {out['rss_mb']['start']} -> max {out['rss_mb']['max']} MB "
              f"(end {out['rss_mb']['end']} MB)")
        print("screens: " + ", ".join(f"{k} {v}" for k, v in out["scenes"].items()))
        print(f"error log: {len(out['error_log'].splitlines())} lines; diagnostics log: {out['refusals']} refusals")
        if out["error_log"]:
            print(out["error_log"])
        for c in out["crashes"]:
            print(f"\nCRASH seed {c['seed']} frame {c['frame']} on {c['scene']}: {c['error']}\n{c['trace']}")
            print("last events:\n  " + "\n  ".join(c["last_events"]))
    return 1 if out["crashes"] or out["error_log"] else 0


if __name__ == "__main__":
    sys.exit(main())
