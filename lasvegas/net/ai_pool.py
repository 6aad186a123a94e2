"""The AI seats of every room, played by a pool of worker processes: rooms in turn, each move in time.

A room has at most one AI move waiting at a time (its current seat's).  The
waiting rooms form a ring: a free worker takes the room at its head, and a
room whose move is made goes to the back of the ring for its next one, behind
every room already waiting — no room can keep the workers to itself, however
many AI seats it has or however strong they are.  The requests wait here, not
in the executor's own queue, so what a worker is given is decided when it
starts: the strongest level at or below the seat's own whose usual time
(measured on this server: the moving mean of each level's last moves, with
a 1.5 margin; a level not played for 30 s is tried again at its first guess)
fits the time left before the move's deadline (each game's levels, their first guesses and
which are quick: the game's book in :mod:`lasvegas.games.registry`).  A move that would wait for a
worker more than half its deadline (the rooms ahead of it, a worker's usual
time each), a move still waiting at its deadline, or a worker that does not
answer by then, is played at once in the server's own process by the game's strongest quick level
(Medium, a few milliseconds), or the seat's own level when that is weaker: under load
the AI plays weaker, it never stalls a room.  A worker whose server is gone (killed, crashed) ends
within a few seconds (:func:`_orphan_guard`): a server started again never finds the last one's
workers still holding memory.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import concurrent.futures.process
import logging
import multiprocessing
import os
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..games import registry
from .room import think

log = logging.getLogger("lasvegas.server")

#: Seconds after which a level's measured time is forgotten if it has not been played since.
FORGET = 30.0


def ladder(game: str) -> tuple[str, ...]:
    """The game's levels from the strongest to the weakest; a level is only ever replaced by one
    further down."""
    return tuple(reversed(registry.levels(game).names()))


def quick(game: str) -> tuple[str, ...]:
    """The game's levels quick enough to play in the server's own process when time is up."""
    return tuple(lv.name for lv in registry.levels(game).levels() if lv.quick)


def first_guess(game: str, level: str) -> float:
    """Seconds a level's move is assumed to take before this server has measured any."""
    found = registry.levels(game).get(level)
    return found.cost if found is not None else 0.0


@dataclass
class _Request:
    code: str
    game: str
    level: str
    #: the arguments of :func:`think` for a level (the game's state: read when a worker starts)
    args: Callable[[str], tuple]
    due: float
    future: asyncio.Future
    timer: asyncio.TimerHandle | None = field(default=None)


