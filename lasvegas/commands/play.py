"""``lasvegas`` / ``lasvegas play``: start the desktop game (``--smoke-test`` for builds)."""

from __future__ import annotations

import argparse
import sys
import traceback

from ..ui.launch import LaunchError, SmokeTestError, run_app, smoke_test, start_game
from .common import SEED, add_display_options, add_game_option


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_display_options(parser)
    parser.add_argument("--seed", type=SEED, default=None, help="seed of the games played (reproducible)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="load every asset, build every scene, play an all-AI game, exit")
    add_game_option(parser, help="lords: open Lords of Vegas's setup directly (default: the title)")


def run(args: argparse.Namespace) -> int:
    if getattr(args, "smoke_test", False):
        return run_smoke_test(seed=args.seed if args.seed is not None else 1)
    game = getattr(args, "game", "lasvegas")
    return launch("lasvegas", args.fullscreen, lambda app: start_game(app, args.seed, game), args.lang)


def launch(prog: str, fullscreen: bool | None, start, language: str | None = None) -> int:
    """Run the game; a window that cannot open or an error during play is one message, status 1."""
    try:
        return run_app(fullscreen, start, language)
    except LaunchError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 1


def run_smoke_test(seed: int) -> int:
    try:
        frames, winners = smoke_test(seed)
    except SmokeTestError as e:
        print(f"smoke test: {e}", file=sys.stderr)
        return 1
    except Exception as e:  # a build's smoke test shows where it broke
        traceback.print_exc()
        print(f"smoke test FAILED: {e}", file=sys.stderr)
        return 1
    print(f"smoke test ok: {frames} frames, winners {winners}")
    return 0
