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

from ...games import registry
from ...runs.stats import percentile


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
    from ..kit.headless import headless

    t0 = time.perf_counter()
    with headless(fresh_home=True):
        import pygame

        from ..app import App
        from ..kit.settings import Settings

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
    from ..lasvegas import demo
    from ...match import LocalMatch
    from ..lasvegas.scenes.table import TableScene
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


# ------------------------------------------------------------------ a waiting game
#: at most this long for a scene to come to rest before it is measured (seconds)
SETTLE_LIMIT = 30.0
#: a scene is at rest once no frame was drawn for this long (seconds)
AT_REST = 1.0


def idle_bench(scene: str, game: str = "lasvegas", seconds: float = 10.0,
               size: tuple[int, int] = (1280, 720)) -> dict:
    """The process's CPU share while ``scene`` waits for the player: the game staged there, its
    real loop (``App.cycle``) run until nothing was drawn for ``AT_REST`` s (at most ``SETTLE_LIMIT``
    s), then ``seconds`` of it measured: CPU time of the whole process (every thread: AI workers,
    sockets, a hosted server) over wall-clock time, and the frames drawn.  In a real window where
    a display exists, else with the dummy drivers."""
    if game not in registry.GAMES or scene not in registry.game(game).idle_scenes:
        raise ValueError(f"no waiting scene {scene!r} for {game}")
    from ..kit.headless import headless

    with headless(keep_display=True, fresh_home=True):
        import pygame

        from ..app import App
        from ..kit.settings import Settings

        app = App(Settings(), fullscreen=False, sound=False, size=size)
        server = None
        try:
            server = _stage_idle(app, scene, game)
            start, last = time.perf_counter(), app.frames
            rest = time.perf_counter()
            while time.perf_counter() - start < SETTLE_LIMIT and time.perf_counter() - rest < AT_REST:
                if app.cycle() or app.frames != last:
                    last, rest = app.frames, time.perf_counter()
            settled = time.perf_counter() - rest >= AT_REST
            frames, cpu, wall = app.frames, time.process_time(), time.perf_counter()
            while time.perf_counter() - wall < seconds and app.running:
                app.cycle()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            drawn = app.frames - frames
            driver = pygame.display.get_driver()
            window = list(app.window.get_size())
            top = type(app.top).__name__ if app.top else None
        finally:
            app.close_all()
            if server is not None:
                server.close()
            pygame.quit()
    return {"scene": scene, "game": game, "seconds": round(wall, 2), "cpu_percent": round(100 * cpu / wall, 2),
            "frames": drawn, "fps": round(drawn / wall, 2), "settled": settled, "driver": driver,
            "window": window, "top": top}


def _stage_idle(app, scene: str, game: str):
    """The app at ``scene``, waiting for the player; the hosted server of a lobby (else None)."""
    from .stage import DT

    if scene == "title":
        app.go("title")
    elif scene == "setup":
        app.go("title")
        app.show(registry.game(game).setup_scene)
    else:  # the game's own waiting scenes (the registry's ``idle_stage``)
        from ...kernel.lazy import load

        server = load(registry.game(game).idle_stage)(app, scene, host_lobby)
        if server is not None:
            return server
    app.step(DT)
    return None


def host_lobby(app, lobby_of):
    """A lobby of a room created on a server hosted here (``lobby_of(url)``), waiting for the seats;
    the server."""
    from ... import net  # noqa: F401  (online play needs the websockets package)
    from ...net.server import HostedServer
    from .stage import step_until

    server = HostedServer(host="127.0.0.1")
    app.go("lobby", lobby=lobby_of(server.url))
    scene_ = app.top
    step_until(app, lambda: scene_.lobby.info is not None or bool(scene_.lobby.error), 600)
    return server


def stage_idle(app, scene: str, host_lobby=host_lobby):
    """Las Vegas waiting in ``scene`` (its lobby, results, a solo table); the hosted server of a lobby."""
    from .stage import step_until

    if scene == "lobby":
        from ..online import lobby as online
        from ..lasvegas.host_form import HostForm

        form = HostForm()  # the room as the online scene's host form asks for it: 4 seats, the 2018 bills
        form.edition.set_value("2018")
        request = form.request("Ann", days=0, away=30)
        return host_lobby(app, lambda url: online.Lobby(url, request))
    if scene == "results":
        from .stage import results

        results(app, 1, 4)
    else:  # a solo table waiting for ROLL, or for the player's placement (the mouse over a group)
        from .stage import solo_table

        table = solo_table(app, 1)
        if scene == "table-roll":
            step_until(app, lambda: table.human_turn)
            table.place(table.groups[0][0])
            step_until(app, lambda: table.await_roll)
    return None
