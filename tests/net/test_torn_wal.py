"""A crash of the machine, or a copy of a live database: the write-ahead log cut inside its newest frames.
Every room comes back whole or is declared damaged (kept aside, its players told in words); none is
ever played again at an earlier move, none is lost without a word."""

import json
import re
import shutil
import time
import subprocess
import sys


from .conftest import ROOT, Server, _env
from .helpers import Raw, play_raw, resume_answer

MANY = ("--max-live-rooms-per-address", "100", "--max-rooms-per-address", "100")
ROOMS = 12


def _played(server) -> list[dict]:
    """ROOMS games of one human and one AI, played in turn a few moves at a time, each to a different
    move (the last moves of every room close together, in the newest frames of the log): per room its
    welcome, the moves its player was told of (its last receipt's count) and that receipt."""
    conns, made = [], []
    for i in range(ROOMS):
        c = Raw(server.url)
        c.send(type="create", players=2, rounds=4, ai=[None, "easy"], away_delay=None)
        made.append(c.until("welcome", timeout=30))
        conns.append(c)
    targets = [6 + 2 * i for i in range(ROOMS)]
    step = 0
    while any(made[i].get("acknowledged", 0) < targets[i] for i in range(ROOMS)):
        step += 1
        for i, c in enumerate(conns):
            if made[i].get("acknowledged", 0) >= targets[i]:
                continue
            play_raw(c, _look(c), 2, 4, until_turn=min(targets[i], 2 * step))
            told = [m["receipt"] for m in c.seen if m["type"] in ("state", "events") and "receipt" in m]
            made[i].update(acknowledged=int(told[-1].split(".")[0]), receipt=told[-1])
    for c in conns:
        c.close()
    return made


def _look(c) -> dict:
    """The room's state, asked with ``look`` (looks are rate-limited: one refused with ``rate`` is
    asked again a little later)."""
    for _ in range(50):
        c.send(type="look")
        while True:
            m = json.loads(c.ws.recv(timeout=30))
            c.seen.append(m)
            if m["type"] == "state":
                return m
            if m["type"] == "error" and m.get("code") == "rate":
                time.sleep(0.2)
                break
    raise AssertionError(f"no state for a look; saw {c.seen[-5:]}")


def _frames(wal: bytes) -> tuple[int, list[int]]:
    """The write-ahead log's frame size and the offsets of its current frames (those of its header's salt)."""
    page = int.from_bytes(wal[8:12], "big")
    size = 24 + page
    salt = wal[16:24]
    offsets = []
    at = 32
    while at + size <= len(wal) and wal[at + 8:at + 16] == salt:
        offsets.append(at)
        at += size
    return size, offsets


def _start(home, db, *extra) -> tuple[Server | None, str]:
    """A server on ``db``; when the database is refused as damaged, one started with --salvage."""
    p = subprocess.run([sys.executable, "-c", "import sys; from lasvegas.net.salvage import check, DamagedDatabase\n"
                        "from pathlib import Path\ntry:\n    check(Path(sys.argv[1]))\nexcept DamagedDatabase as e:\n"
                        "    print(e)", str(db)], capture_output=True, timeout=60, env=_env(home), cwd=ROOT)
    salvage = ["--salvage"] if p.stdout.strip() else []
    s = Server(home, [*MANY, *salvage, *extra])
    s.db = db
    return s.start(), " ".join(salvage)


#: a reader holding one snapshot of the database, as a backup tool would: the server's checkpoints cannot
#: copy the frames after it into the database nor start the log again, so every move played after it
#: stays in the log's frames, the newest last (else a checkpoint just before the last moves could leave
#: the log with only their frames to cut)
PIN = ("import sqlite3, sys, time\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\nc.execute('BEGIN')\n"
       "c.execute('SELECT count(*) FROM sqlite_master').fetchone()\nprint('ready', flush=True)\ntime.sleep(600)")


def _pinned(db) -> subprocess.Popen:
    """The reader (:data:`PIN`), on a process of its own: killed with -9 beside the server, since its
    close would checkpoint the log it keeps."""
    reader = subprocess.Popen([sys.executable, "-c", PIN, str(db)], stdout=subprocess.PIPE, text=True)
    assert reader.stdout.readline().strip() == "ready"
    return reader


def test_a_write_ahead_log_cut_in_its_newest_frames_rolls_no_room_back_silently(tmp_path, server_factory):
    server = server_factory(*MANY)
    reader = _pinned(server.db)
    try:
        made = _played(server)
        server.kill()
    finally:
        reader.kill()
        reader.wait(10)
        reader.stdout.close()
    db = server.db
    wal = db.with_name(db.name + "-wal").read_bytes()
    size, frames = _frames(wal)
    assert len(frames) >= 3, (len(wal), len(frames))
    # cut points: inside the last frame, at its start, inside and at the start of earlier ones
    cuts = sorted({frames[-1] + size // 2, frames[-1], frames[-2] + 100, frames[-3], frames[max(0, len(frames) - 6)] + 24,
                   frames[len(frames) // 2], frames[0]}, reverse=True)
    declared_in_all = 0
    for k, cut in enumerate(cuts):
        home = tmp_path / f"cut{k}"
        home.mkdir()
        copy = home / db.name
        for suffix in ("", "-marks", "-key"):
            shutil.copyfile(f"{db}{suffix}", f"{copy}{suffix}")
        (home / (db.name + "-wal")).write_bytes(wal[:cut])
        s, how = _start(home, copy)
        try:
            log = s.log()
            declared = re.findall(r"(\d+) rooms declared damaged", log)
            lost = 0
            for w in made:
                m = resume_answer(s.url, w)
                if m["type"] == "state":  # whole: at least every move its player was told of
                    assert m["turn"] >= w["acknowledged"], (cut, how, w, m, log[-2000:])
                else:
                    assert m["code"] == "room-lost" and ("lost" in m["message"] or "could not be restored"
                                                        in m["message"]), (cut, how, m)
                    assert "there is no room" not in m["message"]
                    lost += 1
            if lost and not how:
                assert declared and int(declared[-1]) == lost, (cut, declared, lost, log[-2000:])
            declared_in_all += lost
            assert "Traceback" not in log
        finally:
            s.stop()
    assert declared_in_all > 0, "no cut took an acknowledged move away: the test shows nothing"
