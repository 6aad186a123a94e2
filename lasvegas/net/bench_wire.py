"""The bench's WebSocket client, lean: what every client of ``lasvegas bench server`` and
``lasvegas bench server --ai`` speaks (:mod:`lasvegas.net.bench_clients` and the games' bench clients).

A game's own client (:class:`~lasvegas.net.client.Link`, the WebSocket library's synchronous client
on a thread a seat) costs a client process several times what a move costs the server, so on a
small machine thousands of rooms would measure the clients' queue, not the server.  This client
does as little as one can: the opening handshake of RFC 6455 written by hand, the server's text
frames read straight from the socket (a ping answered), the client's own frames masked; one
connection a seat, as the server sees a game's client.  :func:`open_wire` opens one (a handshake
that fails on a busy machine is tried again, as a real client does); :class:`Socket` reads it as a
stream of messages.  Only for the benchmarks against a server on this machine: no TLS, no bound
on a frame's size.
"""

from __future__ import annotations

import asyncio
import base64
import os
import struct
from typing import Callable
from urllib.parse import urlsplit

try:
    from websockets.speedups import apply_mask
except ImportError:  # (no compiled speed-ups on this platform)
    from websockets.utils import apply_mask

#: opcodes of RFC 6455
_TEXT, _CLOSE, _PING, _PONG = 0x1, 0x8, 0x9, 0xA


class _Wire(asyncio.Protocol):
    """One client's connection: the opening handshake, then each text message the server
    sends handed to ``on_text``; the client's own frames masked (RFC 6455 §5.3)."""

    def __init__(self, host: str, path: str) -> None:
        self.request = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n").encode()
        self.buf = bytearray()
        self.upgraded = False
        #: None once open, or why it could not be opened
        self.opened: asyncio.Future = asyncio.get_running_loop().create_future()
        #: None once the game is over, or why the connection was lost before
        self.closed: asyncio.Future = asyncio.get_running_loop().create_future()
        self.on_text = lambda payload: None
        self.transport: asyncio.Transport | None = None
        self.parts: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        transport.write(self.request)  # type: ignore[attr-defined]

    def connection_lost(self, exc: Exception | None) -> None:
        # (results, not exceptions: a future nobody awaits any more must not leave a warning)
        for fut in (self.opened, self.closed):
            if not fut.done():
                fut.set_result(ConnectionError("the server closed the connection"))

    def finish(self) -> None:
        """Close the connection: this client is done (its game ended, or it was refused a seat)."""
        self.transport.close()  # type: ignore[union-attr]
        if not self.closed.done():
            self.closed.set_result(None)

    def send(self, payload: bytes, opcode: int = _TEXT) -> None:
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        mask = os.urandom(4)
        assert self.transport is not None
        self.transport.write(head + mask + apply_mask(payload, mask))

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.upgraded:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buf[:buf.find(b"\r\n")])
            del buf[:end + 4]
            if not status.startswith(b"HTTP/1.1 101"):
                self.opened.set_result(ConnectionError(f"the handshake was refused: {status[:60]!r}"))
                self.transport.close()  # type: ignore[union-attr]
                return
            self.upgraded = True
            self.opened.set_result(None)
        pos = 0
        size = len(buf)
        while size - pos >= 2:
            b0, b1 = buf[pos], buf[pos + 1]
            n, head = b1 & 0x7F, 2
            if n == 126:
                if size - pos < 4:
                    break
                n, head = struct.unpack_from("!H", buf, pos + 2)[0], 4
            elif n == 127:
                if size - pos < 10:
                    break
                n, head = struct.unpack_from("!Q", buf, pos + 2)[0], 10
            if size - pos < head + n:
                break
            payload = bytes(buf[pos + head:pos + head + n])
            pos += head + n
            opcode = b0 & 0x0F
            if opcode == _PING:
                self.send(payload, _PONG)
            elif opcode == _CLOSE:
                self.transport.close()  # type: ignore[union-attr]
                break
            elif opcode in (_TEXT, 0):  # a text message, or a continuation of one
                self.parts.append(payload)
                if b0 & 0x80:
                    whole = payload if len(self.parts) == 1 else b"".join(self.parts)
                    self.parts = []
                    self.on_text(whole)
        del buf[:pos]


async def open_wire(url: str, opening: asyncio.Semaphore | None = None, tries: int = 5,
                    on_retry: Callable[[], None] = lambda: None) -> _Wire:
    """A connection to the server at ``url`` once its handshake is answered; one that fails is tried
    again, up to ``tries`` times (``on_retry`` told each time).  ``opening``: bounds the handshakes
    under way at once (thousands at once: the server's time for one runs out)."""
    loop = asyncio.get_running_loop()
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    gate = opening if opening is not None else asyncio.Semaphore(1)
    for attempt in range(tries):
        wire = None
        try:
            async with gate:
                _t, wire = await loop.create_connection(lambda: _Wire(f"{host}:{port}", parts.path or "/"), host, port)
                refused = await asyncio.wait_for(asyncio.shield(wire.opened), 60)
            if refused is None:
                return wire
            raise refused
        except (OSError, ConnectionError, asyncio.TimeoutError):
            if wire is not None and wire.transport is not None:
                wire.transport.close()
            if attempt == tries - 1:
                raise
            on_retry()
            await asyncio.sleep(0.5 * (attempt + 1))
    raise AssertionError("unreachable")


class Socket:
    """A :class:`_Wire` read as a stream of messages: ``await send(text)``, ``async for raw in socket``
    (each message's bytes, until this client finishes: ``ConnectionError`` when the connection is
    lost first), ``async with`` closes it."""

    def __init__(self, wire: _Wire) -> None:
        self.wire = wire
        self.queue: asyncio.Queue = asyncio.Queue()
        wire.on_text = self.queue.put_nowait
        wire.closed.add_done_callback(lambda _f: self.queue.put_nowait(None))

    async def send(self, message: str | bytes) -> None:
        self.wire.send(message.encode() if isinstance(message, str) else message)

    def __aiter__(self) -> "Socket":
        return self

    async def __anext__(self) -> bytes:
        raw = await self.queue.get()
        if raw is None:
            self.queue.put_nowait(None)  # (a later read ends too)
            lost = self.wire.closed.result()
            if lost is not None:
                raise lost
            raise StopAsyncIteration
        return raw

    async def __aenter__(self) -> "Socket":
        return self

    async def __aexit__(self, *_exc: object) -> None:
        assert self.wire.transport is not None
        self.wire.transport.close()


async def open_socket(url: str, opening: asyncio.Semaphore | None = None, tries: int = 5,
                      on_retry: Callable[[], None] = lambda: None) -> Socket:
    """:func:`open_wire`, read as a :class:`Socket`."""
    return Socket(await open_wire(url, opening, tries, on_retry))


__all__ = ["Socket", "open_socket", "open_wire"]
