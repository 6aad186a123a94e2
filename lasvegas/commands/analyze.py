"""``lasvegas analyze FILE``: the coach's review of a saved game (a ``lasvegas-record/1`` file,
or a ``lords-record/1`` one).

Every decision of the chosen seat with two or more legal values is rated with
the Expert's playouts and labelled (``lasvegas.ai.coach``); the review is
cached beside the record (``FILE.review.json``), so a second run is instant.
A Lords of Vegas record is reviewed by ``lasvegas.lords.coach`` (not cached).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..ai.coach import DEFAULT_WORK, LABEL_NAMES, ReviewCancelled, cache_path, review
from ..core import COLOURS, read_records, replay
from ..kernel.errors import RecordError
from ..games import registry
from ..runs.progress import Progress
from .common import COUNT, FAILED, SEED, Number, fail, game_commands

PROG = "analyze"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a record file (one game, or JSON Lines with one game per line)")
    p.add_argument("--game", type=Number(int, ge=1), default=1, metavar="N",
                   help="in a file of several games, the N-th (default: 1)")
    p.add_argument("--seat", choices=COLOURS + ("all",), default=None, metavar="COLOUR",
                   help="the seat to review, or 'all' (default: the first seat; in solo, the player)")
    p.add_argument("--seed", type=SEED, default=0, help="the coach's random seed (default 0)")
    p.add_argument("--work", type=COUNT, default=DEFAULT_WORK,
                   help=f"simulated turns per decision (default {DEFAULT_WORK:,}; Las Vegas records)")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write FILE.review.json (Las Vegas records; a Lords of Vegas review is not cached)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _record(path: str, game: int) -> dict:
    for n, (where, rec) in enumerate(read_records(path), start=1):
        if n == game:
            return rec
    raise RecordError(f"{path}: there is no game {game} in this file")


def run(args: argparse.Namespace) -> int:
    try:
        rec = _record(args.file, args.game)
        # the record's game reviews it where its code is its own (the registry's ``commands``)
        own = game_commands(registry.game_of_record(rec).name)
        seats_played = own.analyze_seats(rec) if own else list(replay(rec).config.seats)
    except RecordError as e:  # corrupt, tampered with, another format: one line, never a traceback
        print(f"lasvegas analyze: this record cannot be analysed: {e}", file=sys.stderr)
        return FAILED
    if args.seat == "all":
        seats = seats_played
    elif args.seat is not None:
        if args.seat not in seats_played:
            return fail(PROG, f"{args.seat} did not play in this game (seats: {', '.join(seats_played)})")
        seats = [args.seat]
    else:
        seats = [seats_played[0]]
    bar = Progress(1, "analysing")
    state = {"done": 0}

    def progress(done: int, total: int) -> None:
        bar.total = max(1, total)
        bar.step(done - state["done"])
        state["done"] = done

    try:
        if own:
            result = own.analyze(rec, seats, seed=args.seed, progress=progress)
        else:
            cache = None if args.no_cache else cache_path(args.file)
            result = review(rec, seats, seed=args.seed, work=args.work, cache=cache, progress=progress)
    except ReviewCancelled:  # pragma: no cover - the command line has no cancel
        return FAILED
    finally:
        bar.close()
    if getattr(result, "notice", None):
        print(f"lasvegas analyze: {result.notice}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    (own.print_review if own else print_review)(result)
    return 0


def print_seat(colour: str, s: dict, decisions: str, costliest: str) -> None:
    counts = ", ".join(f"{s['labels'][n]} {n}" for n in LABEL_NAMES)
    acc = "-" if s["accuracy"] is None else f"{s['accuracy']:.1f}"
    print(f"{colour}: {decisions}: {counts}; accuracy {acc}")
    worst = s["costliest"]
    if worst is not None and worst["loss"] > 0:
        print(f"  costliest: {costliest}")


def print_review(result) -> None:
    for d in result.decisions:
        others = "  ".join(f"{r['value']}:{r['chance']:.0%}" for r in d["ratings"])
        mark = "forced" if d["forced"] else d["label"]
        best = "" if d["forced"] or d["best"] == d["chosen"] else f"  best {d['best']} (-{d['loss']:.1f} pts)"
        print(f"turn {d['turn'] + 1:>3}  round {d['round']}  {d['seat']:<7} placed {d['chosen']}  "
              f"{mark:<11} win {d['chance']:>4.0%}{best}   [{others}]")
    for colour, s in result.seats.items():
        w = s["costliest"]
        print_seat(colour, s, f"{s['decisions']} decisions", w and (
            f"turn {w['turn'] + 1} (round {w['round']}): placed {w['chosen']}, "
            f"best {w['best']}, {w['loss']:.1f} win-chance points given away"))
        chart = " ".join(f"{c:.0%}" for _, c in s["chances"])
        print(f"  win chance over the game: {chart}")
    print(f"{result.seconds:.1f} s")
