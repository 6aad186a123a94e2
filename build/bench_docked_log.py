"""The table's frame with the game log docked beside it (the table drawn smaller) against the
log closed: the median of 60 renders of the staged payout, at 1280x720 and 1920x1080.

    SDL_VIDEODRIVER=dummy python build/bench_docked_log.py
"""
import os, time
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
from lasvegas.ui.app import App
from lasvegas.ui.settings import Settings
from lasvegas.ui import stage
for size in ((1280, 720), (1920, 1080)):
    app = App(Settings(), fullscreen=False, sound=False, language="en", size=size)
    t = stage.table_in_payout(app, 2, 4)
    out = {}
    for shown in (False, True):
        t.log_panel.shown = shown
        app.render()
        times = []
        for _ in range(60):
            t0 = time.perf_counter(); app.render(); times.append(time.perf_counter() - t0)
        times.sort()
        out[shown] = times[len(times) // 2] * 1000
    print(size, "render median ms: log closed %.1f, log docked %.1f" % (out[False], out[True]))
