"""``lasvegas tournament``: play AI levels against each other and compare them."""

from __future__ import annotations

import argparse
import json

from ..ai.levels import available_levels
from ..ai.players import ExpertPlayer
from ..ai.tournament import run_tournament
from ..core import Config
from ..runs.progress import Progress
from .lords import close_records, record_writer
from .common import (
    COUNT, FAILED, JOBS, SEED, Number, WriteFailed, add_force, add_game_option, add_table_options, describe_table,
    fail, fill_seats, game_commands, print_levels, table_options, write_problem,
)

PROG = "tournament"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_option(p)
    p.add_argument("--seats", required=True,
                   help="comma-separated AI levels, one per seat, e.g. expert,medium,medium,medium "
                        "(Lords of Vegas: random, easy, medium, hard, expert)")
    p.add_argument("--players", type=Number(int, ge=2, le=8), default=None,
                   help="seats, 2 to 8: the last level of --seats fills the seats it does not "
                        "name (e.g. --seats expert,medium --players 8)")
    p.add_argument("--neutral", action="store_true", help="neutral-dice variant (2-6 seats)")
    add_table_options(p)
    p.add_argument("--edition", default="classic", choices=["classic", "2018"], help="bill edition")
    p.add_argument("--rounds", type=Number(int), default=4, help="rounds per game (default 4)")
    p.add_argument("--games", type=COUNT, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=SEED, default=1, help="first deal seed (default 1)")
    p.add_argument("--jobs", type=JOBS, default=1, help="worker processes (default 1)")
    p.add_argument("--expert-work", type=COUNT, default=None,
                   help="Expert: simulated turns per move (deterministic; default %d)" % ExpertPlayer.default_work)
    p.add_argument("--expert-ms", type=Number(float, gt=0, le=60_000), default=None,
                   help="Expert: time budget per move in ms (at most 60000) instead of a fixed work "
                        "(not reproducible)")
    p.add_argument("--expert-extend", type=Number(float, ge=1, le=100), default=None,
                   help="Expert: up to this many times the work for a close final pair "
                        "(default 3 with 4 and 6 seats, 1 (off) otherwise)")
    p.add_argument("--expert-own-turns", choices=["default", "medium", "model"],
                   default="default",
                   help="Expert: the model of its own later turns in its playouts: its default "
                        "(the fitted model with 4 and 6 seats), Medium's rule (the earlier Expert) or "
                        "the fitted model at every seat count")
    p.add_argument("--record-dir", metavar="DIR", default=None,
                   help="write each game's record (lasvegas-record/1, lords-record/1) here as game-NNNNNN.json; "
                        "a path ending in .jsonl gets all games as JSON Lines")
    add_force(p, "record files")
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")


def run(args: argparse.Namespace) -> int:
    own = game_commands(args.game)
    if own is not None:
        return own.run_tournament(args)
    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    known = available_levels()
    bad = [lv for lv in levels if lv not in known]
    if bad:
        return fail(PROG, f"unknown level(s) {', '.join(bad)}: choose from {', '.join(known)}")
    levels = fill_seats(PROG, levels, args.players)
    if isinstance(levels, int):
        return levels
    try:
        config = Config.multi(len(levels), neutral=args.neutral, edition=args.edition,
                              rounds=args.rounds, **table_options(args))
    except ValueError as e:
        return fail(PROG, str(e))
    spec = {"seats": levels, "neutral": args.neutral, "edition": args.edition, "rounds": args.rounds,
            **table_options(args),
            "seed": args.seed, "expert_work": args.expert_work, "expert_ms": args.expert_ms,
            "expert_extend": args.expert_extend, "expert_own_turns": args.expert_own_turns}
    from .recordfiles import open_records
    opened = open_records(args, PROG)
    if isinstance(opened, int):
        return opened
    out_file, out_dir, _ = opened
    spec["record"] = out_file is not None or out_dir is not None
    progress = Progress(args.games, "tournament")
    try:
        summary = run_tournament(spec, args.games, args.jobs, on_game=record_writer(out_file, out_dir, progress))
    except WriteFailed as e:
        return fail(PROG, write_problem(e.path, e.error), FAILED)
    finally:
        progress.close()
        close_records(out_file)
    if args.json:
        print(json.dumps(summary))
        return 0
    mode = (f"{len(levels)} seats" + (", neutral dice" if args.neutral else "")
            + describe_table(config) + f", {args.edition} bills")
    print(f"{summary['games']} games ({mode}), seed {args.seed}, {summary['seconds']:.0f} s")
    print_levels(summary, [
        ("mean money", 11, lambda d: f"{d['mean_money']:,.0f}"),
        ("ms/move mean", 12, lambda d: f"{d['move_ms']['mean']:.2f}"),
        ("median", 7, lambda d: f"{d['move_ms']['median']:.2f}"),
        ("p95", 7, lambda d: f"{d['move_ms']['p95']:.2f}"),
        ("max", 7, lambda d: f"{d['move_ms']['max']:.2f}")])
    return 0
