"""``lasvegas bot``: an AI player that joins an online room (or creates one)."""

from __future__ import annotations

import argparse
import sys

from ..core import MINIMUMS
from .common import Number, add_game_option, fail, game_commands

EDITIONS = ("classic", "2018")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--server", required=True, metavar="URL[,URL...]",
                   help="the server, e.g. ws://127.0.0.1:8765; several addresses separated by commas "
                        "(server processes sharing their rooms): the next one is tried when one fails")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--room", metavar="CODE", help="join this room")
    where.add_argument("--new-room", action="store_true",
                       help="create a room (its code is printed on the first line) and sit in its first seat")
    p.add_argument("--players", type=Number(int, ge=2, le=8), default=None, help="with --new-room: seats (2-8)")
    p.add_argument("--neutral", action="store_true", help="with --new-room: the neutral dice (2-6 seats)")
    p.add_argument("--minimum", choices=MINIMUMS, default=None,
                   help="with --new-room: each casino's minimum, classic ($50,000) or by-seats "
                        "(default: by-seats from 6 seats)")
    p.add_argument("--hundreds", action="store_true", help="with --new-room: five $100,000 bills in the deck")
    p.add_argument("--biggies", action="store_true", help="with --new-room: one big die per seat (counts 2)")
    p.add_argument("--edition", choices=EDITIONS, default="classic", help="with --new-room: the bills")
    p.add_argument("--rounds", type=Number(int, ge=1, le=4), default=4, help="with --new-room: rounds (1-4)")
    p.add_argument("--hide-money", action="store_true", help="with --new-room: players see only their own money")
    p.add_argument("--level", default="medium", help="the AI level that plays (default medium)")
    add_game_option(p, help="the game of the room it creates or joins (default lasvegas)")
    p.add_argument("--name", default="", help="the name shown at the table")
    p.add_argument("--seed", type=Number(int, ge=0, le=2**63 - 1), default=None,
                   help="seed of the bot's own choices (default: random)")
    p.add_argument("--record-dir", metavar="DIR", default=None, help="write the finished game's record there")
    p.add_argument("--timeout", type=Number(float, gt=0, le=10**6), default=3600.0,
                   help="give up after this many seconds (default 3600)")


def run(args: argparse.Namespace) -> int:
    if args.new_room and args.players is None:
        return fail("bot", "--new-room needs --players")
    if args.room is not None and args.players is not None:
        return fail("bot", "--players only applies with --new-room")
    own = game_commands(args.game)  # another game's seat (Lords of Vegas's)
    if own is not None:
        return own.run_bot(args)
    try:
        from ..ai import make_ai
        from ..net.lasvegas.bot import BotError, play
    except ImportError as e:
        return fail("bot", f"online play needs the websockets package ({e.name} is missing)", 1)
    try:
        make_ai(args.level, 0)
    except ValueError as e:
        return fail("bot", str(e))
    if args.new_room:
        request = {"type": "create", "players": args.players, "neutral": args.neutral,
                   "edition": args.edition, "rounds": args.rounds, "hide_money": args.hide_money}
        # the Boulevard options only when set: a server of an earlier build refuses fields it does not know
        if args.minimum is not None:
            request["minimum"] = args.minimum
        for option in ("hundreds", "biggies"):
            if getattr(args, option):
                request[option] = True
    else:
        request = {"type": "join", "room": args.room.strip().upper()}
    return play_seat(args, request, play, BotError)


def play_seat(args: argparse.Namespace, request: dict, play, error: type) -> int:
    """Play the seat (either game's ``play``), the room's code printed first when it creates one."""
    if args.name:
        request["name"] = args.name

    def created(code: str) -> None:
        print(code, flush=True)

    try:
        path = play(args.server, request, level=args.level, seed=args.seed, record_dir=args.record_dir,
                    timeout=args.timeout, on_room=created if args.new_room else None)
    except error as e:
        print(f"lasvegas bot: {e}", file=sys.stderr)
        return 1
    if path is not None:
        print(f"record written to {path}")
    return 0
