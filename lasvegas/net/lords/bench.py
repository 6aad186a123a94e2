"""``lasvegas bench server --game lords``: the server bench's clients for Lords of Vegas rooms.

Each room has four protocol-2 clients (4 human seats).  A client answers each
``decide`` of its seat with a plain policy that costs it almost nothing, so
that what is measured is the server: in its Step 2 it builds on one of its own
marked lots (half the time, a random colour; the engine refuses what it cannot
afford, and the client then ends its turn), else ends the turn; it declines the
lay-off, keeps D8's placement, makes the first forced move and rejects trades.
The figures are those of the Las Vegas bench (:mod:`lasvegas.net.bench`); a
move's round trip runs from its ``act`` until all four clients have its events.
"""

from __future__ import annotations

import json
import random
import time


from ...lords.board import COLOURS
from ..bench_clients import _Bench, _Room
from ..protocol import LORDS_VERSION


def _send(fields: dict) -> str:
    return json.dumps({"v": LORDS_VERSION, **fields})


class LordsBench(_Bench):
    async def _client(self, room: _Room, seat_index: int, seed: int, url: str) -> None:
        rng = random.Random(seed)
        if seat_index != 0:
            await room.joined.wait()
        async with await self._connect(url) as ws:
            if seat_index == 0:
                await ws.send(_send({"type": "create", "game": "lords", "players": 4}))
            else:
                await ws.send(_send({"type": "join", "room": room.code}))
            seat = None
            events: list[dict] = []
            mine: set[str] = set()
            playing = False
            last: tuple[int, int] | None = None  # (move number, cursor) of the last act
            async for raw in ws:
                msg = json.loads(raw)
                kind = msg["type"]
                if kind == "welcome":
                    seat = msg["seat"]
                    if seat_index == 0:
                        room.code = msg["room"]
                        room.joined.set()
                elif kind == "state":
                    if not playing:
                        playing = True
                        self._count(ready=1)
                    if not events:
                        events = list(msg["opening"])
                        for e in events:
                            if e["event"] == "Dealt" and e["seat"] == seat:
                                mine.update(e["cards"])
                elif kind == "events":
                    first = msg["first"]
                    for e in msg["events"][max(0, len(events) - first):]:
                        ev = e["event"]
                        if ev == "MarkerPlaced" and e["seat"] == seat:
                            mine.add(e["lot"])
                            mine.discard(e.get("from_lot"))
                        elif ev == "Built" and e["seat"] == seat:
                            mine.discard(e["lot"])
                    events[first:] = msg["events"]
                    self._seen(room, first)
                    if events and events[-1]["event"] == "GameEnded":
                        room.over += 1
                        self.finished += room.over == 4
                        return
                elif kind == "error":
                    self.errors += 1
                    self.error_kinds[msg.get("code")] = self.error_kinds.get(msg.get("code"), 0) + 1
                    if not playing:
                        self._count(lost=4 if seat_index == 0 and not room.joined.is_set() else 1)
                        return
                    if msg.get("code") == "illegal" and last is not None:  # the build was refused
                        turn, cursor = last
                        room.sent.pop(cursor, None)
                        room.sent.setdefault(cursor, time.monotonic())
                        await ws.send(_send({"type": "act", "turn": turn, "action": {"type": "end_turn"}}))
                elif kind == "decide" and msg["seat"] == seat:
                    await self._move_soon()
                    action = _answer(msg, mine, rng)
                    last = (msg["turn"], len(events))
                    room.sent.setdefault(len(events), time.monotonic())
                    await ws.send(_send({"type": "act", "turn": msg["turn"], "action": action}))


def _answer(d: dict, mine: set[str], rng: random.Random) -> dict:
    what = d["what"]
    if what == "play":
        if mine and rng.random() < 0.5:
            return {"type": "build", "lot": rng.choice(sorted(mine)), "colour": rng.choice(COLOURS)}
        return {"type": "end_turn"}
    if what == "place":
        return {"type": "place_dice", "values": d["decision"]["default"]}
    if what == "trade":
        return {"type": "reject", "proposer": d["decision"]["from"][0]}
    return d["legal"][0]
