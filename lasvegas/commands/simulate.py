"""``lasvegas simulate``: many complete games with AI seats, and a summary."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import IO, Any, Callable

from ..core import Config, Game
from ..kernel.errors import LasVegasError
from ..core.record import append_jsonl, write_record
from ..runs.progress import Progress
from ..runs.lasvegas.sim import simulate
from .recordfiles import open_records, record_name
from .common import (
    COUNT, FAILED, SEED, Number, WriteFailed, add_force, add_game_option, add_table_options, describe_table, fail,
    game_commands, table_options, write_problem,
)

PROG = "simulate"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_option(p)
    p.add_argument("--games", type=COUNT, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--players", type=Number(int), default=None, metavar="P",
                   help="seats, 2 to 8 (default 4; solo: 1; Lords of Vegas: 2 to 4)")
    p.add_argument("--neutral", action="store_true", help="neutral-dice variant (2 to 6 seats)")
    add_table_options(p)
    p.add_argument("--edition", default=None,
                   help="bill edition: classic (default) or 2018 (the solo edition's, solo's default)")
    p.add_argument("--solo", metavar="LEVEL", default=None,
                   help="solo mode at this level (normal, hard, expert-7 ... expert-2, master)")
    p.add_argument("--rounds", type=Number(int), default=None, metavar="R", help="rounds per game (default 4)")
    p.add_argument("--ai", default="random", metavar="LEVEL",
                   help="AI level of every seat, or one level per seat separated by commas (default random)")
    p.add_argument("--seed", type=SEED, default=1, metavar="S", help="seed of the first game (default 1)")
    p.add_argument("--record-dir", metavar="DIR", default=None,
                   help="write each game's record (lasvegas-record/1, lords-record/1) here; a path ending in "
                        ".jsonl gets all games as JSON Lines")
    add_force(p, "record files")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")


def make_config(args: argparse.Namespace) -> Config:
    """The config the options describe; ``LasVegasError`` when impossible.

    Without ``--edition`` a solo game has the solo edition's bills (2018), like
    the game's solo mode; a multiplayer game the classic ones.
    """
    kw: dict[str, Any] = {"neutral": args.neutral}
    if args.edition is not None:
        kw["edition"] = args.edition
    if args.rounds is not None:
        kw["rounds"] = args.rounds
    if args.solo is not None:
        if args.players not in (None, 1):
            raise LasVegasError(f"solo mode has 1 seat, not --players {args.players}")
        if args.neutral:
            raise LasVegasError("solo mode has no neutral dice")
        kw.pop("neutral")
        return Config.solo(args.solo, **kw, **table_options(args))
    players = 4 if args.players is None else args.players
    return Config.multi(players, **kw, **table_options(args))


def run(args: argparse.Namespace) -> int:
    own = game_commands(args.game)
    if own is not None:
        return own.run_simulate(args)
    from ..ai import make_ai

    try:
        config = make_config(args)
    except LasVegasError as e:
        return fail(PROG, str(e))
    seats = config.seats
    levels = [s.strip() for s in args.ai.split(",")]
    if len(levels) == 1:
        levels *= len(seats)
    if len(levels) != len(seats):
        return fail(PROG, f"--ai names {len(levels)} levels for {len(seats)} seats")
    try:
        for lv in levels:
            make_ai(lv, 0)
    except ValueError as e:
        return fail(PROG, str(e))
    opened = open_records(args)
    if isinstance(opened, int):
        return opened
    out_file, out_dir, target = opened

    progress = Progress(args.games, "simulate")
    try:
        summary = simulate(config, levels, args.games, args.seed, on_game=_writer(out_file, out_dir, progress))
        if out_file:
            out_file.close()
    except WriteFailed as e:
        return fail(PROG, write_problem(e.path, e.error), FAILED)
    except OSError as e:  # closing the JSON Lines file
        return fail(PROG, write_problem(target, e), FAILED)  # type: ignore[arg-type]
    finally:
        progress.close()
        if out_file and not out_file.closed:
            try:
                out_file.close()
            except OSError:
                pass  # the write that failed has been reported
    if args.json:
        print(json.dumps(summary))
    else:
        print_summary(summary, config)
    return 0


def _writer(out_file: IO[str] | None, out_dir: Path | None,
            progress: Progress) -> Callable[[int, Game], None]:
    def on_game(i: int, game: Game) -> None:
        if out_file is not None:
            try:
                append_jsonl(out_file, game.record())
                out_file.flush()
            except OSError as e:
                raise WriteFailed(Path(out_file.name), e) from e
        elif out_dir is not None:
            path = out_dir / record_name(i)
            try:
                write_record(path, game.record())
            except OSError as e:
                raise WriteFailed(path, e) from e
        progress.step()
    return on_game


def print_summary(summary: dict[str, Any], config: Config) -> None:
    mode = f"solo {config.solo_level}" if config.is_solo else f"{len(config.seats)} seats"
    if config.neutral:
        mode += ", neutral dice"
    mode += describe_table(config)
    print(f"{summary['games']} games ({mode}, {config.edition} bills, {config.rounds} rounds) "
          f"in {summary['seconds']:.2f} s: {summary['games_per_second']:.1f} games/s")
    label = "solo wins" if config.is_solo else "win share"
    print(f"{'seat':<8} {'ai':<8} {label:>10} {'mean money':>12}")
    for s in summary["seats"]:
        print(f"{s['colour']:<8} {s['ai']:<8} {s['win_share'] * 100:>9.1f}% {s['mean_money']:>12,.0f}")
