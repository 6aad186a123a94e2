"""The Lords of Vegas side of ``simulate``, ``bench``, ``tournament``, ``bot`` and ``analyze`` (``--game lords``,
or a Lords of Vegas record: the game registry's ``commands`` of Lords of Vegas)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ..core.record import append_jsonl, write_record
from ..runs.progress import Progress
from .bot import play_seat
from .common import FAILED, WriteFailed, fail, fill_seats, print_levels, write_problem
from .recordfiles import open_records, record_name

def _not_for_lords(prog: str, args: argparse.Namespace, defaults: dict) -> int | None:
    """Refuse a Las Vegas option (one not at its default) that means nothing in Lords of Vegas."""
    for name, default in defaults.items():
        if getattr(args, name, default) != default:
            return fail(prog, f"--{name.replace('_', '-')} is a Las Vegas option, not one of Lords of Vegas")
    return None


def _levels(prog: str, spec: str, n: int) -> list[str] | int:
    from ..lords.ai import LEVELS
    levels = [s.strip() for s in spec.split(",") if s.strip()]
    if len(levels) == 1:
        levels *= n
    if len(levels) != n:
        return fail(prog, f"--ai names {len(levels)} levels for {n} seats")
    bad = [lv for lv in levels if lv not in LEVELS]
    if bad:
        return fail(prog, f"unknown Lords of Vegas level(s) {', '.join(bad)}: choose from {', '.join(LEVELS)}")
    return levels


def record_writer(out_file, out_dir: Path | None, progress: Progress):
    """``on_game(i, record)`` of a run: appends the record to the JSON Lines file or writes it
    as ``DIR/game-NNNNNN.json`` (``WriteFailed`` when it cannot), and steps the progress."""

    def on_game(i: int, rec: dict | None) -> None:
        path = Path(out_file.name) if out_file is not None else None
        try:
            if out_file is not None:
                append_jsonl(out_file, rec)
                out_file.flush()
            elif out_dir is not None:
                path = out_dir / record_name(i)
                write_record(path, rec)
        except OSError as e:
            raise WriteFailed(path, e) from e  # type: ignore[arg-type]
        progress.step()
    return on_game


def close_records(out_file) -> None:
    """Close a run's JSON Lines file, if any (a write that failed has been reported)."""
    if out_file is not None:
        try:
            out_file.close()
        except OSError:
            pass


def run_simulate(args: argparse.Namespace) -> int:
    from ..lords.runs import simulate

    prog = "simulate"
    refused = _not_for_lords(prog, args, {"neutral": False, "solo": None, "edition": None, "rounds": None,
                                          "minimum": None, "hundreds": False, "biggies": False})
    if refused is not None:
        return refused
    n = 4 if args.players is None else args.players
    if not 2 <= n <= 4:
        return fail(prog, f"Lords of Vegas is for 2 to 4 players, not {n}")
    levels = _levels(prog, args.ai, n)
    if isinstance(levels, int):
        return levels
    opened = open_records(args)
    if isinstance(opened, int):
        return opened
    out_file, out_dir, _ = opened
    progress = Progress(args.games, "simulate")
    on_game = record_writer(out_file, out_dir, progress)
    try:
        summary = simulate(n, levels, args.games, args.seed, on_game)
    except WriteFailed as e:
        return fail(prog, write_problem(e.path, e.error), FAILED)
    finally:
        progress.close()
        close_records(out_file)
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['games']} games of Lords of Vegas ({n} seats) in {summary['seconds']:.2f} s: "
          f"{summary['games_per_second']} games/s; ended by "
          + ", ".join(f"{why} {count}" for why, count in sorted(summary["ends"].items())))
    print(f"{'seat':<8} {'ai':<8} {'win share':>10} {'mean VP':>8} {'mean money':>11}")
    for s in summary["seats"]:
        print(f"{s['colour']:<8} {s['ai']:<8} {s['win_share'] * 100:>9.1f}% {s['mean_vp']:>8.1f} "
              f"{s['mean_money']:>11.1f}")
    return 0


def bench_refusal(prog: str, args: argparse.Namespace) -> int | None:
    """The ``bench`` targets and options that measure Las Vegas alone, refused with ``--game lords``."""
    if args.target == "profiles":
        return fail(prog, "--game lords: 'bench core', 'bench ui' and 'bench server' measure Lords of Vegas")
    if args.target == "server" and args.client_level == "lean":
        return fail(prog, "--client-level lean: lean clients play Las Vegas rooms")
    if args.target == "server" and args.ai is not None:
        return fail(prog, "--game lords: 'bench server --ai' measures the Las Vegas AI seats")
    return None


