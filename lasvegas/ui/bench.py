"""``lasvegas bench ui``: frame times of the heaviest moments, and start-up time to the first frame.

Frame time is the CPU time of the main thread for one frame (update and draw),
so a busy machine does not blur the figures; start-up is wall-clock time.
Scenes (rendered headless in a window of ``size``, 1280×720 unless told, at the
scale that fits it times ``scale`` percent; a third of the frames each): a 5-seat
table full of dice, 12 dice tumbling (2 seats with neutral dice), a payout with
bills in flight.  Then the window is resized to another scale: ``resize_ms`` is
the main thread's CPU time of the first frame at the new scale (all the art drawn
again), ``resize_wall_ms`` its wall-clock time.
"""

from __future__ import annotations

import time

from ..stats import percentile


def _pct(sorted_ms: list[float], p: float) -> float:
    """The ``p``-th percentile (0-100) of sorted frame times."""
    return percentile(sorted_ms, p / 100)


class Frames:
    """The frames of one run: each moment's CPU times (the main thread's: what the game costs,
    not what other programs on a busy machine happen to take at the same moment) and wall times."""

    def __init__(self, app) -> None:
        self.app = app
        self.times: list[float] = []
        self.wall: list[float] = []
        self.moments: dict[str, list[float]] = {}

    def measure(self, name: str, n: int, before=None) -> None:
        """``n`` frames of the moment ``name`` (``before()`` called ahead of each, untimed)."""
        clock, start = time.thread_time, len(self.times)
        for _ in range(n):
            if before:
                before()
            s, w = clock(), time.perf_counter()
            self.app.step(1 / 60)
            self.times.append((clock() - s) * 1000)
            self.wall.append((time.perf_counter() - w) * 1000)
        self.moments[name] = sorted(self.times[start:])


def run(frames: int, size: tuple[int, int], scale: int, moments) -> tuple[dict, list[float]]:
    """Start the game headless to its title (``startup_s``), play ``moments(app, Frames, frames)``,
    then time the first frame after a resize; ``(figures, wall-clock frame times in ms, sorted)``."""
    from .kit.headless import headless

    t0 = time.perf_counter()
    with headless(fresh_home=True):
        import pygame

        from .app import App
        from .kit.settings import Settings

        app = App(Settings(ui_scale=scale), fullscreen=False, size=size)
        app.go("title")
        app.step(1 / 60)
        startup = time.perf_counter() - t0
        app.sounds.wait()
        out = Frames(app)
        moments(app, out, max(4, frames))
        # the window resized to a new scale (four fifths of its size): the first frame
        small = (max(1, size[0] * 4 // 5), max(1, size[1] * 4 // 5))
        app.window = pygame.display.set_mode(small, pygame.RESIZABLE)
        s, w = time.thread_time(), time.perf_counter()
        app.step(1 / 60)
        resize, resize_wall = (time.thread_time() - s) * 1000, (time.perf_counter() - w) * 1000
        app.sounds.close()  # no synthesis thread left inside the mixer when pygame quits
        pygame.quit()
    times = sorted(out.times)
    result = {"frames": len(times),
              "frame_ms": {"p50": round(_pct(times, 50), 3), "p95": round(_pct(times, 95), 3),
                           "p99": round(_pct(times, 99), 3)},
              "startup_s": round(startup, 3),
              "size": list(size), "ui_scale": scale,
              "resize_ms": round(resize, 1), "resize_wall_ms": round(resize_wall, 1),
              "moment_p99_ms": {k: round(_pct(v, 99), 3) for k, v in out.moments.items()}}
    return result, sorted(out.wall)


def ui_bench(frames: int, size: tuple[int, int] = (1280, 720), scale: int = 100) -> tuple[dict, list[float]]:
    """``(figures, wall-clock frame times in ms, sorted)``; the figures are ``bench ui --json``'s."""
    return run(frames, size, scale, _las_vegas)


def _las_vegas(app, out: Frames, frames: int) -> None:
    from .lasvegas import demo
    from ..match import LocalMatch
    from .lasvegas.scenes.table import TableScene
    from .stage import rolled_table, step_until, table_in_payout

    per = frames // 4
    # 1. a 5-seat table full of dice, a human choosing with the preview
    session = demo.demo_session(5, 1)
    game = session.new_game(3)
    demo.advance(game, 18, 3)
    demo.advance_to_human(game, 0, 3)
    rolled_table(app, game, session, lambda v: -v)  # hover the lowest group
    out.measure("table-5", per)

    # 2. an 8-seat table with every option, mid-round, a human choosing with the preview
    session = demo.demo_session(8, 1, hundreds=True, biggies=True)
    game = session.new_game(3)
    demo.advance(game, 30, 3)
    demo.advance_to_human(game, 0, 3)
    rolled_table(app, game, session, lambda v: -v)
    out.measure("table-8", per)

    # 3. 12 dice tumbling: 2 seats with neutral dice, the tumble restarted when it ends
    session = demo.demo_session(2, 1, neutral=True)
    game = session.new_game(5)
    table = app.go("table", match=LocalMatch(game, session))
    step_until(app, lambda: table.await_roll)

    def keep_tumbling():
        if table.await_roll:
            table.roll()
        elif table.tumble is None or table.tumble.elapsed > table.tumble.ROLL:
            table.presenter.roll_now()
    out.measure("tumble", per, keep_tumbling)

    # 4. a payout with bills in flight (restarted when it ends)
    def payout():
        table_in_payout(app, 7, 5)
    payout()

    def keep_paying():
        t = app.top
        if not isinstance(t, TableScene) or t.anim is None:
            payout()
    out.measure("payout", frames - 3 * per, keep_paying)
