"""The game server: asyncio + websockets, rooms by code, the rules engine as the only judge.

Every connection speaks the protocol of :mod:`lasvegas.net.protocol`.  A
connection is bound to one seat (by ``create``, ``join`` or ``resume`` with
the seat's token) and may act only for it.  Every move is saved
(:class:`~lasvegas.net.movestore.MoveStore`) before anyone hears of it.  AI seats,
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
import gc
import logging
import signal
import ssl
import sys
import threading
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve

from . import guard, protocol  # noqa: F401
from .ai_pool import AIPool
from .room import Room
from .movestore import MoveStore
from .store import Store
from .conn import POLICY, TRY_LATER, UNSUPPORTED, READ_SIZE, Limits, Conn, text_frame, frame, FastConnection  # noqa: F401  (the server's face)
from .dispatch import Dispatch, _kind  # noqa: F401
from .passes import Passes
from .rooms import _GONE, Parked, RoomLost, Rooms, _Gone  # noqa: F401

log = logging.getLogger("lasvegas.server")


class GameServer(Dispatch, Rooms, Passes):
    #: extra fields of a ``welcome``: a server sharing its rooms with other processes asks the client to
    #: connect again to the room's own address (client.route), for a proxy that hashes it
    routing: dict = {}

    def __init__(self, store: MoveStore, limits: Limits | None = None, levels: list[str] | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        if levels is None:
            from ..games.registry import all_levels

            levels = list(dict.fromkeys(level.name for _game, level in all_levels()))
        #: the AI levels this server seats (by name, in every game that has them: a room seats those of
        #: its game's levels, ``Room.levels``)
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
        #: games in play parked in the store (:meth:`_park`): code -> when it is removed, its address
        self.parked: dict[str, Parked] = {}
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
        if self._commit_soon is not None:  # (the store commits what is queued as it closes)
            self._commit_soon.cancel()
            self._commit_soon = None
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
