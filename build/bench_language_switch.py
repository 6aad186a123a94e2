"""Time a change of language: App.set_language() and the first frame drawn after it.

    PYTHONPATH=. python build/bench_language_switch.py

The first switch to a language reads its .po catalogue; later ones find it loaded.
Figures: docs/translating.md.
"""
import os, time, tempfile
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LASVEGAS_HOME"] = tempfile.mkdtemp()
from lasvegas.ui.app import App
from lasvegas.ui.kit.settings import Settings
from lasvegas.ui.tools.stage import stage
app = App(Settings(), fullscreen=False, sound=False, language="en")
for sc in ("table", "settings"):
    stage(app, sc); app.step(1/60)
    if sc == "table": app.show("settings"); app.step(1/60)
    for lang in ("fr", "de", "en", "fr", "de", "en"):
        t0 = time.perf_counter(); d = app.set_language(lang); app.step(1/60); t1 = time.perf_counter()
        print(f"{sc:9s} -> {lang}: switch {d*1000:5.1f} ms, switch + first frame {1000*(t1-t0):5.1f} ms")
