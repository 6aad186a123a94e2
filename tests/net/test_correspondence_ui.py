"""A game that lasts for days, as the player meets it: the host's option on the online screen,
the title's "Your online games" (whose turn it is, from the server), and the table taken up
again after moves the player missed: "Since your last turn", the moves played fast or skipped
(S), then the player's move.  A real `lasvegas serve` process on 127.0.0.1; real pygame events;
every wait is bounded."""

from __future__ import annotations

import pygame
import pytest

from lasvegas.match import PlaceDice
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch
from lasvegas.ui.online import lobby as online
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.title import TitleScene
from tests.ui.conftest import app, click, home, key, read_texts, steps  # noqa: F401 (fixtures)

from .test_correspondence import drive
from .test_online_ui import _typed, host_game, loopback, open_online, until  # noqa: F401 (fixtures)


def test_the_host_chooses_a_game_over_days(app, loopback):
    scene = open_online(app)
    assert scene.days.value == 0 and scene.away.enabled  # a live game by default
    for _ in range(3):
        click(scene.days.right.center)  # off -> 1 -> 3 -> 7 days
        steps(app)
    assert scene.days.value == 7 and not scene.away.enabled  # no AI plays for an away player
    lobby = host_game(app, scene)
    options = lobby.lobby.info["options"]
    assert options["correspondence"] and options["keep_days"] == 7 and options["away_delay"] is None
    assert online.kept_seat()["correspondence"] is True


def _ann_plays_one_move(app, server) -> tuple[RemoteMatch, str]:
    """Bob's room (Bob, Ann, an Easy AI) joined by this screen's Ann, who plays one move and closes
    her game: Bob's match and the room's code."""
    box: dict = {}
    link = Link(server.url, {"type": "create", "players": 3, "rounds": 2, "name": "Bob", "correspondence": True,
                             "ai": [None, None, "easy"]}, on_welcome=lambda m: box.update(m))
    until(app, lambda: "room" in box, 20, "the room")
    scene = _typed(app, server.url, box["room"])
    click(scene.join_btn.rect.center)
    steps(app, 2)
    bob = RemoteMatch.connect(server.url, {}, link=link, timeout=30)
    until(app, lambda: isinstance(app.top, TableScene), 30, "the table")
    table = app.top
    match = table.match
    assert match.seat == 1 and match.correspondence

    moved: list[int] = []

    def ann_has_moved() -> bool:
        bob.update()  # Bob takes what the server said and plays his turn until Ann has played hers
        bob.poll()
        if bob.to_act == bob.seat and not bob.waiting_for_answer and not moved:
            bob.send(PlaceDice(bob.table.legal()[0]))
        if isinstance(app.top, SummaryScene):
            app.top.button.click()
        elif table.await_roll:
            key(pygame.K_r)
        elif table.human_turn and (not moved or moved[-1] != match.turn):
            moved.append(match.turn)
            digit = getattr(pygame, f"K_{[v for v, _r in table.groups][0]}")
            key(digit)
            key(digit)
        return bool(moved) and match.turn > moved[-1] and match.to_act not in (None, 1) and table.idle \
            and match.seen == match.turn

    until(app, ann_has_moved, 60, "Ann's move", lambda: (
        f"moved {moved}, turn {match.turn}, to act {match.to_act}, seen {match.seen}, idle {table.idle}, "
        f"top {type(app.top).__name__}, queue {len(table.queue)}, busy {table.presenter.busy}, "
        f"await roll {table.await_roll}, pace {table.pace_left}"))
    seen = match.seen
    app.close_all()  # Ann closes her game: her seat and what she saw are kept
    pygame.event.clear()
    kept = online.kept_seat()
    assert kept["room"] == box["room"] and kept["seen"] == seen and kept["correspondence"]
    return bob, box["room"]