class AIPool:
    """``workers`` processes (started at the first move); ``deadline``: seconds from a move's
    request to its value, waiting included."""

    def __init__(self, workers: int, deadline: float) -> None:
        self.size = max(1, workers)
        self.deadline = deadline
        self.executor: concurrent.futures.ProcessPoolExecutor | None = None
        self.busy = 0
        self.ring: collections.deque[str] = collections.deque()
        self.waiting: dict[str, _Request] = {}
        #: (game, level) -> the level's usual time, measured here (its first guess until then)
        self.cost: dict[tuple[str, str], float] = {}
        #: when each level's time was last measured (a level not played for a while is tried again)
        self.measured: dict[tuple[str, str], float] = {}
        #: moves played weaker than asked, and moves played in this process at the deadline
        self.degraded = 0
        self.late = 0

    async def move(self, code: str, level: str, args: Callable[[str], tuple], game: str) -> tuple[Any, str]:
        """The move the AI of room ``code`` (playing ``game``) makes at ``level`` (``args(level)``:
        :func:`think`'s arguments), and the level that chose it (levels are the game's: a level is
        known by (game, level) here, its cost too)."""
        loop = asyncio.get_running_loop()
        req = _Request(code, game, level, args, time.monotonic(), loop.create_future())
        old = self.waiting.pop(code, None)
        if old is not None:  # cannot happen (one move at a time); the newer request wins
            old.future.cancel()
            self.ring.remove(code)
        if level in ladder(game) and level not in quick(game) and self._hopeless(game, level):
            self.degraded += 1
            self._here(req)  # the workers could not start it in time: a quick level now
            return await req.future
        self.waiting[code] = req
        self.ring.append(code)
        req.timer = loop.call_later(self.deadline, self._expire, req)
        self._pump()
        try:
            return await req.future
        finally:
            if self.waiting.get(code) is req:  # the room's task was cancelled while it waited
                del self.waiting[code]
                self.ring.remove(code)
            if req.timer is not None:
                req.timer.cancel()

    def _usual(self, game: str, level: str) -> float:
        """A level's usual time: its moving mean, or the first guess again (if lower) once it has not
        been played for FORGET seconds (a busy moment must not keep a level out for good)."""
        guess = first_guess(game, level)
        if time.monotonic() - self.measured.get((game, level), -FORGET) < FORGET:
            return self.cost.get((game, level), guess)
        return min(self.cost.get((game, level), guess), guess)

    def _hopeless(self, game: str, level: str) -> bool:
        """Whether a new move of ``level`` would wait for a worker more than half its deadline: the
        rooms waiting ahead of it (and the moves being made), a worker's usual time each."""
        if self.busy < self.size and not self.ring:
            return False
        rounds = (len(self.ring) + self.size) / self.size
        return rounds * self._usual(game, level) > self.deadline / 2

    def _pump(self) -> None:
        while self.busy < self.size and self.ring:
            code = self.ring.popleft()
            req = self.waiting.pop(code)
            self._start(req)

    def _fits(self, req: _Request) -> str:
        """The strongest level at or below the request's whose usual time fits what is left."""
        left = req.due + self.deadline - time.monotonic()
        steps, fast = ladder(req.game), quick(req.game)
        if req.level not in steps:
            return req.level
        i = steps.index(req.level)
        while i < len(steps) - 1 and steps[i] not in fast and 1.5 * self._usual(req.game, steps[i]) > left:
            i += 1
        return steps[i]

    def _start(self, req: _Request) -> None:
        level = self._fits(req)
        if level != req.level:
            self.degraded += 1
        try:
            args = req.args(level)
            job = self._executor().submit(think, *args)
        except Exception as e:  # a broken pool: played here, the next move starts a new pool
            log.warning("room %s: no AI worker (%r); played in the server's process", req.code, e)
            self.executor = None
            self._here(req)
            return
        self.busy += 1
        started = time.monotonic()

        def done(f: concurrent.futures.Future) -> None:
            self.busy -= 1
            if not f.cancelled() and f.exception() is None:
                took, key = time.monotonic() - started, (req.game, level)
                stale = time.monotonic() - self.measured.get(key, -FORGET) >= FORGET
                self.cost[key] = took if stale else 0.8 * self.cost.get(key, took) + 0.2 * took
                self.measured[key] = time.monotonic()
            if isinstance(f.exception() if not f.cancelled() else None,
                          concurrent.futures.process.BrokenProcessPool):
                self.executor = None
            self._pump()

        loop = asyncio.get_running_loop()
        job.add_done_callback(lambda f: _on_loop(loop, done, f))

        def answered(f: concurrent.futures.Future) -> None:
            if req.future.done():
                return  # played here already, at the deadline
            if f.cancelled() or f.exception() is not None:
                log.warning("room %s: the AI move failed (%r); played in the server's process", req.code,
                            None if f.cancelled() else f.exception())
                self._here(req)
            else:
                req.future.set_result((f.result(), level))
        job.add_done_callback(lambda f: _on_loop(loop, answered, f))
        # a worker past the deadline: the move is played here, the worker's answer is dropped
        if req.timer is not None:
            req.timer.cancel()
        req.timer = loop.call_later(max(0.0, req.due + self.deadline - time.monotonic()), self._expire, req)

    def _expire(self, req: _Request) -> None:
        """The deadline of a move still waiting (for a worker, or for its answer)."""
        if req.future.done():
            return
        if self.waiting.get(req.code) is req:
            del self.waiting[req.code]
            self.ring.remove(req.code)
        self.late += 1
        self._here(req)

    def _here(self, req: _Request) -> None:
        """Play the move in this process, at a quick level."""
        if req.future.done():
            return
        fast = quick(req.game)
        level = req.level if req.level in fast or req.level not in ladder(req.game) else (fast[-1] if fast else req.level)
        try:
            req.future.set_result((think(*req.args(level)), level))
        except Exception as e:
            req.future.set_exception(e)

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self.executor is None:
            self.executor = concurrent.futures.ProcessPoolExecutor(
                self.size, mp_context=multiprocessing.get_context("spawn"), initializer=_orphan_guard,
                initargs=(os.getpid(),))
        return self.executor

    def shutdown(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None


#: how often a worker looks whether its server is still there (seconds)
ORPHAN_CHECK = 2.0


def _orphan_guard(server: int) -> None:
    """A worker's start: a thread that ends the worker once its server is gone (its parent is no longer
    ``server``: a server killed with -9 never shuts its pool down, and a spawned worker waiting for a
    job would wait for good)."""
    def watch() -> None:
        while os.getppid() == server:
            time.sleep(ORPHAN_CHECK)
        os._exit(0)
    threading.Thread(target=watch, name="orphan-guard", daemon=True).start()


def _on_loop(loop: asyncio.AbstractEventLoop, call, f) -> None:
    """Hand a worker's answer to the server's loop (dropped once the loop is closed: the server stopped)."""
    try:
        loop.call_soon_threadsafe(call, f)
    except RuntimeError:
        pass
