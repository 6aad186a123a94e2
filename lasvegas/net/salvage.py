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
import struct
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import lords_room  # noqa: F401  (the Lords room adds its game to room.GAMES)
from .room import Room

#: The tables of a rooms database (``damaged_rooms`` and an earlier version's ``events``, renamed, too).
OURS = {"rooms", "moves", "damaged_rooms", "events", "events_before_moves"}
#: Rows tried one at a time at most, when a table cannot be read whole (a damaged page).
MAX_ROWS = 2_000_000
#: Rowids in a row that hold nothing readable before the row-by-row reading gives up (when the
#: table's last rowid is not known).
MAX_GAP = 100_000
#: Pages read at most when the moves are looked for page by page (64 GB of 32 KB pages).
MAX_PAGES = 2_000_000


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
    #: rooms whose moves were found page by page (:func:`scan_moves`), their index being damaged: a
    #: move whose own page was damaged too ends the room there (the moves are kept from 0 without gap)
    from_pages: list[str] = field(default_factory=list)

    def summary(self) -> str:
        lines = [f"the damaged database is kept as {self.aside}",
                 f"{len(self.restored)} rooms restored into a fresh database",
                 f"{len(self.damaged)} rooms could not be restored (kept in its damaged_rooms table; their "
                 "players are told so when they come back)"]
        if self.from_pages:
            lines.append(f"{len(self.from_pages)} rooms' moves were read page by page (the moves table's "
                         "index is damaged); a room ends at its last move that could be read")
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
        pages: dict[str, dict[int, set[int]]] | None = None
        for code, _data, _t in rows:
            try:
                got = db.execute("SELECT n, value FROM moves WHERE code = ? ORDER BY n", (code,)).fetchall()
            except sqlite3.Error:
                got = None
            if got is not None and [n for n, _v in got] == list(range(len(got))) and all(
                    isinstance(v, int) and not isinstance(v, bool) for _n, v in got):
                moves[code] = [v for _n, v in got]
                continue
            # the tree's pages above this room's moves are damaged: its entries are looked for page by page
            if pages is None:
                pages = scan_moves(path)
                out.unreadable.append(f"table moves through its index; {len(pages)} rooms' moves read page by page")
            found = pages.get(code, {})
            if all(len(found.get(n, ())) == 1 for n in range(len(found))):  # from 0, no gap, one value each
                moves[code] = [next(iter(found[n])) for n in range(len(found))]
                out.from_pages.append(code)
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


def _varint(b: bytes, i: int) -> tuple[int, int]:
    """An SQLite varint at ``b[i:]``: its value and the offset after it (``IndexError`` past the end)."""
    v = 0
    for k in range(8):
        c = b[i + k]
        v = (v << 7) | (c & 0x7F)
        if c < 0x80:
            return v, i + k + 1
    return (v << 8) | b[i + 8], i + 9


def _record(p: bytes) -> list:
    """The values of one record (SQLite's record format): integers, floats, text, blobs, ``None``."""
    size, i = _varint(p, 0)
    if not 0 < size <= len(p):
        raise ValueError("record header")
    types = []
    while i < size:
        t, i = _varint(p, i)
        types.append(t)
    out, j = [], size
    for t in types:
        if t == 0:
            out.append(None)
        elif 1 <= t <= 6:
            n = (1, 2, 3, 4, 6, 8)[t - 1]
            if j + n > len(p):
                raise ValueError("record body")
            out.append(int.from_bytes(p[j:j + n], "big", signed=True))
            j += n
        elif t == 7:
            if j + 8 > len(p):
                raise ValueError("record body")
            out.append(struct.unpack(">d", p[j:j + 8])[0])
            j += 8
        elif t in (8, 9):
            out.append(t - 8)
        elif t >= 12:
            n = (t - 12) // 2
            if j + n > len(p):
                raise ValueError("record body")
            raw = p[j:j + n]
            out.append(raw.decode("utf-8", "replace") if t & 1 else raw)
            j += n
        else:
            raise ValueError("record type")
    return out


def scan_moves(path: Path) -> dict[str, dict[int, set[int]]]:
    """Every (room, move number, value) entry of the ``moves`` B-tree found by reading the file's pages
    one by one, whatever page links them: the moves of rooms whose tree's upper pages are damaged.

    ``moves`` is a WITHOUT ROWID table, so its entries are index-page cells (leaf and interior) holding
    the record (code, n, value, touched); other indexes' cells have two or three columns and are left
    out.  A page that does not parse is skipped; a damaged cell is skipped."""
    found: dict[str, dict[int, set[int]]] = {}
    with open(path, "rb") as f:
        head = f.read(100)
        if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
            return found
        size = int.from_bytes(head[16:18], "big")
        size = 65536 if size == 1 else size
        if size < 512 or size & (size - 1):
            return found
        usable = size - head[20]
        local_max = (usable - 12) * 64 // 255 - 23
        f.seek(0)
        number = 0
        while number < MAX_PAGES:
            page = f.read(size)
            if len(page) < size:
                break
            number += 1
            start = 100 if number == 1 else 0
            kind = page[start]
            if kind not in (2, 10):  # index B-tree pages: interior, leaf
                continue
            cells = int.from_bytes(page[start + 3:start + 5], "big")
            header = start + (12 if kind == 2 else 8)
            for c in range(min(cells, (usable - header) // 2)):
                try:
                    at = int.from_bytes(page[header + 2 * c:header + 2 * c + 2], "big")
                    if kind == 2:
                        at += 4  # the left child's page number
                    n, i = _varint(page, at)
                    if n > local_max or i + n > usable:
                        continue  # a moves entry is a few dozen bytes: never on overflow pages
                    values = _record(page[i:i + n])
                except (IndexError, ValueError, struct.error):
                    continue
                if (len(values) == 4 and isinstance(values[0], str) and type(values[1]) is int
                        and type(values[2]) in (int, str) and isinstance(values[3], (int, float))
                        and 0 <= values[1] < MAX_ROWS):
                    found.setdefault(values[0], {}).setdefault(values[1], set()).add(values[2])
    return found
