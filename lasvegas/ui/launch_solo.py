"""``lasvegas solo``: start a solo challenge directly (the ladder, a level, or the daily challenge).

    lasvegas solo                      the ladder
    lasvegas solo --level hard         a full game of Hard (if it is open)
    lasvegas solo --level normal --quick
    lasvegas solo --daily [--date 2026-11-25]
"""

from __future__ import annotations

import sys


def add_arguments(parser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--daily", action="store_true", help="play the daily challenge (today's, or --date's)")
    what.add_argument("--level", metavar="L", default=None,
                      help="play a level: normal, hard, expert-7 ... expert-2, master")
    parser.add_argument("--date", metavar="YYYY-MM-DD", default=None,
                        help="with --daily: the challenge of that date")
    parser.add_argument("--quick", action="store_true", help="with --level: a quick challenge (1 round)")
    parser.add_argument("--seed", type=int, default=None, help="with --level: seed of the game (reproducible)")
    g = parser.add_mutually_exclusive_group()
    g.add_argument("--windowed", dest="fullscreen", action="store_false", default=None, help="play in a window")
    g.add_argument("--fullscreen", dest="fullscreen", action="store_true", help="play full screen")


def check(args) -> tuple[str | None, object]:
    """``(error message or None, date or None)``: every check that needs no window."""
    from ..core import SOLO_LEVELS, ConfigError
    from ..solo import parse_date

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


def run(args) -> int:
    err, date = check(args)
    if err:
        print(f"lasvegas solo: error: {err}", file=sys.stderr)
        return 2
    from .launch import run_app

    return run_app("lasvegas solo", args.fullscreen, lambda app: start(app, args, date))


def start(app, args, date=None) -> None:
    """Put the app where the options ask: the daily challenge, a level, or the ladder."""
    from .solo_flow import start_solo

    app.seed = args.seed
    app.go("title")
    ladder = app.show("solo")
    if args.daily:
        start_solo(app, "", daily=date or app.services.today())
    elif args.level:
        if app.services.progress.is_unlocked(args.level):
            start_solo(app, args.level, 1 if args.quick else 4, seed=args.seed)
        else:
            ladder.start(args.level)  # stays on the ladder, which says what opens the level
