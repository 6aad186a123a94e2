"""Lords of Vegas online from the desktop's scenes, against real servers on 127.0.0.1: host a room
from the Lords setup (the game chosen in the online scene), join one by its code and from the LAN
list, the Lords table playing the seat through its remote match; a kept Lords seat taken up again
from the title.  Real pygame events are posted to the scenes; every loop is bounded."""

from __future__ import annotations

import time

import pygame

from lasvegas.lords import actions as A
from lasvegas.lords.ai import make_player
from lasvegas.net.lords.remote import LordsRemoteMatch
from lasvegas.net.server import HostedServer
from lasvegas.ui.online import lobby as online
from lasvegas.ui.lords.setup import LordsSetupScene
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.lobby import LobbyScene
from lasvegas.ui.scenes.online import OnlineScene
from lasvegas.ui.scenes.title import TitleScene
from tests.ui.lords.drive import Player
from tests.ui.conftest import app, button, click, home, read_texts, steps  # noqa: F401 (fixtures)

from ..test_online_ui import loopback, type_in, until  # noqa: F401 (a fixture)


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
        legal = g.legal_actions(m.seat)
        if g.phase == "play" and g.active == m.seat:
            action = A.EndTurn(m.seat)
        elif legal:
            action = legal[0]
        else:  # the table it sees is not yet the one the server asks about: it looks again
            return
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
        table.match.wait(0.002)  # (the server's answer, or a frame's time)
    assert player.seen, "this screen's seat played nothing"


def caught_up(app, m: LordsRemoteMatch, turn: int) -> None:
    """The other computer's table shows turn ``turn`` too (it looks at the table after the moves)."""
    until(app, lambda: (m.poll(), m.game.turn >= turn)[1], 20, f"the other table at turn {turn}",
          lambda: m.game.turn)


def test_host_a_lords_room_from_its_setup_another_computer_joins_and_both_tables_play(app, loopback):
    app.settings.anim_speed = "instant"
    scene = open_lords_online(app)
    click(scene.form.players.left.center)  # 4 seats -> 3
    steps(app)
    assert scene.form.players.value == 3
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
        caught_up(app, bob, 6)  # the other computer's table followed
    finally:
        bob.close()


def _lords_room(url: str, players: int = 3, ai=None) -> LordsRemoteMatch:
    """Ann's seat in a new Lords room (another computer's), seated."""
    return LordsRemoteMatch(url, {"type": "create", "game": "lords", "players": players,
                                  "ai": ai or [None] * players, "name": "Ann", "away_delay": 600,
                                  "decision_seconds": 600})


def _join(app, scene: OnlineScene, code: str) -> LobbyScene:
    type_in(app, scene.code, code.lower())
    assert scene.code.value == code
    click(scene.join_btn.rect.center)
    steps(app, 2)
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.lobby.info is not None, 20, "the lobby")
    return lobby


def test_join_a_lords_room_by_its_code_the_host_starts_with_an_ai_seat(app, server):
    app.settings.anim_speed = "instant"
    ann = _lords_room(server.url)
    try:
        scene = open_lords_online(app)
        type_in(app, scene.address, server.url.removeprefix("ws://"))
        lobby = _join(app, scene, ann.room)
        assert lobby.lobby.info["game"] == "lords" and lobby.lobby.seat == 1 and not lobby.lobby.is_host
        assert online.kept_seat()["game"] == "lords"
        assert ann.send("start", fill="easy")
        until(app, lambda: isinstance(app.top, LordsTableScene), 30, "the Lords table")
        table = app.top
        assert table.match.seat == 1 and table.match.is_ai(2) and not table.match.is_ai(0)
        from lasvegas.ui.lasvegas.names import ai_seat_label

        assert table.match.name(2) == ai_seat_label("easy") and table.match.name(0) == "Ann"
        until(app, lambda: ann.started, 20, "Ann's game")
        play_some(app, table, [ann], 6)
        caught_up(app, ann, 6)
        trade_across(app, table, ann)
    finally:
        ann.close()


