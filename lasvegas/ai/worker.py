"""Thinking off the main loop: an AI's choice computed on a worker thread."""

from __future__ import annotations

import threading
import time

from ..core import Game, Place
from .base import Player


class ThinkingTask:
    """Runs ``player.choose`` on a copy of ``game`` in a daemon thread.

    Poll ``done`` from the game loop, then read ``result`` (or ``error``).
    ``cancel()`` asks the player to answer at once; the game never waits.
    """

    def __init__(self, player: Player, game: Game, budget: float | None = None) -> None:
        self.player = player
        self.budget = budget
        self._game = game.copy(history=False)
        self._cancel = threading.Event()
        self._done = threading.Event()
        self.result: Place | None = None
        self.error: BaseException | None = None
        self.seconds = 0.0
        self._thread = threading.Thread(target=self._run, name=f"ai-{player.level}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        t0 = time.perf_counter()
        try:
            self.result = self.player.choose(self._game, self.budget, self._cancel)
        except BaseException as e:  # reported to the caller, never lost
            self.error = e
        finally:
            self.seconds = time.perf_counter() - t0
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)
