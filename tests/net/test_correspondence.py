"""Games that last for days (correspondence rooms) against real `lasvegas serve` processes on
127.0.0.1: the host's option, no AI playing for an away player, the room kept for its days and
not for the server's idle time (a day shortened with `--day-length`, never by sleeping for it),
`status` for a list of games, and a seat taken up again after moves it missed: the table as the
player last saw it, then the missed events.  Every wait is bounded."""

from __future__ import annotations

import json
import time

from lasvegas.match import CatchUp, PlaceDice
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch

from .helpers import Raw, no_move_for


def corr_room(url: str, **create) -> tuple[Raw, str, str]:
    """A correspondence room made by Ann on a raw connection: (connection, code, token)."""
    ann = Raw(url)
    ann.send(type="create", players=create.pop("players", 2), name="Ann", correspondence=True, **create)
    welcome = ann.until("welcome")
    return ann, welcome["room"], welcome["token"]


def test_the_host_sets_how_many_days_the_room_is_kept_and_no_ai_plays_for_the_away(server):
    ann, code, _token = corr_room(server.url, keep_days=3, away_delay=0)
    options = ann.until("lobby")["options"]
    assert options["correspondence"] is True and options["keep_days"] == 3
    assert options["away_delay"] is None  # no time pressure: nobody plays an away player's turn
    bob = Raw(server.url)
    bob.send(type="join", room=code, name="Bob")
    state = bob.until("state")
    mover, other = (ann, bob) if state["view"]["current"] == 0 else (bob, ann)
    mover.close()  # the player to move goes away (with away_delay 0 a live room's AI would play at once)
    no_move_for(other, 1.5)
    other.close()
    raw = Raw(server.url)
    raw.send(type="create", players=2)
    assert raw.until("lobby")["options"]["correspondence"] is False  # a live room by default
    for bad in (0, 31, "7", True, 2.5):
        raw = Raw(server.url)
        raw.send(type="create", players=2, correspondence=True, keep_days=bad)
        assert "create.keep_days" in raw.until("error", code="field")["message"]
        raw.close()
    assert "Traceback" not in server.log()


def test_status_tells_whose_turn_it_is_without_taking_the_seat(server):
    ann, code, token = corr_room(server.url)
    bob = Raw(server.url)
    bob.send(type="join", room=code, name="Bob")
    state = bob.until("state")
    ann.until("state")
    asker = Raw(server.url)  # a connection of its own: the player's list of games
    asker.send(type="status", room=code, token=token)
    st = asker.until("status")
    assert st["room"] == code and st["seat"] == 0 and st["started"] and not st["over"]
    assert st["to_act"] == state["view"]["current"] and st["turn"] == 0
    assert [s["name"] for s in st["seats"]] == ["Ann", "Bob"] and st["seats"][0]["connected"]
    asker.send(type="status", room=code, token="x" * 32)
    assert asker.until("error", code="bad-token")["about"] == "status"
    asker.send(type="place", value=1, turn=0)  # asking binds no seat
    assert "create, join or resume" in asker.until("error", code="field")["message"]
    asker.close()


def test_a_correspondence_room_outlives_the_idle_time_and_goes_after_its_days(server_factory):
    # a "day" of 2 s: the room is kept 2 s after its last move; the server's idle time is 0.5 s
    server = server_factory("--idle-timeout", "0.5", "--day-length", "2")
    live = Raw(server.url)
    live.send(type="create", players=2, name="Lee")
    live_w = live.until("welcome")
    live.close()
    ann, code, token = corr_room(server.url, keep_days=1)
    ann.close()
    asker = Raw(server.url)
    deadline = time.monotonic() + 20
    while True:  # until the live room is reaped for being idle
        assert time.monotonic() < deadline, "the live room was never removed"
        asker.send(type="status", room=live_w["room"], token=live_w["token"])
        if _answer(asker) == "no-room":
            break
        time.sleep(0.05)
    asker.send(type="status", room=code, token=token)
    assert _answer(asker) == "status"  # idle as long, but kept for its day
    while True:
        assert time.monotonic() < deadline, "the correspondence room was never removed"
        asker.send(type="status", room=code, token=token)
        if _answer(asker) == "no-room":
            break
        time.sleep(0.05)
    asker.close()
    assert "Traceback" not in server.log()


