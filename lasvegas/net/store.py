"""Where a single server process keeps its rooms: SQLite (standard library), a move at a time.

A room is kept as one row (its seats, options and the game's seed:
:meth:`Room.to_dict`, rewritten only when the seats change or the game
starts) and an append-only log of its moves (the values placed, one small row
each).  On a restart every room is rebuilt by replaying its moves from the
seed: the rules engine is deterministic, so the game is the one that was
played.  A store is also where anything else a room keeps goes: what
:meth:`Room.to_dict` returns (its options included) is stored whole.

Writes are queued and made durable by :meth:`Store.commit`, one transaction
for everything queued: the server commits the moves made within a few
milliseconds of one another (``--commit-delay``), for every room that moved,
before it sends anyone the new events, so a server killed at any moment
restarts (:meth:`Store.load_all`) with every move it
announced.  WAL checkpoints run on a thread of their own
(:meth:`Store.checkpoint`), never in the server's loop.  The database sits in
the user's data folder unless ``--db`` says otherwise.

A database written by an earlier version (each room's whole game state, and
its events) is read and rewritten in this form on the first start.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path

from .. import paths
from .lords import room as lords_room  # noqa: F401  (the Lords room adds its game to room.GAMES)
from .room import Room

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, data TEXT NOT NULL, touched REAL NOT NULL);
CREATE TABLE IF NOT EXISTS moves (code TEXT NOT NULL, n INTEGER NOT NULL, value INTEGER NOT NULL,
                                  touched REAL NOT NULL, PRIMARY KEY (code, n)) WITHOUT ROWID;
"""
# (moves WITHOUT ROWID: one B-tree, keyed by room and move number, instead of a table and its index:
# a move writes half the pages; a database made before keeps its table as it is)

#: Rooms that could not be restored, kept as they were (see Store.set_aside).
DAMAGED = """CREATE TABLE IF NOT EXISTS damaged_rooms (code TEXT PRIMARY KEY, data TEXT, moves TEXT,
                                                      reason TEXT NOT NULL, found REAL NOT NULL)"""


def default_path() -> Path:
    return paths.data_dir() / "server.sqlite3"


