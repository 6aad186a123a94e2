"""The hello time of a connection whose first message is still being handled when the time runs out
(a ``join`` waiting on a shared store): it is over once the message is done, not in the middle of it.
In-process, a GameServer and a stand-in socket: the waiting is what is under test, not the network."""

import asyncio

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
