"""Lords of Vegas online from the desktop's scenes, against real servers on 127.0.0.1: host a room
from the Lords setup (the game chosen in the online scene), join one by its code and from the LAN
list, the Lords table playing the seat through its remote match; a kept Lords seat taken up again
from the title.  Real pygame events are posted to the scenes; every loop is bounded."""

from __future__ import annotations

import time

import pygame

from lasvegas.lords import actions as A
from lasvegas.lords.ai import make_player
from lasvegas.match.lords_remote import LordsRemoteMatch
from lasvegas.net.server import HostedServer
from lasvegas.ui import online
from lasvegas.ui.lords.setup import LordsSetupScene
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.lobby import LobbyScene
from lasvegas.ui.scenes.online import OnlineScene
from lasvegas.ui.scenes.title import TitleScene
from tests.lords_ui.drive import Player
from tests.ui.conftest import app, button, click, home, read_texts, steps  # noqa: F401 (fixtures)

from .test_online_ui import loopback, type_in, until  # noqa: F401 (a fixture)


def open_lords_online(app) -> OnlineScene:
    """The title, Lords of Vegas's setup, its Play online: the online scene with Lords chosen."""
    app.go("title")
    click(app.top.lords_button.rect.center)
    steps(app, 2)
    assert isinstance(app.top, LordsSetupScene)
    click(app.top.online_button.rect.center)
    steps(app, 2)
    scene = app.top
    assert isinstance(scene, OnlineScene) and scene.game.value == "lords"
    return scene


def other_plays(m: LordsRemoteMatch, player) -> None:
    """The other computer's seat: whatever its AI would, when the server asks it."""
    m.poll()
    if m.game is None or m.human_due() != m.seat:
        return
    action = player.act(m.game, m.seat)
    g = m.game
    if g.phase == "play" and g.proposals:
        mine = [p for (f, t), p in sorted(g.proposals.items()) if t == m.seat]
        action = player.answer(g, m.seat, mine[0]) if mine else None
    if action is None or m.why_not(action) is not None:
        action = A.EndTurn(m.seat) if g.phase == "play" and g.active == m.seat else g.legal_actions(m.seat)[0]
    m.act(action)


def play_some(app, table: LordsTableScene, others: list, turns: int, seconds: float = 120.0) -> None:
    """This screen's seat played with clicks and keys (``drive.Player``), the other computers' seats by
    their matches, until the table has shown ``turns`` turns; never a pass screen."""
    player, ais = Player(), {id(m): make_player("easy", m.seat) for m in others}
    deadline = time.monotonic() + seconds
    while table.match.game.turn < turns and not table.match.game.is_over:
        assert time.monotonic() < deadline, f"turn {table.match.game.turn} of {turns} ({player.seen})"
        assert not isinstance(app.top, HandoverScene)  # never a pass screen for a remote seat
        for m in others:
            other_plays(m, ais[id(m)])
        player.step(app, table)
        steps(app)
        time.sleep(0.002)
    assert player.seen, "this screen's seat played nothing"


def test_host_a_lords_room_from_its_setup_another_computer_joins_and_both_tables_play(app, loopback):
    app.settings.anim_speed = "instant"
    scene = open_lords_online(app)
    click(scene.lords_players.left.center)  # 4 seats -> 3
    steps(app)
    assert scene.lords_players.value == 3
    click(scene.host_btn.rect.center)
    steps(app, 2)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.lobby.info is not None and lobby.lobby.room, what="the room")
    code = lobby.lobby.room
    assert lobby.lobby.info["game"] == "lords" and len(lobby.lobby.info["seats"]) == 3
    kept = online.kept_seat()
    assert kept["room"] == code and kept["game"] == "lords" and kept["seat"] == 0
    url = online.hosted().url
    bob = LordsRemoteMatch(url, {"type": "join", "room": code, "name": "Bob"})
    try:
        until(app, lambda: lobby.lobby.info["seats"][1]["kind"] == "human", 20, "Bob in the lobby")
        assert [s["kind"] for s in lobby.lobby.info["seats"]] == ["human", "human", "open"]
        click(lobby.start_btn.rect.center)
        until(app, lambda: isinstance(app.top, LordsTableScene), 30, "the Lords table")
        table = app.top
        m = table.match
        assert m.online and m.seat == 0 and m.humans == [0]
        until(app, lambda: bob.started, 20, "Bob's game")
        assert bob.seats[2]["kind"] == "ai"
        play_some(app, table, [bob], 6)
        assert bob.game.turn >= 5  # the other computer's table followed
    finally:
        bob.close()
