"""``lasvegas simulate``: many complete games with AI seats, and a summary."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

from .core import COLOURS, Config, Game, LasVegasError
from .core.record import append_jsonl, write_record
from .progress import Progress


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a run started with seed ``base``."""
    return (base * 1_000_003 + index * 7919 + 17) % (2**63)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--players", type=int, default=None, metavar="P",
                   help="seats, 2 to 5 (default 4; solo: 1)")
    p.add_argument("--neutral", action="store_true", help="neutral-dice variant (2 to 4 seats)")
    p.add_argument("--edition", default="classic", help="bill edition: classic (default) or 2018")
    p.add_argument("--solo", metavar="LEVEL", default=None,
                   help="solo mode at this level (normal, hard, expert-7 ... expert-2, master)")
    p.add_argument("--rounds", type=int, default=None, metavar="R", help="rounds per game (default 4)")
    p.add_argument("--ai", default="random", metavar="LEVEL",
                   help="AI level of every seat, or one level per seat separated by commas (default random)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="seed of the first game (default 1)")
    p.add_argument("--record-dir", metavar="DIR", default=None,
                   help="write each game's record (lasvegas-record/1) here; a path ending in "
                        ".jsonl gets all games as JSON Lines")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")


def _fail(msg: str) -> int:
    print(f"lasvegas simulate: error: {msg}", file=sys.stderr)
    return 2


def make_config(args: argparse.Namespace) -> Config:
    """The config the options describe; ``LasVegasError`` when impossible."""
    kw: dict[str, Any] = {"edition": args.edition, "neutral": args.neutral}
    if args.rounds is not None:
        kw["rounds"] = args.rounds
    if args.solo is not None:
        if args.players not in (None, 1):
            raise LasVegasError(f"solo mode has 1 seat, not --players {args.players}")
        if args.neutral:
            raise LasVegasError("solo mode has no neutral dice")
        kw.pop("neutral")
        return Config.solo(args.solo, **kw)
    players = 4 if args.players is None else args.players
    return Config.multi(players, **kw)


def run(args: argparse.Namespace) -> int:
    from .ai import make_ai

    if args.games < 1:
        return _fail(f"--games must be at least 1, not {args.games}")
    try:
        config = make_config(args)
    except LasVegasError as e:
        return _fail(str(e))
    seats = config.seats
    levels = [s.strip() for s in args.ai.split(",")]
    if len(levels) == 1:
        levels *= len(seats)
    if len(levels) != len(seats):
        return _fail(f"--ai names {len(levels)} levels for {len(seats)} seats")
    try:
        players = [make_ai(lv, 0) for lv in levels]
    except ValueError as e:
        return _fail(str(e))
    del players
    out_file = None
    out_dir = None
    if args.record_dir:
        target = Path(args.record_dir)
        try:
            if target.suffix == ".jsonl":
                target.parent.mkdir(parents=True, exist_ok=True)
                out_file = target.open("w", encoding="utf-8")
            else:
                target.mkdir(parents=True, exist_ok=True)
                out_dir = target
        except OSError as e:
            return _fail(f"cannot write records to {target}: {e.strerror or e}")

    progress = Progress(args.games, "simulate")
    summary = simulate(config, levels, args.games, args.seed, on_game=_writer(out_file, out_dir, progress))
    progress.close()
    if out_file:
        out_file.close()
    if args.json:
        print(json.dumps(summary))
    else:
        print_summary(summary, config)
    return 0


def _writer(out_file: Any, out_dir: Path | None, progress: Progress) -> Callable[[int, Game], None]:
    def on_game(i: int, game: Game) -> None:
        if out_file is not None:
            append_jsonl(out_file, game.record())
        elif out_dir is not None:
            write_record(out_dir / f"game-{i + 1:06d}.json", game.record())
        progress.step()
    return on_game


def simulate(config: Config, levels: list[str], games: int, seed: int,
             on_game: Callable[[int, Game], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games; return the summary dict (see ``--json``)."""
    from .ai import make_ai

    n = len(config.seats)
    wins = [0.0] * n
    money = [0] * n
    t0 = time.perf_counter()
    for i in range(games):
        s = game_seed(seed, i)
        game = Game(config, s)
        players = [make_ai(lv, game_seed(s, k + 1)) for k, lv in enumerate(levels)]
        while not game.is_over:
            game.apply(players[game.current].choose(game))
        res = game.result()
        if config.is_solo:
            wins[0] += 1.0 if res.solo_won else 0.0
        else:
            share = 1.0 / len(res.winners)
            for w in res.winners:
                wins[config.seats.index(w)] += share
        for k, c in enumerate(config.seats):
            money[k] += res.money[c]
        if on_game:
            on_game(i, game)
    seconds = time.perf_counter() - t0
    return {
        "games": games,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
        "seats": [
            {"colour": c, "ai": levels[k], "win_share": round(wins[k] / games, 4),
             "mean_money": round(money[k] / games, 1)}
            for k, c in enumerate(config.seats)
        ],
    }


def print_summary(summary: dict[str, Any], config: Config) -> None:
    mode = f"solo {config.solo_level}" if config.is_solo else f"{len(config.seats)} seats"
    if config.neutral:
        mode += ", neutral dice"
    print(f"{summary['games']} games ({mode}, {config.edition} bills, {config.rounds} rounds) "
          f"in {summary['seconds']:.2f} s: {summary['games_per_second']:.1f} games/s")
    label = "solo wins" if config.is_solo else "win share"
    print(f"{'seat':<8} {'ai':<8} {label:>10} {'mean money':>12}")
    for s in summary["seats"]:
        print(f"{s['colour']:<8} {s['ai']:<8} {s['win_share'] * 100:>9.1f}% {s['mean_money']:>12,.0f}")


__all__ = ["add_arguments", "run", "simulate", "game_seed", "COLOURS"]
