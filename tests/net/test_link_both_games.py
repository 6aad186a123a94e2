"""Both games' clients go through the one link (lasvegas.net.client.Link): a Lords of Vegas seat names
its room in its address for a proxy that hashes it, refuses a frame larger than the bound and comes
back with its token, as a Las Vegas seat does."""

from __future__ import annotations

import json
import time

import pytest

from lasvegas.kernel.errors import IllegalAction
from lasvegas.net import protocol
from lasvegas.net.client import Link
from lasvegas.net.lords.remote import LordsRemoteMatch

from .helpers import PathProxy, ThreadServer


def _until(check, seconds: float, what) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what() if callable(what) else what
        time.sleep(0.02)


def test_a_lords_room_behind_a_proxy_hashing_the_address_its_creator_new_its_guest_at_the_room(server):
    proxy = PathProxy([server.port])
    ann = bob = None
    try:
        ann = LordsRemoteMatch(proxy.url, {"type": "create", "game": "lords", "players": 2, "name": "Ann"})
        bob = LordsRemoteMatch(proxy.url, {"type": "join", "room": ann.room, "name": "Bob"})
        _until(lambda: ann.started and bob.started, 30, "the game did not start behind the proxy")
        assert ann.seats[1]["name"] == "Bob" and bob.seat == 1
    finally:
        for m in (ann, bob):
            if m is not None:
                m.close()
        proxy.close()
    paths = [p for p, _i in proxy.paths]
    assert len(paths) == 2 and paths[0].startswith("/new/") and len(paths[0]) == len("/new/") + 8, paths
    assert paths[1] == f"/room/{ann.room}", paths
    assert "Traceback" not in server.log()


class OneFrameTooBig(ThreadServer):
    """A real WebSocket server on 127.0.0.1 (a thread of its own) that seats whoever asks, then sends a
    frame one byte over the client's bound: ``connections`` lists each connection's first message and
    the close code the client sent."""

    def __init__(self, version: int) -> None:
        from websockets.asyncio.server import serve

        self.version = version
        self.connections: list[tuple[dict, int | None]] = []
        self._start(lambda: serve(self._seat, "127.0.0.1", 0, max_size=None, compression=None), "the server")

    async def _seat(self, ws) -> None:
        first = json.loads(await ws.recv())
        await ws.send(json.dumps({"v": self.version, "type": "welcome", "room": "ABCDEF", "seat": 1,
                                  "colour": "red", "token": "t" * 20}))
        big = {"v": self.version, "type": "error", "code": "pad", "message": "", "about": None}
        big["message"] = "x" * (protocol.MAX_FRAME * 16 + 1 - len(json.dumps(big)))
        assert len(json.dumps(big)) == protocol.MAX_FRAME * 16 + 1
        try:
            await ws.send(json.dumps(big))
            await ws.wait_closed()
        finally:
            self.connections.append((first, ws.close_code))


@pytest.mark.parametrize("game", ["lasvegas", "lords"])
def test_a_frame_over_the_bound_is_refused_and_the_seat_comes_back_with_its_token(game):
    version = protocol.LORDS_VERSION if game == "lords" else protocol.VERSION
    server = OneFrameTooBig(version)
    request = {"type": "join", "room": "ABCDEF", "name": "Bob"}
    client = None
    try:
        if game == "lords":
            client = LordsRemoteMatch(server.url, request, timeout=None)
            link = client.link
        else:
            link = Link(server.url, request)
        _until(lambda: len(server.connections) >= 2, 30, "the client did not come back")
    finally:
        if client is not None:
            client.close()
        else:
            link.close()
        server.close()
    (first, code), (again, _code) = server.connections[:2]
    assert first["type"] == "join" and first["v"] == version
    assert code == 1009  # the client closed the connection: the message was too big
    assert again["type"] == "resume" and again["v"] == version
    assert again["room"] == "ABCDEF" and again["token"] == "t" * 20
    assert link.generation >= 2


def _play_until(m: LordsRemoteMatch, moves: int, seconds: float) -> None:
    """Play ``m``'s seat (an easy AI) until the seat holds the receipt of ``moves`` moves or more."""
    from lasvegas.lords.ai import make_player

    player = make_player("easy", 3)
    deadline = time.monotonic() + seconds
    while int((m.receipt or "0.").split(".")[0]) < moves:
        assert time.monotonic() < deadline, ("the game did not go on", m.receipt, m.error)
        m.poll()
        if m.human_due() == m.seat:
            action = player.act(m.game, m.seat)
            if action is None or m.why_not(action) is not None:
                action = m.legal(m.seat)[0]
            try:
                m.act(action)
            except IllegalAction as e:  # the connection is down: the table says so, the seat asks again
                assert "connection to the server is lost" in str(e), e
        m.wait(0.05)


def test_a_lords_seat_resumes_with_its_receipt_and_stops_for_good_when_the_room_is_lost(server):
    """The server restarted: the Lords seat's link comes back with its token, the events it holds and
    its receipt, and plays on; the server's database put back from an older copy then has lost moves
    the receipt shows: ``room-lost``, and the link stops (it does not try again)."""
    from .test_receipts import _copy, _put_back

    m = LordsRemoteMatch(server.url, {"type": "create", "game": "lords", "players": 2, "ai": [None, "easy"],
                                      "away_delay": None})
    try:
        _play_until(m, 2, 60)
        # stopped while the game waits on this seat: the receipt it holds is of every move kept
        _until(lambda: (m.poll(), m.human_due())[1] == m.seat, 60, "the seat was never asked")
        server.stop()
        _copy(server.db, server.home / "backup")
        server.start()
        before = m.link.generation
        _play_until(m, int(m.receipt.split(".")[0]) + 2, 90)
        assert m.link.generation > before and (m.error or {}).get("code") != "room-lost"
        server.stop()
        _put_back(server.db, server.home / "backup")
        server.start()
        _until(lambda: m.update() or not m.link._thread.is_alive(), 60,
               lambda: ("the link did not stop", m.error, m.receipt, server.log()[-2000:]))
        m.update()  # (the link's end, and the refusal before it)
        assert m.error is not None and m.error["code"] == "room-lost", (m.error, server.log()[-2000:])
        assert "lost moves" in m.error["message"]
    finally:
        m.close()
    assert f"room {m.room} declared damaged" in server.log()
