"""The game server: asyncio + websockets, rooms by code, the rules engine as the only judge.

Every connection speaks the protocol of :mod:`lasvegas.net.protocol`.  A
connection is bound to one seat (by ``create``, ``join`` or ``resume`` with
the seat's token) and may act only for it.  Every move is saved
(:class:`~lasvegas.net.store.Store`) before anyone hears of it.  AI seats,
and the seats of players who are away longer than the room's delay, are
played by worker processes, so thinking never blocks the event loop.

Untrusted input everywhere: frames over 64 KiB close the connection (the
websockets library refuses them), each message is checked, a bad one gets an
``error`` naming it, a connection that floods, keeps sending bad messages,
guesses tokens or says nothing at all is closed, and a room survives any of
it (an unexpected exception while handling a message is logged and answered
with an ``internal`` error, never passed on to the room).
"""

from __future__ import annotations

import asyncio
import collections
import functools
import gc
import logging
import signal
import ssl
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

try:
    from websockets.speedups import apply_mask
except ImportError:  # the library built without its C part
    from websockets.utils import apply_mask

from . import guard, protocol  # noqa: F401
from .ai_pool import AIPool
from .guard import default_ai_workers, default_max_connections
from .lords import room as lords_room  # noqa: F401  (lords_room adds its game to room.GAMES)
from .lords.serve import LordsServing, version_of
from .protocol import ProtocolError
from .room import AWAY_LEVEL, Room, RoomError, new_code
from .store import Store

log = logging.getLogger("lasvegas.server")

#: WebSocket close codes: the peer broke the rules (1008), the server is going away (1001),
#: try again later (1013: the server is at its connection limit).
POLICY = 1008
TRY_LATER = 1013
#: the peer sent a kind of frame this protocol does not use (a binary frame)
UNSUPPORTED = 1003
#: bytes read from a client's socket at a time
READ_SIZE = 16 * 1024


@dataclass
class Limits:
    max_rooms: int = 1000
    #: open connections from one address
    per_address: int = 64
    #: a new connection must say what it wants within this time
    hello_timeout: float = 10.0
    #: a room nobody is connected to and nobody moved in for this long is removed
    idle_timeout: float = 6 * 3600.0
    #: seconds between two looks for idle rooms (None: a quarter of idle_timeout, 0.5 s to 60 s)
    reap_period: float | None = None
    #: the seconds of a day, for how long a correspondence room is kept (its ``keep_days``);
    #: shorter only to show or test the keeping without waiting days
    day: float = 86400.0
    #: messages per second a connection may send, and the burst it may send at once
    rate: float = 20.0
    burst: float = 40.0
    #: bad messages a connection may send before it is closed
    max_errors: int = 20
    #: wrong tokens a connection may try before it is closed
    max_token_failures: int = 3
    #: worker processes playing the AI seats of every room (by default one per core)
    ai_workers: int = field(default_factory=default_ai_workers)
    #: seconds an AI move may take from the moment it is due, its wait for a worker included: under
    #: load a weaker level that fits the time left is played instead (docs/hosting.md)
    ai_deadline: float = 5.0
    #: bytes waiting in a slow client's socket buffer before it is closed
    send_buffer: int = 1 << 20
    #: a connection that has sent nothing for this long is pinged, and closed when it does not
    #: answer within as long again (one that plays is heard from anyway: it costs no ping)
    ping_interval: float = 20.0
    #: rooms one address may create in an hour
    rooms_per_address: int = 30
    #: wrong room codes and tokens one address may send in an hour (codes cannot be scanned)
    misses_per_address: int = 60
    #: rooms of one address alive at once (lobbies, games in play, correspondence games)
    live_rooms_per_address: int = 8
    #: seconds a room whose game has not started is kept after its last change (a join)
    lobby_timeout: float = 600.0
    #: connections served at once, from every address (sized from the open-file limit)
    max_connections: int = field(default_factory=default_max_connections)
    #: seconds the moves wait to be committed together (one transaction) before they are announced
    #: (0: the moves of one pass of the event loop)
    commit_delay: float = 0.005
    #: peers (reverse proxies) whose X-Forwarded-For / Forwarded header names the client
    trusted_proxies: list = field(default_factory=list)
    #: the one header read from them: "x-forwarded-for" or "forwarded" (the other is ignored)
    trusted_header: str = "x-forwarded-for"
    #: seconds a game in play may go without a human connected and without a move before it is
    #: parked: kept in the store only, out of memory and of --max-rooms, woken when a player returns
    abandoned_after: float = 900.0


class Conn:
    """One client connection: its seat (once bound), its rate budget, what it sends.

    Messages go out at once, written to the socket's buffer in the order they are sent (a
    frame shared by several connections is encoded once: :func:`frame`); a client whose
    buffer keeps growing is too slow and is closed."""

    #: the protocol version of the client's last message (a Lords room needs 2)
    version = protocol.VERSION

    def __init__(self, ws: ServerConnection, addr: str, limits: Limits) -> None:
        self.ws = ws
        self.addr = addr
        self.room: str | None = None
        self.seat: int | None = None
        self.limits = limits
        self.tokens = limits.burst
        self.stamp = time.monotonic()
        self.errors = 0
        #: when the messages dropped for going over the rate were dropped (the last ``flood_window`` s)
        self.strikes: collections.deque[float] = collections.deque()
        self.token_failures = 0
        self.closing = False
        #: whether it has sat at a seat (the hello time is over then)
        self.seated = False
        #: messages held back while one of this connection's messages is being handled (None: none is)
        self.waiting: collections.deque | None = None
        #: the closing handshake, once started
        self.closer: asyncio.Task | None = None
        #: when the client last sent a message or answered a ping
        self.heard = self.stamp
        self.pinging = False
        # asyncio reads a socket into a new 256 KiB buffer each time: for messages of a few hundred
        # bytes that is a fresh mapping of memory (mmap, a page fault, munmap) per message
        if isinstance(getattr(ws.transport, "max_size", None), int):
            ws.transport.max_size = READ_SIZE

    def allow(self) -> bool:
        """Take one message from the rate budget (a token bucket); False when it is spent."""
        now = time.monotonic()
        self.tokens = min(self.limits.burst, self.tokens + (now - self.stamp) * self.limits.rate)
        self.stamp = self.heard = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def strike(self) -> int:
        """Count a message dropped for going over the rate; how many were dropped in the last
        ``burst / rate`` seconds (at least one second): a flood is a rate, not a total."""
        now = self.stamp
        window = max(1.0, self.limits.burst / self.limits.rate)
        strikes = self.strikes
        strikes.append(now)
        while strikes[0] < now - window:
            strikes.popleft()
        return len(strikes)

    def send(self, kind: str, **fields: Any) -> None:
        self.send_frame(frame(kind, **fields))

    def send_text(self, text: str | bytes) -> None:
        """Send an encoded message."""
        self.send_frame(text_frame(text.encode() if isinstance(text, str) else text))

    def send_frame(self, data: bytes) -> None:
        """Send a frame made by :func:`frame` (one frame may be sent to several connections)."""
        if self.closing:
            return
        ws = self.ws
        if ws.protocol.state is not State.OPEN:
            return
        transport = ws.transport
        if transport.get_write_buffer_size() > self.limits.send_buffer:
            self.close(POLICY, "too slow: messages are piling up")
            return
        if ws.protocol.writes:  # never the case between two sends; kept in order all the same
            ws.send_data()
        transport.write(data)

    def close(self, code: int, reason: str) -> None:
        """Close after the messages already sent (the closing handshake runs on a task of its own)."""
        if not self.closing:
            self.closing = True
            self.closer = asyncio.get_running_loop().create_task(self._close(code, reason[:120]))

    async def _close(self, code: int, reason: str) -> None:
        try:
            await self.ws.close(code, reason)
        except ConnectionClosed:
            pass