def run_bench(args: argparse.Namespace) -> int:
    from ..lords.runs import bench

    out = bench(args.games, args.repeat)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"Lords of Vegas rules engine, random play, single process, Python {out['python']} "
          f"({out['machine']}), best of {args.repeat}")
    for name, r in out["results"].items():
        print(f"  {name:<24} {r['games_per_second']:>8.1f} games/s  {r['us_per_move']:>6.2f} us/action"
              f"  ({r['moves_per_game']} actions/game, {r['games']} games; "
              f"by CPU time {r['cpu_games_per_second']} games/s)")
    split = out["time_split_4_seats"]
    print("  where a 4-seat game's time goes: " + ", ".join(f"{k} {v:.0%}" for k, v in split.items()))
    return 0


def run_tournament(args: argparse.Namespace) -> int:
    from ..lords.runs import tournament

    prog = "tournament"
    refused = _not_for_lords(prog, args, {
        "neutral": False, "minimum": None, "hundreds": False, "biggies": False, "expert_work": None,
        "expert_ms": None, "expert_extend": None, "edition": "classic", "rounds": 4,
        "expert_own_turns": "default"})
    if refused is not None:
        return refused
    levels = [s.strip() for s in args.seats.split(",") if s.strip()]
    levels = fill_seats(prog, levels, args.players)
    if isinstance(levels, int):
        return levels
    checked = _levels(prog, ",".join(levels), len(levels))
    if isinstance(checked, int):
        return checked
    if not 2 <= len(levels) <= 4:
        return fail(prog, f"Lords of Vegas is for 2 to 4 players, not {len(levels)}")
    opened = open_records(args, prog)
    if isinstance(opened, int):
        return opened
    out_file, out_dir, _ = opened
    progress = Progress(args.games, "tournament")
    try:
        summary = tournament(levels, args.games, args.seed, jobs=args.jobs,
                             record=out_file is not None or out_dir is not None,
                             on_game=record_writer(out_file, out_dir, progress))
    except WriteFailed as e:
        return fail(prog, write_problem(e.path, e.error), FAILED)
    finally:
        progress.close()
        close_records(out_file)
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['games']} games of Lords of Vegas ({len(levels)} seats), seed {args.seed}, "
          f"{summary['seconds']:.0f} s")
    print_levels(summary, [
        ("mean VP", 8, lambda d: f"{d['mean_vp']:.1f}"), ("mean money", 11, lambda d: f"{d['mean_money']:.1f}"),
        ("ms/move mean", 12, lambda d: f"{d['move_ms']['mean']:.2f}"),
        ("median", 7, lambda d: f"{d['move_ms']['median']:.2f}"),
        ("p95", 7, lambda d: f"{d['move_ms']['p95']:.2f}")])
    return 0


def run_bot(args: argparse.Namespace) -> int:
    """``--game lords``: a Lords of Vegas seat (2 to 4 players; the Las Vegas options do not apply)."""
    if args.new_room and not 2 <= args.players <= 4:
        return fail("bot", "--game lords: Lords of Vegas is for 2 to 4 players")
    for option in ("neutral", "hundreds", "biggies", "hide_money"):
        if getattr(args, option):
            return fail("bot", f"--{option.replace('_', '-')} is a Las Vegas option")
    if args.minimum is not None or args.rounds != 4 or args.edition != "classic":
        return fail("bot", "--minimum, --rounds and --edition are Las Vegas options")
    try:
        from ..lords.ai import make_player
        from ..net.lords.bot import LordsBotError, play
    except ImportError as e:
        return fail("bot", f"online play needs the websockets package ({e.name} is missing)", 1)
    try:
        make_player(args.level, 0)
    except ValueError as e:
        return fail("bot", str(e))
    if args.new_room:
        request = {"type": "create", "game": "lords", "players": args.players}
    else:
        request = {"type": "join", "room": args.room.strip().upper()}
    return play_seat(args, request, play, LordsBotError)


def analyze_seats(rec: dict) -> list[str]:
    """``analyze``: the seats that played a Lords of Vegas record (``RecordError`` if it does not check)."""
    from ..lords.record import replay

    return list(replay(rec).seats)


def analyze(rec: dict, seats: list[str], seed: int, progress) -> object:
    """``analyze``: the Lords of Vegas coach's review (not cached: --work and --no-cache are the Las
    Vegas coach's)."""
    from ..lords.coach import review

    return review(rec, seats, seed=seed, progress=progress)


def print_review(result) -> None:
    """``analyze``: a Lords of Vegas review, a line a decision, then each seat's summary."""
    from .analyze import print_seat

    for d in result.decisions:
        mark = "forced" if d["forced"] else d["label"]
        advice = f"  {d['advice']}" if d["advice"] else ""
        print(f"move {d['move'] + 1:>4}  turn {d['turn']:>3}  {d['seat']:<7} {d['kind']:<15} {d['chosen']}: "
              f"{mark}, win {d['chance']:.0%}{advice}")
    for colour, s in result.summary.items():
        w = s["costliest"]
        print_seat(colour, s, f"{s['decisions']} decisions ({s['unforced']} with a choice)",
                   w and f"move {w['move'] + 1} (turn {w['turn']}): {w['chosen']}; {w['advice']}")
    print(f"{result.seconds:.1f} s")
