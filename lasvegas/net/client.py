"""The client side: a link to the server on a thread of its own (each game's remote match is in its
folder: :class:`~lasvegas.net.lasvegas.remote.RemoteMatch`, :class:`~lasvegas.net.lords.remote.LordsRemoteMatch`).

:class:`Link` keeps one WebSocket connection to a server (the websockets
library's synchronous client on a daemon thread): it sends the first request
(``create``, ``join`` or ``resume``), hands every message it receives to a
queue, and when the connection drops it connects again and resumes its seat
with the token, from the last event it received, until the game is over or
the server refuses it for good.  It is the one WebSocket client of the desktop game and its
bots, for both games (a Lords of Vegas seat's link: :class:`~lasvegas.net.lords.remote.LordsLink`):
every connection is made by :func:`dial` (frames bounded, no compression), so a certificate that
is not trusted, an address behind a proxy (:func:`route`) and the back-off are handled once.
"""

from __future__ import annotations

import queue
import secrets
import ssl
import threading
import time
from typing import Any, Callable, Iterator

from websockets.exceptions import ConnectionClosed, InvalidURI
from websockets.sync.client import connect

from . import protocol
from .protocol import ProtocolError, encode, event_from_wire

#: Errors after which the link stops trying (the room or the seat is gone for good).
FATAL = frozenset({"version", "no-room", "bad-token", "room-full", "started", "server-full",
                   "too-many-connections", "taken-over", "field", "too-many-rooms", "room-lost"})
#: Errors after which a seated link stops trying.
FATAL_SEATED = frozenset({"version", "no-room", "bad-token", "taken-over", "room-lost"})
#: Seconds between attempts to connect again: growing, then steady.
BACKOFF = (0.1, 0.25, 0.5, 1.0, 2.0)


class _Finished(Exception):
    """The link's work is done (the game is over or the server refused the seat)."""


class RemoteError(Exception):
    """The server refused us (``code`` is the protocol's error code) or cannot be reached."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def addresses(text: str) -> list[str]:
    """The server addresses in ``text`` (one, or several separated by commas), in order."""
    urls = [u.strip() for u in text.split(",") if u.strip()]
    return urls or [text]


def route(url: str, room: str | None) -> str:
    """The address a link connects to: the server's address followed by ``room/CODE`` for a room it
    knows, or ``new/<random>`` to make one.  A server reads no path; a proxy in front of several server
    processes hashes it to keep a room's players on one process (docs/hosting.md), and spreads the
    new rooms."""
    base, _, query = url.partition("?")
    tail = f"room/{room}" if room else f"new/{secrets.token_hex(4)}"
    return base.rstrip("/") + "/" + tail + (f"?{query}" if query else "")


def dial(url: str, *, open_timeout: float = 10.0, close_timeout: float = 2.0):
    """A WebSocket connection to ``url`` (a context manager): the only place the package opens one as
    a client (the lean bench clients aside: :mod:`lasvegas.net.bench_wire`).  A frame from the server
    is at most ``16 * MAX_FRAME`` bytes (a larger one closes the connection: 1009), none compressed."""
    return connect(url, open_timeout=open_timeout, max_size=protocol.MAX_FRAME * 16,
                   close_timeout=close_timeout, compression=None)


def exchange(url: str, messages: list[str], timeout: float) -> Iterator[dict]:
    """Send ``messages`` on one connection, then yield as many answers (each checked by
    :func:`protocol.read_server`), waiting at most ``timeout`` seconds for each; closed after.  The
    title's question of where each kept game stands (no seat is taken)."""
    with dial(url, open_timeout=timeout, close_timeout=1) as ws:
        for m in messages:
            ws.send(m)
        for _ in messages:
            yield protocol.read_server(ws.recv(timeout=timeout))