def text_frame(payload: bytes) -> bytes:
    """A final, unmasked, uncompressed text frame holding ``payload`` (RFC 6455 §5.2: what a server
    sends; the connections are opened without compression)."""
    n = len(payload)
    if n < 126:
        return bytes((0x81, n)) + payload
    if n < 1 << 16:
        return b"\x81\x7e" + n.to_bytes(2, "big") + payload
    return b"\x81\x7f" + n.to_bytes(8, "big") + payload


def frame(kind: str, v: int = protocol.VERSION, **fields: Any) -> bytes:
    """One message as a ready WebSocket frame (``v``: its protocol version, 2 in a Lords room)."""
    return text_frame(protocol.encode_bytes(kind, v, **fields))


class FastConnection(ServerConnection):
    """A server connection that hands each complete text message to ``on_text`` from its protocol
    callback, as its bytes arrive: no queue, future and task switch per message.

    It reads the frames a client sends in play itself: final, masked, unfragmented text frames
    without extension bits (RFC 6455 §5.2), their length below 64 KiB, their text UTF-8.  Every other
    complete frame (ping, pong, close, or text that is not UTF-8) goes to the library as it is, which
    answers it the way it always does; a binary or fragmented message, reserved bits, an unmasked
    frame or a 64-bit length hand the whole stream from there on to the library.  The library's own
    reader is thus only ever given whole frames, from a frame's first byte (its state stays right),
    and a part of a frame waits here, at most 64 KiB and 8 bytes."""

    #: where a text message goes (the server sets it while it serves the connection; None: recv())
    on_text: Callable[[str], None] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._pending = b""
        self._direct = True

    def data_received(self, data: bytes) -> None:
        if self._pending:
            data = self._pending + data
            self._pending = b""
        if not self._direct or self.on_text is None or self.protocol.state is not State.OPEN:
            super().data_received(data)
            return
        end = len(data)
        pos = 0
        while pos + 2 <= end:
            b0, b1 = data[pos], data[pos + 1]
            size = b1 & 0x7F
            head = pos + 6
            if size == 126:
                if pos + 4 > end:
                    break
                size = int.from_bytes(data[pos + 2:pos + 4], "big")
                head = pos + 8
            if not b1 & 0x80 or size == 127 or not (b0 == 0x81 or 0x88 <= b0 <= 0x8A):
                # anything but a whole text frame or a control frame: the library reads on from here
                self._direct = False
                super().data_received(data[pos:])
                return
            stop = head + size
            if stop > end:
                break
            if b0 == 0x81:
                try:
                    text = apply_mask(data[head:stop], data[head - 4:head]).decode()
                except UnicodeDecodeError:  # the library refuses it its way
                    super().data_received(data[pos:stop])
                else:
                    self.on_text(text)
            else:  # ping, pong or close: the library answers
                super().data_received(data[pos:stop])
            pos = stop
            if self.on_text is None or self.protocol.state is not State.OPEN:
                if pos < end:
                    super().data_received(data[pos:])
                return
        if pos < end:
            self._pending = data[pos:]