@pytest.mark.parametrize("skip", [True, False], ids=["skipped", "played-fast"])
def test_back_after_days_the_table_shows_since_your_last_turn(app, server, read_texts, skip):
    app.settings.anim_speed = "normal"
    bob, room = _ann_plays_one_move(app, server)
    seen = online.kept_seat()["seen"]
    drive([bob], lambda: bob.to_act == 1 and bob.turn > seen)  # Bob and the AI play; Ann's turn again
    bob.close()  # Bob goes away too: nobody is in the room
    app.go("title")
    title = app.top
    assert isinstance(title, TitleScene) and title.resume_online_button is not None
    until(app, lambda: title.game_status(title.games[0]) == ("Your turn", True), 10, "the server's answer")
    read_texts.clear()
    steps(app)
    assert "Your online games" in read_texts and "Your turn" in read_texts
    # the game's tile names who plays in it: Bob and the AI seat, named by its level on this screen
    label = str(title.game_buttons[0].label)
    assert "Bob" in label and "Easy" in label, label
    click(title.resume_online_button.rect.center)
    until(app, lambda: isinstance(app.top, TableScene), 30, "the table again")
    table = app.top
    until(app, lambda: table.catch_up.left > 0, 10, "the missed moves")
    read_texts.clear()
    steps(app)
    assert "Since your last turn" in read_texts and "Skip (S)" in read_texts
    assert table.board.casino_dice != [dict(d) for d in table.match.view(None).casino_dice]  # not there yet
    if skip:
        key(pygame.K_s)
        steps(app)
        assert table.catch_up.left == 0
        assert table.board.casino_dice == [dict(d) for d in table.match.view(None).casino_dice]  # the present
    until(app, lambda: table.await_roll, 60, "Ann's turn")
    assert table.catch_up.left == 0 and not isinstance(app.top, SummaryScene)
    assert table.board.casino_dice == [dict(d) for d in table.match.view(None).casino_dice]
    read_texts.clear()
    steps(app)
    assert "Since your last turn" not in read_texts
    key(pygame.K_r)  # the player's move, as ever
    until(app, lambda: table.human_turn, 10, "the dice grouped")
    turn = table.match.turn
    digit = getattr(pygame, f"K_{[v for v, _r in table.groups][0]}")
    key(digit)
    key(digit)
    until(app, lambda: table.match.turn > turn, 10, "the move made")
    assert online.kept_seat()["seen"] >= turn


def test_several_games_are_kept_at_once_each_with_what_its_table_showed(home):
    url = "ws://127.0.0.1:8765"
    path = online.token_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    # a seat kept by an earlier version of the game (one seat, not a list) is still taken up
    path.write_text('{"url": "%s", "room": "OLDOLD", "token": "%s", "seat": 1}' % (url, "o" * 32), encoding="utf-8")
    assert [g["room"] for g in online.kept_games()] == ["OLDOLD"]
    for i, room in enumerate(("KXMPTR", "HQZ7WE")):
        online.keep_seat(url, {"room": room, "token": f"{room}-token-{'x' * 20}", "seat": i})
    online.note_game(url, "KXMPTR", correspondence=True, seen=7, names=["Ann", "Bob"])
    online.note_game(url, "ZZZZZZ", seen=3)  # not kept: nothing
    games = online.kept_games()
    assert [g["room"] for g in games] == ["HQZ7WE", "KXMPTR", "OLDOLD"]  # the latest first
    kxm = games[1]
    assert kxm["seen"] == 7 and kxm["correspondence"] and kxm["names"] == ["Ann", "Bob"]
    assert online.resume_request(kxm) == {"type": "resume", "room": "KXMPTR", "token": kxm["token"], "seen": 7}
    assert "seen" not in online.resume_request(games[0])  # a live game: the current table
    online.forget_seat(url, "KXMPTR")
    assert [g["room"] for g in online.kept_games()] == ["HQZ7WE", "OLDOLD"]
    for i in range(online.MAX_KEPT + 3):
        online.keep_seat(url, {"room": f"R{i:05d}", "token": "t" * 32, "seat": 0})
    games = online.kept_games()
    assert len(games) == online.MAX_KEPT and games[0]["room"] == f"R{online.MAX_KEPT + 2:05d}"


def test_a_status_the_title_cannot_read_is_not_shown():
    good = {"type": "status", "room": "KXMPTR", "seat": 1, "turn": 4, "to_act": 0, "started": True, "over": False,
            "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    assert online._status_ok(good)
    for field, bad in (("seat", 2), ("seat", "1"), ("to_act", 5), ("to_act", True), ("turn", None),
                       ("seats", [{"name": "Ann"}]), ("seats", "Ann"), ("seats", [1, 2]), ("over", 0)):
        assert not online._status_ok(dict(good, **{field: bad})), (field, bad)
    assert online.seat_name({"name": "x" * 99}) == "x" * 24 and online.seat_name({"name": 7}) == ""
