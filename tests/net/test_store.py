"""The SQLite store: a room's row and its move log give back the same game; older files are upgraded."""

import json
import sqlite3

from lasvegas.ai import make_ai
from lasvegas.net.room import Room
from lasvegas.net.store import Store


def _played(moves: int) -> tuple[Room, list[int]]:
    room, _token = Room.create("ABCDEF", {"players": 3, "ai": [None, "easy", "easy"], "hide_money": True},
                               ["easy"])
    room.start()
    ai = make_ai("easy", 3)
    values = []
    while room.turn < moves and not room.over:
        v = ai.choose(room.game.copy(), None).value
        room.play(room.to_act, v, room.turn)
        values.append(v)
    return room, values


def test_a_room_comes_back_from_its_row_and_its_moves(tmp_path):
    room, values = _played(30)
    store = Store(tmp_path / "s.sqlite3")
    twin = Room.from_dict(room.to_dict(), [])
    store.save_room(twin)
    for v in values:  # what the server queues move by move
        twin.replay([v])
        store.add_move(twin, v)
    assert store.pending
    store.commit()
    assert not store.pending
    store.close()
    (back,), problems = Store(tmp_path / "s.sqlite3").load_all()
    assert problems == []
    assert back.game == room.game and back.turn == room.turn == 30
    assert json.dumps(back.log) == json.dumps(room.log)
    assert back.seats == room.seats and back.commitment == room.commitment and back.nonce == room.nonce


def test_a_damaged_room_is_reported_and_kept_aside_in_the_file(tmp_path):
    room, values = _played(1)  # (the store keeps a room and its moves as the server does: its first move, stored damaged)
    store = Store(tmp_path / "s.sqlite3")
    store.save_room(room)
    store.commit()
    data = store.db.execute("SELECT data FROM rooms").fetchone()[0]
    store.db.execute("INSERT INTO moves (code, n, value, touched) VALUES (?, 0, 9, 0)", (room.code,))
    rooms, problems = store.load_all()
    assert rooms == [] and len(problems) == 1 and room.code in problems[0] and "kept aside" in problems[0]
    assert store.db.execute("SELECT COUNT(*) FROM rooms").fetchone()[0] == 0
    assert store.db.execute("SELECT data, moves FROM damaged_rooms").fetchone() == (data, "[9]")
    assert list(store.damaged()) == [room.code]
    store.close()
    again = Store(tmp_path / "s.sqlite3")  # kept aside for good: the next start finds it there
    assert again.load_all() == ([], []) and list(again.damaged()) == [room.code]


def test_a_database_of_the_earlier_form_is_upgraded(tmp_path):
    room, values = _played(12)
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE rooms (code TEXT PRIMARY KEY, data TEXT NOT NULL, touched REAL NOT NULL);
        CREATE TABLE events (code TEXT NOT NULL, n INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (code, n));
    """)
    old = {k: v for k, v in room.to_dict().items() if k != "seed"}
    old.update(turn=room.turn, game=room.game.to_dict())
    db.execute("INSERT INTO rooms VALUES (?, ?, ?)", (room.code, json.dumps(old), room.touched))
    db.executemany("INSERT INTO events VALUES (?, ?, ?)",
                   [(room.code, n, json.dumps(e)) for n, e in enumerate(room.log)])
    db.commit()
    db.close()
    (back,), problems = Store(path).load_all()
    assert problems == [] and back.game == room.game and back.turn == 12
    (again,), _ = Store(path).load_all()  # the upgraded file reads the same
    assert again.game == room.game


def test_a_row_of_the_wrong_shape_is_reported_with_the_field_at_fault(tmp_path):
    room, _values = _played(0)
    store = Store(tmp_path / "s.sqlite3")
    good = room.to_dict()
    for code, change, where in (("BCDEFG", ("options", "players", 12), "options.players"),
                                ("CDEFGH", ("seats", 0, {"colour": "plaid"}), "seats[0].colour"),
                                ("DEFGHJ", ("options", "cheat", True), "cheat")):
        bad = json.loads(json.dumps(good))
        bad["code"] = code
        bad[change[0]][change[1]] = change[2]
        store.db.execute("INSERT INTO rooms (code, data, touched) VALUES (?, ?, 0)", (code, json.dumps(bad)))
    store.save_room(room)
    rooms, problems = store.load_all()
    assert [r.code for r in rooms] == [room.code] and len(problems) == 3
    for p, where in zip(sorted(problems), ("options.players", "seats[0].colour", "cheat")):
        assert where in p, p
