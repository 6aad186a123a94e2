"""Starting the desktop game (``lasvegas`` / ``lasvegas play``), and the smoke test of a build."""

from __future__ import annotations

import os


class LaunchError(Exception):
    """The game could not start, or stopped on an error; the text is the player's message."""


class SmokeTestError(Exception):
    """The smoke test's all-AI game did not finish."""


def start_game(app, seed: int | None, game: str = "lasvegas") -> None:
    """``lasvegas play --game NAME``: the title, and over it the scene the game registry names for the
    game's start (Lords of Vegas: its setup; Back goes home); none for Las Vegas, whose home is the title."""
    from ..games.registry import game as entry

    app.seed = seed
    app.go("title")
    if entry(game).start_scene:
        app.show(entry(game).start_scene)


def start_replay(app, match) -> None:
    """``lasvegas replay FILE``: the table plays the record; leaving it goes to the title."""
    app.go("table", match=match)


def start_lords_replay(app, match) -> None:
    """``lasvegas replay FILE`` of a Lords of Vegas record: its table in replay mode over the title."""
    app.go("title")
    app.show("lords-replay", match=match)


def run_app(fullscreen: bool | None, start, language: str | None = None) -> int:
    """Open the window, let ``start(app)`` set the first scenes, and run the game.

    A window that cannot open, or an error during play, is a :class:`LaunchError`
    (and the error log a report), never a traceback; the autosave stays.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from .online import lobby as online
    from .files import save
    from .app import App

    try:
        app = App(fullscreen=fullscreen, language=language)
    except pygame.error as e:
        raise LaunchError(f"cannot open a window: {e}") from e
    try:
        start(app)
        return app.run()
    except Exception as e:  # the player gets a message and a log, the game keeps its autosave
        path = save.log_error(e)
        raise LaunchError(f"the game stopped on an error: {e}\n(details in {path})") from e
    finally:
        online.stop_hosting()  # a server hosted here says goodbye on the local network
        app.sounds.close()  # no synthesis thread left inside the mixer when pygame quits
        pygame.quit()


def smoke_test(seed: int = 1, max_frames: int = 20000) -> tuple[int, list[str]]:
    """Initialise the display, draw every asset and scene, play a short all-AI game at a fixed step.

    Always in a temporary home of its own: the player's saves, settings and records are never
    touched, even when ``LASVEGAS_HOME`` is set.  Returns ``(frames, winners)`` of the game; :class:`SmokeTestError` when it does
    not finish, and any other error as it comes.
    """
    from .kit.headless import headless

    with headless(keep_display=True, fresh_home=True):
        import pygame

        from .app import App, warm_up
        from .lasvegas.scenes.results import ResultsScene
        from .kit.settings import Settings
        from .tools.stage import build_every_scene, start_game

        settings = Settings()
        settings.anim_speed = "fast"
        settings.ai_pace = "fast"
        app = App(settings, fullscreen=False)
        warm_up()
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
                raise SmokeTestError("the all-AI game did not finish")
        app.step(1 / 60)
        winners = list(app.top.outcome.winners)
        frames += _smoke_lords(app, seed, max_frames)
        app.sounds.close()  # no synthesis thread left inside the mixer when pygame quits
        pygame.quit()
        return frames, winners


def _smoke_lords(app, seed: int, max_frames: int) -> int:
    """The second game of the box: every Lords of Vegas scene drawn, then an all-AI game on its
    table to its results (the build carries both games)."""
    from ..match.lords.local import LordsLocalMatch
    from .lords.results import LordsResultsScene
    from .lords.stage import SCENES, seats, stage

    for name in SCENES:
        stage(app, name, seed, 4)
        app.step(1 / 60)
    app.settings.anim_speed = "instant"
    app.go("lords-table", match=LordsLocalMatch(seats(3, 0), seed))
    frames = 0
    while not isinstance(app.top, LordsResultsScene):
        app.step(1 / 60)
        frames += 1
        if frames > max_frames or not app.running:
            raise SmokeTestError("the all-AI game of Lords of Vegas did not finish")
    app.step(1 / 60)
    return frames
