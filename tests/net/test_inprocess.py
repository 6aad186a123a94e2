"""What the server does between messages, in-process: a GameServer and stand-in sockets (what is under
test is the timing of the server's own steps, not the network).

* The hello time of a connection whose first message is still being handled when the time runs out
  (a ``join`` waiting on a shared store) is over once the message is done, not in the middle of it.
* The moves committed together (``commit_delay``) reach every seat once each, in order, a room's
  moves of one commit in one ``events`` message.
"""

import asyncio
import json

from websockets.protocol import State

from lasvegas.net.server import Conn, GameServer, Limits
from lasvegas.net.store import Store


class _Transport:
    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def get_write_buffer_size(self) -> int:
        return 0

    def write(self, data: bytes) -> None:
        self.sent.append(data)


class _Protocol:
    state = State.OPEN
    writes: list = []


class _Socket:
    def __init__(self) -> None:
        self.transport = _Transport()
        self.protocol = _Protocol()

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def _run(seat: bool) -> tuple[list[str], Conn, list[float]]:
    async def main():
        server = GameServer(Store(":memory:"), Limits(hello_timeout=0.1, ai_workers=1), levels=["easy"])
        conn = Conn(_Socket(), "127.0.0.1", server.limits)
        marks: list[float] = []
        loop = asyncio.get_running_loop()

        async def slow_join() -> None:  # a join that waits 0.4 s on its store, then seats (or not)
            await asyncio.sleep(0.4)
            marks.append(loop.time())
            if seat:
                conn.seated = True

        server._dispatch = lambda c, msg: slow_join()
        loop.call_later(server.limits.hello_timeout, server._hello_over, conn)
        server._take(conn, '{"v":1,"type":"join","room":"ABCDEF"}')
        deadline = loop.time() + 5
        while loop.time() < deadline and (conn.waiting is not None or loop.time() < marks[0] + 0.2
                                          if marks else True):
            await asyncio.sleep(0.02)
        if conn.closer is not None:
            await conn.closer
            marks.append(loop.time())
        server.ai.shutdown()
        return [d.decode(errors="replace") for d in conn.ws.transport.sent], conn, marks
    return asyncio.run(main())


def test_a_hello_message_being_handled_is_not_cut_short():
    sent, conn, marks = _run(seat=True)
    assert not conn.closing and not any('"timeout"' in s for s in sent)


def test_the_hello_time_is_over_once_the_message_is_done_without_a_seat():
    sent, conn, marks = _run(seat=False)
    assert conn.closing and any('"timeout"' in s for s in sent)
    assert marks[1] >= marks[0]  # closed after the message was done, not while it waited


def test_moves_committed_together_reach_every_seat_once_in_order(tmp_path):
    async def main():
        server = GameServer(Store(tmp_path / "rooms.sqlite3"), Limits(commit_delay=0.2, ai_workers=1),
                            levels=["easy"])
        server._kick = lambda room: None  # no AI, no away timer: the moves are the test's
        conns = [Conn(_Socket(), "127.0.0.1", server.limits) for _ in range(3)]
        for c in conns:
            c.tokens = 1000.0
        server._take(conns[0], '{"v":1,"type":"create","players":3}')
        code = conns[0].room
        for c in conns[1:]:
            server._take(c, json.dumps({"v": 1, "type": "join", "room": code}))
        room = server.rooms[code]
        for c in conns:
            c.ws.transport.sent.clear()
        for _ in range(3):  # three moves within one commit delay: one commit, one message a seat
            seat = room.to_act
            value = room.game.legal_values()[0]
            server._take(conns[seat], json.dumps({"v": 1, "type": "place", "value": value, "turn": room.turn}))
        assert room.turn == 3 and all(not c.ws.transport.sent for c in conns)  # nothing before the commit
        deadline = asyncio.get_running_loop().time() + 5
        while server._announce and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.05)
        stored = server.store.db.execute("SELECT n, value FROM moves WHERE code = ? ORDER BY n", (code,)).fetchall()
        placed = [e["value"] for e in room.log if e["event"] == "DicePlaced"]
        assert [v for _n, v in stored] == placed and len(placed) == 3
        for c in conns:
            messages = [json.loads(d[2:] if d[1] < 126 else d[4:]) for d in c.ws.transport.sent]
            events = [m for m in messages if m["type"] == "events"]
            assert len(events) == 1
            first = events[0]["first"]
            assert events[0]["events"] == json.loads(json.dumps(room.events_for(c.seat, first)))
            assert sum(e["event"] == "DicePlaced" for e in events[0]["events"]) == 3
        server.ai.shutdown()
        server.store.close()
    asyncio.run(main())
