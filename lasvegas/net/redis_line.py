"""The moves of a server process sharing its rooms, appended to Redis in batches over a connection of
their own (a part of :class:`lasvegas.net.redis_store.RedisStore`), Redis's answers read by hiredis."""

from __future__ import annotations

import asyncio
import collections
import logging
from typing import Any, Callable

from .redis_lua import _APPEND

log = logging.getLogger("lasvegas.server")

PREFIX = "lv:"
#: times a batch of moves is sent again on a new connection when the one it went on is lost
LINE_LOSSES = 3


class Batches:
    """The batched appends of :class:`~lasvegas.net.redis_store.RedisStore` (it has ``r``, its
    ``append_script`` and ``key``)."""

    r: Any
    append_script: Any
    key: Callable[[str, str], str]

    def __init__(self) -> None:
        #: the moves waiting for the next batch: (keys, (number, value), then)
        self._appends: list = []
        #: the batch's time has come: it goes as soon as the line is free
        self._due = False
        #: the loop the appends run on (cached by append_then)
        self._loop: asyncio.AbstractEventLoop | None = None
        #: the connection the moves are appended over (:class:`_Line`, made at the first move)
        self._line: _Line | None = None
        self._connecting: asyncio.Task | None = None
        #: the batch on its way (its entries) and its command, until Redis answers it
        self._sent: list | None = None
        self._command = b""
        #: lines lost under the batch on its way (it is sent again on a new one, a few times at most)
        self._lost = 0
        #: seconds the moves wait to go to Redis together (the server's commit delay; 0: the moves
        #: of one pass of the event loop)
        self.batch_delay = 0.0

    async def append(self, code: str, n: int, value: int, origin: str) -> bool:
        """Append move ``n`` if the log has exactly ``n`` moves, and tell the room's other processes
        (False: the log had more): :meth:`append_then` awaited."""
        done = self._running().create_future()

        def then(result: bool | Exception) -> None:
            if not done.done():
                if isinstance(result, Exception):
                    done.set_exception(result)
                else:
                    done.set_result(result)
        self.append_then(code, n, value, origin, then)
        return await done

    def _running(self) -> asyncio.AbstractEventLoop:
        loop = self._loop
        if loop is None or not loop.is_running():  # (get_running_loop: a system call on Python 3.11)
            loop = self._loop = asyncio.get_running_loop()
        return loop

    def append_then(self, code: str, n: int, value: Any, origin: str,
                    then: Callable[[bool | Exception], None]) -> None:
        """Append move ``n`` of room ``code`` if its log has exactly ``n`` moves, and tell the room's other
        processes; ``then`` is called with the answer (True, False: the log had more, or the exception)
        from the event loop, in the order of the appends.  No task or future of its own.

        The moves go to Redis over one connection of their own (:class:`_Line`), in batches, as the
        SQLite server commits them: the moves made within ``batch_delay`` of the first, and those that
        come while one batch waits for its answer, go together in one call of the append script (each
        append still checked on its own): one write to Redis, one answer read and one note per other
        process for all of them.  The answer is read by the line's own callback, which calls the
        batch's ``then`` at once (docs/benchmarks.md)."""
        loop = self._running()
        self._appends.append((f"{PREFIX}subs:{code}", f"{PREFIX}moves:{code}", n, value, origin, then))
        if len(self._appends) == 1 and not self._due:
            if self.batch_delay > 0:
                loop.call_later(self.batch_delay, self._flush)
            else:
                loop.call_soon(self._flush)

    def _flush(self) -> None:
        """The batch's time has come: send it, unless one is on its way (its answer sends this one)."""
        self._due = True
        if self._sent is not None or not self._appends:
            return
        line = self._line
        if line is None or line.lost:
            if self._connecting is None:
                self._connecting = self._loop.create_task(self._connect())
            return
        self._send(line)

    def _send(self, line: "_Line") -> None:
        batch, self._appends = self._appends, []
        self._due = False
        self._sent = batch
        self._lost = 0
        keys, args = [], []
        for subs, moves, n, value, _origin, _then in batch:
            keys += (subs, moves)
            args += (n, value)
        # (every move of a process's batches is its own: one origin)
        self._command = _pack([("EVALSHA", self.append_script.sha, len(keys), *keys, batch[0][4],
                                self.key("proc", ""), self.key("moves", ""), *args)])
        line.expect(self._command, self._answered)

    async def _connect(self) -> None:
        """A new line to Redis (redis-py makes the connection: its address, password, database, TLS and
        retries with back-off; the line then reads and writes its socket itself), and the batch on its
        way sent again on it (appended already, it is answered 0: the server reads it back)."""
        try:
            connection = self.r.connection_pool.make_connection()
            await connection.connect()
            writer = connection._writer
            connection._reader = connection._writer = None  # the line's from now on
            line = self._line = _Line(writer)
        except Exception as e:
            failed = (self._sent or []) + self._appends
            self._sent, self._appends, self._due = None, [], False
            self._answer(failed, [e] * len(failed))
            return
        finally:
            self._connecting = None
        if self._sent is not None:
            line.expect(self._command, self._answered)
        elif self._appends and self._due:
            self._send(line)

    def _answered(self, line: "_Line", reply: Any) -> None:
        """Redis's answer to the batch on its way (a list of 0 and 1, or an error), or the line's loss
        (None): call each move's ``then``, then send the next batch if its time has come."""
        from redis.exceptions import ConnectionError as RedisConnectionError, NoScriptError

        batch = self._sent
        if batch is None:
            return
        if reply is None:  # the line was lost: a new one, and the batch sent again on it
            self._lost += 1
            if self._lost > LINE_LOSSES:
                self._sent = None
                self._answer(batch, [RedisConnectionError("the connection to Redis was lost")] * len(batch))
                if self._appends and self._due:
                    self._flush()
            elif self._connecting is None:
                self._connecting = self._loop.create_task(self._connect())
            return
        if isinstance(reply, NoScriptError) and not line.reloaded:  # Redis restarted: its scripts are gone
            line.reloaded = True
            line.expect(_pack([("SCRIPT", "LOAD", _APPEND)]), _ignore)
            line.expect(self._command, self._answered)
            return
        self._sent = None
        if isinstance(reply, Exception):
            answers: list = [reply] * len(batch)
        elif isinstance(reply, list) and len(reply) == len(batch):
            line.reloaded = False
            answers = [appended == 1 for appended in reply]
        else:
            answers = [RedisConnectionError(f"the append script answered {reply!r:.80}")] * len(batch)
        self._answer(batch, answers)
        if self._appends and self._due:
            self._flush()

    @staticmethod
    def _answer(batch: list, answers: list) -> None:
        for entry, answer in zip(batch, answers):
            try:
                entry[5](answer)
            except Exception:  # one move's follow-up never stops the others'
                log.exception("after appending a move")



