"""Receipts: a database put back from an older copy (watermark and all) is caught by the receipt a
player holds; a forged receipt or a bare ``since`` harms no one; the clients keep their last receipt."""

import shutil
import time

from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch

from tests.ui.conftest import home  # noqa: F401 (a fixture: the player's folders in a temporary home)

from .helpers import Raw, play_out, play_raw, resume_answer

SUFFIXES = ("", "-wal", "-shm", "-marks", "-key")


def _game(url: str, until: int) -> tuple[dict, str]:
    c = Raw(url)
    c.send(type="create", players=2, rounds=2, ai=[None, "easy"], away_delay=None)
    w = c.until("welcome")
    play_raw(c, c.until("state"), 2, 2, until_turn=until)
    c.close()
    return w, _last_receipt(c)


def _last_receipt(c: Raw) -> str:
    return [m["receipt"] for m in c.seen if m["type"] in ("state", "events") and "receipt" in m][-1]


def _copy(db, to) -> None:
    to.mkdir()
    for s in SUFFIXES:
        if (db.parent / (db.name + s)).exists():
            shutil.copyfile(db.parent / (db.name + s), to / (db.name + s))


def _put_back(db, frm) -> None:
    for s in SUFFIXES:
        (db.parent / (db.name + s)).unlink(missing_ok=True)
        if (frm / (db.name + s)).exists():
            shutil.copyfile(frm / (db.name + s), db.parent / (db.name + s))


def test_a_database_put_back_from_an_older_copy_is_caught_by_a_players_receipt(tmp_path, server_factory):
    server = server_factory()
    w, r6 = _game(server.url, 6)
    other, _r = _game(server.url, 4)
    assert r6.split(".")[0] == "6"
    server.stop()
    _copy(server.db, tmp_path / "backup")  # the host's copy, watermark and key with it
    server.start()
    c = Raw(server.url)
    c.send(type="resume", room=w["room"], token=w["token"], receipt=r6)
    c.until("welcome")
    play_raw(c, c.until("state"), 2, 2, until_turn=12)
    r12 = _last_receipt(c)
    c.close()
    assert int(r12.split(".")[0]) >= 12
    server.stop()
    _put_back(server.db, tmp_path / "backup")
    server.start()
    assert "declared damaged" not in server.log()  # the watermark came back with the database
    # a bare since never declares anything; nor does a forged receipt (refused, logged)
    # (the room is back at move 6, its AI seat may move on: the same move, from the same seed)
    assert 6 <= resume_answer(server.url, w, since=10**5)["turn"] < 12
    n, digest, mac = r12.split(".")
    forged = f"{int(n) + 20}.{digest}.{mac[::-1]}"
    assert 6 <= resume_answer(server.url, w, receipt=forged)["turn"] < 12
    assert "a receipt this server did not sign was refused" in server.log()
    assert 6 <= resume_answer(server.url, w, receipt=r6)["turn"] < 12  # its own receipt of move 6: fine
    # the receipt of move 12: the server lost moves it had acknowledged
    lost = resume_answer(server.url, w, receipt=r12)
    assert lost["type"] == "error" and lost["code"] == "room-lost", lost
    assert "lost moves of this game" in lost["message"] and "cannot be continued" in lost["message"]
    assert f"room {w['room']} declared damaged" in server.log()
    # for good: without a receipt, after a restart too; the other room plays on
    again = resume_answer(server.url, w)
    assert again["type"] == "error" and "lost moves" in again["message"]
    server.stop()
    server.start()
    assert "lost moves" in resume_answer(server.url, w)["message"]
    assert resume_answer(server.url, other)["type"] == "state"
    assert "Traceback" not in server.log()


def test_the_desktop_client_keeps_its_last_receipt_and_shows_it_when_it_comes_back(server):
    box = {}
    link = Link(server.url, {"type": "create", "players": 2, "rounds": 1, "ai": [None, "easy"]},
                on_welcome=lambda m: box.setdefault("room", m["room"]))
    match = RemoteMatch.connect(server.url, {}, link=link, timeout=60)
    try:
        play_out([match], 90, level="easy")
        deadline = time.monotonic() + 10
        while not (link.receipt or "").startswith(f"{match.turn}."):
            assert time.monotonic() < deadline, (link.receipt, match.turn)
            match.wait(0.05)
        again = link._first_request()  # what it sends when its connection is made again
        assert again["kind"] == "resume" and again["receipt"] == link.receipt
    finally:
        match.close()


def test_a_kept_online_game_keeps_its_receipt_and_resumes_with_it(home):
    from lasvegas.ui.online import lobby as online
    from lasvegas.ui.online.seats import note_game, resume_request

    online.keep_seat("ws://127.0.0.1:9", {"room": "ABCDEF", "token": "t" * 32, "seat": 1})
    receipt = "12." + "a" * 32 + "." + "b" * 32
    note_game("ws://127.0.0.1:9", "ABCDEF", seen=12, receipt=receipt)
    kept = online.kept_seat()  # (read back through the file's checked shape)
    assert kept["receipt"] == receipt
    assert resume_request(kept)["receipt"] == receipt
    assert resume_request({**kept, "game": "lords"})["receipt"] == receipt


def test_a_lords_room_gives_receipts_too_and_its_own_one_is_taken_back(server):
    from .lords.lords_helpers import LordsRaw

    c = LordsRaw(server.url)
    c.send(type="create", game="lords", players=2, ai=[None, "easy"], decision_seconds=None)
    w = c.until("welcome")
    state = c.until("state")
    assert state["receipt"].startswith("0.") or int(state["receipt"].split(".")[0]) == state["turn"]
    c.close()
    back = LordsRaw(server.url)
    back.send(type="resume", room=w["room"], token=w["token"], receipt=state["receipt"])
    assert back.until("welcome")["room"] == w["room"]
    assert back.until("state")["turn"] >= state["turn"]
    back.close()
    assert "declared damaged" not in server.log() and "did not sign" not in server.log()
