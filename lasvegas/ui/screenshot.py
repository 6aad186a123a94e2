"""``lasvegas screenshot --scene NAME --out FILE.png``: render a scene headless in a realistic state."""

from __future__ import annotations

import os
import sys

SCENES = ("title", "setup", "table", "payout", "summary", "results", "rules", "settings",
          "solo", "solo-table", "solo-results")


def add_arguments(parser) -> None:
    parser.add_argument("--scene", choices=SCENES, required=True, help="the scene to render")
    parser.add_argument("--seed", type=int, default=1, help="seed of the game shown")
    parser.add_argument("--players", type=int, default=4, choices=range(2, 6), metavar="P",
                        help="seats at the table (2-5)")
    parser.add_argument("--out", required=True, help="PNG file to write")


def run(args) -> int:
    from ..paths import temporary_home

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    with temporary_home("lasvegas-screenshot-"):  # never the player's own saves, settings or records
        return _render(args)


def _render(args) -> int:
    try:
        import pygame

        from .app import App
        from .settings import Settings
        from .stage import stage

        app = App(Settings(), fullscreen=False, sound=False)
        stage(app, args.scene, args.seed, args.players)
        app.screenshot(args.out)
        pygame.quit()
        print(f"wrote {args.out}")
        return 0
    except Exception as e:
        print(f"lasvegas screenshot: {e}", file=sys.stderr)
        return 1
