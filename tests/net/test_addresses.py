"""A client given several server addresses moves to the next one when one cannot be reached."""

import socket

from lasvegas.net.client import Link, addresses
from lasvegas.net.lasvegas.remote import RemoteMatch
from lasvegas.ui.online import lobby as online

from .helpers import play_out


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # nothing listens there once the socket is closed


def test_the_address_lists_players_type_and_clients_read():
    assert addresses("ws://a:1, ws://b:2,") == ["ws://a:1", "ws://b:2"]
    assert addresses("ws://a:1") == ["ws://a:1"]
    assert online.address(" 10.0.0.2:8765 , wss://games.example.org ") == "ws://10.0.0.2:8765,wss://games.example.org"
    assert online.address("  ") == ""


def test_a_dead_first_address_is_skipped(server):
    both = f"ws://127.0.0.1:{_closed_port()},{server.url}"
    box = {}
    link = Link(both, {"type": "create", "players": 2, "rounds": 1, "ai": [None, "easy"]},
                on_welcome=lambda m: box.setdefault("room", m["room"]))
    match = RemoteMatch.connect(both, {}, link=link, timeout=30)
    try:
        play_out([match], 60)
    finally:
        match.close()
    assert link.url == server.url and box["room"]
    assert match.record is not None
    assert online.answers(both)


def test_a_link_names_its_room_in_the_address_and_a_new_room_gets_a_random_one():
    from lasvegas.net.client import route

    assert route("ws://a:1", "ABCDEF") == "ws://a:1/room/ABCDEF"
    assert route("ws://a:1/", "ABCDEF") == "ws://a:1/room/ABCDEF"
    assert route("wss://games.example.org/lasvegas", "ABCDEF") == "wss://games.example.org/lasvegas/room/ABCDEF"
    assert route("wss://games.example.org/lasvegas/?k=1", "ABCDEF") == \
        "wss://games.example.org/lasvegas/room/ABCDEF?k=1"
    made = {route("ws://a:1", None) for _ in range(20)}
    assert len(made) == 20 and all(u.startswith("ws://a:1/new/") and len(u) == len("ws://a:1/new/") + 8 for u in made)
