"""Both games' clients go through the one link (lasvegas.net.client.Link): a Lords of Vegas seat names
its room in its address for a proxy that hashes it, refuses a frame larger than the bound and comes
back with its token, as a Las Vegas seat does."""

from __future__ import annotations

import json
import time

import pytest

from lasvegas.net import protocol
from lasvegas.net.client import Link
from lasvegas.net.lords.remote import LordsRemoteMatch

from .helpers import PathProxy, ThreadServer


def _until(check, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, what
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
