"""Random input through the real window, seeded: keys, clicks, the wheel, drags, window resizes,
full-screen switches, controller buttons and sticks, typed text, over every screen reachable from
the home (both games, hot-seat and AI seats, the online lobby: a hosted server on 127.0.0.1).

``run(seconds, seed, game)`` plays segments: each starts from the title or its "Play online"
(``game="lasvegas"``), from Lords of Vegas's setup (``"lords"``), or from each in turn (``"both"``),
and lasts until the player quits (Quit answered yes) or a bounded number of frames has passed.  Time is stepped (1/30 s a frame),
so animations, AI paces and timers move on whatever the machine's speed; AI seats think on their
own threads in real time.  A crash is any error that reached the frame loop (the "Something went
wrong" screen, or an error out of it): each is reported with its segment's seed, the traceback and
the last 200 events.  The process's resident memory is sampled.  ``build/ui_soak.py`` is the
command; tests/ui/test_ui_soak.py runs a short one of each game.
"""

from __future__ import annotations

import collections
import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from ...games import registry

#: stepped time per frame
DT = 1 / 30
#: frames of one segment at most (100 seconds of game time): then the next starts from its screen
SEGMENT_FRAMES = 3000
#: the segments' start that is the title's "Play online" (the others: a game's name, its start)
ONLINE = "online"
#: the chance of one more input in a frame (on average one a frame: a key, a click, a drag step …;
#: about 30 a second of game time, in bursts of up to six)
RATE = 0.5

KEY_NAMES = ("1", "2", "3", "4", "5", "6", "LEFT", "RIGHT", "UP", "DOWN", "RETURN", "SPACE", "ESCAPE", "TAB",
             "BACKSPACE", "F1", "F2", "F3", "F4", "F5", "F11", "a", "h", "l", "r", "s", "u", "x", "PAGEUP",
             "PAGEDOWN", "HOME", "END", "KP_ENTER", "LEFTBRACKET", "RIGHTBRACKET", "DELETE", "y", "n")


@dataclass
class Crash:
    seed: int
    frame: int
    scene: str
    error: str
    trace: str
    events: list[str]

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "frame": self.frame, "scene": self.scene, "error": self.error,
                "trace": self.trace, "last_events": self.events}


@dataclass
class Report:
    seconds: float = 0.0
    frames: int = 0
    events: int = 0
    segments: int = 0
    crashes: list[Crash] = field(default_factory=list)
    scenes: collections.Counter = field(default_factory=collections.Counter)
    rss_mb_start: float = 0.0
    rss_mb_max: float = 0.0
    rss_mb_end: float = 0.0
    games_finished: int = 0
    #: what the run left in the error log (errors only: a refusal of the rules goes to the diagnostics
    #: log), and how many refusals the diagnostics log holds
    error_log: str = ""
    refusals: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"seconds": round(self.seconds, 1), "frames": self.frames, "events": self.events,
                "segments": self.segments, "crashes": [c.as_dict() for c in self.crashes],
                "scenes": dict(sorted(self.scenes.items())), "games_finished": self.games_finished,
                "error_log": self.error_log[-4000:], "refusals": self.refusals,
                "rss_mb": {"start": round(self.rss_mb_start, 1), "max": round(self.rss_mb_max, 1),
                           "end": round(self.rss_mb_end, 1)}}


