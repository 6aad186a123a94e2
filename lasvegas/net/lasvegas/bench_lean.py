"""Lean clients for ``lasvegas bench server --client-level lean`` (Las Vegas rooms).

The bench's usual clients are the game's own: the WebSocket library's client, each
message read into the events of the rules engine, a mirror of the public table and
the AI choosing on a rebuilt game.  That costs a client process several times what a
move costs the server, so on a small machine thousands of rooms measure the clients'
queue, not the server.  A lean client speaks the same protocol with as little work
as a client can do: the opening handshake of RFC 6455 written by hand, the server's
text frames read straight from the socket, a message decoded with msgspec, and only
what a move needs kept (whose turn, the turn number, the values of the roll).  It
places one of the rolled values at random, a legal move by the rules (the server
checks it as any other), after the same thinking time as the usual clients; its
moves and round trips are counted as theirs.  The server sees the same traffic:
one WebSocket connection a seat, one ``place`` message a move.
"""

from __future__ import annotations

import asyncio
import base64
import os
import random
import struct
import time
from urllib.parse import urlsplit

import msgspec

from ..bench_clients import _Bench, _Room
from ..protocol import encode_bytes

try:
    from websockets.speedups import apply_mask
except ImportError:  # (no compiled speed-ups on this platform)
    from websockets.utils import apply_mask

_decode = msgspec.json.decode
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


class LeanBench(_Bench):
    """The bench with lean clients (see the module's text); Las Vegas rooms only."""

    def __init__(self, url: str, level: str, seconds: float, think: float) -> None:
        super().__init__(url, level, seconds, think)
        self.loop = asyncio.get_running_loop()
        #: moves held until every room is in play
        self.held: list = []
        self.releasing = self.loop.create_task(self._release())  # (kept: a task nobody holds may be collected)

    async def _release(self) -> None:
        await self.go.wait()
        held, self.held = self.held, []
        for move in held:
            self._later(move)

    def _later(self, move) -> None:
        if not self.go.is_set():
            self.held.append(move)
        elif self.think:
            self.loop.call_later(self.think * (0.5 + self.rng.random()), move)
        else:
            self.loop.call_soon(move)

    async def _open(self, url: str, tries: int = 5) -> _Wire:
        parts = urlsplit(url)
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        for attempt in range(tries):
            wire = None
            try:
                async with self.opening:
                    _t, wire = await self.loop.create_connection(
                        lambda: _Wire(f"{host}:{port}", parts.path or "/"), host, port)
                    refused = await asyncio.wait_for(asyncio.shield(wire.opened), 60)
                if refused is None:
                    return wire
                raise refused
            except (OSError, ConnectionError, asyncio.TimeoutError):
                if wire is not None and wire.transport is not None:
                    wire.transport.close()
                if attempt == tries - 1:
                    raise
                self.retries += 1
                await asyncio.sleep(0.5 * (attempt + 1))
        raise AssertionError("unreachable")

    async def _client(self, room: _Room, seat_index: int, seed: int, url: str) -> None:
        rng = random.Random(seed)
        if seat_index != 0:
            await room.joined.wait()
        wire = await self._open(url)
        me = {"seat": None, "turn": -1, "current": None, "values": (), "sent": -1, "counted": False}

        def move() -> None:
            turn = me["turn"]
            if me["current"] != me["seat"] or not me["values"] or turn != me["sent"] or wire.closed.done():
                return
            room.sent.setdefault(turn, time.monotonic())
            wire.send(encode_bytes("place", value=rng.choice(sorted(set(me["values"]))), turn=turn))

        def on_text(raw: bytes) -> None:
            msg = _decode(raw)
            kind = msg.get("type")
            if kind == "events" and me["counted"]:
                for e in msg["events"]:
                    name = e["event"]
                    if name == "DiceRolled":
                        me["current"], me["values"] = e["seat"], e["values"]
                    elif name == "DicePlaced":
                        self._seen(room, me["turn"])
                        me["turn"] += 1
                        me["values"] = ()
                    elif name == "GameEnded":
                        room.over += 1
                        self.finished += room.over == 4
                        wire.finish()
                        return
            elif kind == "welcome":
                me["seat"] = msg["seat"]
                if seat_index == 0:
                    room.code = msg["room"]
                    room.joined.set()
            elif kind == "state":
                if not me["counted"]:
                    me["counted"] = True
                    self._count(ready=1)
                view = msg["view"]
                me["turn"], me["current"] = msg["turn"], view["current"]
                me["values"] = () if view["over"] else tuple(v for _o, v in view["roll"])
            elif kind == "error":
                self.errors += 1
                self.error_kinds[msg.get("code")] = self.error_kinds.get(msg.get("code"), 0) + 1
                if not me["counted"]:
                    self._count(lost=4 if seat_index == 0 and not room.joined.is_set() else 1)
                    wire.finish()
                    return
            if me["values"] and me["current"] == me["seat"] and me["sent"] != me["turn"]:
                me["sent"] = me["turn"]
                self._later(move)

        wire.on_text = on_text
        wire.send(encode_bytes("create", players=4) if seat_index == 0 else encode_bytes("join", room=room.code))
        try:
            lost = await wire.closed
            if lost is not None:
                raise lost
        finally:
            wire.transport.close()  # type: ignore[union-attr]
