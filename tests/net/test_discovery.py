"""Hosting from the game and finding the game on the local network (zeroconf on 127.0.0.1)."""

import time

from lasvegas.core import replay
from lasvegas.net.lasvegas.remote import RemoteMatch
from lasvegas.net.discovery import Browser, browse
from lasvegas.net.server import HostedServer

from .helpers import play_out


def test_a_hosted_server_is_found_on_the_network_and_joined(tmp_path):
    hosted = HostedServer(str(tmp_path / "host.sqlite3"), host="127.0.0.1", name="Ann's table",
                          interfaces=["127.0.0.1"])
    try:
        from lasvegas.net.client import Link

        box = {}
        link = Link(hosted.url, {"type": "create", "players": 2, "rounds": 1},
                    on_welcome=lambda m: box.setdefault("room", m["room"]))
        browser = Browser(interfaces=["127.0.0.1"])
        try:
            deadline = time.monotonic() + 10
            mine = []
            while not mine and time.monotonic() < deadline:
                time.sleep(0.05)
                mine = [f for f in browser.found() if f.name.startswith("Ann's table")]
        finally:
            browser.close()
        assert mine and mine[0].url == hosted.url and mine[0].compatible, browser.found()
        assert mine[0].games == ("lasvegas", "lords")  # the LAN list shows the games it hosts
        assert "room" in box
        guest = RemoteMatch.connect(mine[0].url, {"type": "join", "room": box["room"], "name": "Bob"}, timeout=20)
        host = RemoteMatch.connect(hosted.url, {}, link=link, timeout=20)
        try:
            play_out([host, guest], 60)
            replay(guest.record)
        finally:
            host.close()
            guest.close()
    finally:
        hosted.close()
    assert not hosted.thread.is_alive()


def test_browsing_an_empty_network_finds_no_game_of_ours():
    assert not [f for f in browse(0.5, interfaces=["127.0.0.1"]) if f.name.startswith("Nobody here")]


def test_serve_advertise_announces_the_server(server_factory):
    server = server_factory("--advertise", "Announced by serve")
    deadline = time.monotonic() + 15
    mine = []
    browser = Browser()
    try:
        while not mine and time.monotonic() < deadline:
            time.sleep(0.05)
            mine = [f for f in browser.found() if f.name.startswith("Announced by serve")]
    finally:
        browser.close()
    assert mine and mine[0].url == server.url
    assert server.proc.poll() is None
