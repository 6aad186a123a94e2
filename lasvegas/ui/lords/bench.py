"""``lasvegas bench ui --game lords``: frame times of the Lords of Vegas table's busiest moments.

Like ``ui.bench`` (the main thread's CPU time per frame, headless, in a window of ``size``):
a 4-seat late-game board with the mouse over its largest casino (a tooltip), then the same
board telling a Strip payout again and again (the game's own events: the card turned over,
money rising over the seats, score chips stepping), then the first frame after a resize.
"""

from __future__ import annotations

import time

from ..bench import _pct


def lords_ui_bench(frames: int, size: tuple[int, int] = (1280, 720), scale: int = 100) -> tuple[dict, list[float]]:
    from ..headless import headless

    t0 = time.perf_counter()
    with headless(fresh_home=True):
        import pygame

        from ...lords import events as E
        from ...lords.board import STRIP
        from ..app import App
        from ..settings import Settings
        from . import layout as L
        from .stage import played, seats

        app = App(Settings(ui_scale=scale), fullscreen=False, size=size)
        app.go("title")
        app.step(1 / 60)
        startup = time.perf_counter() - t0
        clock = time.thread_time
        app.sounds.wait()
        frames = max(4, frames)
        times: list[float] = []
        wall: list[float] = []
        moments: dict[str, list[float]] = {}

        def measure(name, n, before=None):
            start = len(times)
            for _ in range(n):
                if before:
                    before()
                s, w = clock(), time.perf_counter()
                app.step(1 / 60)
                times.append((clock() - s) * 1000)
                wall.append((time.perf_counter() - w) * 1000)
            moments[name] = sorted(times[start:])

        m = played(4, 3, 24)  # late in a 4-seat game, the human (seat 0) to play
        history = m.history()
        strip = max((i for i, ev in enumerate(history) if isinstance(ev, E.Paid) and ev.company == STRIP),
                    default=None)
        if strip is None:
            strip = max(i for i, ev in enumerate(history) if isinstance(ev, E.Paid))
        payout = [history[strip - 1]] + [ev for ev in history[strip:strip + 8]
                                         if isinstance(ev, (E.Paid, E.Scored))]
        m.seats = seats(4, 1)
        table = app.go("lords-table", match=m)
        for _ in range(5):
            app.step(1 / 60)
        table.skip()
        casino = max(m.game.casinos(), key=len)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=app.screen.pt(L.lot_rect(casino[0]).center),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        measure("board-4", frames // 2)

        def again():
            if not table.busy:
                table.queue.extend(payout)
        measure("strip-payout", frames - frames // 2, again)

        small = (max(1, size[0] * 4 // 5), max(1, size[1] * 4 // 5))
        app.window = pygame.display.set_mode(small, pygame.RESIZABLE)
        s, w = clock(), time.perf_counter()
        app.step(1 / 60)
        resize, resize_wall = (clock() - s) * 1000, (time.perf_counter() - w) * 1000
        pygame.quit()
    times.sort()
    result = {"frames": len(times),
              "frame_ms": {"p50": round(_pct(times, 50), 3), "p95": round(_pct(times, 95), 3),
                           "p99": round(_pct(times, 99), 3)},
              "startup_s": round(startup, 3), "size": list(size), "ui_scale": scale,
              "resize_ms": round(resize, 1), "resize_wall_ms": round(resize_wall, 1),
              "moment_p99_ms": {k: round(_pct(v, 99), 3) for k, v in moments.items()}}
    wall.sort()
    return result, wall
