"""``lasvegas`` / ``lasvegas play``: start the desktop game (``--smoke-test`` for builds)."""

from __future__ import annotations

import os
import sys


def add_arguments(parser) -> None:
    g = parser.add_mutually_exclusive_group()
    g.add_argument("--windowed", dest="fullscreen", action="store_false", default=None,
                   help="play in a window")
    g.add_argument("--fullscreen", dest="fullscreen", action="store_true", help="play full screen")
    parser.add_argument("--seed", type=int, default=None, help="seed of the games played (reproducible)")
    parser.add_argument("--smoke-test", action="store_true",
                        help="load every asset, build every scene, play an all-AI game, exit")


def run(args) -> int:
    if getattr(args, "smoke_test", False):
        return smoke_test(seed=args.seed if args.seed is not None else 1)

    def start(app) -> None:
        from .scenes.title import TitleScene

        app.seed = args.seed
        app.push(TitleScene(app))

    return run_app("lasvegas", args.fullscreen, start)


def run_app(prog: str, fullscreen: bool | None, start) -> int:
    """Open the window, let ``start(app)`` set the first scenes, and run the game.

    A window that cannot open, or an error during play, gives the player a
    message (and the error log a report), never a traceback; the autosave stays.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from . import save
    from .app import App

    try:
        app = App(fullscreen=fullscreen)
    except pygame.error as e:
        print(f"{prog}: cannot open a window: {e}", file=sys.stderr)
        return 1
    try:
        start(app)
        return app.run()
    except Exception as e:  # the player gets a message and a log, the game keeps its autosave
        path = save.log_error(e)
        print(f"{prog}: the game stopped on an error: {e}\n(details in {path})", file=sys.stderr)
        return 1
    finally:
        pygame.quit()


def smoke_test(seed: int = 1, max_frames: int = 20000) -> int:
    """Initialise the display, draw every asset and scene, play a short all-AI game at a fixed step."""
    import tempfile

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    tmp = None
    if not os.environ.get("LASVEGAS_HOME"):
        tmp = tempfile.TemporaryDirectory()
        os.environ["LASVEGAS_HOME"] = tmp.name
    try:
        import pygame

        from . import art
        from .app import App
        from .scenes.results import ResultsScene
        from .settings import Settings
        from .stage import build_every_scene, start_game

        settings = Settings()
        settings.anim_speed = "fast"
        settings.ai_pace = "fast"
        app = App(settings, fullscreen=False)
        art.warm_up()
        for name, scene in build_every_scene(app, seed):
            app.reset(scene)
            app.step(1 / 60)
        # a short all-AI game: the first turns animated, then at full speed
        start_game(app, players=3, humans=0, seed=seed)
        frames = 0
        while not isinstance(app.top, ResultsScene):
            if frames == 300:
                settings.anim_speed = "instant"
            app.step(1 / 60)
            frames += 1
            if frames > max_frames or not app.running:
                print("smoke test: the all-AI game did not finish", file=sys.stderr)
                return 1
        app.step(1 / 60)
        print(f"smoke test ok: {frames} frames, winners {list(app.top.result.winners)}")
        pygame.quit()
        return 0
    except Exception as e:
        import traceback

        traceback.print_exc()
        print(f"smoke test FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        if tmp is not None:
            os.environ.pop("LASVEGAS_HOME", None)
            tmp.cleanup()