def trade_across(app, table: LordsTableScene, ann: LordsRemoteMatch, seconds: float = 90.0) -> None:
    """Ann, at another computer, offers this screen's seat $1 in her Step 2; the offer arrives at this
    table as a decision, is accepted with its key (A), and the trade reaches Ann's table.  (The
    screen's player rejects other offers, an AI's: one may close Ann's first, and she offers again.)"""
    me, player, ai = table.match.seat, Player(), make_player("easy", ann.seat)
    proposals, offered_in = 0, -1
    deadline = time.monotonic() + seconds

    def accepted(m) -> bool:
        return any(type(e).__name__ == "TradeAccepted" and (e.seat, e.proposer) == (me, ann.seat)
                   for e in m.history())

    while not accepted(ann):
        assert time.monotonic() < deadline, (f"no trade ({proposals} offers, turn {ann.game.turn})",
                                             [e for e in ann.history() if "Trade" in type(e).__name__])
        ann.poll()
        g = ann.game
        if ann.human_due() == ann.seat and not g.is_over:
            if any(f == ann.seat for (f, _t) in g.proposals):
                pass  # her offer waits for its answer
            elif proposals < 10 and g.phase == "play" and g.active == ann.seat and g.trade_window \
                    and g.money[ann.seat] and g.turn != offered_in:  # one offer in each of her turns
                ann.act(A.Propose(ann.seat, me, A.Offer(money=1), A.NO_OFFER))
                proposals, offered_in = proposals + 1, g.turn
            else:
                other_plays(ann, ai)
        offer = table.decide.proposal() if table.decide.kind() == "trade" else None
        if offer is not None and offer.seat == ann.seat and not table.busy and app.top is table:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
        else:
            player.step(app, table)
        steps(app)
        table.match.wait(0.002)  # (the server's answer, or a frame's time)
    deadline = time.monotonic() + 20
    while not accepted(table.match):
        assert time.monotonic() < deadline, "the trade did not reach this table"
        steps(app)


def test_the_lan_list_marks_a_lords_room_and_joining_it_opens_the_lords_table(app, home, loopback):
    app.settings.anim_speed = "instant"
    hosted = HostedServer(str(home / "lan.sqlite3"), host="127.0.0.1", name="Zoe's table", interfaces=["127.0.0.1"])
    try:
        hosted.advertiser.announce("lords")  # as the game hosting a Lords room does (online.host)
        ann = _lords_room(hosted.url, 2)
        scene = open_lords_online(app)
        until(app, lambda: any(b.label.startswith("Zoe's table") for b in scene.found_btns), 20, "the game")
        found = next(b for b in scene.found_btns if b.label.startswith("Zoe's table"))
        assert found.label == "Zoe's table · Lords of Vegas"
        click(found.rect.center)
        steps(app)
        assert online.address(scene.address.value) == hosted.url
        type_in(app, scene.code, ann.room)
        click(scene.join_btn.rect.center)  # two seats: the game starts as this one is taken
        until(app, lambda: isinstance(app.top, LordsTableScene), 30, "the Lords table")
        table = app.top
        assert table.match.seat == 1
        until(app, lambda: ann.started, 20, "Ann's game")
        play_some(app, table, [ann], 4)
    finally:
        ann.close()
        hosted.close()


def test_a_las_vegas_room_joined_by_its_code_opens_the_las_vegas_table(app, server):
    from lasvegas.ui.lasvegas.scenes.table import TableScene

    from ..test_online_ui import _room

    link, code = _room(server.url)
    try:
        scene = open_lords_online(app)  # from Lords of Vegas's setup: the room says which game it plays
        type_in(app, scene.address, server.url.removeprefix("ws://"))
        type_in(app, scene.code, code)
        click(scene.join_btn.rect.center)
        until(app, lambda: isinstance(app.top, TableScene), 30, "the Las Vegas table")
        assert app.top.match.seat == 1
        kept = online.kept_seat()
        assert kept["room"] == code and kept["game"] == "lasvegas"
    finally:
        link.close()


def test_a_kept_lords_seat_is_taken_back_from_the_title_into_the_lords_table(home, server):
    from lasvegas.ui.app import App
    from lasvegas.ui.kit.settings import Settings

    settings = Settings()
    settings.anim_speed = "instant"
    ann = _lords_room(server.url, 2)
    first = App(settings, fullscreen=False, sound=False)
    try:
        scene = open_lords_online(first)
        type_in(first, scene.address, server.url.removeprefix("ws://"))
        type_in(first, scene.code, ann.room)
        click(scene.join_btn.rect.center)
        until(first, lambda: isinstance(first.top, LordsTableScene), 30, "the Lords table")
        table = first.top
        until(first, lambda: ann.started, 20, "Ann's game")
        play_some(first, table, [ann], 3)
        turn = table.match.game.turn
    finally:
        first.close_all()  # the window closes: the connection goes, the seat is kept
    pygame.event.clear()
    kept = online.kept_seat()
    assert kept["room"] == ann.room and kept["game"] == "lords" and kept["seat"] == 1
    second = App(settings, fullscreen=False, sound=False)
    try:
        second.go("title")
        assert isinstance(second.top, TitleScene) and second.top.resume_online_button is not None
        second.top.status.join(5)
        status = second.top.status.get(kept)
        assert status is not None and status.get("started") is True, status  # asked in version 2
        click(second.top.resume_online_button.rect.center)
        until(second, lambda: isinstance(second.top, LordsTableScene), 30, "the Lords table again")
        table = second.top
        assert table.match.seat == 1 and table.match.game.turn >= turn
        play_some(second, table, [ann], turn + 2)
    finally:
        second.close_all()
        ann.close()
        pygame.event.clear()


