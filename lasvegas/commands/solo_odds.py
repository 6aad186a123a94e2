"""``lasvegas solo-odds``: a solo level's chance of winning with strong play."""

from __future__ import annotations

import argparse
import json

from ..ai import available_levels
from ..core import Config
from ..kernel.errors import LasVegasError
from ..runs.progress import Progress
from ..solo.odds import ODDS_WORK, solo_odds
from .common import COUNT, JOBS, SEED, fail

PROG = "solo-odds"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--level", required=True, help="normal, hard, expert-7 ... expert-2, master")
    p.add_argument("--games", type=COUNT, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--seed", type=SEED, default=1, metavar="S", help="seed (default 1)")
    p.add_argument("--rounds", type=int, choices=(4, 1), default=4, metavar="R",
                   help="4 (full, default) or 1 (quick challenge)")
    p.add_argument("--ai", default=None, help="AI level choosing for the player (default: the strongest)")
    p.add_argument("--jobs", type=JOBS, default=1, metavar="J", help="processes (default 1)")
    p.add_argument("--expert-work", type=COUNT, default=ODDS_WORK, metavar="W",
                   help=f"simulated turns per Expert decision (default {ODDS_WORK})")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    try:
        Config.solo(args.level, rounds=args.rounds)
    except LasVegasError as e:
        return fail(PROG, str(e))
    if args.ai is not None and args.ai not in available_levels():
        return fail(PROG, f"unknown AI level {args.ai!r}: choose one of {', '.join(available_levels())}")
    prog = Progress(args.games, f"solo-odds {args.level}")
    try:
        res = solo_odds(args.level, args.games, args.seed, args.rounds, args.ai, args.jobs, prog,
                        args.expert_work)
    finally:
        prog.close()
    if args.json:
        print(json.dumps(res))
    else:
        length = "quick challenge" if args.rounds == 1 else f"{args.rounds} rounds"
        who = f"{res['ai']} AI" + (f" ({res['work']} turns/move)" if res["work"] else "")
        print(f"solo {args.level} ({length}), {who} choosing, {args.games} games, seed {args.seed}: "
              f"won {res['wins']} = {res['win_rate'] * 100:.1f}% "
              f"(95% CI {res['ci95'][0] * 100:.1f}%-{res['ci95'][1] * 100:.1f}%), "
              f"mean margin {res['mean_margin']:+,.0f} $, {res['seconds']:.1f} s")
    return 0
