"""The clients of ``lasvegas bench server`` that every kind of bench client builds on: a room's
moves in flight (``_Room``) and the bench's Las Vegas AI client (``_Bench``: connect, seat,
play an AI on the public table, time each move's round trip).  Every bench client connects with
the bench's lean WebSocket client (:mod:`lasvegas.net.bench_wire`).  The lean clients
(``lasvegas/bench_lean.py``) and the Lords of Vegas clients (``lords/bench.py``) derive from it;
``bench.py`` runs them against a server."""

from __future__ import annotations

import asyncio
import json
import random
import time

from ..ai import make_ai
from ..core import DicePlaced, GameEnded
from .bench_wire import Socket, _Wire, open_socket, open_wire
from .lasvegas.table import _PublicTable
from .protocol import encode, event_from_wire, view_from_wire


class _Room:
    def __init__(self) -> None:
        self.code: str | None = None
        self.joined = asyncio.Event()
        self.sent: dict[int, float] = {}  # move number -> when it was sent
        self.seen: dict[int, int] = {}  # move number -> clients that have its DicePlaced
        self.moves = 0
        self.over = 0


class _Bench:
    def __init__(self, url: str, level: str, seconds: float, think: float) -> None:
        self.url = url
        self.think = think
        self.rng = random.Random(1)
        self.level = level
        self.seconds = seconds
        self.rtts: list[float] = []
        self.moves = 0
        self.errors = 0
        #: error code (or exception) -> how many
        self.error_kinds: dict[str, int] = {}
        self.clients = 0
        self.ready = 0
        #: clients that failed (could not connect, were closed): every room counts as in play without them
        self.lost = 0
        #: when every room of every client process was in play (time.monotonic, set by the driver)
        self.t_ready = float("inf")
        #: rooms whose four clients have seen the end
        self.finished = 0
        #: connections opened again after a failed handshake
        self.retries = 0
        #: opening handshakes under way at once (thousands at once: the server's time for one runs out)
        self.opening = asyncio.Semaphore(64)
        #: set once every room is in play: no client moves before, so that the rooms already playing
        #: do not take the machine from those still connecting (thousands of rooms: seating took minutes)
        self.go = asyncio.Event()

    async def _move_soon(self) -> None:
        """Wait until every room is in play, then the client's thinking time."""
        if not self.go.is_set():
            await self.go.wait()
        if self.think:
            await asyncio.sleep(self.think * (0.5 + self.rng.random()))

    def _count(self, ready: int = 0, lost: int = 0) -> None:
        self.ready += ready
        self.lost += lost

    async def client(self, room: _Room, seat_index: int, seed: int, url: str) -> None:
        try:
            await self._client(room, seat_index, seed, url)
        except Exception as e:  # could not connect (refused, timed out, handshake failed) or closed
            self.error_kinds[type(e).__name__] = self.error_kinds.get(type(e).__name__, 0) + 1
            # a room whose creator failed is never joined: its three other clients are lost with it
            self._count(lost=4 if seat_index == 0 and not room.joined.is_set() else 1)
            raise

    async def _client(self, room: _Room, seat_index: int, seed: int, url: str) -> None:
        ai = make_ai(self.level, seed)
        if seat_index != 0:  # connect once the room exists (a connection says what it wants at once)
            await room.joined.wait()
        async with await self._connect(url) as ws:
            if seat_index == 0:
                await ws.send(encode("create", players=4))
            else:
                await ws.send(encode("join", room=room.code))
            table = None
            seat = None
            sent_turn = -1
            async for raw in ws:  # until the game ends or the bench cancels the task
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "welcome":
                    seat = msg["seat"]
                    if seat_index == 0:
                        room.code = msg["room"]
                        room.joined.set()
                elif kind == "state":
                    if table is None:  # (a client is counted once: a server may send the state again)
                        self._count(ready=1)
                    table = _PublicTable(_config(), view_from_wire(msg["view"]), msg["view"]["won"], msg["turn"])
                elif kind == "events" and table is not None:
                    for d in msg["events"]:
                        ev = event_from_wire(d)
                        if isinstance(ev, DicePlaced):
                            self._seen(room, table.turn)
                        table.apply(ev)
                        if isinstance(ev, GameEnded):
                            room.over += 1
                            self.finished += room.over == 4
                            return
                elif kind == "error":
                    self.errors += 1
                    self.error_kinds[msg.get("code")] = self.error_kinds.get(msg.get("code"), 0) + 1
                    if table is None:  # refused before it had a seat: this client will not play
                        self._count(lost=4 if seat_index == 0 and not room.joined.is_set() else 1)
                        return
                if table is not None and table.to_act == seat and sent_turn != table.turn:
                    sent_turn = table.turn
                    await self._move_soon()
                    value = ai.choose(table.game(seed + table.turn)).value
                    room.sent.setdefault(table.turn, time.monotonic())
                    await ws.send(encode("place", value=value, turn=table.turn))

    def _retried(self) -> None:
        self.retries += 1

    async def _open(self, url: str, tries: int = 5) -> _Wire:
        """A connection to the server; a handshake that fails (a busy machine: the server's opening
        handshake timed out) is tried again, as a real client does, up to ``tries`` times."""
        return await open_wire(url, self.opening, tries, self._retried)

    async def _connect(self, url: str, tries: int = 5) -> Socket:
        """:meth:`_open`, read as a stream of messages."""
        return await open_socket(url, self.opening, tries, self._retried)

    def _seen(self, room: _Room, turn: int) -> None:
        n = room.seen.get(turn, 0) + 1
        room.seen[turn] = n
        if n == 1:
            self.moves += 1
        if n == 4 and turn in room.sent:
            sent = room.sent.pop(turn)
            if sent >= self.t_ready:  # once every room is in play (connecting is not a move)
                self.rtts.append(time.monotonic() - sent)
            del room.seen[turn]


def _config():
    from ..core import COLOURS, Config

    return Config(seats=COLOURS[:4])
