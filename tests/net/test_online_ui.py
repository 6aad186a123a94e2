"""The desktop's online scenes against real servers on 127.0.0.1: host from the title, join by
LAN discovery and by code, the kept seat (damaged, and taken back after the game is closed).
Real pygame events are posted to the scenes; every loop is bounded."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from lasvegas.store import paths
from lasvegas.core import replay
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch
from lasvegas.net.server import HostedServer
from lasvegas.ui.online import lobby as online
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.files.records_list import list_records
from lasvegas.ui.scenes.lobby import LobbyScene
from lasvegas.ui.scenes.online import OnlineScene
from lasvegas.ui.scenes.title import TitleScene
from tests.ui.conftest import app, button, click, home, key, read_texts, steps  # noqa: F401 (fixtures)

from .helpers import play_out


@pytest.fixture
def loopback(monkeypatch):
    """Hosting and discovery on the loopback address only; the hosted server stopped at the end."""
    monkeypatch.setattr(online, "INTERFACES", ["127.0.0.1"])
    monkeypatch.setattr(online, "HOST_ADDRESS", "127.0.0.1")
    yield
    online.stop_hosting()


def until(app, cond, seconds: float = 30.0, what: str = "", why=None) -> None:
    """Step the app until ``cond()``, at most ``seconds``; ``why()`` says where things stand if not."""
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}" + (f" ({why()})" if why else "")
        steps(app)
        time.sleep(0.005)


def type_in(app, field, text: str) -> None:
    click(field.rect.center)
    steps(app)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(pygame.K_RETURN)
    steps(app)


def play_to_results(app, seconds: float = 150.0) -> ResultsScene:
    """Play this screen's seat with key presses until the results."""
    deadline = time.monotonic() + seconds
    while not isinstance(app.top, ResultsScene):
        assert time.monotonic() < deadline, f"no results within {seconds} s (top: {type(app.top).__name__})"
        top = app.top
        if isinstance(top, SummaryScene):
            top.button.click()
        elif isinstance(top, TableScene) and top.await_roll:
            key(pygame.K_r)
        elif isinstance(top, TableScene) and top.human_turn:
            digit = getattr(pygame, f"K_{[v for v, _r in top.groups][0]}")
            key(digit)
            key(digit)
        steps(app)
        time.sleep(0.002)
    return app.top


def open_online(app) -> OnlineScene:
    app.go("title")
    click(button(app.top, "Play online").rect.center)
    steps(app, 2)
    assert isinstance(app.top, OnlineScene)
    return app.top


def host_game(app, scene) -> LobbyScene:
    """Host with the scene's options: the lobby, once the server has made the room."""
    click(scene.host_btn.rect.center)
    steps(app, 2)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.lobby.info is not None and lobby.lobby.room, what="the room")
    return lobby


def test_host_a_game_from_the_title_and_play_it_to_the_results_with_a_bot(app, loopback, bots):
    app.settings.anim_speed = "instant"
    scene = open_online(app)
    click(scene.form.players.left.center)  # 4 seats -> 3
    steps(app)
    assert scene.form.players.value == 3
    lobby = host_game(app, scene)
    code = lobby.lobby.room
    assert len(code) == 6 and online.kept_seat()["room"] == code
    url = online.hosted().url
    bots.start("--server", url, "--room", code, "--level", "easy")
    until(app, lambda: lobby.lobby.info["seats"][1]["kind"] == "human", 60, "the bot joining")
    assert [s["kind"] for s in lobby.lobby.info["seats"]] == ["human", "human", "open"]
    click(lobby.start_btn.rect.center)
    until(app, lambda: isinstance(app.top, TableScene), 30, "the table")
    match = app.top.match
    assert [s.kind for s in match.seats] == ["human", "human", "ai"] and match.seat == 0
    results = play_to_results(app)
    assert results.outcome.extra.get("verified")
    assert bots.finish(60)[0][0] == 0
    assert online.kept_seat() is None  # the game is over: no seat to take back
    kept = list(paths.records_dir().glob(f"*-online-{code}.json"))
    assert len(kept) == 1  # its record, with the local games'
    assert replay(json.loads(kept[0].read_text())).seed is not None
    listed = [e for e in list_records(paths.records_dir()) if e.path == kept[0]]
    assert listed and not listed[0].problem and listed[0].mode == "multi", listed  # Records lists it


def _room(url: str, players: int = 2):
    box = {}
    link = Link(url, {"type": "create", "players": players, "rounds": 1, "name": "Ann"},
                on_welcome=lambda m: box.setdefault("room", m["room"]))
    deadline = time.monotonic() + 20
    while "room" not in box:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return link, box["room"]


def _join_and_play(app, scene, host_link, url) -> None:
    click(scene.join_btn.rect.center)
    # the room (two seats) starts as this seat joins: the lobby may already have given way to the table
    until(app, lambda: isinstance(app.top, (LobbyScene, TableScene)), 30, "the lobby")
    host = RemoteMatch.connect(url, {}, link=host_link, timeout=30)
    until(app, lambda: isinstance(app.top, TableScene), 30, "the table")
    assert app.top.match.seat == 1 and app.top.match.seats[0].name == "Ann"
    app.settings.anim_speed = "instant"
    import threading

    t = threading.Thread(target=play_out, args=([host], 150), daemon=True)
    t.start()
    try:
        play_to_results(app)
    finally:
        t.join(30)
        host.close()


