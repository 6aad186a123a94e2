"""A damaged rooms database: the server says which file and how to go on; --salvage keeps what can be
read (the damaged file aside, never deleted); a room that cannot be restored is told so."""

import json
import random
import re
import sqlite3
import subprocess
import sys

import pytest

from .conftest import ROOT, _env
from .helpers import Raw, play_raw


def _serve_fails(home, db, *more) -> str:
    """``lasvegas serve --db db``, which must stop at once with status 1: its error output."""
    p = subprocess.run([sys.executable, "-m", "lasvegas", "serve", "--port", "0", "--db", str(db), *more],
                       capture_output=True, timeout=60, env=_env(home), cwd=ROOT)
    assert p.returncode == 1, (p.returncode, p.stdout, p.stderr)
    assert b"listening" not in p.stdout
    return p.stderr.decode()


def _rooms(server, lobbies: int) -> tuple[list[dict], dict]:
    """``lobbies`` lobbies and one game with moves made: their welcomes."""
    made = []
    for _ in range(lobbies):
        c = Raw(server.url)
        c.send(type="create", players=3, name="L" * 24)
        made.append(c.until("welcome"))
        c.close()
    g = Raw(server.url)
    g.send(type="create", players=2, rounds=1, ai=[None, "easy"])
    game = g.until("welcome")
    play_raw(g, g.until("state"), 2, 1)
    g.close()
    return made, game


def _answer(url: str, w: dict) -> dict:
    """The server's answer (welcome or error) to a resume of the seat ``w`` was welcomed to."""
    c = Raw(url)
    c.send(type="resume", room=w["room"], token=w["token"])
    try:
        for _ in range(20):
            m = json.loads(c.ws.recv(timeout=10))
            if m["type"] in ("welcome", "error"):
                return m
        raise AssertionError(f"no answer to a resume: {m}")
    finally:
        c.close()


MANY = ("--max-live-rooms-per-address", "100", "--max-rooms-per-address", "100")


def _salvaged(server_factory, db, *extra):
    """A server started with --salvage on ``db``: (the server, the file kept aside, its summary)."""
    server = server_factory("--salvage", *extra)
    aside = sorted(db.parent.glob(db.name + ".damaged-*"))
    assert [p for p in aside if not p.name.endswith(("-wal", "-shm"))], list(db.parent.iterdir())
    return server, [p for p in aside if not p.name.endswith(("-wal", "-shm"))][0], server.log()


def _new_game_plays(server) -> None:
    c = Raw(server.url)
    c.send(type="create", players=2, rounds=1, ai=[None, "easy"])
    c.until("welcome")
    assert play_raw(c, c.until("state"), 2, 1) > 0
    c.close()


def test_random_bytes_are_named_and_salvaged_into_a_fresh_database(tmp_path, server_factory):
    db = tmp_path / "server.sqlite3"
    junk = random.Random(7).randbytes(20000)
    db.write_bytes(junk)
    err = _serve_fails(tmp_path, db)
    assert str(db) in err and "--salvage" in err and "damaged-" in err, err
    assert db.read_bytes() == junk  # nothing written to it
    server, aside, log = _salvaged(server_factory, db)
    assert aside.read_bytes() == junk
    assert "0 rooms restored" in log
    _new_game_plays(server)


def test_a_foreign_sqlite_file_is_refused_untouched(tmp_path, server_factory):
    db = tmp_path / "server.sqlite3"
    other = sqlite3.connect(db)
    other.execute("CREATE TABLE photos (name TEXT, taken REAL)")
    other.execute("INSERT INTO photos VALUES ('beach', 1.0)")
    other.commit()
    other.close()
    before = db.read_bytes()
    err = _serve_fails(tmp_path, db)
    assert "something else" in err and "photos" in err and str(db) in err, err
    assert "not a rooms database" in err and "--salvage" not in err, err
    assert db.read_bytes() == before
    # --salvage leaves it alone too: nothing to salvage in it, nothing moved, nothing made
    err = _serve_fails(tmp_path, db, "--salvage")
    assert "not a rooms database" in err and "left as it is" in err, err
    assert db.read_bytes() == before and list(db.parent.glob(db.name + ".damaged-*")) == []


def test_an_empty_file_is_a_new_database_and_the_server_says_so(tmp_path, server_factory):
    db = tmp_path / "server.sqlite3"
    db.write_bytes(b"")
    server = server_factory()
    assert f"{db} is empty (0 bytes)" in server.log()
    _new_game_plays(server)


