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

import bisect
import json
import os
import shutil
import sqlite3
import struct
import time
from dataclasses import dataclass, field
from pathlib import Path

from .lords import room as lords_room  # noqa: F401  (the Lords room adds its game to room.GAMES)
from .protocol import CODE_RE
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
        if tables and "rooms" not in tables:
            raise DamagedDatabase(path, "it is an SQLite database of something else (its tables: "
                                        f"{', '.join(sorted(tables)[:8])})", foreign=True)
        if "rooms" in tables:
            columns = {row[1] for row in db.execute("PRAGMA table_info(rooms)")}
            if not {"code", "data", "touched"} <= columns:
                raise DamagedDatabase(path, "its rooms table is not a Las Vegas server's", foreign=True)
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
        if store.db.in_transaction:
            store.db.execute("ROLLBACK")
        store.close()
    return out


def _write(store, found: _Found, out: Salvaged) -> None:
    """Every room found into ``store``: restored when whole, else kept aside with why."""
    aside: list[tuple[str, str | None, list | None, str]] = []
    store.db.execute("BEGIN")
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
        except Exception as e:
            why = f"{type(e).__name__}: {e}"[:300]
            out.damaged[code] = why
            aside.append((code, data, ms or None, why))
            continue
        store.db.execute("INSERT OR REPLACE INTO rooms (code, data, touched) VALUES (?, ?, ?)", (code, data, touched))
        store.db.executemany("INSERT OR REPLACE INTO moves (code, n, value, touched) VALUES (?, ?, ?, ?)",
                             [(code, n, v, touched) for n, v in enumerate(ms)])
        out.restored.append(code)
    store.db.execute("COMMIT")
    for code, data, ms, why in aside:
        store.set_aside(code, data, ms, why)


def _loads(text: object) -> list | None:
    try:
        v = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return v if isinstance(v, list) else None


#: the page sizes an SQLite file may have, the likeliest first
PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)


def _header(page: int, pages: int, wal: bool) -> bytes:
    """A database header (https://sqlite.org/fileformat.html) for a file of ``pages`` pages of
    ``page`` bytes, UTF-8, no free list, no auto-vacuum."""
    h = bytearray(100)
    h[0:16] = b"SQLite format 3\0"
    h[16:18] = (1 if page == 65536 else page).to_bytes(2, "big")
    h[18] = h[19] = 2 if wal else 1
    h[21:24] = bytes((64, 32, 32))
    h[24:28] = (1).to_bytes(4, "big")  # change counter
    h[28:32] = pages.to_bytes(4, "big")
    h[40:44] = (1).to_bytes(4, "big")  # schema cookie
    h[44:48] = (4).to_bytes(4, "big")  # schema format
    h[56:60] = (1).to_bytes(4, "big")  # UTF-8
    h[92:96] = (1).to_bytes(4, "big")  # the page count is valid for change 1
    major, minor, patch = sqlite3.sqlite_version_info
    h[96:100] = (major * 1000000 + minor * 1000 + patch).to_bytes(4, "big")
    return bytes(h)