def test_an_older_kept_seat_file_without_the_game_is_las_vegas(home):
    path = online.token_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"games": [{"url": "ws://127.0.0.1:9", "room": "ABCDEF", "token": "t", "seat": 1}]}',
                    encoding="utf-8")
    kept = online.kept_seat()
    assert kept["game"] == "lasvegas" and kept["room"] == "ABCDEF"
    path.write_text('{"games": [{"url": "ws://127.0.0.1:9", "room": "ABCDEF", "token": "t", "seat": 1, '
                    '"game": "chess"}]}', encoding="utf-8")
    assert online.kept_seat() is None  # another game is refused (the file kept aside)


def test_three_desktop_games_one_hosts_one_joins_by_code_one_from_the_lan_list_and_all_play(app, home, loopback):
    """Two more desktop games in processes of their own (``lords_desktop_client``), against the room
    this one hosts: a four-seat game, the fourth seat an AI, every table playing its own seat."""
    import subprocess
    import sys

    from ..conftest import ROOT, _env

    app.settings.anim_speed = "instant"
    scene = open_lords_online(app)
    scene.name.value = ""
    type_in(app, scene.name, "Ann")
    click(scene.host_btn.rect.center)
    steps(app, 2)
    lobby = app.top
    until(app, lambda: lobby.lobby.info is not None and lobby.lobby.room, what="the room")
    url, code = online.hosted().url, lobby.lobby.room
    procs = []
    try:
        for n, extra in enumerate(([], ["--lan", "Ann's table"])):
            (home / f"client{n}").mkdir()
            procs.append(subprocess.Popen(
                [sys.executable, "-m", "tests.net.lords.lords_desktop_client", url, code, "7", *extra], cwd=ROOT,
                env=_env(home / f"client{n}"), stdout=subprocess.PIPE, stderr=open(home / f"client{n}.err", "wb")))
        until(app, lambda: [s["kind"] for s in lobby.lobby.info["seats"]] == ["human", "human", "human", "open"],
              120, "both desktop games in the lobby", lambda: (lobby.lobby.info["seats"],
                                                               [p.poll() for p in procs]))
        click(lobby.start_btn.rect.center)
        until(app, lambda: isinstance(app.top, LordsTableScene), 30, "the Lords table")
        table = app.top
        assert table.match.is_ai(3) and table.match.seat == 0
        play_some(app, table, [], 7, 200)
        outs = []
        for n, p in enumerate(procs):
            deadline = time.monotonic() + 120
            while p.poll() is None:  # this table keeps drawing (and its server serving) meanwhile
                assert time.monotonic() < deadline, f"desktop game {n} did not finish"
                steps(app)
                try:
                    p.wait(0.01)
                except subprocess.TimeoutExpired:
                    pass
            outs.append(p.stdout.read().decode())
            assert p.returncode == 0, (outs[-1], (home / f"client{n}.err").read_text()[-2000:])
        assert {o.split("seat ", 1)[1].split()[0] for o in outs} == {"1", "2"}
        assert all("done" in o and "played [(" in o for o in outs), outs  # each screen's seat played
        assert f"found {url}" in outs[1], outs
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.communicate(timeout=10)


def test_a_hosted_lords_game_against_the_ai_to_the_results_keeps_its_record_and_forgets_the_seat(app, loopback):
    from lasvegas.store import paths
    from lasvegas.ui.lords.results import LordsResultsScene
    from lasvegas.ui.files.records_list import list_records

    app.settings.anim_speed = "instant"
    scene = open_lords_online(app)
    click(scene.form.players.left.center)
    click(scene.form.players.left.center)  # 4 seats -> 2
    click(scene.form.fill.left.center)  # the empty seat's AI: Easy
    steps(app)
    assert scene.form.players.value == 2 and scene.form.fill.value == "easy"
    click(scene.host_btn.rect.center)
    steps(app, 2)
    lobby = app.top
    until(app, lambda: lobby.lobby.info is not None and lobby.lobby.room, what="the room")
    code = lobby.lobby.room
    click(lobby.start_btn.rect.center)
    until(app, lambda: isinstance(app.top, LordsTableScene), 30, "the Lords table")
    table = app.top
    assert table.match.seats[1]["kind"] == "ai" and table.match.seats[1]["level"] == "easy"
    player = Player()
    deadline = time.monotonic() + 240
    while not isinstance(app.top, LordsResultsScene):
        assert time.monotonic() < deadline, f"no results (turn {table.match.game.turn}, {player.seen})"
        assert not isinstance(app.top, HandoverScene)
        player.step(app, table)
        steps(app)
    until(app, lambda: table.match.record_path is not None, 20, "the record kept")
    assert online.kept_seat() is None  # the game is over: no seat to take back
    kept = list((paths.records_dir() / "lords").glob(f"*-online-{code}.json"))
    assert kept == [table.match.record_path]
    listed = [e for e in list_records(paths.records_dir()) if e.path == kept[0]]
    assert listed and not listed[0].problem and listed[0].mode == "lords", listed  # Records lists it