class Link:
    """One seat's connection to a server, kept alive on a daemon thread.

    ``url``: the server's address, or several separated by commas (server
    processes sharing their rooms): when one cannot be reached the link moves to
    the next.  ``request``: the first message (a ``create``, ``join`` or ``resume`` dict).
    Messages received go to ``inbox`` as dicts (events already turned into
    :class:`Event` objects, each delivered once, in order); ``("closed",
    RemoteError)`` ends the stream.  ``give_up_after``: seconds without a
    connection before the link reports the server gone.
    """

    #: the protocol version of the messages it sends (a Lords of Vegas room's are version 2)
    version = protocol.VERSION
    #: the resume point before any event came (None: a resume says no ``since``)
    first_cursor: int | None = None

    def __init__(self, url: str, request: dict, *, give_up_after: float = 120.0,
                 on_welcome: Callable[[dict], None] | None = None) -> None:
        self.urls = addresses(url)
        self.url = self.urls[0]
        self.request = dict(request)
        self.give_up_after = give_up_after
        self.on_welcome = on_welcome
        self.inbox: queue.Queue = queue.Queue()
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        #: events received so far (the resume point)
        self.cursor: int | None = self.first_cursor
        self.over = False
        self._ws = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        #: connections made so far (a message sent on an earlier one may have been lost)
        self.generation = 0
        #: the room named in the address of the connection (None: one made to create a room)
        self.routed: str | None = None
        self._reroute = False
        #: the last receipt of the seat's moves the server gave (shown on ``resume``: docs/protocol.md)
        self.receipt: str | None = protocol.receipt_of(request, None)
        self._thread = threading.Thread(target=self._run, name="lasvegas-link", daemon=True)
        self._thread.start()

    # --------------------------------------------------------------- use
    def send(self, kind: str, **fields: Any) -> bool:
        """Send a message now; False when not connected (the caller retries or waits)."""
        with self._lock:
            ws = self._ws
        if ws is None:
            return False
        try:
            ws.send(encode(kind, self.version, **fields))
            return True
        except (ConnectionClosed, OSError, RuntimeError):
            return False

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            ws = self._ws
        if ws is not None:
            try:
                ws.close()
            except Exception:
                pass

    @property
    def connected(self) -> bool:
        return self._ws is not None

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    # ------------------------------------------------------------ thread
    def _run(self) -> None:
        self._lost_since = time.monotonic()
        attempt = 0
        while not self._stop.is_set():
            try:
                self.routed = self.room or self.request.get("room")
                with dial(route(self.url, self.routed)) as ws:
                    attempt = 0
                    self._talk(ws)
            except _Finished:
                return
            except ssl.SSLCertVerificationError as e:  # a ValueError too; trying again won't change it
                self._end(RemoteError("unreachable", f"cannot reach {self.url}: its certificate is not trusted "
                                                     f"({e.verify_message}); see SSL_CERT_FILE in docs/hosting.md"))
                return
            except (InvalidURI, ValueError):
                self._end(RemoteError("unreachable", f"{self.url} is not a ws:// or wss:// address"))
                return
            except Exception as e:  # refused, reset, cut during the handshake, timed out: try again
                if time.monotonic() - self._lost_since > self.give_up_after:
                    self._end(RemoteError("unreachable", f"cannot reach {', '.join(self.urls)}: {e}"))
                    return
                following = (self.urls.index(self.url) + 1) % len(self.urls)
                self.url = self.urls[following]
                if following == 0:  # every address tried: wait a little before the next round
                    self._stop.wait(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                    attempt += 1
                continue
            if self.over:
                self._end(None)
                return

    def _talk(self, ws) -> None:
        """One connection: the first request, then every message until it closes."""
        with self._lock:
            self._ws = ws
            self.generation += 1
        try:
            ws.send(encode(v=self.version, **self._first_request()))
            for raw in ws:
                if self._handle(raw):
                    raise _Finished
                if self._reroute:  # connect again, to the room's own address, and resume
                    self._reroute = False
                    return
        except ConnectionClosed:
            pass
        finally:
            with self._lock:
                self._ws = None
            self._lost_since = time.monotonic()

    def _first_request(self) -> dict:
        if self.token is not None:
            req = {"kind": "resume", "room": self.room, "token": self.token}
            if self.cursor is not None:
                req["since"] = self.cursor
            if self.receipt is not None:  # what the server acknowledged: evidence if it lost it since
                req["receipt"] = self.receipt
            return req
        req = dict(self.request)
        req["kind"] = req.pop("type")
        return req

    def _handle(self, raw: Any) -> bool:
        """Pass one message on; True when the link is finished."""
        try:
            msg = protocol.read_server(raw)
        except ProtocolError as e:
            self._end(RemoteError(e.code, e.message))
            return True
        kind = msg["type"]
        if kind == "welcome":
            self.room, self.seat, self.token = msg["room"], msg["seat"], msg["token"]
            if self.on_welcome is not None:
                self.on_welcome(msg)
            # a server process sharing its rooms with others: behind a proxy that hashes the address,
            # this room's own address may lead to another process, where its other players will be
            self._reroute = bool(msg.get("route")) and self.routed != self.room
        elif kind in ("state", "events"):
            self.receipt = protocol.receipt_of(msg, self.receipt)
            try:
                msg = self._events(msg)
            except ProtocolError as e:
                self._end(RemoteError(e.code, e.message))
                return True
            if msg is None:
                return False
        elif kind == "over":
            self.over = True
        elif kind == "error" and msg["code"] in (FATAL if self.token is None else FATAL_SEATED):
            self.inbox.put(msg)
            self._end(RemoteError(msg["code"], msg["message"]))
            return True
        self.inbox.put(msg)
        return False

    def _events(self, msg: dict) -> dict | None:
        """A ``state`` or ``events`` message as the inbox takes it (None: held back); the resume
        point follows it.  Las Vegas: the events as :class:`Event` objects, each once, in order."""
        if msg["type"] == "state":
            if self.cursor is not None:
                return None  # a resumed seat: the missing events follow
            self.cursor = msg["cursor"]
            msg["opening"] = [event_from_wire(e) for e in msg["opening"]]
            return msg
        if self.cursor is None:
            return None
        first, evs = msg["first"], msg["events"]
        new = evs[max(0, self.cursor - first):]
        if first > self.cursor:  # a gap cannot be filled by this stream: resume from the cursor
            self._ws.close()
            return None
        self.cursor += len(new)
        return {"type": "events", "events": [event_from_wire(e) for e in new]}

    def _end(self, error: RemoteError | None) -> None:
        self.inbox.put({"type": "closed", "error": error})
        self._stop.set()


__all__ = ["Link", "RemoteError", "dial", "exchange"]
