"""The watermark beside an SQLite rooms database, and the receipts: a room behind what the server
acknowledged, or gone, is declared damaged at the start; a receipt signs what it says and no more."""

import sqlite3

from lasvegas.net import marks as wm
from lasvegas.net.store import LOST_MOVES, LOST_ROOM, Store

from .test_store import _played


def _kept(tmp_path, moves: int):
    """A store holding a room and its ``moves`` moves, queued and committed as the server does."""
    room, values = _played(moves)
    store = Store(tmp_path / "s.sqlite3")
    twin = type(room).from_dict(room.to_dict(), [])
    store.save_room(twin)
    store.commit()
    for v in values:
        twin.replay([v])
        store.add_move(twin, v)
        store.commit()
    return store, twin


def test_a_room_behind_its_watermark_or_gone_is_declared_damaged(tmp_path):
    store, room = _kept(tmp_path, 12)
    other, _v = _played(0)
    other.code = "GHJKMN"
    store.save_room(other)  # a game started, before its first move; then lost whole
    store.commit()
    assert wm.read_marks(wm.marks_path(store.path))[0] == {room.code: 13, "GHJKMN": 1}
    store.close()
    db = sqlite3.connect(tmp_path / "s.sqlite3")  # what a torn log leaves: the last moves, a room, gone
    db.execute("DELETE FROM moves WHERE code = ? AND n >= 9", (room.code,))
    db.execute("DELETE FROM rooms WHERE code = 'GHJKMN'")
    db.commit()
    db.close()
    again = Store(tmp_path / "s.sqlite3")
    rooms, problems = again.load_all()
    assert rooms == []
    why = again.damaged()
    assert why[room.code].startswith(LOST_MOVES) and "12 moves" in why[room.code] and "9 moves" in why[room.code]
    assert why["GHJKMN"].startswith(LOST_ROOM)
    assert "2 rooms declared damaged" in problems[-1]
    # kept aside for good, the watermark done with: the next start declares nothing more
    again.close()
    third = Store(tmp_path / "s.sqlite3")
    assert third.load_all() == ([], []) and set(third.damaged()) == {room.code, "GHJKMN"}
    third.close()


def test_a_watermark_line_cut_short_is_not_read_and_nothing_is_declared(tmp_path):
    store, room = _kept(tmp_path, 5)
    store.close()
    path = wm.marks_path(tmp_path / "s.sqlite3")
    path.write_bytes(path.read_bytes() + room.code.encode() + b" 9")  # a crash while appending
    assert wm.read_marks(path) == ({room.code: 6}, 6, 1)
    again = Store(tmp_path / "s.sqlite3")
    rooms, problems = again.load_all()
    assert [r.code for r in rooms] == [room.code] and again.damaged() == {}
    assert "could not be read" in problems[0] and len(problems) == 1
    again.close()


def test_the_watermark_file_is_rewritten_when_it_grows(tmp_path, monkeypatch):
    monkeypatch.setattr(wm, "COMPACT_LINES", 1)
    monkeypatch.setattr(wm, "COMPACT_MIN", 10)
    store, room = _kept(tmp_path, 40)
    marks, lines, bad = wm.read_marks(wm.marks_path(store.path))
    assert marks == {room.code: 41} and lines <= 10 and bad == 0
    store.close()


def test_a_receipt_signs_the_room_its_moves_and_their_order(tmp_path):
    store, room = _kept(tmp_path, 10)
    r = store.receipt(room)
    n, digest, mac = r.split(".")
    assert n == "10" and store.check_receipt(room.code, r) == ""
    assert store.check_receipt("GHJKMN", r) is None  # another room's
    assert store.check_receipt(room.code, f"11.{digest}.{mac}") is None  # a count it does not sign
    assert store.check_receipt(room.code, f"10.{'0' * 32}.{mac}") is None
    forged = wm.receipt(b"k" * 32, room.code, 50, bytes(32))
    assert store.check_receipt(room.code, forged) is None  # another key
    # a receipt the key signs past the moves (a database put back from an older copy), or over other moves
    ahead = wm.receipt(store.key, room.code, 14, bytes(32))
    assert store.check_receipt(room.code, ahead).startswith(LOST_MOVES)
    other = wm.receipt(store.key, room.code, 10, bytes(32))
    assert "not those" in store.check_receipt(room.code, other)
    earlier = wm.receipt(store.key, room.code, 4, wm.chain(room.code, _stored(store, room.code)[:4]))
    assert store.check_receipt(room.code, earlier) == ""
    # the key is kept beside the database, readable by its owner only, the same at the next start
    key = wm.key_path(store.path)
    assert key.stat().st_mode & 0o077 == 0
    store.close()
    assert Store(tmp_path / "s.sqlite3").check_receipt(room.code, r) == ""


def _stored(store, code):
    return [v for (v,) in store.db.execute("SELECT value FROM moves WHERE code = ? ORDER BY n", (code,))]


def test_salvage_checks_the_watermarks_of_what_it_restores(tmp_path):
    from lasvegas.net.salvage import salvage

    store, room = _kept(tmp_path, 12)
    store.close()
    db = sqlite3.connect(tmp_path / "s.sqlite3")
    db.execute("DELETE FROM moves WHERE code = ? AND n >= 9", (room.code,))
    db.commit()
    db.close()
    out = salvage(tmp_path / "s.sqlite3")
    assert out.restored == [] and out.damaged[room.code].startswith(LOST_MOVES), out.summary()
    again = Store(tmp_path / "s.sqlite3")
    assert again.load_all() == ([], []) and again.damaged()[room.code].startswith(LOST_MOVES)
    again.close()
