"""A damaged rooms database: found before the server starts, and what can be read of it saved.

:func:`check` looks at a database file before a server opens it: a file that
is not SQLite (random bytes, cut short in its header), an SQLite file of
something else (its tables are not the rooms'), or one whose pages do not hold
together (``PRAGMA quick_check``: a truncated or scrambled file) raises
:class:`DamagedDatabase`, whose message names the file and says how to go on.

:func:`salvage` (``lasvegas serve --db FILE --salvage``) moves the damaged
file aside as ``FILE.damaged-TIME`` (with its ``-wal`` file; it is never
deleted or written to), reads what it can of a scratch copy (a header rebuilt
when it is not readable; by SQL, room by room and row by row when a whole read
fails; and page by page), and writes a fresh database at ``FILE`` with every
room whose moves are known to be whole and that replays from its seed.  Every
other room whose code is found anywhere in the file is kept in the fresh
database's ``damaged_rooms`` table with what could be read of it: its players
get a clear error when they come back (:meth:`lasvegas.net.store.Store.damaged`).
A foreign SQLite file is not a rooms database: it is left alone.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

from .pages import MAX_ROWS, _apply_wal, _free_pages, _mend_header, _whole_pages, rebuild_header, scan_moves, scan_pages  # noqa: F401
from .protocol import CODE_RE
from .room import Room
from . import marks as wm
from .movestore import LOST_MOVES, LOST_ROOM
from .store import DAMAGED_ROOMS, EVENTS, MOVES, ROOMS, Table

#: The tables of a rooms database (``damaged_rooms`` and an earlier version's ``events``, renamed, too):
#: read from the SQLite adapter's description of its schema, as every query below.
OURS = {ROOMS.name, MOVES.name, DAMAGED_ROOMS.name, *EVENTS}
#: Rowids in a row that hold nothing readable before the row-by-row reading gives up (when the
#: table's last rowid is not known).
MAX_GAP = 100_000


class DamagedDatabase(Exception):
    """A rooms database the server cannot use; the message names the file and says how to go on."""

    def __init__(self, path: Path, why: str, foreign: bool = False) -> None:
        self.path = path
        self.why = why
        #: an SQLite database of something else: nothing to salvage, left alone
        self.foreign = foreign
        if foreign:
            super().__init__(f"{path} is not a rooms database: {why}. It is left as it is: start with "
                             "another --db file")
            return
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
        if tables and ROOMS.name not in tables:
            raise DamagedDatabase(path, "it is an SQLite database of something else (its tables: "
                                        f"{', '.join(sorted(tables)[:8])})", foreign=True)
        if ROOMS.name in tables:
            columns = {row[1] for row in db.execute(f"PRAGMA table_info({ROOMS.name})")}
            if not set(ROOMS.columns) <= columns:
                raise DamagedDatabase(path, "its rooms table is not a Las Vegas server's", foreign=True)
        found = [row[0] for row in db.execute("PRAGMA quick_check(3)")]
        if found != ["ok"]:
            raise DamagedDatabase(path, f"it is damaged ({'; '.join(map(str, found))[:200]})")
        if ROOMS.name in tables:  # the pages hold together: can every room's row be read as text?
            for _row in db.execute(ROOMS.select("code", "data")):
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
    #: rooms whose moves were found page by page (:func:`scan_pages`), their index being damaged
    from_pages: list[str] = field(default_factory=list)
    #: the file's 100-byte header was rebuilt (it was not a database header): its page size
    header_rebuilt: int = 0

    def summary(self) -> str:
        lines = [f"the damaged database is kept as {self.aside}"]
        if self.header_rebuilt:
            lines.append(f"its header was not readable: rebuilt with pages of {self.header_rebuilt} bytes")
        lines += [f"{len(self.restored)} rooms restored into a fresh database",
                  f"{len(self.damaged)} rooms could not be restored (kept in its damaged_rooms table; their "
                  "players are told so when they come back)"]
        if self.from_pages:
            lines.append(f"{len(self.from_pages)} rooms' moves were read page by page (the moves table's "
                         "index is damaged)")
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


@dataclass
class _Found:
    """What could be read of a damaged file, by SQL and page by page."""
    #: code → (row's JSON, touched), read by SQL (the table's live row)
    rows: dict[str, tuple[str, float]] = field(default_factory=dict)
    #: code → the different rows found page by page (one is taken only when it is the only one)
    page_rows: dict[str, set[tuple[str, float]]] = field(default_factory=dict)
    #: code → (its moves from 0 without a gap, whether they are known to be all of them)
    moves: dict[str, tuple[list, bool]] = field(default_factory=dict)
    #: every room code seen anywhere (rows, the rooms index, moves, damaged_rooms)
    codes: set[str] = field(default_factory=set)
    #: rooms an earlier start had already kept aside: code → (data, moves as JSON, reason)
    kept: dict[str, tuple] = field(default_factory=dict)


def salvage(path: Path) -> Salvaged:
    """Move the database at ``path`` aside and write a fresh one with every room that can be read
    whole (see the module's text).  ``OSError`` when the files cannot be moved or written.

    A room is restored as playable only when its moves are known to be whole up to the last one
    committed (every move is committed before any player hears of it): read through the moves
    table's B-tree, or page by page with the entry that follows its last move in the tree found
    too, or ending the game.  A finished game comes back finished.  Every other room whose code is
    found anywhere in the file (its row, the rooms index, its moves) is kept in ``damaged_rooms``
    with what could be read of it, and its players are told so when they come back."""
    from .store import Store

    aside = aside_name(path)
    os.rename(path, aside)
    for suffix in ("-wal", "-shm"):
        if Path(f"{path}{suffix}").exists():
            os.rename(f"{path}{suffix}", f"{aside}{suffix}")
    out = Salvaged(aside)
    scratch = aside.with_name(aside.name + ".reading")
    shutil.copyfile(aside, scratch)
    wal = Path(f"{aside}-wal").exists()
    if wal:
        shutil.copyfile(f"{aside}-wal", f"{scratch}-wal")
    try:
        out.header_rebuilt = rebuild_header(scratch, wal)
        _whole_pages(scratch)  # a page cut in two never stays inside the file the log's pages extend
        # the write-ahead log's pages into the copy, so that the pages read one by one are the latest
        applied = _apply_wal(scratch) if wal else True
        # the free pages (stale copies): None when the list cannot be followed, or the log not applied
        free = _free_pages(scratch) if applied and not out.header_rebuilt else None
        _mend_header(scratch)
        found = _read(scratch, out, free)
    finally:
        for p in (scratch, Path(f"{scratch}-wal"), Path(f"{scratch}-shm")):
            if p.exists():
                p.unlink()
    store = Store(path)
    try:
        _write(store, found, out)
    finally:
        store.close()
    return out


def _write(store, found: _Found, out: Salvaged) -> None:
    """Every room found into ``store``: restored when whole, else kept aside with why."""
    aside: list[tuple[str, str | None, list | None, str]] = []
    marks = store.marks.marks if store.marks is not None else {}
    for code in sorted(set(marks) - found.codes):  # a watermark whose room is found nowhere
        why = f"{LOST_ROOM} ({wm.said(marks[code])}; nothing of it could be read)"
        out.damaged[code] = why
        aside.append((code, None, None, why))
    restored: list[tuple[str, str, float, list]] = []
    for code in sorted(found.codes):
        ms, whole = found.moves.get(code, ([], False))
        row = found.rows.get(code)
        if row is None and len(found.page_rows.get(code, ())) == 1:
            row = next(iter(found.page_rows[code]))
        if row is None:
            if code in found.kept:
                data, kept_moves, why = found.kept[code]
                out.damaged[code] = str(why)[:300]
                aside.append((code, data, _loads(kept_moves), out.damaged[code]))
                continue
            many = len(found.page_rows.get(code, ()))
            why = (f"its room's row cannot be read ({many} different copies of it found)" if many
                   else "its room's row cannot be read")
            aside.append((code, None, ms or None, why))
            out.damaged[code] = why
            continue
        data, touched = row
        try:
            d = json.loads(data)
            if not isinstance(d, dict) or d.get("code") != code:
                raise ValueError("not a room's data")
            room = Room.from_dict(d, ms)
            if not room.started and ms:
                raise ValueError(f"its row is a lobby's, yet {len(ms)} moves of it were found")
            if room.started and not whole and not room.over:
                raise ValueError(f"its moves cannot all be read (the first {len(ms)} could; "
                                 "the game is not restored at an earlier move)")
            mark = marks.get(code)
            if mark is not None and wm.steps(room.started, len(ms)) < mark:
                raise _Behind(f"{LOST_MOVES} ({wm.said(mark)}; {wm.said(wm.steps(room.started, len(ms)), 'what could be read holds')})")
        except _Behind as e:
            out.damaged[code] = str(e)
            aside.append((code, data, ms or None, str(e)))
            continue
        except Exception as e:
            why = f"{type(e).__name__}: {e}"[:300]
            out.damaged[code] = why
            aside.append((code, data, ms or None, why))
            continue
        restored.append((code, data, touched, ms))
        out.restored.append(code)
    store.restore(restored)
    for code, data, ms, why in aside:
        store.set_aside(code, data, ms, why)


class _Behind(Exception):
    """A room whose moves read are fewer than its watermark (:mod:`lasvegas.net.marks`)."""


def _loads(text: object) -> list | None:
    try:
        v = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return v if isinstance(v, list) else None


def _read(path: Path, out: Salvaged, free: set[int] | None) -> _Found:
    """Every room's row and moves that can be read from ``path``; ``free``: the pages not to take as
    evidence that a room's moves end (None: no page is)."""
    found = _Found()
    scan = scan_pages(path, free or set())
    found.codes |= scan.codes
    found.page_rows = scan.rows
    try:
        db = sqlite3.connect(str(path), isolation_level=None)
        # text that is not UTF-8 (a scrambled byte) is read with U+FFFD in its place: the room's JSON
        # then fails or not on its own, and the other rows are read
        db.text_factory = lambda b: b.decode("utf-8", "replace")
        db.execute("SELECT name FROM sqlite_master").fetchall()
    except sqlite3.Error as e:
        out.unreadable.append(f"the whole file ({e})")
        db = None
    try:
        if db is not None:
            for r in _rows(db, ROOMS, ("code", "data", "touched"), out):
                if isinstance(r[0], str) and isinstance(r[1], str) and isinstance(r[2], (int, float)):
                    found.rows[r[0]] = (r[1], float(r[2]))
                    found.codes.add(r[0])
            try:
                for code, data, ms, why in db.execute(DAMAGED_ROOMS.select("code", "data", "moves", "reason")):
                    if isinstance(code, str):
                        found.kept[code] = (data, ms, why)
                        found.codes.add(code)
            except sqlite3.Error:
                pass
        found.codes = {c for c in found.codes if CODE_RE.match(c)}
        for code in found.codes:
            got = None
            if db is not None:
                try:
                    got = db.execute(MOVES.select("n", "value", where="code", order="n"), (code,)).fetchall()
                except sqlite3.Error:
                    got = None
            if got is not None and [n for n, _v in got] == list(range(len(got))) and all(
                    _move(v) for _n, v in got) and not any(n >= len(got) for n in scan.moves.get(code, ())):
                # read through the tree, up to the entry after the last, and no later one in any page:
                # all of them
                found.moves[code] = ([v for _n, v in got], True)
                continue
            ms, whole = scan.moves_of(code, trust=free is not None)
            found.moves[code] = (ms, whole)
            if ms or whole:
                out.from_pages.append(code)
        if scan.read_moves and db is not None:
            out.unreadable.append(f"table moves through its index for some rooms; {len(out.from_pages)} rooms' "
                                  "moves read page by page")
        return found
    finally:
        if db is not None:
            db.close()


def _move(v: object) -> bool:
    """A stored move: a Las Vegas value (an integer) or a Lords of Vegas action (JSON text)."""
    return (isinstance(v, int) and not isinstance(v, bool)) or isinstance(v, str)


def _rows(db: sqlite3.Connection, table: Table, columns: tuple[str, ...], out: Salvaged) -> list[tuple]:
    """Every row of ``table`` that can be read: all at once, else one rowid at a time (bounded)."""
    try:
        return db.execute(table.select(*columns)).fetchall()
    except sqlite3.Error as e:
        out.unreadable.append(f"table {table.name} as a whole ({str(e)[:120]}); read row by row")
    try:  # the rightmost rowid is often still readable: then every rowid up to it is tried
        (hi,) = db.execute(table.select("max(rowid)")).fetchone()
        last, gap_limit = min(int(hi or 0), MAX_ROWS), MAX_ROWS
    except (sqlite3.Error, TypeError, ValueError):
        last, gap_limit = MAX_ROWS, MAX_GAP
    rows, gap = [], 0
    for rowid in range(1, last + 1):
        try:
            row = db.execute(table.select(*columns, where="rowid"), (rowid,)).fetchone()
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
