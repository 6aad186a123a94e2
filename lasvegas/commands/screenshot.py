"""``lasvegas screenshot --scene NAME --out FILE.png [--size WxH] [--scale PCT]``: render a scene
headless in a realistic state, at any window size and UI scale."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..core.config import MAX_SEATS, MIN_SEATS
from ..ui.kit.look import COLOUR_VISIONS, TEXT_SIZES, THEMES
from ..kernel.lazy import load
from ..games import registry
from ..ui.tools.screenshot import render
from .common import FAILED, SEED, add_force, add_game_option, add_language, add_size_options, add_table_options, fail, refusal, table_options

PROG = "screenshot"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_option(parser, help="the game whose scene is rendered (Las Vegas by default)")
    staged = {g.name: load(g.staged) for g in registry.GAMES.values()}
    parser.add_argument("--scene", choices=tuple(dict.fromkeys(s for scenes in staged.values() for s in scenes)),
                        required=True, help="the scene to render (" + "; ".join(
                            f"{registry.game(name).title}: " + ", ".join(scenes)
                            for name, scenes in staged.items()) + ")")
    parser.add_argument("--seed", type=SEED, default=1, help="seed of the game shown")
    parser.add_argument("--page", type=int, default=None, metavar="N", choices=range(1, 100),
                        help="with --scene rules: the page of the rules shown (from 1; each game has its own)")
    parser.add_argument("--players", type=int, default=4, choices=range(MIN_SEATS, MAX_SEATS + 1), metavar="P",
                        help=f"seats at the table ({MIN_SEATS}-{MAX_SEATS})")
    add_table_options(parser)
    parser.add_argument("--out", required=True, help="PNG file to write")
    add_language(parser, "en")
    add_size_options(parser)
    parser.add_argument("--theme", choices=THEMES, default="normal", help="the table's theme")
    parser.add_argument("--colour-vision", choices=COLOUR_VISIONS, default="normal",
                        help="the seat colours made for this colour vision")
    parser.add_argument("--text-size", choices=tuple(TEXT_SIZES), default="normal",
                        help="the text size setting (large, larger: the reading text 1.15x, 1.3x)")
    parser.add_argument("--reduced-motion", action="store_true",
                        help="no tumbling dice or flying bills (what is in flight is shown where it lands)")
    add_force(parser, "a file")


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    if out.exists() and not args.force:
        return fail(PROG, refusal([out]))
    if args.scene not in load(registry.game(args.game).staged):
        return fail(PROG, f"--scene {args.scene}: not a scene of --game {args.game}")
    if args.page is not None and args.scene != "rules":
        return fail(PROG, f"--page: only --scene rules has pages, not {args.scene}")
    try:
        render(args.scene, args.seed, args.players, out, args.lang, size=args.size, scale=args.scale,
               theme=args.theme, colour_vision=args.colour_vision, reduced_motion=args.reduced_motion,
               text_size=args.text_size, game=args.game, page=args.page,
               **table_options(args))
    except Exception as e:  # pygame's errors, a failed write: one line, no traceback
        return fail(PROG, str(e), FAILED)
    print(f"wrote {args.out}")
    return 0
