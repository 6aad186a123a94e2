"""Lean clients for ``lasvegas bench server --client-level lean`` (Las Vegas rooms).

The bench's usual clients read each message into the events of the rules engine,
keep a mirror of the public table and let the AI choose on a rebuilt game.  That
costs a client process several times what a move costs the server, so on a small
machine thousands of rooms measure the clients' queue, not the server.  A lean
client speaks the same protocol with as little work as a client can do: every
bench client's connection (:mod:`lasvegas.net.bench_wire`), its text frames
handed over as they arrive, a message decoded with msgspec, and only what a move
needs kept (whose turn, the turn number, the values of the roll).  It
places one of the rolled values at random, a legal move by the rules (the server
checks it as any other), after the same thinking time as the usual clients; its
moves and round trips are counted as theirs.  The server sees the same traffic:
one WebSocket connection a seat, one ``place`` message a move.
"""

from __future__ import annotations

import asyncio
import random
import time

import msgspec

from ..bench_clients import _Bench, _Room
from ..protocol import encode_bytes

_decode = msgspec.json.decode


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
