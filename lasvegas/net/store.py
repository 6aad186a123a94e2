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
announced.  The transaction is synced to the disk before it returns (WAL with
``synchronous=FULL``: one fsync of the log a commit pass), so a crash of the whole
machine loses no move that was announced either; then each room's
watermark (:mod:`lasvegas.net.marks`, a file beside the database) is synced
too, and every start declares damaged a room whose moves are behind it (never
played at an earlier move: its players saw the dice that followed).  WAL checkpoints run on a thread of their own
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

from ..store import paths
from . import marks as wm
from .movestore import LOST_MOVES, LOST_ROOM  # noqa: F401  (why a room is kept aside)
from .room import Room


class Table:
    """A table of the rooms database, described once: its name and columns (the SQL below, and
    :mod:`lasvegas.net.salvage` reading a damaged copy, are made from it)."""

    def __init__(self, name: str, columns: tuple[str, ...], create: str, after: str = "") -> None:
        self.name, self.columns = name, columns
        #: its ``CREATE TABLE IF NOT EXISTS``
        self.create = f"CREATE TABLE IF NOT EXISTS {name} ({create}){after}"
        #: a row written (or written over) whole
        self.insert = f"INSERT OR REPLACE INTO {name} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"

    def select(self, *columns: str, where: str | None = None, order: str | None = None,
               limit: bool = False) -> str:
        """``SELECT columns`` (all when none) of the rows whose ``where`` column is ``?``, in ``order``."""
        sql = f"SELECT {', '.join(columns or self.columns)} FROM {self.name}"
        sql += f" WHERE {where} = ?" if where else ""
        sql += f" ORDER BY {order}" if order else ""
        return sql + (" LIMIT ?" if limit else "")

    def delete(self, where: str = "code") -> str:
        return f"DELETE FROM {self.name} WHERE {where} = ?"


ROOMS = Table("rooms", ("code", "data", "touched"),
              "code TEXT PRIMARY KEY, data TEXT NOT NULL, touched REAL NOT NULL")
# (moves WITHOUT ROWID: one B-tree, keyed by room and move number, instead of a table and its index:
# a move writes half the pages; a database made before keeps its table as it is)
MOVES = Table("moves", ("code", "n", "value", "touched"),
              "code TEXT NOT NULL, n INTEGER NOT NULL, value INTEGER NOT NULL, touched REAL NOT NULL, "
              "PRIMARY KEY (code, n)", " WITHOUT ROWID")
#: Rooms that could not be restored, kept as they were (see Store.set_aside).
DAMAGED_ROOMS = Table("damaged_rooms", ("code", "data", "moves", "reason", "found"),
                      "code TEXT PRIMARY KEY, data TEXT, moves TEXT, reason TEXT NOT NULL, found REAL NOT NULL")
#: An earlier version's table of events (renamed once its rooms are rewritten: Store._upgrade).
EVENTS = ("events", "events_before_moves")
SCHEMA = f"{ROOMS.create};\n{MOVES.create};\n"
DAMAGED = DAMAGED_ROOMS.create


def default_path() -> Path:
    return paths.data_dir() / "server.sqlite3"