def rebuild_header(path: Path, wal: bool = False) -> int:
    """When the file's first 100 bytes are not a database header (zeroed, overwritten), write one back,
    trying each page size until the schema and the rooms table can be read: the page size (0 when the
    header was readable or no page size fits; the file is then left as it was)."""
    with open(path, "r+b") as f:
        head = f.read(100)
        size = f.seek(0, os.SEEK_END)
    if len(head) < 100:
        return 0
    if head.startswith(b"SQLite format 3\0"):
        page = int.from_bytes(head[16:18], "big")
        page = 65536 if page == 1 else page
        if page >= 512 and not page & (page - 1) and head[21:24] == bytes((64, 32, 32)):
            return 0
    for page in PAGE_SIZES:
        if size < page:
            continue
        with open(path, "r+b") as f:
            f.write(_header(page, -(-size // page), wal))
        if _schema_readable(path):
            return page
    with open(path, "r+b") as f:
        f.write(head)
    return 0


def _schema_readable(path: Path) -> bool:
    try:
        db = sqlite3.connect(str(path), isolation_level=None)
    except sqlite3.Error:
        return False
    try:
        names = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not names & {"rooms", "moves"}:
            return False
        db.execute("SELECT count(*) FROM (SELECT 1 FROM sqlite_master LIMIT 1)").fetchone()
        return True
    except sqlite3.Error:
        return False
    finally:
        db.close()


def _apply_wal(path: Path) -> bool:
    """Copy the write-ahead log's pages into the (scratch) file: whether that was done."""
    try:
        db = sqlite3.connect(str(path), isolation_level=None)
        try:
            busy, _log, _done = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
            return busy == 0
        finally:
            db.close()
    except sqlite3.Error:
        return False


def _free_pages(path: Path) -> set[int] | None:
    """The pages on the file's free list (they may hold stale copies of moves), or None when the list
    cannot be followed to its end (the header is not readable, a trunk page lies past the end)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
            if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
                return None
            page = int.from_bytes(head[16:18], "big")
            page = 65536 if page == 1 else page
            if page < 512 or page & (page - 1):
                return None
            pages = f.seek(0, os.SEEK_END) // page
            trunk, count = int.from_bytes(head[32:36], "big"), int.from_bytes(head[36:40], "big")
            free: set[int] = set()
            while trunk:
                if trunk > pages or trunk in free or len(free) > MAX_PAGES:
                    return None
                free.add(trunk)
                f.seek((trunk - 1) * page)
                t = f.read(page)
                n = int.from_bytes(t[4:8], "big")
                if n > page // 4 - 2:
                    return None
                free.update(int.from_bytes(t[8 + 4 * i:12 + 4 * i], "big") for i in range(n))
                trunk = int.from_bytes(t[0:4], "big")
            if len(free) != count:
                return None
            return free
    except OSError:
        return None


def _mend_header(path: Path) -> None:
    """Make the scratch copy of a file cut short readable as far as it goes: its whole pages only (a
    page cut in two is dropped: its cells' ends would read as zeros, which SQLite may take for keys),
    the header's page count the file's own, no free-page list (it may point past the end)."""
    with open(path, "r+b") as f:
        head = f.read(100)
        if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
            return
        page = int.from_bytes(head[16:18], "big")
        page = 65536 if page == 1 else page
        if page < 512 or page & (page - 1):
            return
        size = f.seek(0, os.SEEK_END)
        pages = max(1, size // page)
        f.truncate(pages * page)
        f.seek(28)
        f.write(pages.to_bytes(4, "big") + bytes(8))


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
            for r in _rows(db, "rooms", "code, data, touched", out):
                if isinstance(r[0], str) and isinstance(r[1], str) and isinstance(r[2], (int, float)):
                    found.rows[r[0]] = (r[1], float(r[2]))
                    found.codes.add(r[0])
            try:
                for code, data, ms, why in db.execute("SELECT code, data, moves, reason FROM damaged_rooms"):
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
                    got = db.execute("SELECT n, value FROM moves WHERE code = ? ORDER BY n", (code,)).fetchall()
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


def _record(p: bytes, partial: bool = False) -> list:
    """The values of one record (SQLite's record format): integers, floats, text, blobs, ``None``.
    ``partial``: the record's start only (a cell whose rest is on overflow pages): the values that
    fit whole, and no error for the rest."""
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
            continue
        if t in (8, 9):
            out.append(t - 8)
            continue
        if t in (10, 11):
            raise ValueError("record type")
        n = (1, 2, 3, 4, 6, 8, 8)[t - 1] if t <= 7 else (t - 12) // 2
        if j + n > len(p):
            if partial:
                return out
            raise ValueError("record body")
        raw = p[j:j + n]
        j += n
        if t <= 6:
            out.append(int.from_bytes(raw, "big", signed=True))
        elif t == 7:
            out.append(struct.unpack(">d", raw)[0])
        else:
            out.append(raw.decode("utf-8", "replace") if t & 1 else raw)
    return out


@dataclass
class Pages:
    """What :func:`scan_pages` found in a file's pages, whatever links them."""
    #: code → move number → the values found for it (stale copies may add a second)
    moves: dict[str, dict[int, set]] = field(default_factory=dict)
    #: pairs of moves-tree keys (code, n) found next to each other in the tree: no key lies between them
    neighbours: list[tuple[tuple[str, int], tuple[str, int]]] = field(default_factory=list)
    #: code → the room rows (data, touched) found in the rooms table's leaves
    rows: dict[str, set[tuple[str, float]]] = field(default_factory=dict)
    #: every room code seen (rows, the rooms index, moves)
    codes: set[str] = field(default_factory=set)
    read_moves: bool = False

    def moves_of(self, code: str, trust: bool) -> tuple[list, bool]:
        """``code``'s moves from 0 up to the first gap or doubt, and whether they are known to be all
        of them: the move after the last is found missing from the tree (a pair of neighbours
        around it; ``trust``: those pairs may be taken as evidence)."""
        got = self.moves.get(code, {})
        ms: list = []
        while len(got.get(len(ms), ())) == 1:
            ms.append(next(iter(got[len(ms)])))
        if not trust or any(n >= len(ms) for n in got):
            return ms, False
        after = (code, len(ms))
        i = bisect.bisect_left(self.neighbours, (after,))
        # the pairs are sorted by their first key: the one just before ``after`` is the candidate
        for lo, hi in self.neighbours[max(0, i - 1):i + 1]:
            if lo < after < hi:
                return ms, True
        return ms, False


def scan_pages(path: Path, skip: set[int] = frozenset()) -> Pages:  # type: ignore[assignment]
    """Read the file's B-tree pages one by one, whatever page links them (but ``skip``: free pages):
    the ``moves`` entries (its index-page cells with the record (code, n, value, touched); other
    indexes' cells, two or three columns, name room codes), and the ``rooms`` rows (table-leaf cells
    with the record (code, data, touched); a row longer than a page names its code).  Neighbours:
    two cells next to each other in a leaf, and a leaf's last cell with the interior cell that points
    to that leaf, are keys with nothing between them.  A page that does not parse is passed over."""
    found = Pages()
    last_key: dict[int, tuple[str, int]] = {}
    after_child: list[tuple[int, tuple[str, int]]] = []
    with open(path, "rb") as f:
        head = f.read(100)
        if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
            return found
        size = int.from_bytes(head[16:18], "big")
        size = 65536 if size == 1 else size
        if size < 512 or size & (size - 1):
            return found
        usable = size - head[20]
        index_max = (usable - 12) * 64 // 255 - 23
        table_max = usable - 35
        least = (usable - 12) * 32 // 255 - 23
        f.seek(0)
        number = 0
        while number < MAX_PAGES:
            page = f.read(size)
            if len(page) < size:
                break
            number += 1
            if number in skip:
                continue
            start = 100 if number == 1 else 0
            kind = page[start]
            if kind not in (2, 10, 13):  # index B-tree pages (interior, leaf) and table leaves
                continue
            cells = int.from_bytes(page[start + 3:start + 5], "big")
            header = start + (12 if kind == 2 else 8)
            keys: list[tuple[str, int] | None] = []
            for c in range(min(cells, (usable - header) // 2)):
                key = None
                try:
                    at = int.from_bytes(page[header + 2 * c:header + 2 * c + 2], "big")
                    child = 0
                    if kind == 2:
                        child = int.from_bytes(page[at:at + 4], "big")
                        at += 4  # the left child's page number
                    n, i = _varint(page, at)
                    if kind == 13:
                        _rowid, i = _varint(page, i)
                        local = n
                        if n > table_max:  # the rest on overflow pages (the file format's rule)
                            k = least + (n - least) % (usable - 4)
                            local = k if k <= table_max else least
                        values = _record(page[i:i + min(local, usable - i)], partial=local < n)
                        _room_row(found, values, whole=local >= n)
                        continue
                    if n > index_max or i + n > usable:
                        values = _record(page[i:min(i + n, usable)], partial=True)
                        if values and isinstance(values[0], str):
                            found.codes.add(values[0])
                        continue
                    values = _record(page[i:i + n])
                except (IndexError, ValueError, struct.error):
                    keys.append(None)
                    continue
                if values and isinstance(values[0], str) and len(values) in (2, 3):  # rooms' index: (code, rowid)
                    found.codes.add(values[0])
                if (len(values) == 4 and isinstance(values[0], str) and type(values[1]) is int
                        and type(values[2]) in (int, str) and isinstance(values[3], (int, float))
                        and 0 <= values[1] < MAX_ROWS):
                    found.read_moves = True
                    found.codes.add(values[0])
                    found.moves.setdefault(values[0], {}).setdefault(values[1], set()).add(values[2])
                    key = (values[0], values[1])
                    if kind == 2:
                        after_child.append((child, key))
                keys.append(key)
            if kind == 10:
                found.neighbours += [(a, b) for a, b in zip(keys, keys[1:]) if a is not None and b is not None
                                     and a < b]
                if keys and keys[-1] is not None:
                    last_key[number] = keys[-1]
    for child, key in after_child:
        if child in last_key and last_key[child] < key:
            found.neighbours.append((last_key[child], key))
    found.neighbours.sort()
    return found


def _room_row(found: Pages, values: list, whole: bool) -> None:
    if not values or not isinstance(values[0], str):
        return
    found.codes.add(values[0])
    if whole and len(values) == 3 and isinstance(values[1], str) and type(values[2]) in (int, float):
        found.rows.setdefault(values[0], set()).add((values[1], float(values[2])))


def scan_moves(path: Path) -> dict[str, dict[int, set]]:
    """Every (room, move number, value) entry of the ``moves`` B-tree found page by page."""
    return scan_pages(path).moves
