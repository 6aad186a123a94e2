"""``lasvegas replay FILE``: watch a saved game on its table (a ``lasvegas-record/1`` file, or a
``lords-record/1`` file on the Lords of Vegas table): the game of the file's first record, found in
the game registry, opens its replay."""

from __future__ import annotations

import argparse
import sys

from ..kernel.errors import RecordError
from ..core import read_records
from ..kernel.lazy import load
from ..games import registry
from .common import Number, add_display_options
from .play import launch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a record file (one game, or JSON Lines with one game per line)")
    parser.add_argument("--game", type=Number(int, ge=1), default=1, metavar="N",
                        help="in a file of several games, the N-th (default: 1)")
    add_display_options(parser)


def _game_of(path: str) -> registry.GameEntry:
    """The game of the file's first record (anything unreadable: the first game's, whose reader says why)."""
    try:
        for _where, rec in read_records(path):
            return registry.game_of_record(rec)
    except RecordError:
        pass
    return registry.game_of_record(None)


def run(args: argparse.Namespace) -> int:
    entry = _game_of(args.file)
    try:
        match = load(entry.open_record)(args.file, args.game)
    except RecordError as e:  # corrupt, tampered with, another format: one line, never a traceback
        print(f"lasvegas replay: this record cannot be replayed: {e}", file=sys.stderr)
        return 1
    start = load(entry.start_replay)
    return launch("lasvegas replay", args.fullscreen, lambda app: start(app, match), args.lang)