class Store:
    """The rooms of one server process in one SQLite file (see the module's text)."""

    backend = "sqlite"

    def __init__(self, path: str | Path | None = None) -> None:
        p = Path(path) if path is not None else default_path()
        if str(p) != ":memory:":
            p.parent.mkdir(parents=True, exist_ok=True)
        self.path = p
        self.db = sqlite3.connect(str(p), isolation_level=None, check_same_thread=False)
        # WAL: a committed move survives the process being killed; NORMAL: no fsync per commit
        # (only a crash of the whole machine could lose the last moves); checkpoints: see checkpoint()
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.executescript(SCHEMA)
        self._rooms: dict[str, tuple[str, float]] = {}
        self._moves: list[tuple[str, int, int, float]] = []
        self._deleted: list[str] = []
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpoint_lock = threading.Lock()
        self.commits = 0

    # ------------------------------------------------------------ writing
    def save_room(self, room: Room) -> None:
        """Queue ``room``'s row (seats, options, seed): after a change of seats or the start."""
        self._rooms[room.code] = (json.dumps(room.to_dict(), separators=(",", ":")), room.touched)

    def add_move(self, room: Room, value: int) -> None:
        """Queue the move ``room`` has just made (move number ``room.turn - 1``, placing ``value``)."""
        self._moves.append((room.code, room.turn - 1, value, room.touched))

    def delete(self, code: str) -> None:
        self._rooms.pop(code, None)
        self._moves = [m for m in self._moves if m[0] != code]
        self._deleted.append(code)

    @property
    def pending(self) -> bool:
        return bool(self._rooms or self._moves or self._deleted)

    def commit(self) -> None:
        """Write everything queued in one transaction (nothing is kept queued if it fails)."""
        if not self.pending:
            return
        rooms, moves, deleted = self._rooms, self._moves, self._deleted
        self._rooms, self._moves, self._deleted = {}, [], []
        with _transaction(self.db):
            for code in deleted:
                self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))
                self.db.execute("DELETE FROM moves WHERE code = ?", (code,))
            if rooms:
                self.db.executemany("INSERT OR REPLACE INTO rooms (code, data, touched) VALUES (?, ?, ?)",
                                    [(code, data, touched) for code, (data, touched) in rooms.items()])
            if moves:
                self.db.executemany("INSERT OR REPLACE INTO moves (code, n, value, touched) VALUES (?, ?, ?, ?)",
                                    moves)
        self.commits += 1

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database (blocking: call it from a thread of its own)."""
        if str(self.path) == ":memory:":
            return
        with self._checkpoint_lock:
            if self._checkpointer is None:
                self._checkpointer = sqlite3.connect(str(self.path), isolation_level=None,
                                                     check_same_thread=False)
            self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")

    # ------------------------------------------------------------ reading
    def load_all(self) -> tuple[list[Room], list[str]]:
        """Every room saved, and a line for each one that could not be read (left in the file)."""
        self.commit()
        self._upgrade()
        moves: dict[str, list[int]] = {}
        touched: dict[str, float] = {}
        for code, value, t in self.db.execute("SELECT code, value, touched FROM moves ORDER BY code, n"):
            moves.setdefault(code, []).append(value)
            touched[code] = t
        rooms, problems = [], []
        for code, data in self.db.execute("SELECT code, data FROM rooms").fetchall():
            try:
                room = Room.from_dict(json.loads(data), moves.get(code, []))
                room.touched = max(room.touched, touched.get(code, 0.0))
                rooms.append(room)
            except Exception as e:  # damaged or not ours: reported, kept aside (damaged_rooms)
                why = f"{type(e).__name__}: {e}"[:300]
                problems.append(f"room {code}: cannot be restored ({why}); kept aside in the table damaged_rooms")
                self.set_aside(code, data, moves.get(code), why)
        return rooms, problems

    def saved_moves(self, code: str) -> int:
        """How many moves of room ``code`` are written (-1: not its row)."""
        if self.db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone() is None:
            return -1
        return self.db.execute("SELECT count(*) FROM moves WHERE code = ?", (code,)).fetchone()[0]

    def load(self, code: str) -> Room | None:
        """Room ``code`` as saved (None when there is none); a room that cannot be restored is kept
        aside (:meth:`set_aside`) and its error raised."""
        self.commit()
        row = self.db.execute("SELECT data FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        got = self.db.execute("SELECT value, touched FROM moves WHERE code = ? ORDER BY n", (code,)).fetchall()
        moves = [v for v, _t in got]
        try:
            room = Room.from_dict(json.loads(row[0]), moves)
        except Exception as e:
            self.set_aside(code, row[0], moves, f"{type(e).__name__}: {e}"[:300])
            raise
        room.touched = max([room.touched] + [t for _v, t in got])
        return room

    # ------------------------------------------------------------ damaged rooms
    def set_aside(self, code: str, data: str, moves: list[int] | None, why: str) -> None:
        """Keep a room that cannot be restored in ``damaged_rooms`` (its row and moves as they were, and
        why), out of ``rooms`` and ``moves``: its players are told so when they come back."""
        self.db.execute(DAMAGED)
        with _transaction(self.db):
            self.db.execute("INSERT OR REPLACE INTO damaged_rooms (code, data, moves, reason, found) "
                            "VALUES (?, ?, ?, ?, ?)", (code, data, json.dumps(moves), why, time.time()))
            self.db.execute("DELETE FROM rooms WHERE code = ?", (code,))
            self.db.execute("DELETE FROM moves WHERE code = ?", (code,))

    def damaged(self) -> dict[str, str]:
        """Room code → why it could not be restored, for the rooms kept aside."""
        self.db.execute(DAMAGED)
        return dict(self.db.execute("SELECT code, reason FROM damaged_rooms").fetchall())

    def _upgrade(self) -> None:
        """Rewrite the rooms of an earlier version's database (whole state, events) in this form."""
        old = self.db.execute("SELECT name FROM sqlite_master WHERE name = 'events'").fetchone()
        if old is None:
            return
        with _transaction(self.db):
            for code, data in self.db.execute("SELECT code, data FROM rooms").fetchall():
                try:
                    d = json.loads(data)
                    if "game" not in d:
                        continue
                    game = d.pop("game")
                    d["seed"] = game["seed"] if game is not None else None
                    values = [json.loads(e)["value"] for (e,) in self.db.execute(
                        "SELECT event FROM events WHERE code = ? ORDER BY n", (code,))
                        if json.loads(e).get("event") == "DicePlaced"]
                except (ValueError, KeyError, TypeError):
                    continue  # left as it is: load_all reports it
                self.db.execute("UPDATE rooms SET data = ? WHERE code = ?",
                                (json.dumps(d, separators=(",", ":")), code))
                self.db.executemany("INSERT OR REPLACE INTO moves (code, n, value, touched) VALUES (?, ?, ?, ?)",
                                    [(code, n, v, d["touched"]) for n, v in enumerate(values)])
            self.db.execute("ALTER TABLE events RENAME TO events_before_moves")

    def close(self) -> None:
        try:
            self.commit()
        finally:
            self.db.close()
            with self._checkpoint_lock:  # not while a checkpoint runs on its thread
                if self._checkpointer is not None:
                    self._checkpointer.close()
                    self._checkpointer = None


class _transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN")

    def __exit__(self, kind, *_exc) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
