"""``lasvegas replay FILE``: watch a saved game on its table (a ``lasvegas-record/1`` file, or a
``lords-record/1`` file on the Lords of Vegas table)."""

from __future__ import annotations

import argparse
import sys

from ..core import RecordError, read_records
from ..match.lasvegas.replay import open_record
from ..ui.launch import start_lords_replay, start_replay
from .common import Number, add_display_options
from .play import launch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a record file (one game, or JSON Lines with one game per line)")
    parser.add_argument("--game", type=Number(int, ge=1), default=1, metavar="N",
                        help="in a file of several games, the N-th (default: 1)")
    add_display_options(parser)


def _is_lords(path: str) -> bool:
    """The file's first record is a Lords of Vegas one (anything unreadable: no, let the reader say why)."""
    try:
        for _where, rec in read_records(path):
            return isinstance(rec, dict) and str(rec.get("format", "")).startswith("lords-")
    except RecordError:
        return False
    return False


def run(args: argparse.Namespace) -> int:
    try:
        if _is_lords(args.file):
            from ..match.lords.replay import open_lords_record
            from ..ui.kit.seatnames import ai_seat_label
            from ..ui.lords.naming import seat_colour

            lords = open_lords_record(args.file, ai_name=ai_seat_label, colour_name=seat_colour)
            return launch("lasvegas replay", args.fullscreen, lambda app: start_lords_replay(app, lords), args.lang)
        match = open_record(args.file, args.game)
    except RecordError as e:  # corrupt, tampered with, another format: one line, never a traceback
        print(f"lasvegas replay: this record cannot be replayed: {e}", file=sys.stderr)
        return 1
    return launch("lasvegas replay", args.fullscreen, lambda app: start_replay(app, match), args.lang)