class _Line(asyncio.Protocol):
    """A connection to Redis of the appends' own: each command written to the socket at once, each
    answer read in the socket's callback by hiredis's parser (Redis's protocol, RESP, in C) and handed
    to its follow-up, in order: no task, stream, future or timeout of its own per batch."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        import hiredis
        from redis.exceptions import ResponseError

        #: an error answer is read as a ResponseError (not raised: handed to its follow-up)
        self.reader = hiredis.Reader(encoding="utf-8", errors="replace", replyError=ResponseError)
        self.protocol_error = hiredis.ProtocolError
        #: (kept: a stream writer that is let go of closes its socket)
        self.writer = writer
        self.transport = writer.transport
        #: the follow-ups of the commands sent, in order: ``then(line, answer)`` (None: the line was lost)
        self.waiting: collections.deque = collections.deque()
        self.lost = False
        #: the append script was loaded again on this line (once; a success allows it again)
        self.reloaded = False
        self.transport.set_protocol(self)

    def expect(self, command: bytes, then: Callable[["_Line", Any], None]) -> None:
        """Send ``command`` (packed); ``then`` gets its answer."""
        self.waiting.append(then)
        self.transport.write(command)

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        while not self.lost:
            try:
                reply = self.reader.gets()
            except self.protocol_error as e:  # not Redis's protocol: this line is done with
                log.warning("Redis: an answer that cannot be read (%r)", e)
                self.close()
                return
            if reply is False:  # the rest of it is still on its way
                break
            if self.waiting:
                self.waiting.popleft()(self, _no_script(reply))

    def connection_lost(self, exc: Exception | None) -> None:
        self.close()

    def close(self) -> None:
        """Close the line; every command still waiting for its answer is told (None)."""
        if self.lost:
            return
        self.lost = True
        self.transport.close()
        waiting, self.waiting = self.waiting, collections.deque()
        for then in waiting:
            then(self, None)


def _ignore(_line: _Line, _answer: Any) -> None:
    pass


def _no_script(reply: Any) -> Any:
    """An error answer saying Redis does not know the script (it restarted) as a NoScriptError."""
    if isinstance(reply, Exception) and str(reply).startswith("NOSCRIPT"):
        from redis.exceptions import NoScriptError

        return NoScriptError(str(reply))
    return reply


def _pack(commands: list[tuple]) -> bytes:
    """``commands`` in Redis's protocol (RESP: each an array of bulk strings), what redis-py's
    ``pack_commands`` writes, at a fraction of its cost for a batch of a hundred arguments."""
    out = []
    for command in commands:
        out.append(b"*%d\r\n" % len(command))
        for arg in command:
            data = arg if isinstance(arg, bytes) else str(arg).encode()
            out.append(b"$%d\r\n%b\r\n" % (len(data), data))
    return b"".join(out)

