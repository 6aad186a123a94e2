"""The loop: one scene stack, laid out in a logical 1280×720 and drawn at the window's own
resolution (the ``Canvas`` multiplies by the UI scale: see ``canvas``).

``App.step(dt)`` runs one frame with an injected ``dt`` (tests and the smoke
test step time at a constant rate); ``App.run()`` is the real loop: ``App.cycle()`` after
``App.cycle()`` (``pacing``), drawing only when the picture changed.
"""

from __future__ import annotations

import os
import sys
import random
import warnings

import pygame

from .. import store
from .kit import art, fields, i18n
from .kit.canvas import LOGICAL, Canvas
from .kit.controls import Bindings, InputMap
from .kit.look import Look
from .kit.scene import Scene
from .kit.settings import Settings
from .kit.sound import Sounds
from .guard import guarded  # an error inside a screen: the "Something went wrong" screen
from .pacing import Pacing
from .services import Services

#: below this the smallest text is too small to read
MIN_WINDOW = (960, 540)


class App(Pacing):
    def __init__(self, settings: Settings | None = None, *, fullscreen: bool | None = None,
                 sound: bool = True, language: str | None = None, size: tuple[int, int] | None = None) -> None:
        self.settings = settings or Settings.load()
        # --lang for this run; else the setting; else the system's language
        i18n.set_language(language or self.settings.language or i18n.system_language())
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        pygame.init()
        art.reset_fonts()  # fonts do not survive a pygame.quit() (tests, benchmark)
        art.set_look(Look.of(self.settings))
        pygame.display.set_caption("Las Vegas")
        #: the window's size in windowed mode (None: the design size × the UI scale setting)
        self.window_size = size
        self.window = self._set_mode(self.settings.fullscreen)
        #: what the scenes draw on, in logical units (made by ``_layout``)
        self.screen: Canvas = Canvas(self.window)
        self._layout_key = None
        self._layout()
        self.scenes: list[Scene] = []
        self.running = True
        # AI seats think on a worker thread: hand the interpreter back to the
        # game loop every millisecond (default 5 ms) so frames stay smooth
        # (measured with Expert thinking: frame-gap p99 18 ms -> 10 ms)
        sys.setswitchinterval(0.001)
        #: LASVEGAS_FIRST_FRAME_EXIT=1 ends the game right after its first frame
        #: is shown (how the start-up benchmarks time "launch to first frame")
        self._exit_after_first_frame = os.environ.get("LASVEGAS_FIRST_FRAME_EXIT") == "1"
        self.sounds = Sounds(enabled=sound)
        self.configure_sound()
        #: cosmetic randomness (tumbles, sparkle); never the game's dice
        self.fx_rng = random.Random()
        #: frames drawn
        self.frames = 0
        #: the player's keys, and the layer that turns keys and controller buttons into actions
        self.bindings = Bindings.load()
        self.input = InputMap(self.bindings)
        #: what the scenes share: settings, the solo ladder's progress, the clock,
        #: the seed of the next game, and how games are started and saved
        self.services = Services(self.settings)

    @property
    def seed(self) -> int | None:
        """Seed of the next game (``--seed``); None: a random game."""
        return self.services.seed

    @seed.setter
    def seed(self, value: int | None) -> None:
        self.services.seed = value

    # -------------------------------------------------------------- display
    def _set_mode(self, fullscreen: bool):
        """Full screen at the desktop's own size, or a resizable window no smaller than MIN_WINDOW."""
        shown = pygame.display.get_surface() is not None
        was_full = shown and pygame.display.is_fullscreen()
        if fullscreen:
            try:
                if shown and not was_full:
                    self._windowed_at = pygame.display.get_window_position()
                # without a window manager nothing moves the window: a full screen made
                # from it would be drawn from its windowed position, cut off right and below
                pygame.display.set_window_position((0, 0))
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)  # (0, 0): the desktop's size
            except pygame.error:
                pass
        desk = pygame.display.get_desktop_sizes()[0]
        size = self.window_size or self.default_window(desk)
        window = pygame.display.set_mode(size, pygame.RESIZABLE)
        if was_full:
            pygame.display.set_window_position(getattr(self, "_windowed_at", None) or self._centred(size))
        with warnings.catch_warnings():  # the display module's window, as set_mode made it
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = (min(MIN_WINDOW[0], desk[0]),
                                                                min(MIN_WINDOW[1], desk[1]))
        return window

    def default_window(self, desk) -> tuple[int, int]:
        """The window's first size: the design size × the UI scale setting, within the desktop."""
        k = max(1.0, self.settings.ui_scale / 100)
        k = min(k, (desk[0] - 40) / LOGICAL[0], (desk[1] - 80) / LOGICAL[1])
        return max(LOGICAL[0], int(LOGICAL[0] * k)), max(LOGICAL[1], int(LOGICAL[1] * k))

    @staticmethod
    def _centred(size) -> tuple[int, int]:
        dw, dh = pygame.display.get_desktop_sizes()[0]
        return max(0, (dw - size[0]) // 2), max(0, (dh - size[1]) // 2)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.window = self._set_mode(self.settings.fullscreen)
        self._layout()
        self.settings.save()

    def configure_sound(self) -> None:
        s = self.settings
        self.sounds.configure(s.volume, s.mute, s.music, s.music_volume)

    def apply_settings(self) -> None:
        self.configure_sound()
        art.set_look(Look.of(self.settings))
        full = bool(self.window.get_flags() & pygame.FULLSCREEN)
        if full != self.settings.fullscreen:
            self.window = self._set_mode(self.settings.fullscreen)
        self._layout()

    def set_ui_scale(self, percent: int) -> None:
        """The UI scale setting changed: draw at the new scale at once.  In a window, a setting
        above 100% makes the window at least the design size times the setting (within the desktop)."""
        self.settings.ui_scale = percent
        if not self.settings.fullscreen and self.window_size is None:
            want = self.default_window(pygame.display.get_desktop_sizes()[0])
            have = self.window.get_size()
            if want[0] > have[0] or want[1] > have[1]:
                self.window = pygame.display.set_mode((max(want[0], have[0]), max(want[1], have[1])),
                                                      pygame.RESIZABLE)
        self._layout()

    def set_language(self, language: str) -> float:
        """Switch the language at once (every scene on the stack re-renders its texts);
        returns the seconds the switch took."""
        import time

        t0 = time.perf_counter()
        i18n.set_language(language or i18n.system_language())
        for scene in list(self.scenes):
            scene.on_language()
        return time.perf_counter() - t0

    def ui_scale(self, window_size) -> float:
        """Pixels per logical unit in a window of ``window_size``: the scale that fits the
        1280×720 design in it, times the UI scale setting, never more than fits (nothing is cut off)."""
        ww, wh = window_size
        fit = min(ww / LOGICAL[0], wh / LOGICAL[1])
        return max(0.25, fit * min(1.0, self.settings.ui_scale / 100))

    def _layout(self) -> None:
        """The canvas for the window as it is now: the scale, the design space centred in it.
        Art is drawn (and cached) anew at a new scale; nothing happens when nothing changed."""
        size = self.window.get_size()
        key = (size, self.settings.ui_scale, id(self.window))
        if key == self._layout_key:
            return
        self._layout_key = key
        k = self.ui_scale(size)
        w, h = int(LOGICAL[0] * k + 0.5), int(LOGICAL[1] * k + 0.5)
        view = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self._dirty = True
        self.screen = Canvas(self.window, k, view.topleft, LOGICAL)
        self._view = view
        if k != art.scale():
            art.forget_drawings()  # the old scale's pictures: their memory back
        art.set_scale(k)

    @property
    def scale(self) -> float:
        """Pixels per logical unit now."""
        return self.screen.k

    def to_logical(self, pos):
        """A position in the window (the mouse) in logical units."""
        self._layout()
        return self.screen.to_logical(pos)

    # --------------------------------------------------------------- scenes
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self._dirty = True
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        self._dirty = True
        if self.scenes:
            self._leave(self.scenes.pop())
        if self.scenes:
            self.scenes[-1].on_resume()

    def replace(self, scene: Scene) -> None:
        self._dirty = True
        if self.scenes:
            self._leave(self.scenes.pop())
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        self._dirty = True
        old, self.scenes = self.scenes, [scene]
        for s in reversed(old):
            if s is not scene:
                self._leave(s)
        scene.enter()

    @staticmethod
    def _leave(scene: Scene) -> None:
        """A scene off the stack: its exit, and its text fields typed in no more (else every key
        would stay a letter: no F1, no bound keys)."""
        scene.exit()
        fields.release_fields(scene)

    # scenes open each other by name (see ``scenes.SCENES``), never by import
    def make(self, name: str, /, **kw) -> Scene:
        from .scenes import scene_class

        return scene_class(name)(self, **kw)

    def show(self, name: str, /, **kw) -> Scene:
        """Open scene ``name`` over the current one."""
        scene = self.make(name, **kw)
        self.push(scene)
        return scene

    def go(self, name: str, /, **kw) -> Scene:
        """Open scene ``name`` alone (the stack below is closed)."""
        scene = self.make(name, **kw)
        self.reset(scene)
        return scene

    def swap(self, name: str, /, **kw) -> Scene:
        """Replace the current scene with scene ``name``."""
        scene = self.make(name, **kw)
        self.replace(scene)
        return scene

    def close_all(self) -> None:
        """Every scene leaves the stack (the game is closing)."""
        old, self.scenes = self.scenes, []
        for s in reversed(old):
            self._leave(s)

    def quit(self) -> None:
        self.running = False

    def keys_game(self) -> str:
        """The game whose own keys work now: the topmost scene's on the stack that has one ("")."""
        return next((s.keys_game for s in reversed(self.scenes) if s.keys_game), "")

    def in_game(self) -> bool:
        """A game is on the stack (a menu opened from it is drawn over it)."""
        return any(s.shows_game for s in self.scenes)

    def find(self, cls):
        for s in reversed(self.scenes):
            if isinstance(s, cls):
                return s
        return None

    # ----------------------------------------------------------------- loop
    def dispatch(self, event) -> None:
        """One event from pygame: through the input map (bound keys, controller), then to the top scene."""
        raw = fields.typing() or getattr(self.top, "raw_keys", False)  # a name typed, a key being bound
        for ev in self.input.translate(event, raw, self.top.reserved_keys if self.top else (),
                                       getattr(self.top, "keys_game", "") if self.top else ""):
            self._dispatch(ev)

    def _dispatch(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.WINDOWRESIZED, pygame.VIDEORESIZE):
            # dragged, maximised or restored: draw at the window's new size from this frame on
            self.window = pygame.display.get_surface() or self.window
            self._layout()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self._asks_help(event):
            self.show("help")
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            d = dict(event.dict)
            d["pos"] = self.to_logical(event.pos)
            event = pygame.event.Event(event.type, d)
        if self.top:
            self.top.handle(event)

    def _asks_help(self, event) -> bool:
        """F1 (or the key bound to help), "?" or the controller's Back: the keys overlay, unless the
        screen on top uses that key (an online table's reactions) or is the overlay itself."""
        if event.type != pygame.KEYDOWN or fields.typing() or getattr(self.top, "is_help", False) \
                or getattr(self.top, "raw_keys", False):
            return False
        if self.top is not None and event.key in self.top.reserved_keys:
            return False
        return event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?"

    def step(self, dt: float, events=None, *, lazy: bool = False) -> bool:
        """One frame: the events (``events``: those the real loop's sleep already took; else the
        queue's), the top scene's update, the drawing.  ``lazy``: drawn only when the picture
        changed (``changed()``).  True when a frame was drawn."""
        self._layout()
        events = pygame.event.get() if events is None else events
        for event in events:
            guarded(self, self.dispatch, event)
            if not self.running:
                return False
        if store.has_notices() and not getattr(self.top, "holds_notices", False):
            # a damaged file kept aside, a save that failed: tell the player, over whatever is on screen
            self.show("notice", notices=store.take_notices())
        top = self.top
        if top:
            guarded(self, top.update, dt)
        if lazy and not events and not self.changed():
            return False
        guarded(self, self.render)
        self.frames += 1
        self._dirty = False
        for s in self.scenes:
            s.stale = False
        return True

    def render(self) -> None:
        # draw from the last opaque scene up
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        for s in self.scenes[start:]:
            s.draw(self.screen)
        self.present()

    def present(self) -> None:
        win, v = self.window, self._view
        ww, wh = win.get_size()
        # the bands beside the design space (a window of another shape): black
        for band in ((0, 0, ww, v.y), (0, v.bottom, ww, wh - v.bottom), (0, v.y, v.x, v.h),
                     (v.right, v.y, ww - v.right, v.h)):
            if band[2] > 0 and band[3] > 0:
                win.fill((0, 0, 0), band)
        pygame.display.flip()
        if self._exit_after_first_frame:
            self.running = False

    def run(self) -> int:
        while self.running and self.scenes:
            self.cycle()
        self.close_all()
        return 0

    def screenshot(self, path) -> None:
        """The window as last drawn, at its own resolution."""
        pygame.image.save(self.window, str(path))


def warm_up() -> None:
    """Draw what the first scenes need (called once at start-up): every die, every bill."""
    from .kit.money import BILL_COLOURS, bill
    for o in art.DIE_COLOURS:
        for v in range(1, 7):
            art.die(o, v, 44)
    for v in BILL_COLOURS:
        bill(v, 150, 30)
