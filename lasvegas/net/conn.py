"""The game server's connections and their limits: a client's socket, its budget of messages and
mistakes, and the frames written straight to it."""

from __future__ import annotations

import asyncio
import collections
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State
try:
    from websockets.speedups import apply_mask
except ImportError:  # the library built without its C part
    from websockets.utils import apply_mask

from . import protocol
from .guard import default_ai_workers, default_max_connections


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


