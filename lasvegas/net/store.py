"""Where the server keeps its rooms: SQLite (standard library), saved after every move.

One row per room (its seats, options, the game's whole state) and one row per
event.  :meth:`Store.save` writes a room and its new events in one
transaction before the server tells anyone about them, so a server killed at
any moment restarts (:meth:`Store.load_all`) with every move it announced.
The database sits in the user's data folder unless ``--db`` says otherwise.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from .. import paths
from .room import Room

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, data TEXT NOT NULL, touched REAL NOT NULL);
CREATE TABLE IF NOT EXISTS events (code TEXT NOT NULL, n INTEGER NOT NULL, event TEXT NOT NULL,
                                   PRIMARY KEY (code, n));
"""


def default_path() -> Path:
    return paths.data_dir() / "server.sqlite3"


class Store:
    def __init__(self, path: str | Path | None = None) -> None:
        p = Path(path) if path is not None else default_path()
        if str(p) != ":memory:":
            p.parent.mkdir(parents=True, exist_ok=True)
        self.path = p
        self.db = sqlite3.connect(str(p), isolation_level=None, check_same_thread=False)
        # WAL: a committed move survives the process being killed; NORMAL: no fsync per move
        # (only a crash of the whole machine could lose the last moves)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def save(self, room: Room, first_new: int | None = None) -> None:
        """Write ``room`` and its events from ``first_new`` on (all of them when None), atomically."""
        data = json.dumps(room.to_dict(), separators=(",", ":"))
        first = 0 if first_new is None else first_new
        rows = [(room.code, n, json.dumps(ev, separators=(",", ":")))
                for n, ev in enumerate(room.log[first:], first)]
        with _transaction(self.db):
            self.db.execute("INSERT OR REPLACE INTO rooms (code, data, touched) VALUES (?, ?, ?)",
                            (room.code, data, room.touched))
            if first_new is None:
                self.db.execute("DELETE FROM events WHERE code = ?", (room.code,))
            self.db.executemany("INSERT OR REPLACE INTO events (code, n, event) VALUES (?, ?, ?)", rows)

    def delete(self, code: str) -> None:
        with _transaction(self.db):
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))
            self.db.execute("DELETE FROM events WHERE code = ?", (code,))

    def load_all(self) -> tuple[list[Room], list[str]]:
        """Every room saved, and a line for each one that could not be read (left in the file)."""
        rooms, problems = [], []
        for code, data in self.db.execute("SELECT code, data FROM rooms").fetchall():
            try:
                log = [json.loads(e) for (e,) in self.db.execute(
                    "SELECT event FROM events WHERE code = ? ORDER BY n", (code,))]
                rooms.append(Room.from_dict(json.loads(data), log))
            except (ValueError, KeyError, TypeError) as e:
                problems.append(f"room {code}: cannot be restored ({e})")
        return rooms, problems

    def close(self) -> None:
        self.db.close()


class _transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN")

    def __exit__(self, kind, *_exc) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