class GameServer(LordsServing):
    #: extra fields of a ``welcome``: a server sharing its rooms with other processes asks the client to
    #: connect again to the room's own address (client.route), for a proxy that hashes it
    routing: dict = {}

    def __init__(self, store: Store, limits: Limits | None = None, levels: list[str] | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        if levels is None:
            from ..ai import available_levels

            levels = available_levels()
        self.levels = levels
        self.rooms: dict[str, Room] = {}
        #: room code -> seat -> the connection playing it
        self.seated: dict[str, dict[int, Conn]] = {}
        self.per_address: dict[str, int] = {}
        #: connections open now, from every address
        self.connections = 0
        #: every open connection (for the keepalive)
        self.conns: set[Conn] = set()
        #: address -> when it created rooms, when it named a wrong room or token (the last hour's)
        self.created_by: dict[str, list[float]] = {}
        self.misses: dict[str, list[float]] = {}
        self.thinking: set[str] = set()
        #: games in play parked in the store (:meth:`_park`): code -> when (time.time) it is removed
        self.parked: dict[str, float] = {}
        #: room code -> when (time.time) its last connected seat left
        self.left_at: dict[str, float] = {}
        #: rooms that could not be restored (kept aside by the store): code → why
        self.damaged: dict[str, str] = {}
        self.ai = AIPool(self.limits.ai_workers, self.limits.ai_deadline)
        #: what waits for the next commit: room code -> (room, its first new event) to announce
        self._announce: dict[str, tuple[Room, int]] = {}
        self._commit_soon: asyncio.Handle | asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task] = set()
        self._stop: asyncio.Future | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # ------------------------------------------------------------ running
    def load(self) -> list[str]:
        rooms, problems = self.store.load_all()
        for room in rooms:
            self.rooms[room.code] = room
            self.seated[room.code] = {}
        self.damaged = self.store.damaged()
        return problems

    async def run(self, host: str, port: int, ready: Callable[[str, int], None] | None = None,
                  tls: ssl.SSLContext | None = None) -> None:
        self._loop = asyncio.get_running_loop()
        problems = await self._open()
        for p in problems:
            log.warning(p)
        async with serve(self.handler, host, port, max_size=protocol.MAX_FRAME, max_queue=16,
                         create_connection=FastConnection,
                         ping_interval=None, compression=None, ssl=tls) as server:
            sock = server.sockets[0].getsockname()
            for room in list(self.rooms.values()):
                self._kick(room)
            self._spawn(self._reaper())
            self._spawn(self._checkpoints())
            self._spawn(self._keepalive())
            if ready is not None:
                ready(host, sock[1])
            loop = self._loop
            self._stop = stop = loop.create_future()
            for sig in (signal.SIGTERM, signal.SIGINT):
                try:
                    loop.add_signal_handler(sig, self._stopping)
                except (NotImplementedError, RuntimeError, ValueError):
                    pass  # not the main thread (a server hosted by the game): stop() ends it
            await stop
        self.ai.shutdown()
        await self._shut()

    async def _open(self) -> list[str]:
        """Before listening: load the rooms; what could not be loaded."""
        return self.load()

    async def _shut(self) -> None:
        self.store.close()

    def _stopping(self) -> None:
        if self._stop is not None and not self._stop.done():
            self._stop.set_result(None)

    def stop(self) -> None:
        """Stop the server (from any thread)."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._stopping)

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        """The loop the server runs on (``asyncio.get_running_loop()`` asks the system for the process
        id at each call on Python 3.11: a system call in every move's path)."""
        loop = self._loop
        return loop if loop is not None and loop.is_running() else asyncio.get_running_loop()

    def _spawn(self, coro) -> None:
        t = self._running_loop().create_task(coro)
        self._tasks.add(t)
        t.add_done_callback(self._tasks.discard)

    # ------------------------------------------------------- a connection
    def _address(self, ws: ServerConnection) -> str:
        """The client's address for the limits: the peer's, or behind a trusted proxy the one its
        ``--trusted-proxy-header`` names (:mod:`lasvegas.net.guard`)."""
        peer = str(ws.remote_address[0]) if ws.remote_address else ""
        trusted = self.limits.trusted_proxies
        request = getattr(ws, "request", None)
        if not trusted or request is None:
            return guard.normal(peer)
        header = self.limits.trusted_header
        return guard.client_address(peer, request.headers.get_all(header), trusted, header)

    async def handler(self, ws: ServerConnection) -> None:
        addr = self._address(ws)
        conn = Conn(ws, addr, self.limits)
        if self.connections >= self.limits.max_connections:
            conn.send("error", **protocol.error(
                "too-many-connections", f"the server is serving all the connections it can "
                f"({self.limits.max_connections}): try again in a minute"))
            conn.close(TRY_LATER, "server busy: try again later")
            await conn.closer
            return
        if self.per_address.get(addr, 0) >= self.limits.per_address:
            conn.send("error", **protocol.error("too-many-connections",
                                                f"at most {self.limits.per_address} connections from one address"))
            conn.close(POLICY, "too many connections")
            await conn.closer
            return
        self.per_address[addr] = self.per_address.get(addr, 0) + 1
        self.connections += 1
        self.conns.add(conn)
        try:
            await self._serve(conn)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            self.conns.discard(conn)
            self.per_address[addr] -= 1
            if not self.per_address[addr]:
                del self.per_address[addr]
            self._unbind(conn)
            conn.closing = True
            if conn.closer is not None:
                await conn.closer

    async def _serve(self, conn: Conn) -> None:
        # Messages reach _take straight from the connection's protocol callback (FastConnection:
        # no queue, future and task switch per message); what the library reads itself (a binary or
        # fragmented message, text that is not UTF-8, the first messages before this) comes by recv().
        # The hello time runs until the connection sits at a seat (create, join or resume), whatever
        # it sends before (status, bad messages): a connection cannot stay unbound for long.
        ws = conn.ws
        timer = asyncio.get_running_loop().call_later(self.limits.hello_timeout, self._hello_over, conn)
        if isinstance(ws, FastConnection):
            ws.on_text = functools.partial(self._take, conn)
        try:
            while True:  # once closing, what still comes is read and dropped until the close completes
                self._take(conn, await ws.recv())
        finally:
            timer.cancel()
            if isinstance(ws, FastConnection):
                ws.on_text = None

    def _hello_over(self, conn: Conn) -> None:
        """The hello time is over: a connection that has not sat at a seat yet is told and closed (one
        whose message is still being handled, a ``join`` waiting on a shared store, once it is done)."""
        if conn.waiting is not None and not conn.closing:
            asyncio.get_running_loop().call_later(0.05, self._hello_over, conn)
            return
        if not conn.seated and not conn.closing:
            conn.send("error", **protocol.error(
                "timeout", f"take a seat (create, join or resume) within {self.limits.hello_timeout:g} s"))
            conn.close(POLICY, "took no seat")

    def _take(self, conn: Conn, raw: Any) -> None:
        """A message from ``conn``, handled at once; one whose handler waits (a shared store) holds the
        connection's next messages back until it is done, so they are handled in the order sent."""
        if conn.closing:
            return
        if conn.waiting is not None:
            conn.waiting.append(raw)
            return
        done = self._handle(conn, raw)
        if done is not None:
            conn.waiting = collections.deque()
            self._wait_for(conn, raw, done)

    def _wait_for(self, conn: Conn, raw: Any, done: Any) -> None:
        """Hold ``conn``'s next messages until ``done`` is: a future is followed by a callback (no task
        of its own: a move of the Redis store), anything else by a task."""
        if isinstance(done, asyncio.Future):
            done.add_done_callback(lambda f: self._after(conn, raw, f))
        else:
            self._spawn(self._finish(conn, raw, done))

    def _after(self, conn: Conn, raw: Any, done: asyncio.Future) -> None:
        """``done`` (a future :meth:`_take` waited for) is: answer its error, then handle the messages
        held back meanwhile, in order, until one waits again."""
        error = None if done.cancelled() else done.exception()
        if error is not None:
            self._answer(conn, raw, error)
        waiting, conn.waiting = conn.waiting, None
        while waiting and not conn.closing:
            raw = waiting.popleft()
            again = self._handle(conn, raw)
            if again is not None:
                conn.waiting = waiting
                self._wait_for(conn, raw, again)
                return

    async def _finish(self, conn: Conn, raw: Any, done: Any) -> None:
        try:
            await self._settle(conn, raw, done)
            waiting = conn.waiting
            while waiting and not conn.closing:
                raw = waiting.popleft()
                done = self._handle(conn, raw)
                if done is not None:
                    await self._settle(conn, raw, done)
        finally:
            conn.waiting = None

    async def _receive(self, conn: Conn, raw: Any) -> None:
        """Handle one message from ``conn`` to the end (what :meth:`_take` does, awaited)."""
        done = self._handle(conn, raw)
        if done is not None:
            await self._settle(conn, raw, done)

    def _handle(self, conn: Conn, raw: Any) -> Any:
        """Check and dispatch one message; what is left to wait for (a handler that waits on a shared
        store), or None.  Every refusal is answered here."""
        if not conn.allow():
            strikes = conn.strike()
            if strikes == 1 or strikes % 10 == 0:
                conn.send("error", **protocol.error("rate", f"too many messages: at most {self.limits.rate:g} a second"))
            if strikes > self.limits.burst:
                conn.close(POLICY, "flood")
            return None
        if not isinstance(raw, str):  # a binary frame: not this protocol
            conn.send("error", **protocol.error("json", "a message is a text frame of JSON, not a binary frame"))
            conn.close(UNSUPPORTED, "text frames only")
            return None
        try:
            return self._dispatch(conn, protocol.decode(raw))
        except Exception as e:
            self._answer(conn, raw, e)
            return None

    async def _settle(self, conn: Conn, raw: Any, done: Any) -> None:
        try:
            await done
        except Exception as e:
            self._answer(conn, raw, e)

    def _answer(self, conn: Conn, raw: Any, e: Exception) -> None:
        """Answer a message that failed with ``e``."""
        if isinstance(e, ProtocolError):
            self._refuse(conn, e.code, e.message, e.about)
        elif isinstance(e, RoomError):  # a refusal of the game (a stale move...) is no misbehaviour
            conn.send("error", **protocol.error(e.code, e.message, _kind(raw) if isinstance(raw, str) else None))
            if e.code == "bad-token" and conn.token_failures >= self.limits.max_token_failures:
                conn.close(POLICY, "too many wrong tokens")  # after the answer
            if e.code in ("no-room", "bad-token") and not isinstance(e, RoomLost):
                self._missed(conn)
        else:  # a bug must never take a room down: log it, answer, go on
            self._failed(conn, raw, e)

    def _failed(self, conn: Conn, raw: Any, e: Exception) -> None:
        log.exception("handling a message failed")
        self._refuse(conn, "internal", f"the server could not handle this message ({type(e).__name__})",
                     _kind(raw) if isinstance(raw, str) else None)

    def _missed(self, conn: Conn) -> None:
        """A wrong room code or token: an address that keeps guessing is shut out for the hour."""
        if self._count_miss(conn.addr) >= self.limits.misses_per_address:
            conn.close(POLICY, "too many wrong room codes or tokens")

    def _count_miss(self, key: str) -> int:
        """One more wrong guess counted against ``key`` (an address, or ``room:CODE``): the hour's count."""
        now = time.monotonic()
        recent = [t for t in self.misses.get(key, []) if now - t < 3600] + [now]
        self.misses[key] = recent
        return len(recent)

    def _misses(self, key: str) -> int:
        now = time.monotonic()
        return len([t for t in self.misses.get(key, []) if now - t < 3600])

    def _refuse(self, conn: Conn, code: str, message: str, about: str | None) -> None:
        conn.errors += 1
        conn.send("error", **protocol.error(code, message, about))
        if code == "version":
            conn.close(POLICY, "update your game")
        elif conn.errors > self.limits.max_errors:
            conn.close(POLICY, "too many bad messages")

    # ----------------------------------------------------------- messages
    def _dispatch(self, conn: Conn, msg: dict) -> Any:
        kind = msg["type"]
        conn.version = version_of(msg)
        if kind in ("create", "join", "resume", "status") and conn.room is not None:
            raise ProtocolError("field", f"{kind}: this connection already plays in room {conn.room}", kind)
        if kind not in ("create", "join", "resume", "status") and conn.room is None:
            raise ProtocolError("field", f"{kind}: create, join or resume a room first", kind)
        return getattr(self, "_on_" + kind)(conn, msg)

    def _may_create(self, conn: Conn, rooms: int) -> None:
        """Refuse a new room (``RoomError``) when the address has all the rooms it may have (alive at
        once, or made in the hour), or the server has ``rooms`` already, at its limit, and no lobby or
        finished game to let go of.  Nothing is counted here: :meth:`_created` counts a room made."""
        now = time.monotonic()
        recent = [t for t in self.created_by.get(conn.addr, []) if now - t < 3600]
        if len(recent) >= self.limits.rooms_per_address:
            raise RoomError("too-many-rooms", f"at most {self.limits.rooms_per_address} new rooms an hour "
                            "from one address: try again later")
        live = self._live_rooms(conn.addr)
        if live >= self.limits.live_rooms_per_address:
            raise RoomError("too-many-rooms", f"at most {self.limits.live_rooms_per_address} rooms from one "
                            "address at once (lobbies and games not over): finish or leave one first")
        if rooms >= self.limits.max_rooms and not self._make_room(rooms - self.limits.max_rooms + 1, conn.addr):
            raise RoomError("server-full", f"this server hosts at most {self.limits.max_rooms} rooms, "
                            "every one a game in play: try again later")

    def _created(self, conn: Conn, room: Room) -> None:
        """A room was made by ``conn``: it counts for its address (hour and live rooms)."""
        room.owner = conn.addr
        self.created_by.setdefault(conn.addr, []).append(time.monotonic())

    def _live_rooms(self, addr: str) -> int:
        """Rooms made from ``addr`` that are alive and not over (known to this process)."""
        return sum(1 for r in self.rooms.values() if r.owner == addr and not r.over)

    def _make_room(self, n: int, creator: str | None = None) -> bool:
        """Let go of ``n`` rooms that are not games in play, to host a new one: finished games and
        lobbies nobody is in first, then those someone is in (never one of an address holding fewer
        rooms than ``creator``'s address; those of the addresses holding the most first), the least
        recently changed first.  False (nothing removed) when there are not that many."""
        held: dict[str, int] = {}
        for r in self.rooms.values():
            if not r.over:
                held[r.owner] = held.get(r.owner, 0) + 1
        mine = held.get(creator, 0) if creator is not None else 0

        def order(room: Room) -> tuple:
            # a connected lobby: those of the addresses holding the most rooms first
            return (bool(self.seated.get(room.code)), room.started, -held.get(room.owner, 0), room.touched)

        def spare_room(room: Room) -> bool:
            if room.over:
                return True
            # an address never lets go of a connected lobby of an address holding fewer rooms than it
            return not room.started and (not self.seated.get(room.code) or held.get(room.owner, 0) >= mine)
        spare = sorted((r for r in self.rooms.values() if spare_room(r)), key=order)
        if len(spare) < n:
            return False
        for room in spare[:n]:
            self._remove(room, f"room {room.code} was closed to make room for games in play "
                               f"({'its game was over' if room.over else 'its game had not started'})")
        return True

    def _remove(self, room: Room, why: str) -> None:
        """Remove ``room`` from the server and its store; whoever is in it is told ``why`` and let go."""
        code = room.code
        del self.rooms[code]
        for c in list(self.seated.pop(code, {}).values()):
            c.room = c.seat = None
            c.send("error", **protocol.error("no-room", why))
            c.close(1000, "room closed")
        self.store.delete(code)
        self._commit()
        log.info("%s", why)

    def _on_create(self, conn: Conn, msg: dict) -> None:
        code = new_code()
        while code in self.rooms or code in self.damaged or code in self.parked:
            code = new_code()
        room, token = Room.create(code, msg, self.levels)  # a create that is refused costs nothing
        self._may_create(conn, len(self.rooms))
        self._created(conn, room)
        self.rooms[code] = room
        self.seated[code] = {}
        self._save(room)
        self._bind(conn, room, 0, token)
        self._start_if_full(room)

    def _guessing(self, conn: Conn, msg: dict | None = None, room: Room | None = None) -> bool:
        """Whether a guess is to be refused (then the connection is told and closed): the address has
        named too many wrong rooms or tokens this hour, or (``msg``: a resume or status) the room it
        names has been sent too many wrong tokens.  A token that opens a seat is no guess: it is
        always taken (128 random bits), so a player behind the address of someone guessing, or of a
        room being guessed at, keeps their game."""
        if msg is not None:
            room = room if room is not None else self._lookup(msg["room"])
            if room is not None and room.seat_of(msg["token"]) is not None:
                return False
            if self._misses("room:" + msg["room"]) >= self.limits.misses_per_address:
                conn.send("error", **protocol.error(
                    "bad-token", f"too many wrong tokens for room {msg['room']}: try again later"))
                conn.close(POLICY, "too many wrong tokens for the room")
                return True
        if self._misses(conn.addr) < self.limits.misses_per_address:
            return False
        conn.send("error", **protocol.error(
            "no-room", "too many wrong room codes or tokens from this address: try again later"))
        conn.close(POLICY, "too many wrong room codes or tokens")
        return True

    def _on_join(self, conn: Conn, msg: dict) -> None:
        if self._guessing(conn):
            return
        room = self._room(msg["room"])
        self._fits_game(conn, room)
        seat, token = room.join(msg.get("name", ""))
        self._save(room)
        self._bind(conn, room, seat, token)
        self._start_if_full(room)

    def _seat_of(self, conn: Conn, msg: dict, room: Room | None = None) -> tuple[Room, int]:
        """The room and seat a ``resume`` or ``status`` names with its token (``bad-token`` otherwise)."""
        room = room if room is not None else self._room(msg["room"])
        self._fits_game(conn, room)
        seat = room.seat_of(msg["token"])
        if seat is None:
            conn.token_failures += 1  # closed past the limit once told (_receive)
            self._count_miss("room:" + room.code)
            raise RoomError("bad-token", f"{msg['type']}: this token opens no seat in room {room.code}")
        return room, seat

    def _on_status(self, conn: Conn, msg: dict) -> None:
        """Where a seat's game stands (a list of a player's games), without taking the seat:
        the connection stays unbound and may ask about other rooms."""
        if self._guessing(conn, msg):
            return
        room, seat = self._seat_of(conn, msg)
        conn.send("status", v=room.v, **room.status(seat, set(self.seated[room.code])))

    def _on_resume(self, conn: Conn, msg: dict) -> None:
        if self._guessing(conn, msg):
            return
        room, seat = self._seat_of(conn, msg)
        old = self.seated[room.code].get(seat)
        if old is not None and old is not conn:
            old.send("error", **protocol.error("taken-over", "your seat was taken by another connection"))
            self._unbind(old)
            old.close(POLICY, "seat taken over")
        self._bind(conn, room, seat, msg["token"], since=msg.get("since"), seen=msg.get("seen"))

    def _on_start(self, conn: Conn, msg: dict) -> None:
        room = self.rooms[conn.room]
        if conn.seat != 0:
            raise RoomError("not-host", "start: only the room's creator starts the game")
        fill = msg.get("fill")
        if fill is not None and fill not in self.levels:
            raise RoomError("field", f"start.fill: no AI level {fill!r}")
        self._begin(room, room.start(fill))

    def _on_place(self, conn: Conn, msg: dict) -> Any:
        room = self.rooms[conn.room]
        if room.game_kind != "lasvegas":
            raise RoomError("wrong-game", f"place: room {room.code} plays Lords of Vegas (send act)")
        return self._make_move(room, conn.seat, msg["value"], msg["turn"])

    def _make_move(self, room: Room, seat: int, value: int, turn: int) -> Any:
        """Apply a move (refused with ``RoomError``), keep it, tell the seats."""
        first = len(room.log)
        room.place(seat, value, turn)
        self._moved(room, first)

    def _on_react(self, conn: Conn, msg: dict) -> None:
        """A quick reaction (a fixed phrase's id, checked by the protocol), to everyone seated in the room."""
        room = self.rooms[conn.room]
        if not room.started:
            raise RoomError("not-started", "react: the game has not started")
        if msg["phrase"] in protocol.TRADE_PHRASES and room.game_kind != "lords":
            raise RoomError("field", f"react.phrase: {msg['phrase']!r} is a Lords of Vegas trade phrase")
        self._react(room.code, conn.seat, msg["phrase"])

    def _react(self, code: str, seat: int, phrase: str) -> None:
        seats = self.seated.get(code)
        if seats:
            room = self.rooms.get(code)
            data = frame("reaction", v=room.v if room is not None else protocol.VERSION, seat=seat, phrase=phrase)
            for c in seats.values():
                c.send_frame(data)

    def _on_leave(self, conn: Conn, msg: dict) -> None:
        self._unbind(conn)
        conn.close(1000, "left")

    def _lookup(self, code: str) -> Room | None:
        """Room ``code`` if this server has it (a parked game is woken: read back from the store)."""
        room = self.rooms.get(code)
        if room is None and code in self.parked:
            room = self._wake(code)
        return room

    def _park(self, room: Room) -> None:
        """Keep a game in play that nobody plays (no human connected, no move for ``abandoned_after``)
        in the store only: out of memory and not counted against ``max_rooms``, until a player comes
        back (:meth:`_wake`) or its keeping time ends (the reaper deletes it)."""
        code = room.code
        self._commit()
        if self.store.saved_moves(code) != room.turn:  # not all written (a failed commit): kept in memory
            return
        del self.rooms[code]
        self.seated.pop(code, None)
        self.left_at.pop(code, None)
        self.parked[code] = room.touched + room.kept_for(self.limits.idle_timeout, self.limits.day)
        log.info("room %s parked: no player connected and no move for %.0f s", code,
                 self.limits.abandoned_after)

    def _wake(self, code: str) -> Room | None:
        try:
            room = self.store.load(code)
        except Exception as e:  # damaged since: kept aside by the store, its players told
            self.damaged[code] = f"{type(e).__name__}: {e}"[:300]
            self.parked.pop(code, None)
            log.warning("room %s could not be woken: %s", code, self.damaged[code])
            return None
        self.parked.pop(code, None)
        if room is None:
            return None
        self.rooms[code] = room
        self.seated[code] = {}
        self.left_at[code] = time.time()
        log.info("room %s woken", code)
        return room

    def _room(self, code: str) -> Room:
        room = self._lookup(code)
        if room is None:
            if code in self.damaged:
                raise RoomLost("no-room", f"room {code} could not be restored when the server started again: "
                                          "its saved game is damaged (the host keeps it aside)")
            raise RoomError("no-room", f"there is no room {code} on this server")
        return room

    # ------------------------------------------------------------ seating
    def _bind(self, conn: Conn, room: Room, seat: int, token: str, since: int | None = None,
              seen: int | None = None) -> None:
        conn.room, conn.seat = room.code, seat
        conn.seated = True
        self.seated[room.code][seat] = conn
        conn.send("welcome", v=room.v, room=room.code, seat=seat, colour=room.colour(seat), token=token, **self.routing)
        self._lobby(room)
        if room.started:
            self._send_state(conn, room, since, seen)
        self._kick(room)

    def _unbind(self, conn: Conn) -> None:
        code, seat = conn.room, conn.seat
        if code is None or seat is None:
            return
        conn.room = conn.seat = None
        seats = self.seated.get(code, {})
        if seats.get(seat) is conn:
            del seats[seat]
            if not seats:
                self.left_at[code] = time.time()
            room = self.rooms.get(code)
            if room is not None:
                self._lobby(room)
                self._kick(room)

    def _connected(self, code: str) -> set[int]:
        """The seats of room ``code`` someone is connected to."""
        return set(self.seated.get(code, {}))

    def _runs(self, room: Room) -> bool:
        """Whether this server plays the room's AI seats and times its away players."""
        return True

    def _lobby(self, room: Room) -> None:
        seats = self.seated[room.code]
        if seats:
            data = frame("lobby", v=room.v, **room.public(self._connected(room.code)))
            for c in seats.values():
                c.send_frame(data)

    def _send_state(self, conn: Conn, room: Room, since: int | None, seen: int | None = None) -> None:
        self._commit()  # nothing reaches a client before it is kept
        seat = conn.seat
        cursor = len(room.log)
        past = room.seen_point(seat, seen) if seen is not None else None
        if past is not None:  # back after a while: the table as it was after move `seen`, then what followed
            view, since, opening = past
            conn.send("state", v=room.v, seat=seat, view=view, cursor=since, turn=seen, opening=opening,
                      missed=cursor - since)
        else:
            if room.turn == 0:
                opening = room.events_for(seat, 0)
            else:  # the current roll: the last event that rolled
                opening = [room.redact(e, seat) for e in room.log[-1:] if e["event"] == "DiceRolled"]
            conn.send("state", v=room.v, seat=seat, view=room.view_for(seat), cursor=cursor, turn=room.turn,
                      opening=opening)
        if since is not None and since < cursor:
            conn.send("events", v=room.v, first=since, events=room.events_for(seat, since))
        if room.over:
            conn.send("over", v=room.v, record=room.record())
        elif room.game_kind == "lords":
            self._prompt(room, only=seat)

    def _start_if_full(self, room: Room) -> None:
        if room.full and not room.started:
            self._begin(room, room.start())

    def _begin(self, room: Room, _opening: list[dict]) -> None:
        self._save(room)
        self._lobby(room)
        for conn in self.seated[room.code].values():
            self._send_state(conn, room, None)
        self._kick(room)

    def _save(self, room: Room) -> None:
        """Write the room's seats and options now (a change of seats, the start: rare)."""
        self.store.save_room(room)
        self._commit()

    def _commit(self) -> None:
        try:
            self.store.commit()
        except Exception:  # a full disk: the room plays on in memory, the log says why
            log.exception("the rooms could not be saved")

    def _moved(self, room: Room, first: int) -> None:
        """A move made events from ``first`` on: queue it for the store; the seats hear of it once
        it is committed, with every other move made within ``commit_delay`` (one transaction)."""
        self.store.add_move(room, room.stored_move(first))
        self._announce.setdefault(room.code, (room, first))  # a room's moves of one commit: one message
        if self._commit_soon is None:
            loop, delay = self._running_loop(), self.limits.commit_delay
            self._commit_soon = (loop.call_later(delay, self._commit_and_announce) if delay > 0
                                 else loop.call_soon(self._commit_and_announce))

    def _commit_and_announce(self) -> None:
        self._commit_soon = None
        self._commit()
        announce, self._announce = self._announce, {}
        for room, first in announce.values():
            self._tell(room, first)

    def _tell(self, room: Room, first: int) -> None:
        """Send the events from ``first`` on to every seat, as it may see them: encoded once per
        visibility class (once for the whole room unless it hides money and a round ended)."""
        seats = self.seated.get(room.code)
        if seats:
            frames: dict[int | None, bytes] = {}
            over = frame("over", v=room.v, record=room.record()) if room.over else None
            private = room.options.hide_money and any(e["event"] == "RoundEnded" for e in room.log[first:])
            for seat, conn in seats.items():
                key = seat if private else None
                data = frames.get(key)
                if data is None:
                    data = frames[key] = frame("events", v=room.v, first=first, events=room.events_for(seat, first))
                conn.send_frame(data)
                if over is not None:
                    conn.send_frame(over)
            if room.game_kind == "lords" and not room.over:
                self._prompt(room)
        if room.over:
            self._lobby(room)
        self._kick(room)

    # ------------------------------------------------------- AI and away
    def _kick(self, room: Room) -> None:
        """Start the current seat's AI move, or time the away player's turn."""
        if room.game_kind != "lasvegas":
            return self._lords_kick(room)
        seat = room.to_act
        if seat is None or room.code in self.thinking or not self._runs(room):
            return
        level = room.ai_level(seat)
        if level is not None:
            self.thinking.add(room.code)
            self._spawn(self._ai_move(room, level, 0.0))
        elif seat not in self._connected(room.code) and room.options.away_delay is not None:
            self.thinking.add(room.code)
            self._spawn(self._ai_move(room, AWAY_LEVEL, room.options.away_delay, away=seat))

    async def _ai_move(self, room: Room, level: str, delay: float, away: int | None = None) -> None:
        turn = room.turn
        code = room.code
        try:
            deadline = time.monotonic() + delay
            while time.monotonic() < deadline:
                await asyncio.sleep(min(0.25, deadline - time.monotonic()))
                if away is not None and (away in self._connected(code) or self._current(code).turn != turn):
                    break  # the player came back (or the move was made)
            else:
                if self._current(code).turn == turn:
                    value = await self._think(room, level)
                    now = self._current(code)
                    if now.turn == turn and self._runs(now):
                        done = self._make_move(now, now.to_act, value, turn)
                        if done is not None:
                            await done
        except RoomError as e:  # another server process made the move first
            log.info("room %s: the AI move was refused (%s)", code, e.message)
        except Exception as e:  # logged; the room waits for the next connection's move
            self._ai_failed(code, e)
            return
        finally:
            self.thinking.discard(code)
        if code in self.rooms:
            self._kick(self.rooms[code])  # whoever is to move now (a player back, another seat away)

    def _ai_failed(self, code: str, e: Exception) -> None:
        """An AI move went wrong (with a single process: a bug)."""
        log.error("room %s: the AI move failed", code, exc_info=e)

    def _current(self, code: str) -> Room:
        """The room as this server has it now (an empty stand-in once it is gone)."""
        return self.rooms.get(code) or _GONE

    async def _think(self, room: Room, level: str) -> int:
        """The AI's value for the room's current seat: from the pool, rooms in turn, within the move's
        deadline (a weaker level under load, :mod:`lasvegas.net.ai_pool`)."""
        try:
            value, played = await self.ai.move(room.code, level, room.think_args)
        except Exception as e:  # never stall the room
            log.warning("room %s: the AI move failed (%r); the first legal value is played", room.code, e)
            return room.fallback_value()
        if played != level:
            log.info("room %s: busy server, %s played for %s", room.code, played, level)
        return value

    async def _checkpoints(self) -> None:
        """Copy SQLite's write-ahead log into the database every few seconds, on a thread."""
        done = self.store.commits
        while True:
            await asyncio.sleep(2.0)
            if self.store.commits != done:
                done = self.store.commits
                try:
                    await asyncio.to_thread(self.store.checkpoint)
                except Exception:
                    log.exception("the database could not be checkpointed")

    # ---------------------------------------------------------- keepalive
    async def _keepalive(self) -> None:
        """Ping the connections that have said nothing for ``ping_interval`` (one task for all of them,
        in place of a task and timers per connection: a connection in play is heard from anyway)."""
        period = self.limits.ping_interval
        while True:
            await asyncio.sleep(period / 4)
            quiet = time.monotonic() - period
            for conn in list(self.conns):
                if conn.heard < quiet and not conn.pinging and not conn.closing:
                    conn.pinging = True
                    self._spawn(self._ping(conn))

    async def _ping(self, conn: Conn) -> None:
        async def answered() -> None:
            pong = await conn.ws.ping()
            await pong

        try:
            await asyncio.wait_for(answered(), self.limits.ping_interval)
            conn.heard = time.monotonic()
        except asyncio.TimeoutError:
            conn.close(1011, "no answer to a ping")
        except ConnectionClosed:
            pass
        finally:
            conn.pinging = False

    # ------------------------------------------------------------ reaping
    async def _reaper(self) -> None:
        period = self.limits.reap_period
        if period is None:
            period = max(0.5, min(60.0, min(self.limits.idle_timeout, self.limits.day,
                                            self.limits.lobby_timeout) / 4))
        while True:
            await asyncio.sleep(period)
            now = time.time()
            hour_ago = time.monotonic() - 3600
            for table in (self.created_by, self.misses):
                for addr, times in list(table.items()):
                    if all(t < hour_ago for t in times):
                        del table[addr]
            for code, room in list(self.rooms.items()):
                if not room.started and now - room.touched > self.limits.lobby_timeout:
                    self._remove(room, f"room {code} was closed: its game did not start within "
                                       f"{self.limits.lobby_timeout:g} s of its last change")
                    continue
                if not self.seated.get(code) and now - room.touched > room.kept_for(self.limits.idle_timeout,
                                                                                       self.limits.day):
                    del self.rooms[code]
                    self.seated.pop(code, None)
                    self.store.delete(code)
                    self._commit()
                    log.info("room %s removed after %.0f s without anyone", code, now - room.touched)
                    continue
                if (room.started and not room.over and not self.seated.get(code) and code not in self.thinking
                        and code not in self._announce
                        and now - max(room.touched, self.left_at.get(code, 0.0)) > self.limits.abandoned_after):
                    self._park(room)
            for code, until in list(self.parked.items()):
                if now > until:
                    del self.parked[code]
                    self.store.delete(code)
                    self._commit()
                    log.info("parked room %s removed after its keeping time", code)


class RoomLost(RoomError):
    """A room the server had but could not restore (not a wrong code: no guess to count)."""


class _Gone:
    turn = -1


_GONE: Any = _Gone()


def _kind(raw: str) -> str | None:
    """The message type of a message that failed for a reason of its own (for the error's ``about``)."""
    try:
        import json

        t = json.loads(raw).get("type")
        return t if isinstance(t, str) and len(t) <= 32 else None
    except Exception:
        return None


def tls_context(cert: str, key: str | None = None) -> ssl.SSLContext:
    """A server-side TLS context from a PEM certificate chain and its private key
    (``OSError`` or ``ssl.SSLError`` when they cannot be read)."""
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(cert, key)
    return ctx


def run_server(host: str, port: int, db: str | None, limits: Limits,
               ready: Callable[[str, int], None], tls: ssl.SSLContext | None = None) -> None:
    """Run a server until SIGTERM or SIGINT; ``ready(host, port)`` once it accepts connections;
    ``tls``: serve ``wss://`` with that context.
    A database that cannot be opened raises ``OSError`` or ``sqlite3.Error``; a damaged one
    :class:`~lasvegas.net.salvage.DamagedDatabase`."""
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not a line per connection
    from pathlib import Path

    from .salvage import check
    from .store import default_path

    check(Path(db) if db is not None else default_path())  # DamagedDatabase: the file and what to do
    store = Store(db)
    run_loop(GameServer(store, limits).run(host, port, ready, tls))


def run_loop(main: Any) -> Any:
    """Run a server's main coroutine on uvloop's event loop where it is installed (the ``server``
    extra, not on Windows: an event loop written in C, about a tenth less CPU per move), else asyncio's,
    with the garbage collection of a server process (:func:`_collect_rarely`)."""
    _collect_rarely()
    main = _collecting(main)
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(main)


#: seconds between two full garbage collections of a server process
FULL_COLLECTION_PERIOD = 300.0


def _collect_rarely() -> None:
    """A server process collects its young objects less often and its old ones on a timer.

    Python's cycle collector scans every old object again each time the old generation has grown by a
    quarter: with thousands of connections and rooms that is a pause of a second or more (measured:
    8 full collections, 4.6 s in all, the longest 1.4 s, in a minute of 2,000 rooms on a loaded
    machine), which every room waits through.  Almost everything a move makes is freed at once by
    its reference count; what only the collector frees (cycles: a closed connection's objects) is
    collected every :data:`FULL_COLLECTION_PERIOD` seconds.  What is loaded before the server starts
    (modules, classes) is never scanned again.

    Young objects are collected every 10,000 allocations (Python's default: 700) and the middle
    generation every 3 young collections (default 10): it holds what survived since its last
    collection, and after thousands of clients have connected that is every connection's objects.
    Measured at 2,000 rooms (`gc.callbacks`): with the middle generation collected every 50 young
    collections of 20,000, its first pass came tens of seconds into play and held every room for
    377 ms; every 5, each pass took 25–50 ms every 3–7 s; with 10,000 and 3, no pass in play took
    20 ms."""
    gc.freeze()
    gc.set_threshold(10_000, 3, 10**6)  # the third: no full collection but the timer's


async def _collecting(main: Any) -> Any:
    async def collect() -> None:
        while True:
            await asyncio.sleep(FULL_COLLECTION_PERIOD)
            gc.collect()
    timer = asyncio.get_running_loop().create_task(collect())
    try:
        return await main
    finally:
        timer.cancel()


class HostedServer:
    """A server run by the game itself on a thread of its own ("Host" on this computer).

    ``url`` once started (``ws://HOST:PORT``); ``name``: announce it on the local
    network under that name (zeroconf) while it runs.  ``close()`` stops it."""

    def __init__(self, db: str | None = None, *, host: str = "0.0.0.0", port: int = 0,
                 limits: Limits | None = None, name: str | None = None,
                 interfaces: list[str] | None = None, timeout: float = 30.0) -> None:
        self.server = GameServer(Store(db), limits)
        self.url = ""
        self.advertiser = None
        self.error: BaseException | None = None
        ready = threading.Event()

        def on_ready(h: str, p: int) -> None:
            self.port = p
            shown = "127.0.0.1" if h in ("0.0.0.0", "") else h
            self.url = f"ws://{shown}:{p}"
            ready.set()

        def main() -> None:
            try:
                asyncio.run(self.server.run(host, port, on_ready))
            except BaseException as e:  # kept for the caller: the game shows it
                self.error = e
                ready.set()
        self.thread = threading.Thread(target=main, name="lasvegas-host", daemon=True)
        self.thread.start()
        if not ready.wait(timeout) or self.error is not None:
            raise OSError(f"the server could not start: {self.error or 'no answer'}")
        if name is not None:
            from .discovery import Advertiser

            address = None if host in ("0.0.0.0", "") else host
            self.advertiser = Advertiser(name, self.port, address=address, interfaces=interfaces)

    def close(self, timeout: float = 10.0) -> None:
        if self.advertiser is not None:
            self.advertiser.close()
            self.advertiser = None
        self.server.stop()
        self.thread.join(timeout)
