"""The table's frame with the game log docked beside it (the table drawn smaller) against the
log closed: the median of 60 renders (wall clock and the main thread's CPU time) of the staged
payout, at 1280x720 and 1920x1080.

    SDL_VIDEODRIVER=dummy python build/bench_docked_log.py
"""
import os, time
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
from lasvegas.ui.tools import stage
from lasvegas.ui.app import App
from lasvegas.ui.kit.settings import Settings
for size in ((1280, 720), (1920, 1080)):
    app = App(Settings(), fullscreen=False, sound=False, language="en", size=size)
    t = stage.table_in_payout(app, 2, 4)
    out = {}
    for shown in (False, True):
        t.log_panel.shown = shown
        app.render()
        times, cpu = [], []
        for _ in range(60):
            t0, c0 = time.perf_counter(), time.thread_time()
            app.render()
            times.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
        times.sort()
        cpu.sort()
        out[shown] = times[len(times) // 2] * 1000, cpu[len(cpu) // 2] * 1000
    print(size, "render median ms (wall / main thread's CPU): log closed %.1f / %.1f, log docked %.1f / %.1f"
          % (*out[False], *out[True]))