class Store:
    """The rooms of one server process in one SQLite file (see the module's text): the SQLite adapter
    of :class:`lasvegas.net.movestore.MoveStore`."""

    backend = "sqlite"

    def __init__(self, path: str | Path | None = None) -> None:
        p = Path(path) if path is not None else default_path()
        if str(p) != ":memory:":
            p.parent.mkdir(parents=True, exist_ok=True)
        self.path = p
        self.db = sqlite3.connect(str(p), isolation_level=None, check_same_thread=False)
        # WAL: a committed move survives the process being killed; FULL: the log synced at each commit
        # (one fsync a commit pass), so that it survives a crash of the machine too (measured against a
        # sync on a thread of its own: as slow under load, and about 150 us more CPU a move:
        # docs/benchmarks.md); checkpoints: see checkpoint()
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.executescript(SCHEMA)
        self._rooms: dict[str, tuple[str, float]] = {}
        self._moves: list[tuple[str, int, int, float]] = []
        self._deleted: list[str] = []
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpoint_lock = threading.Lock()
        self.commits = 0
        #: the watermarks and the receipts' key beside the file (none for a database in memory)
        self.marks = wm.Marks(p) if str(p) != ":memory:" else None
        self.key = wm.read_key(p) if str(p) != ":memory:" else None
        #: room code -> (its moves, the hash of their chain) as far as it is known
        self._chains: dict[str, tuple[int, bytes]] = {}

    # ------------------------------------------------------------ writing
    def save_room(self, room: Room) -> None:
        """Queue ``room``'s row (seats, options, seed): after a change of seats or the start."""
        self._rooms[room.code] = (json.dumps(room.to_dict(), separators=(",", ":")), room.touched)
        if self.marks is not None:
            self.marks.note(room.code, wm.steps(room.started, room.turn))

    def add_move(self, room: Room, value: int) -> None:
        """Queue the move ``room`` has just made (move number ``room.turn - 1``, placing ``value``)."""
        code, n = room.code, room.turn - 1
        self._moves.append((code, n, value, room.touched))
        if self.marks is not None:
            self.marks.note(code, wm.steps(True, room.turn))
            known = self._chains.get(code)
            if known is not None and known[0] == n:
                self._chains[code] = (n + 1, wm.next_link(known[1], value))
            else:
                self._chains.pop(code, None)  # read back from the moves when a receipt needs it

    def delete(self, code: str) -> None:
        self._rooms.pop(code, None)
        self._moves = [m for m in self._moves if m[0] != code]
        self._deleted.append(code)
        self._chains.pop(code, None)
        if self.marks is not None:
            self.marks.forget(code)

    @property
    def pending(self) -> bool:
        return bool(self._rooms or self._moves or self._deleted)

    def commit(self) -> None:
        """Write everything queued in one transaction, synced to the disk (FULL), then its watermarks,
        synced too, before returning (nothing is kept queued if it fails)."""
        if not self.pending:
            return
        rooms, moves, deleted = self._rooms, self._moves, self._deleted
        self._rooms, self._moves, self._deleted = {}, [], []
        try:
            if self.marks is not None and deleted:
                self.marks.write_gone()  # a room's watermark goes before the room
            with _transaction(self.db):
                for code in deleted:
                    self.db.execute(ROOMS.delete(), (code,))
                    self.db.execute(MOVES.delete(), (code,))
                if rooms:
                    self.db.executemany(ROOMS.insert, [(code, data, touched) for code, (data, touched) in rooms.items()])
                if moves:
                    self.db.executemany(MOVES.insert, moves)
        except BaseException:
            if self.marks is not None:
                self.marks.drop()
            self._chains.clear()
            raise
        if self.marks is not None:
            self.marks.write(self.marks.take())  # after the moves are kept, before anyone hears of them
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
        for code, value, t in self.db.execute(MOVES.select("code", "value", "touched", order="code, n")):
            moves.setdefault(code, []).append(value)
            touched[code] = t
        rows = self.db.execute(ROOMS.select("code", "data")).fetchall()
        rows, problems = self._behind_marks(rows, moves)
        rooms = []
        for code, data in rows:
            try:
                room = Room.from_dict(json.loads(data), moves.get(code, []))
                room.touched = max(room.touched, touched.get(code, 0.0))
                rooms.append(room)
            except Exception as e:  # damaged or not ours: reported, kept aside (damaged_rooms)
                why = f"{type(e).__name__}: {e}"[:300]
                problems.append(f"room {code}: cannot be restored ({why}); kept aside in the table damaged_rooms")
                self.set_aside(code, data, moves.get(code), why)
        return rooms, problems

    def _behind_marks(self, rows: list[tuple[str, str]], moves: dict[str, list]) -> tuple[list, list[str]]:
        """The rooms whose moves are not behind their watermarks, and a line for each room declared
        damaged: behind its watermark, or a watermark whose room is gone (kept aside, never played);
        the watermarks written afresh from the rooms left."""
        if self.marks is None:
            return rows, []
        marks, problems, kept = self.marks.marks, [], []
        if self.marks.unreadable:
            problems.append(f"{self.marks.path}: {self.marks.unreadable} lines could not be read (passed over)")
        aside = self.damaged()
        for code, data in rows:
            have, mark = wm.steps(wm.started(data), len(moves.get(code, []))), marks.get(code)
            if mark is not None and have < mark:
                why = f"{LOST_MOVES} ({wm.said(mark)}; {wm.said(have, 'the database holds')})"
                self.set_aside(code, data, moves.get(code), why)
                problems.append(f"room {code}: declared damaged: {why}")
            else:
                kept.append((code, data))
        have_rows = {code for code, _data in rows}
        for code, mark in sorted(marks.items()):
            if code not in have_rows and code not in aside:
                why = f"{LOST_ROOM} ({wm.said(mark)}; the room is not in the database)"
                self.set_aside(code, None, None, why)
                problems.append(f"room {code}: declared damaged: {why}")
        declared = sum(1 for p in problems if "declared damaged" in p)
        if declared:
            problems.append(f"{declared} rooms declared damaged at this start: their moves in {self.path} are "
                            f"behind what the server had acknowledged ({self.marks.path}); they are kept aside in "
                            "the table damaged_rooms, never played, and their players are told")
        self.marks.rewrite({code: wm.steps(wm.started(data), len(moves.get(code, []))) for code, data in kept})
        return kept, problems

    # ------------------------------------------------------------ receipts
    def receipt(self, room: Room) -> str | None:
        """The receipt of ``room``'s moves as committed (:mod:`lasvegas.net.marks`); None without a key."""
        if self.key is None:
            return None
        known = self._chains.get(room.code)
        if known is None or known[0] != room.turn:
            values = self._values(room.code)
            if len(values) != room.turn:
                return None  # not all kept (a commit failed): no receipt for what is not kept
            known = self._chains[room.code] = (room.turn, wm.chain(room.code, values))
        return wm.receipt(self.key, room.code, known[0], known[1])

    def check_receipt(self, code: str, text: str) -> str | None:
        """What a receipt a client shows says of room ``code``: "" (nothing against the room), why the
        room lost moves (the receipt is past its moves, or its moves up to it are other ones), or
        None: not a receipt this server signed (refused; nothing is changed)."""
        if self.key is None:
            return ""
        got = wm.read_receipt(self.key, code, text)
        if got is None:
            return None
        n, digest = got
        self.commit()
        values = [v for (v,) in self.db.execute(MOVES.select("value", where="code", order="n", limit=True),
                                                (code, n + 1))]
        if len(values) < n:
            return f"{LOST_MOVES} (a player holds its receipt of move {n}; {len(values)} are left in the database)"
        if wm.chain(code, values[:n]).hex()[:32] != digest:
            return f"{LOST_MOVES} (a player holds its receipt of move {n}, and the moves up to it are not those)"
        return ""

    def declare_damaged(self, code: str, why: str) -> None:
        """Keep room ``code`` aside as it is in the database (never played again), with ``why``."""
        self.commit()
        row = self.db.execute(ROOMS.select("data", where="code"), (code,)).fetchone()
        self.set_aside(code, row[0] if row else None, self._values(code), why)

    def _values(self, code: str) -> list:
        """Room ``code``'s moves as written, in order."""
        return [v for (v,) in self.db.execute(MOVES.select("value", where="code", order="n"), (code,))]

    def saved_moves(self, code: str) -> int:
        """How many moves of room ``code`` are written (-1: not its row)."""
        if self.db.execute(ROOMS.select("1", where="code"), (code,)).fetchone() is None:
            return -1
        return self.db.execute(MOVES.select("count(*)", where="code"), (code,)).fetchone()[0]

    def load(self, code: str) -> Room | None:
        """Room ``code`` as saved (None when there is none); a room that cannot be restored is kept
        aside (:meth:`set_aside`) and its error raised."""
        self.commit()
        row = self.db.execute(ROOMS.select("data", where="code"), (code,)).fetchone()
        if row is None:
            return None
        got = self.db.execute(MOVES.select("value", "touched", where="code", order="n"), (code,)).fetchall()
        moves = [v for v, _t in got]
        try:
            room = Room.from_dict(json.loads(row[0]), moves)
        except Exception as e:
            self.set_aside(code, row[0], moves, f"{type(e).__name__}: {e}"[:300])
            raise
        room.touched = max([room.touched] + [t for _v, t in got])
        return room

    def restore(self, rooms: list[tuple[str, str, float, list]]) -> None:
        """Write whole rooms, each (code, row, touched, its moves), in one transaction (the fresh
        database of :func:`lasvegas.net.salvage.salvage`)."""
        with _transaction(self.db):
            for code, data, touched, moves in rooms:
                self.db.execute(ROOMS.insert, (code, data, touched))
                self.db.executemany(MOVES.insert, [(code, n, v, touched) for n, v in enumerate(moves)])

    # ------------------------------------------------------------ damaged rooms
    def set_aside(self, code: str, data: str, moves: list[int] | None, why: str) -> None:
        """Keep a room that cannot be restored in ``damaged_rooms`` (its row and moves as they were, and
        why), out of ``rooms`` and ``moves``: its players are told so when they come back."""
        self.db.execute(DAMAGED)
        with _transaction(self.db):
            self.db.execute(DAMAGED_ROOMS.insert, (code, data, json.dumps(moves), why, time.time()))
            self.db.execute(ROOMS.delete(), (code,))
            self.db.execute(MOVES.delete(), (code,))
        self._chains.pop(code, None)
        if self.marks is not None and code in self.marks.marks:  # kept aside now: its watermark is done
            self.marks.forget(code)
            self.marks.write_gone()

    def damaged(self) -> dict[str, str]:
        """Room code → why it could not be restored, for the rooms kept aside."""
        self.db.execute(DAMAGED)
        return dict(self.db.execute(DAMAGED_ROOMS.select("code", "reason")).fetchall())

    def _upgrade(self) -> None:
        """Rewrite the rooms of an earlier version's database (whole state, events) in this form."""
        old = self.db.execute("SELECT name FROM sqlite_master WHERE name = 'events'").fetchone()
        if old is None:
            return
        with _transaction(self.db):
            for code, data in self.db.execute(ROOMS.select("code", "data")).fetchall():
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
                self.db.executemany(MOVES.insert, [(code, n, v, d["touched"]) for n, v in enumerate(values)])
            self.db.execute("ALTER TABLE events RENAME TO events_before_moves")

    def close(self) -> None:
        try:
            self.commit()
        finally:
            self.db.close()
            if self.marks is not None:
                self.marks.close()
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
