"""``lasvegas replay FILE``: watch a saved game (a ``lasvegas-record/1`` file) on the table."""

from __future__ import annotations

import argparse
import sys

from ..core import RecordError
from ..match.replay import open_record
from ..ui.launch import start_replay
from .common import Number, add_display_options
from .play import launch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a record file (one game, or JSON Lines with one game per line)")
    parser.add_argument("--game", type=Number(int, ge=1), default=1, metavar="N",
                        help="in a file of several games, the N-th (default: 1)")
    add_display_options(parser)


def run(args: argparse.Namespace) -> int:
    try:
        match = open_record(args.file, args.game)
    except RecordError as e:  # corrupt, tampered with, another format: one line, never a traceback
        print(f"lasvegas replay: this record cannot be replayed: {e}", file=sys.stderr)
        return 1
    return launch("lasvegas replay", args.fullscreen, lambda app: start_replay(app, match), args.lang)
