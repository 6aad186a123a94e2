"""--salvage never hands back a spoiled game: a room comes back playable only with every move it had
made, a finished game comes back finished, and every room whose code can be found anywhere in the
file is either restored or kept aside as damaged, its players told so.  The files hold both games'
rooms: lobbies, games in play and finished games (tests/net/salvage_fixture.py)."""

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from lasvegas.net.salvage import salvage
from lasvegas.net.store import Store

from .helpers import Raw
from .salvage_fixture import build

PAGE = 4096


@pytest.fixture(scope="module")
def original(tmp_path_factory):
    path = tmp_path_factory.mktemp("salvage") / "whole.sqlite3"
    made = build(path)
    assert path.stat().st_size >= 20 * PAGE
    return path, made


def _damage(original, tmp_path, how: str, seed: int = 0):
    path, made = original
    db = tmp_path / "server.sqlite3"
    shutil.copyfile(path, db)
    data = bytearray(db.read_bytes())
    rng = random.Random(seed)
    if how == "truncated":
        data = data[: len(data) // 2 // PAGE * PAGE + 1000]  # half, cut inside a page
    elif how == "scribbled":
        for page in rng.sample(range(2, len(data) // PAGE), 3):  # three whole pages overwritten
            data[page * PAGE:(page + 1) * PAGE] = rng.randbytes(PAGE)
    elif how == "header":
        data[:100] = bytes(100)
    db.write_bytes(bytes(data))
    return db, bytes(data), made


def _check(db, damaged_bytes, made):
    """Every restored room is whole (all its moves, finished if it had finished); every room whose code
    is in the damaged file is restored or kept aside; none is both.  (restored, kept aside)."""
    store = Store(db)
    try:
        rooms, problems = store.load_all()
        kept = store.damaged()
    finally:
        store.close()
    assert problems == []
    restored = {r.code: r for r in rooms}
    assert not set(restored) & set(kept)
    for code, room in restored.items():
        m = made[code]
        assert room.started == m.started, code
        assert room.turn == len(m.moves), f"room {code} restored at move {room.turn} of {len(m.moves)}"
        assert room.over == m.over, code
    named = {code for code in made if code.encode() in damaged_bytes}
    assert named <= set(restored) | set(kept), sorted(named - set(restored) - set(kept))
    return restored, kept


@pytest.mark.parametrize("how", ["truncated", "scribbled", "header"])
def test_salvage_never_restores_an_earlier_move_and_forgets_no_room_it_can_name(original, tmp_path, how):
    db, data, made = _damage(original, tmp_path, how)
    report = salvage(db)
    assert report.aside.read_bytes() == data  # the damaged file is kept as it was
    restored, kept = _check(db, data, made)
    assert len(restored) + len(kept) == len(report.restored) + len(report.damaged)
    if how == "header":  # nothing but the header was lost: everything comes back
        assert report.header_rebuilt == PAGE
        assert set(restored) == set(made) and not kept
    else:
        assert restored and len(restored) < len(made)
    finished = [c for c in restored if made[c].over]
    assert all(restored[c].over for c in finished)


@pytest.mark.parametrize("seed", range(1, 5))
def test_scribbled_pages_at_random_never_give_back_an_earlier_move(original, tmp_path, seed):
    db, data, made = _damage(original, tmp_path, "scribbled", seed)
    salvage(db)
    _check(db, data, made)


def test_a_cut_moves_tree_keeps_its_rooms_aside_with_what_was_read(original, tmp_path):
    """Every moves page of the last third gone (zeroed): the rooms whose last moves were there are kept
    aside, their row and the moves that could be read with them, never restored short."""
    db, data, made = _damage(original, tmp_path, "none")
    raw = bytearray(data)
    pages = len(raw) // PAGE
    for p in range(pages * 2 // 3, pages):
        if raw[p * PAGE] == 10:  # an index leaf: the moves tree's
            raw[p * PAGE:(p + 1) * PAGE] = bytes(PAGE)
    db.write_bytes(bytes(raw))
    salvage(db)
    restored, kept = _check(db, bytes(raw), made)
    conn = sqlite3.connect(db)
    for code, in_row, moves, why in conn.execute("SELECT code, data, moves, reason FROM damaged_rooms"):
        m = made[code]
        if moves is not None and json.loads(moves):
            assert json.loads(moves) == m.moves[:len(json.loads(moves))]
        assert why
    conn.close()


def test_players_of_a_damaged_room_are_told_and_the_others_resume(original, tmp_path, server_factory):
    db, data, made = _damage(original, tmp_path, "truncated")
    server = server_factory("--salvage", "--misses-per-address", "2")
    log = server.log()
    assert "rooms restored" in log
    restored, kept = 0, 0
    for code, m in made.items():
        c = Raw(server.url)
        c.send(type="resume", room=code, token=m.token, v=2 if m.game == "lords" else 1)
        for _ in range(50):
            msg = json.loads(c.ws.recv(timeout=10))
            if msg["type"] in ("welcome", "error"):
                break
        c.close()
        if msg["type"] == "welcome":
            restored += 1
        elif "could not be restored" in msg.get("message", ""):
            kept += 1
        else:  # a room nothing of which is left in the file
            assert msg["code"] == "no-room" and code.encode() not in data, msg
    assert restored and kept


def _live_after_deletes(path: Path, seed: int) -> tuple[Store, list[str], dict]:
    """A live file (still open, its last commits in the write-ahead log) after six rooms in play were
    deleted (their pages on the free list, stale copies of moves in them): (store, gone, kept)."""
    made = build(path, seed=seed)
    store = Store(path)
    gone = [code for code, m in made.items() if m.moves][:6]
    for code in gone:
        store.delete(code)
    store.commit()
    return store, gone, {code: m for code, m in made.items() if code not in gone}


def test_a_file_with_its_write_ahead_log_and_free_pages_is_salvaged_as_it_was_last(tmp_path):
    """A server killed with moves in its write-ahead log, after rooms were deleted (their pages on the
    free list, stale copies of moves in them): the log is read too, and no stale page restores a room
    short; cut in half, the same holds."""
    path = tmp_path / "live.sqlite3"
    store, gone, kept = _live_after_deletes(path, 37)
    assert store.db.execute("PRAGMA freelist_count").fetchone()[0] > 0
    db = tmp_path / "server.sqlite3"
    shutil.copyfile(path, db)  # as a kill -9 leaves it: the last commits in the log only
    shutil.copyfile(f"{path}-wal", f"{db}-wal")
    store.close()
    report = salvage(db)
    restored, aside = _check(db, report.aside.read_bytes(), kept)
    assert not set(restored) & set(gone)
    assert len(restored) == len(kept)  # nothing was damaged: all of them back
    whole = report.aside.read_bytes()
    cut = tmp_path / "cut" / "server.sqlite3"
    cut.parent.mkdir()
    cut.write_bytes(whole[: len(whole) // 2 // PAGE * PAGE + 1000])
    shutil.copyfile(f"{report.aside}-wal", f"{cut}-wal")
    salvage(cut)
    restored, aside = _check(cut, whole[: len(whole) // 2 // PAGE * PAGE + 1000], kept)
    assert not set(restored) & set(gone)


def test_a_file_cut_inside_any_page_with_its_log_whole_never_restores_an_earlier_move(tmp_path):
    """A file cut inside a page, its write-ahead log whole: the log's pages beyond the cut must not keep
    the cut page inside the file, where its lost cells read as empty keys and a room's moves as none.
    Cut inside pages 17 to 24 in turn (one fixed file: the fixture is seeded; with this seed, cut
    inside page 20 or 21, a room came back at move 0 before the cut page was dropped first)."""
    path = tmp_path / "live.sqlite3"
    store, gone, kept = _live_after_deletes(path, 30)
    whole = path.read_bytes()
    log = Path(f"{path}-wal").read_bytes()
    store.close()
    cut_rooms = 0
    for page in range(16, 24):  # (all of them: 25 s; these eight hold the cases that failed)
        where = tmp_path / f"cut{page}"
        where.mkdir()
        db = where / "server.sqlite3"
        db.write_bytes(whole[: page * PAGE + 300])  # the page after ``page`` cut after 300 bytes
        Path(f"{db}-wal").write_bytes(log)
        salvage(db)
        restored, _aside = _check(db, whole[: page * PAGE + 300], kept)  # whole or kept aside: never short
        assert not set(restored) & set(gone)
        cut_rooms += len(kept) - len(restored)
    assert cut_rooms > 0  # the cuts did cost rooms: kept aside, not rolled back
