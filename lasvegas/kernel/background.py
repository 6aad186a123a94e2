"""Work off the main loop, for any game: ``BackgroundTask`` runs a function on a daemon thread.

The AI's thinking (``ai.worker.ThinkingTask``, Lords of Vegas's AI seats in ``match.lords``)
and the solo hint (``solo.hint.HintTask``) are such tasks; this module knows no game."""

from __future__ import annotations

import threading
import time
from typing import Any, Callable


class BackgroundTask:
    """Runs ``work(cancel_event)`` in a daemon thread.

    Poll ``done`` from the game loop, then read ``result`` (or ``error``:
    an exception in the work is kept, never lost).  ``cancel()`` sets the
    event the work watches, asking it to answer at once; the game never waits.
    """

    def __init__(self, work: Callable[[threading.Event], Any], name: str) -> None:
        self._work = work
        self._cancel = threading.Event()
        self._done = threading.Event()
        self.result: Any = None
        self.error: BaseException | None = None
        self.seconds = 0.0
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        t0 = time.perf_counter()
        try:
            self.result = self._work(self._cancel)
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
