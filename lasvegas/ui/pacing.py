"""The real loop of the app (``app.App`` derives from ``Pacing``): a frame is drawn only when the
picture changed (docs/benchmarks.md, "A waiting game").

While something moves (``Scene.wake_in()`` is 0), a frame every 60th of a second.  Otherwise
asleep, looking at the event queue 60 times a second (input is drawn within one frame), until
input, the top scene's next timed change or the next poll: its update runs 20 times a second
(AI workers, sockets and background checks move the game on; ``Scene.redraw()`` says they
changed the picture).  A test steps the clock (``now``, ``sleep``) instead of waiting.
"""

from __future__ import annotations

import time

import pygame

FPS = 60
#: while the picture stands still, how often the top scene's update still runs (AI workers,
#: sockets and background checks move the game on: what they bring is drawn at once)
POLL = 1 / 20
#: while asleep, how often the event queue is looked at: input is drawn within one frame
LISTEN = 1 / FPS


class Pacing:
    """When the app draws.  Needs of the app: ``top``, ``scenes``, ``step(dt, events, lazy=)``."""

    #: the real loop's clock and sleep (a test steps time through them instead)
    now = staticmethod(time.monotonic)
    sleep = staticmethod(time.sleep)
    #: when the last cycle ran, and when the top scene's picture changes next
    _last: float | None = None
    _next_draw = float("inf")
    #: the stack or the window changed since the last frame drawn
    _dirty = True

    def moving(self) -> bool:
        """The next frame is drawn in any case: the stack or the window changed, a scene asked
        (``Scene.redraw``) or the top scene moves.  No sleeping before it."""
        top = self.top
        if top is None:
            return False
        if self._dirty or any(s.stale for s in self.scenes):
            return True
        wake = top.wake_in()
        return wake is not None and wake <= 0

    def changed(self) -> bool:
        """The picture is not the one last drawn: ``moving()``, or the top scene's next timed
        change is due."""
        return self.moving() or (self.top is not None and self.now() >= self._next_draw)

    def cycle(self) -> bool:
        """One turn of the real loop: while something moves, the next frame at the frame rate;
        else asleep until input, the top scene's next timed change or the next poll, then its
        update, and a frame only if the picture changed.  True when a frame was drawn."""
        if self.moving():  # the frame rate: the next frame a frame after the last
            last = self.now() if self._last is None else self._last
            events = self.wait(last + 1 / FPS, early=False)
        else:
            events = self.wait(min(self._next_draw, self.now() + POLL))
        now = self.now()
        dt = 0.0 if self._last is None else min(max(0.0, now - self._last), 0.1)
        self._last = now
        drew = self.step(dt, events, lazy=True)
        top = self.top
        wake = top.wake_in() if top is not None else None
        later = float("inf") if wake is None else now + wake
        self._next_draw = later if drew else min(self._next_draw, later)
        return drew

    def wait(self, until: float, early: bool = True) -> list:
        """Asleep until ``until`` (on the clock ``now``), or (``early``) until the first input:
        the events taken."""
        while True:
            left = until - self.now()
            if left <= 0 or early:
                events = pygame.event.get()
                if events or left <= 0:
                    return events
            self.sleep(min(left, LISTEN) if early else left)