def rss_mb() -> float:
    """The process's resident memory now, in MB (0 where /proc is not there)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class Monkey:
    """The random player: one seeded stream of pygame events, the last 200 kept in words."""

    def __init__(self, rng: random.Random) -> None:
        import pygame

        self.pg = pygame
        self.rng = rng
        self.keys = [getattr(pygame, "K_" + n) for n in KEY_NAMES]
        self.last: collections.deque[str] = collections.deque(maxlen=200)
        self.count = 0
        self.drag: tuple[int, int] | None = None

    def _post(self, frame: int, scene: str, ev) -> None:
        self.pg.event.post(ev)
        self.count += 1
        self.last.append(f"{frame} {scene}: {self.pg.event.event_name(ev.type)} {ev.dict}")

    def events(self, app, frame: int) -> None:
        pg, rng = self.pg, self.rng
        scene = type(app.top).__name__ if app.top else "-"
        n = 0
        while rng.random() < RATE and n < 6:
            n += 1
            r = rng.random()
            size = app.window.get_size()
            pos = (rng.randrange(size[0]), rng.randrange(size[1]))
            if self.drag is not None:  # a drag under way: moves, then the button up
                if r < 0.6:
                    self._post(frame, scene, pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
                else:
                    self._post(frame, scene, pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=1))
                    self.drag = None
                continue
            if r < 0.36:
                k = rng.choice(self.keys)
                mod = rng.choice((0, 0, 0, 0, pg.KMOD_SHIFT, pg.KMOD_CTRL, pg.KMOD_ALT))
                ch = chr(k) if 32 <= k < 127 else ""
                self._post(frame, scene, pg.event.Event(pg.KEYDOWN, key=k, mod=mod, unicode=ch, scancode=0))
                self._post(frame, scene, pg.event.Event(pg.KEYUP, key=k, mod=mod, unicode=ch, scancode=0))
            elif r < 0.40:  # Alt+Enter
                self._post(frame, scene, pg.event.Event(pg.KEYDOWN, key=pg.K_RETURN, mod=pg.KMOD_ALT, unicode="\r",
                                                         scancode=0))
            elif r < 0.62:
                if rng.random() < 0.35:  # aimed at one of the screen's buttons: deeper screens sooner
                    pos = self._target(app) or pos
                self._post(frame, scene, pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                button = rng.choice((1, 1, 1, 1, 2, 3))
                self._post(frame, scene, pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button))
                self._post(frame, scene, pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=button))
            elif r < 0.68:
                self._post(frame, scene, pg.event.Event(pg.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False,
                                                         precise_x=0.0, precise_y=0.0))
            elif r < 0.72:
                self._post(frame, scene, pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=1))
                self.drag = pos
            elif r < 0.80:
                self._post(frame, scene, pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            elif r < 0.86:
                text = rng.choice(("a", "Z", "é", "ß", "7", " ", "?", "Ann", "Éloïse", "東", "x" * 30))
                self._post(frame, scene, pg.event.Event(pg.TEXTINPUT, text=text))
            elif r < 0.92:
                button = rng.randrange(0, 15)
                self._post(frame, scene, pg.event.Event(pg.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
                self._post(frame, scene, pg.event.Event(pg.CONTROLLERBUTTONUP, button=button, instance_id=0))
            elif r < 0.96:
                axis = rng.randrange(0, 6)
                self._post(frame, scene, pg.event.Event(pg.CONTROLLERAXISMOTION, axis=axis, instance_id=0,
                                                         value=rng.choice((-32768, -20000, 0, 20000, 32767))))
            elif r < 0.985:
                w, h = rng.randrange(960, 2200), rng.randrange(540, 1300)
                if not app.settings.fullscreen:
                    pg.display.set_mode((w, h), pg.RESIZABLE)
                self._post(frame, scene, pg.event.Event(pg.VIDEORESIZE, size=(w, h), w=w, h=h))
            else:
                self._post(frame, scene, pg.event.Event(pg.KEYDOWN, key=pg.K_F11, mod=0, unicode="", scancode=0))


    def _target(self, app):
        """The centre, in window pixels, of a button of the screen on top (None: it has none)."""
        rects = []
        for v in list(vars(app.top).values()) if app.top is not None else ():
            for w in (v if isinstance(v, (list, tuple)) else (v,)):
                r = getattr(w, "rect", None)
                if r is not None and hasattr(w, "handle") and isinstance(r, self.pg.Rect):
                    rects.append(r)
        if not rects:
            return None
        return app.screen.pt(self.rng.choice(rects).center)


def _title_games(games: tuple[str, ...]) -> list[str]:
    """The games among ``games`` whose start is the title (the registry's ``start_scene`` is none)."""
    return [g for g in games if not registry.game(g).start_scene]


def starts(game: str) -> tuple[str, ...]:
    """Where the segments of ``game`` ("both": every game's) start, in turn: each game's start (the
    title, or the scene the registry names: Lords of Vegas's setup), then, for a game whose start is
    the title, the title's "Play online"."""
    games = registry.names() if game == "both" else (registry.game(game).name,)
    return (*games, ONLINE) if _title_games(games) else games


def _start(app, start: str, seed: int) -> None:
    """The segment's first screen; ``ONLINE``: the title's Play online clicked (the online scene)."""
    import pygame

    from ..launch import start_game

    app.running = True
    start_game(app, seed, _title_games(registry.names())[0] if start == ONLINE else start)
    if start == ONLINE:
        pos = app.screen.pt(app.top.entries["online"].rect.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def run(seconds: float, seed: int, game: str = "both", *, log=None) -> Report:
    """Random input for ``seconds`` of wall-clock time (headless unless a display is chosen)."""
    from ..kit.headless import headless

    with headless(fresh_home=True):
        import pygame

        from ..online import lobby as online
        from ..app import App
        from ..kit.settings import Settings

        online.INTERFACES = ["127.0.0.1"]  # a server hosted from the online screen: this machine only
        online.HOST_ADDRESS = "127.0.0.1"
        report = Report(rss_mb_start=rss_mb())
        t0 = time.monotonic()
        deadline = t0 + seconds
        seg_rng = random.Random(seed)
        settings = Settings()
        settings.fullscreen = False
        app = App(settings, fullscreen=False, sound=False)
        pygame.event.clear()
        try:
            while time.monotonic() < deadline:
                seg_seed = seg_rng.randrange(1 << 30)
                first = starts(game)
                _segment(app, first[report.segments % len(first)], seg_seed, deadline, report, log)
                report.segments += 1
        finally:
            app.close_all()
            online.stop_hosting()
            pygame.quit()
            _read_logs(report)
        report.seconds = time.monotonic() - t0
        report.rss_mb_end = rss_mb()
        report.rss_mb_max = max(report.rss_mb_max, report.rss_mb_end)
        return report


def _read_logs(report: Report) -> None:
    """The error log and the count of refusals the run left (in the run's own fresh home)."""
    from ..kit import paths

    for path, read in ((paths.error_log(), True), (paths.diagnostics_log(), False)):
        try:
            text = path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
        except OSError:
            text = ""
        if read:
            report.error_log = text
        else:
            report.refusals = text.count(" refused")


def _segment(app, game: str, seed: int, deadline: float, report: Report, log) -> None:
    rng = random.Random(seed)
    monkey = Monkey(rng)
    app.seed = seed
    _start(app, game, seed)
    seen_errors = len(getattr(app, "errors", []))
    previous = ""
    for frame in range(SEGMENT_FRAMES):
        if time.monotonic() >= deadline:
            break
        if not app.running or not app.scenes:
            break  # the player quit: the next segment
        monkey.events(app, frame)
        name = type(app.top).__name__ if app.top else "-"
        report.scenes[name] += 1
        if name != previous and name.endswith(("ResultsScene", "ResultScene")):
            report.games_finished += 1  # a game played to its end (the results came up)
        previous = name
        try:
            app.step(DT)
        except Exception as e:  # out of the frame loop: the game would have closed
            report.crashes.append(Crash(seed, frame, name, f"{type(e).__name__}: {e}", traceback.format_exc(),
                                        list(monkey.last)))
            if log:
                log(f"CRASH (seed {seed}, frame {frame}, {name}): {type(e).__name__}: {e}")
            app.close_all()
            break
        errors = getattr(app, "errors", [])
        for e in errors[seen_errors:]:  # caught by the guard: the "Something went wrong" screen
            report.crashes.append(Crash(seed, frame, name, f"{type(e).__name__}: {e}",
                                        "".join(traceback.format_exception(e)), list(monkey.last)))
            if log:
                log(f"ERROR SCREEN (seed {seed}, frame {frame}, {name}): {type(e).__name__}: {e}")
        seen_errors = len(errors)
        report.frames += 1
        if frame % 300 == 0:
            report.rss_mb_max = max(report.rss_mb_max, rss_mb())
        time.sleep(0)  # AI threads and the hosted server get the interpreter
    report.events += monkey.count
    app.close_all()
    import pygame

    pygame.event.clear()