def test_join_a_game_found_on_the_local_network(app, home, loopback):
    hosted = HostedServer(str(home / "lan.sqlite3"), host="127.0.0.1", name="Zoe's LAN table", interfaces=["127.0.0.1"])
    try:
        link, code = _room(hosted.url)
        scene = open_online(app)
        until(app, lambda: any(b.label.startswith("Zoe's LAN table") for b in scene.found_btns), 20, "the game")
        found = next(b for b in scene.found_btns if b.label.startswith("Zoe's LAN table"))
        click(found.rect.center)
        steps(app)
        assert online.address(scene.address.value) == hosted.url
        type_in(app, scene.code, code.lower())
        assert scene.code.value == code
        _join_and_play(app, scene, link, hosted.url)
    finally:
        hosted.close()


def _typed(app, url: str, code: str) -> OnlineScene:
    """The online scene with the address and the room code typed in."""
    scene = open_online(app)
    type_in(app, scene.address, url.removeprefix("ws://"))
    type_in(app, scene.code, code)
    return scene


def _at_the_table(app, url: str, code: str, link) -> RemoteMatch:
    """Join room ``code`` from the online scene; the creator's match once this screen's table is open."""
    scene = _typed(app, url, code)
    click(scene.join_btn.rect.center)
    steps(app, 2)
    host = RemoteMatch.connect(url, {}, link=link, timeout=30)
    until(app, lambda: isinstance(app.top, TableScene), 30, "the table")
    return host


def test_join_by_address_and_room_code(app, server):
    link, code = _room(server.url)
    _join_and_play(app, _typed(app, server.url, code), link, server.url)


def test_a_damaged_seat_file_is_kept_aside_with_a_message(app):
    path = online.token_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"url": "http://x", "room": 5}', encoding="utf-8")
    app.go("title")
    assert not app.top.games and app.top.resume_online_button is None
    steps(app, 2)
    notice = app.top
    text = notice.text
    assert "online game" in text and "kept as" in text, text
    assert not path.exists() and list(path.parent.glob("online_seat.damaged-*.json"))


def test_a_client_closed_and_opened_again_takes_its_seat_back(home, server):
    from lasvegas.ui.app import App
    from lasvegas.ui.kit.settings import Settings

    link, code = _room(server.url)
    settings = Settings()
    settings.anim_speed = "instant"
    first = App(settings, fullscreen=False, sound=False)
    try:
        host = _at_the_table(first, server.url, code, link)
        turn = first.top.match.turn
    finally:
        first.close_all()  # the window closes: the link goes, the seat is kept
    pygame.event.clear()
    kept = online.kept_seat()
    assert kept is not None and kept["room"] == code and kept["seat"] == 1
    second = App(settings, fullscreen=False, sound=False)
    try:
        second.go("title")
        assert isinstance(second.top, TitleScene) and second.top.resume_online_button is not None
        click(second.top.resume_online_button.rect.center)
        until(second, lambda: isinstance(second.top, TableScene), 30, "the table again")
        match = second.top.match
        assert match.seat == 1 and match.turn >= turn and match.seats[1].kind == "human"
        until(second, lambda: match.connected[1], 10, "seat 1 connected")
    finally:
        second.close_all()
        host.close()
        pygame.event.clear()


def test_the_table_shows_who_is_away(app, server, read_texts):
    link, code = _room(server.url)
    host = _at_the_table(app, server.url, code, link)
    match = app.top.match
    until(app, lambda: all(match.connected), 10, "both connected")
    read_texts.clear()
    steps(app)
    assert "away" not in read_texts
    host.close()  # Ann's game closes
    until(app, lambda: not match.connected[0], 10, "Ann away")
    read_texts.clear()
    steps(app)
    assert "away" in read_texts


def test_the_host_closed_and_opened_again_hosts_the_room_again_and_plays_on(home, loopback, bots):
    from lasvegas.ui.app import App
    from lasvegas.ui.kit.settings import Settings

    settings = Settings()
    settings.anim_speed = "instant"
    first = App(settings, fullscreen=False, sound=False)
    try:
        scene = open_online(first)
        click(scene.form.players.left.center)
        click(scene.form.players.left.center)  # 4 seats -> 2
        steps(first)
        click(scene.host_btn.rect.center)
        steps(first, 2)
        lobby = first.top
        until(first, lambda: lobby.lobby.room, what="the room")
        url, port = online.hosted().url, online.hosted().port
        bots.start("--server", url, "--room", lobby.lobby.room, "--level", "easy")
        until(first, lambda: isinstance(first.top, TableScene), 60, "the table")
    finally:
        first.close_all()
        online.stop_hosting()  # the game that hosted is gone, and its server with it
    pygame.event.clear()
    assert not online.answers(url)
    kept = online.kept_seat()
    assert kept["host_port"] == port and kept["seat"] == 0
    second = App(settings, fullscreen=False, sound=False)
    try:
        second.go("title")
        assert second.top.resume_online_button is not None and online.hosted() is None  # no waiting on the title
        click(second.top.resume_online_button.rect.center)
        steps(second)
        assert online.hosted().port == port  # resuming hosts the room again, on the same port
        until(second, lambda: isinstance(second.top, TableScene), 30, "the table again")
        assert second.top.match.seat == 0
        play_to_results(second)
        assert bots.finish(90)[0][0] == 0  # the bot found the server again by itself
    finally:
        second.close_all()
        pygame.event.clear()


def test_a_wrong_room_code_is_said_in_the_lobby(app, server, read_texts):
    scene = _typed(app, server.url, "ZZZZZZ")
    click(scene.join_btn.rect.center)
    steps(app, 2)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.lobby.error_code == "no-room", 20, "the refusal")
    read_texts.clear()
    steps(app)
    assert "No room has this code on that server." in read_texts
    assert online.kept_seat() is None
    click(lobby.back_btn.rect.center)
    steps(app, 2)
    assert isinstance(app.top, TitleScene)