def _answer(raw: Raw, timeout: float = 5.0) -> str:
    """``status``, or the error's code, of the server's answer to a ``status``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = json.loads(raw.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if msg["type"] in ("status", "error"):
            return msg["type"] if msg["type"] == "status" else msg["code"]
    raise AssertionError(f"no answer within {timeout} s")


def three_seats(url: str) -> tuple[RemoteMatch, RemoteMatch, str, str]:
    """A started correspondence room: Ann (seat 0), Bob (seat 1) and an Easy AI; (ann, bob, room, Ann's token)."""
    box: dict = {}
    link = Link(url, {"type": "create", "players": 3, "rounds": 2, "name": "Ann", "correspondence": True,
                      "ai": [None, None, "easy"]}, on_welcome=lambda m: box.update(m))
    deadline = time.monotonic() + 20
    while "room" not in box:
        assert time.monotonic() < deadline, "no room"
        time.sleep(0.02)
    bob = RemoteMatch.connect(url, {"type": "join", "room": box["room"], "name": "Bob"}, timeout=30)
    ann = RemoteMatch.connect(url, {}, link=link, timeout=30)
    return ann, bob, box["room"], box["token"]


def drive(matches: list[RemoteMatch], until, seconds: float = 60.0, views: dict | None = None,
          placed: list | None = None) -> None:
    """Take what the server says and play each match's turns (the first value rolled) until ``until()``;
    ``views``: the first match's view after each move it saw; ``placed``: (seat, move) of each move sent."""
    deadline = time.monotonic() + seconds
    while not until():
        assert time.monotonic() < deadline, f"not within {seconds} s: " + "; ".join(
            f"seat {m.seat} turn {m.turn} to act {m.to_act} waiting {m.waiting_for_answer} closed {m.closed} "
            f"error {m.error}" for m in matches)
        for m in matches:
            m.update()
            m.poll()
            if views is not None and m is matches[0]:
                views.setdefault(m.turn, m.view(m.seat))
            if m.to_act == m.seat and not m.waiting_for_answer and not until():
                m.send(PlaceDice(m.table.legal()[0]))
                if placed is not None:
                    placed.append((m.seat, m.turn))
        matches[0].wait(0.02)


def test_back_after_moves_were_made_the_seat_sees_its_last_table_then_the_moves_it_missed(server):
    ann, bob, room, token = three_seats(server.url)
    views: dict = {}
    placed: list = []

    def ann_has_moved() -> bool:  # and it is someone else's turn
        mine = [t for s, t in placed if s == 0]
        return bool(mine) and ann.turn > mine[-1] and ann.to_act not in (None, 0) and ann.seen == ann.turn
    drive([ann, bob], ann_has_moved, views=views, placed=placed)
    seen = ann.seen
    assert ann.view(0) == views[seen]
    ann.close()  # Ann goes away for days
    drive([bob], lambda: bob.to_act == 0 and bob.turn > seen)  # Bob and the AI move; Ann's turn again
    missed_moves = bob.turn - seen
    back = RemoteMatch.connect(server.url, {"type": "resume", "room": room, "token": token, "seen": seen},
                               timeout=30)
    assert back.turn == seen and back.view(0) == views[seen]  # the table as Ann left it
    first = back.poll()
    assert len(first) == 1 and isinstance(first[0], CatchUp)
    deadline = time.monotonic() + 10
    missed: list = []
    while len(missed) < first[0].count:
        assert time.monotonic() < deadline, "the missed events did not come"
        back.wait(0.05)
        missed += back.poll()
    assert len(missed) == first[0].count
    assert sum(type(e).__name__ == "DicePlaced" for e in missed) == missed_moves
    assert type(missed[-1]).__name__ == "DiceRolled" and missed[-1].seat == 0  # now: Ann's roll
    bob.update()
    assert back.turn == bob.turn and back.to_act == 0
    assert back.view(None) == bob.view(None)  # the same table now
    back.close()
    bob.close()
