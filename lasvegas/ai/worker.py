"""Thinking off the main loop: an AI's choice computed on a worker thread."""

from __future__ import annotations

import threading
import time

from ..kernel.background import BackgroundTask
from ..core import Game, Place
from .base import Player


class ThinkingTask(BackgroundTask):
    """Runs ``player.choose`` on a copy of ``game`` in a daemon thread; ``result`` is a ``Place``."""

    def __init__(self, player: Player, game: Game, budget: float | None = None) -> None:
        self.player = player
        self.budget = budget
        copy = game.copy(history=False)
        super().__init__(lambda cancel: player.choose(copy, budget, cancel), f"ai-{player.level}")


def _process_main(player: Player, state: dict, budget: float | None, cancel, conn) -> None:
    """Child side of ``ThinkingProcess``: rebuild the game, choose, send the answer back."""
    try:
        game = Game.from_dict(state)
        t0 = time.perf_counter()
        action = player.choose(game, budget, _MpCancel(cancel))
        conn.send(("ok", action.value, player.rng.getstate(), time.perf_counter() - t0))
    except BaseException as e:  # reported to the caller, never lost
        conn.send(("error", repr(e), None, 0.0))
    finally:
        conn.close()


class _MpCancel:
    """A ``threading.Event`` look-alike over a ``multiprocessing.Event``."""

    def __init__(self, ev) -> None:
        self._ev = ev

    def is_set(self) -> bool:
        return self._ev.is_set()


class ThinkingProcess:
    """Like :class:`ThinkingTask`, but the choice runs in a separate process.

    The search then runs on the other core and never competes with the game
    loop for Python's interpreter lock.  The player's random state comes back
    with the answer, so a seat stays deterministic move after move.  Poll
    ``done``; ``result`` is the ``Place`` (or ``error`` a message).
    """

    def __init__(self, player: Player, game: Game, budget: float | None = None) -> None:
        import multiprocessing as mp

        ctx = mp.get_context("spawn")
        self.player = player
        self.budget = budget
        self.result: Place | None = None
        self.error: str | None = None
        self.seconds = 0.0
        self._cancel = ctx.Event()
        self._conn, child = ctx.Pipe(duplex=False)
        self._proc = ctx.Process(target=_process_main, daemon=True,
                                 args=(player, game.to_dict(), budget, self._cancel, child))
        self._proc.start()
        child.close()
        self._finished = False

    def _poll(self, timeout: float = 0.0) -> bool:
        if self._finished:
            return True
        if not self._conn.poll(timeout):
            if not self._proc.is_alive() and not self._conn.poll(0):
                self.error = f"the AI process stopped (exit code {self._proc.exitcode})"
                self._finished = True
            return self._finished
        from ..core import PLACE

        kind, value, rng_state, seconds = self._conn.recv()
        if kind == "ok":
            self.result = PLACE[value]
            self.player.rng.setstate(rng_state)
            self.seconds = seconds
        else:
            self.error = value
        self._finished = True
        self._proc.join(1.0)
        return True

    @property
    def done(self) -> bool:
        return self._poll()

    def cancel(self) -> None:
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._poll(timeout if timeout is not None else 1e9)