def test_a_truncated_database_is_salvaged_room_by_room(tmp_path, server_factory):
    server = server_factory(*MANY)
    lobbies, game = _rooms(server, 60)
    server.stop()
    db = server.db
    whole = db.read_bytes()
    assert len(whole) >= 6 * 4096, len(whole)
    cut = whole[: len(whole) // 2 // 4096 * 4096 + 100]  # half, cut inside a page
    db.write_bytes(cut)
    err = _serve_fails(tmp_path, db)
    assert str(db) in err and "--salvage" in err, err
    server2, aside, log = _salvaged(server_factory, db, *MANY)
    assert aside.read_bytes() == cut
    restored = int(re.findall(r"(\d+) rooms restored", log)[-1])
    assert 0 < restored < 61, log
    back = 0
    for w in lobbies + [game]:
        msg = _answer(server2.url, w)
        assert msg["type"] == "welcome" or msg["code"] in ("no-room", "room-lost"), msg
        back += msg["type"] == "welcome"
    assert back == restored
    _new_game_plays(server2)


def test_a_room_that_cannot_be_restored_is_kept_aside_and_its_players_are_told(tmp_path, server_factory):
    server = server_factory("--misses-per-address", "3")
    lobbies, game = _rooms(server, 1)
    server.stop()
    db = sqlite3.connect(server.db)
    original = db.execute("SELECT data FROM rooms WHERE code = ?", (game["room"],)).fetchone()[0]
    db.execute("UPDATE moves SET value = 9 WHERE code = ? AND n = 2", (game["room"],))
    db.commit()
    db.close()
    server.start()
    assert "kept aside" in server.log()
    for _ in range(5):  # told each time; no guess counted against the address
        c = Raw(server.url)
        c.send(type="resume", room=game["room"], token=game["token"])
        assert "could not be restored" in c.until("error", code="room-lost")["message"]
        c.close()
    c = Raw(server.url)
    c.send(type="resume", room=lobbies[0]["room"], token=lobbies[0]["token"])
    assert c.until("welcome")["seat"] == 0
    c.close()
    server.stop()
    db = sqlite3.connect(server.db)
    kept = db.execute("SELECT data, moves, reason FROM damaged_rooms WHERE code = ?", (game["room"],)).fetchone()
    assert kept[0] == original and "9" in kept[1] and kept[2]
    assert db.execute("SELECT count(*) FROM rooms WHERE code = ?", (game["room"],)).fetchone()[0] == 0
    db.close()


@pytest.mark.parametrize("seed", [1, 2])
def test_a_scrambled_database_serves_every_room_it_can_read(tmp_path, server_factory, seed):
    server = server_factory(*MANY)
    lobbies, game = _rooms(server, 30)
    server.stop()
    db = server.db
    data = bytearray(db.read_bytes())
    rng = random.Random(seed)
    for _ in range(40):  # bytes changed past the header, in the rooms' pages
        data[rng.randrange(4096, len(data))] = rng.randrange(256)
    db.write_bytes(bytes(data))
    server2 = server_factory("--salvage", *MANY)  # salvages when the check finds damage, else starts as it is
    lost = 0
    for w in lobbies + [game]:
        m = _answer(server2.url, w)
        # a changed byte may also fall in a seat's token digest, still valid JSON: that seat is lost
        assert m["type"] == "welcome" or m["code"] in ("no-room", "room-lost", "bad-token"), m
        lost += m["type"] == "error"
    assert lost < 31, server2.log()
    if "salvaging" in server2.log():
        assert sorted(db.parent.glob(db.name + ".damaged-*"))
    _new_game_plays(server2)


def test_moves_whose_index_pages_are_damaged_are_read_page_by_page(tmp_path):
    """The moves table is one B-tree (WITHOUT ROWID): a damaged page above its leaves hides every
    room's moves from SQL; the salvage then finds them in the pages themselves."""
    from lasvegas.net.salvage import scan_moves
    from lasvegas.net.store import Store

    path = tmp_path / "rooms.sqlite3"
    store = Store(path)
    rng = random.Random(7)
    want = {f"R{k:05d}": [rng.randrange(1, 7) for _ in range(rng.randrange(20, 90))] for k in range(60)}
    store.db.execute("BEGIN")
    for code, values in want.items():
        store.db.executemany("INSERT INTO moves (code, n, value, touched) VALUES (?, ?, ?, ?)",
                             [(code, n, v, 1.5e9 + n) for n, v in enumerate(values)])
    store.db.execute("COMMIT")
    store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (root,) = store.db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'moves'").fetchone()
    (size,) = store.db.execute("PRAGMA page_size").fetchone()
    store.close()
    data = bytearray(path.read_bytes())
    assert data[(root - 1) * size] == 2, "the moves tree has more than one level"
    data[(root - 1) * size + 8:(root - 1) * size + 12] = b"\xff\xff\xff\xf0"  # its right-most child: nowhere
    path.write_bytes(bytes(data))
    db = sqlite3.connect(path)
    with pytest.raises(sqlite3.DatabaseError):
        for code in want:
            db.execute("SELECT n, value FROM moves WHERE code = ? ORDER BY n", (code,)).fetchall()
    db.close()
    found = scan_moves(path)
    got = {code: [next(iter(found[code][n])) for n in range(len(found[code]))] for code in found}
    assert got == want
