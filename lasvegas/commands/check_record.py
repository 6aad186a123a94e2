"""``lasvegas check-record``: replay game records through the rules engine."""

from __future__ import annotations

import argparse
import sys

from ..games.checkrec import check_file


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="record files: one JSON object, or JSON Lines with one game per line")
    p.add_argument("-q", "--quiet", action="store_true", help="print only problems")


def run(args: argparse.Namespace) -> int:
    bad = 0
    for path in args.files:
        count, problems = check_file(path)
        for p in problems:
            print(f"FAIL {p}")
        if problems:
            bad += 1
        elif not args.quiet:
            print(f"ok   {path}: {count} game{'s' if count != 1 else ''} replayed, all consistent")
    if bad:
        print(f"{bad} of {len(args.files)} file(s) with problems", file=sys.stderr)
        return 1
    return 0
