"""A damaged rooms database: found before the server starts, and what can be read of it saved.

:func:`check` looks at a database file before a server opens it: a file that
is not SQLite (random bytes, cut short in its header), an SQLite file of
something else (its tables are not the rooms'), or one whose pages do not hold
together (``PRAGMA quick_check``: a truncated or scrambled file) raises
:class:`DamagedDatabase`, whose message names the file and says how to go on.

:func:`salvage` (``lasvegas serve --db FILE --salvage``) moves the damaged
file aside as ``FILE.damaged-TIME`` (with its ``-wal`` file; it is never
deleted or written to), reads what it can of a scratch copy (room by room,
row by row when a whole read fails), and writes a fresh database at ``FILE``
with every room that still replays from its seed and moves.  A room whose row
or moves cannot be read back is kept in the fresh database's
``damaged_rooms`` table: its players get a clear error when they come back
(:meth:`lasvegas.net.store.Store.damaged`).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from .room import Room

#: The tables of a rooms database (``damaged_rooms`` and an earlier version's ``events``, renamed, too).
OURS = {"rooms", "moves", "damaged_rooms", "events", "events_before_moves"}
#: Rows tried one at a time at most, when a table cannot be read whole (a damaged page).
MAX_ROWS = 2_000_000
#: Rowids in a row that hold nothing readable before the row-by-row reading gives up (when the
#: table's last rowid is not known).
MAX_GAP = 100_000


class DamagedDatabase(Exception):
    """A rooms database the server cannot use; the message names the file and says how to go on."""

    def __init__(self, path: Path, why: str) -> None:
        self.path = path
        self.why = why
        super().__init__(
            f"the rooms database {path} cannot be used: {why}. Start with `lasvegas serve --db {path} "
            f"--salvage` to copy every room that can still be read into a fresh database (the damaged file "
            f"is kept as {path.name}.damaged-TIME, never deleted), or with another --db file")


def check(path: Path) -> None:
    """Raise :class:`DamagedDatabase` when the file at ``path`` is not a rooms database a server can
    open (a missing or empty file is a new database: fine)."""
    if str(path) == ":memory:" or not path.exists() or path.stat().st_size == 0:
        return
    try:
        db = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise DamagedDatabase(path, f"it cannot be opened ({e})") from None
    try:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if tables and "rooms" not in tables:
            raise DamagedDatabase(path, "it is an SQLite database of something else (its tables: "
                                        f"{', '.join(sorted(tables)[:8])})")
        if "rooms" in tables:
            columns = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
            if not {"code", "data", "touched"} <= columns:
                raise DamagedDatabase(path, "its rooms table is not a Las Vegas server's")
        found = [row[0] for row in db.execute("PRAGMA quick_check(3)")]
        if found != ["ok"]:
            raise DamagedDatabase(path, f"it is damaged ({'; '.join(map(str, found))[:200]})")
        if "rooms" in tables:  # the pages hold together: can every room's row be read as text?
            for _row in db.execute("SELECT code, data FROM rooms"):
                pass
    except sqlite3.DatabaseError as e:
        raise DamagedDatabase(path, f"it is not a readable SQLite database ({str(e)[:200]})") from None
    finally:
        db.close()


@dataclass
class Salvaged:
    """What :func:`salvage` did."""
    aside: Path
    restored: list[str] = field(default_factory=list)
    #: room code → why it could not be restored (kept in ``damaged_rooms``)
    damaged: dict[str, str] = field(default_factory=dict)
    #: what could not be read at all (whole tables, runs of rows)
    unreadable: list[str] = field(default_factory=list)

    def summary(self) -> str:
        lines = [f"the damaged database is kept as {self.aside}",
                 f"{len(self.restored)} rooms restored into a fresh database",
                 f"{len(self.damaged)} rooms could not be restored (kept in its damaged_rooms table; their "
                 "players are told so when they come back)"]
        lines += [f"  room {code}: {why}" for code, why in list(self.damaged.items())[:20]]
        lines += [f"  unreadable: {what}" for what in self.unreadable[:20]]
        return "\n".join(lines)


def aside_name(path: Path, when: float | None = None) -> Path:
    stamp = time.strftime("%Y%m%dT%H%M%S", time.localtime(when))
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():  # never over an earlier one
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    return aside


def salvage(path: Path) -> Salvaged:
    """Move the database at ``path`` aside and write a fresh one with every room that can be read
    (see the module's text).  ``OSError`` when the files cannot be moved or written."""
    from .store import Store

    aside = aside_name(path)
    os.rename(path, aside)
    for suffix in ("-wal", "-shm"):
        if Path(f"{path}{suffix}").exists():
            os.rename(f"{path}{suffix}", f"{aside}{suffix}")
    out = Salvaged(aside)
    scratch = aside.with_name(aside.name + ".reading")
    shutil.copyfile(aside, scratch)
    if Path(f"{aside}-wal").exists():
        shutil.copyfile(f"{aside}-wal", f"{scratch}-wal")
    _mend_header(scratch)
    try:
        rows, moves = _read(scratch, out)
    finally:
        for p in (scratch, Path(f"{scratch}-wal"), Path(f"{scratch}-shm")):
            if p.exists():
                p.unlink()
    store = Store(path)
    try:
        store.db.execute("BEGIN")
        for code, data, touched in rows:
            try:
                d = json.loads(data)
                if not isinstance(d, dict) or d.get("code") != code:
                    raise ValueError("not a room's data")
                room_moves = moves.get(code)
                if room_moves is None:
                    raise ValueError("its moves cannot be read")
                Room.from_dict(d, room_moves)
            except Exception as e:
                out.damaged[code] = f"{type(e).__name__}: {e}"[:300]
                continue
            store.db.execute("INSERT OR REPLACE INTO rooms (code, data, touched) VALUES (?, ?, ?)",
                             (code, data, touched))
            store.db.executemany("INSERT OR REPLACE INTO moves (code, n, value, touched) VALUES (?, ?, ?, ?)",
                                 [(code, n, v, touched) for n, v in enumerate(room_moves)])
            out.restored.append(code)
        store.db.execute("COMMIT")
        for code, data, _touched in rows:
            if code in out.damaged:
                store.set_aside(code, data, moves.get(code), out.damaged[code])
    finally:
        if store.db.in_transaction:
            store.db.execute("ROLLBACK")
        store.close()
    return out


def _mend_header(path: Path) -> None:
    """Make the scratch copy of a file cut short readable as far as it goes: whole pages, the header's
    page count the file's own, no free-page list (it may point past the end)."""
    with open(path, "r+b") as f:
        head = f.read(100)
        if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
            return
        page = int.from_bytes(head[16:18], "big")
        page = 65536 if page == 1 else page
        if page < 512 or page & (page - 1):
            return
        size = f.seek(0, os.SEEK_END)
        pages = -(-size // page)
        f.truncate(pages * page)
        f.seek(28)
        f.write(pages.to_bytes(4, "big") + bytes(8))


def _read(path: Path, out: Salvaged) -> tuple[list[tuple[str, str, float]], dict[str, list[int]]]:
    """The room rows and each room's moves that can be read from ``path`` (a room whose moves cannot
    all be read has none here)."""
    try:
        db = sqlite3.connect(str(path), isolation_level=None)
        # text that is not UTF-8 (a scrambled byte) is read with U+FFFD in its place: the room's JSON
        # then fails or not on its own, and the other rows are read
        db.text_factory = lambda b: b.decode("utf-8", "replace")
        db.execute("SELECT name FROM sqlite_master").fetchall()
    except sqlite3.Error as e:
        out.unreadable.append(f"the whole file ({e})")
        return [], {}
    try:
        rows = [r for r in _rows(db, "rooms", "code, data, touched", out)
                if isinstance(r[0], str) and isinstance(r[1], str) and isinstance(r[2], (int, float))]
        moves: dict[str, list[int]] = {}
        for code, _data, _t in rows:
            try:
                got = db.execute("SELECT n, value FROM moves WHERE code = ? ORDER BY n", (code,)).fetchall()
            except sqlite3.Error:
                continue  # the room is kept aside: its moves cannot be read
            if [n for n, _v in got] == list(range(len(got))) and all(
                    isinstance(v, int) and not isinstance(v, bool) for _n, v in got):
                moves[code] = [v for _n, v in got]
        return rows, moves
    finally:
        db.close()


def _rows(db: sqlite3.Connection, table: str, columns: str, out: Salvaged) -> list[tuple]:
    """Every row of ``table`` that can be read: all at once, else one rowid at a time (bounded)."""
    try:
        return db.execute(f"SELECT {columns} FROM {table}").fetchall()
    except sqlite3.Error as e:
        out.unreadable.append(f"table {table} as a whole ({str(e)[:120]}); read row by row")
    try:  # the rightmost rowid is often still readable: then every rowid up to it is tried
        (hi,) = db.execute(f"SELECT max(rowid) FROM {table}").fetchone()
        last, gap_limit = min(int(hi or 0), MAX_ROWS), MAX_ROWS
    except (sqlite3.Error, TypeError, ValueError):
        last, gap_limit = MAX_ROWS, MAX_GAP
    rows, gap = [], 0
    for rowid in range(1, last + 1):
        try:
            row = db.execute(f"SELECT {columns} FROM {table} WHERE rowid = ?", (rowid,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is None:
            gap += 1
            if gap >= gap_limit:
                break
            continue
        gap = 0
        rows.append(row)
    return rows
