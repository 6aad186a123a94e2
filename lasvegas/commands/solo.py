"""``lasvegas solo``: start a solo challenge directly (the ladder, a level, or the daily challenge).

    lasvegas solo                      the ladder
    lasvegas solo --level hard         a full game of Hard (if it is open)
    lasvegas solo --level normal --quick
    lasvegas solo --daily [--date 2026-11-25]
"""

from __future__ import annotations

import argparse
import datetime as dt

from ..core import SOLO_LEVELS
from ..kernel.errors import ConfigError
from ..solo import parse_date
from ..ui.lasvegas.launch_solo import start
from .common import SEED, add_display_options, fail
from .play import launch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--daily", action="store_true", help="play the daily challenge (today's, or --date's)")
    what.add_argument("--level", metavar="L", default=None,
                      help="play a level: normal, hard, expert-7 ... expert-2, master")
    parser.add_argument("--date", metavar="YYYY-MM-DD", default=None,
                        help="with --daily: the challenge of that date")
    parser.add_argument("--quick", action="store_true", help="with --level: a quick challenge (1 round)")
    parser.add_argument("--seed", type=SEED, default=None,
                        help="with --level: seed of the game (reproducible)")
    add_display_options(parser)


def check(args: argparse.Namespace) -> tuple[str | None, dt.date | None]:
    """``(error message or None, date or None)``: every check that needs no window."""
    date = None
    if args.date is not None:
        if not args.daily:
            return "--date only goes with --daily", None
        try:
            date = parse_date(args.date)
        except ConfigError as e:
            return str(e), None
    if args.level is not None and args.level not in [lv.name for lv in SOLO_LEVELS]:
        return (f"unknown solo level {args.level!r}: choose one of "
                + ", ".join(lv.name for lv in SOLO_LEVELS)), None
    if args.quick and args.level is None:
        return "--quick goes with --level", None
    if args.seed is not None and args.daily:
        return "the daily challenge's seed comes from its date: --seed does not apply", None
    return None, date


def run(args: argparse.Namespace) -> int:
    err, date = check(args)
    if err:
        return fail("solo", err)
    return launch("lasvegas solo", args.fullscreen,
                  lambda app: start(app, daily=args.daily, date=date, level=args.level,
                                    quick=args.quick, seed=args.seed), args.lang)
