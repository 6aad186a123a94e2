"""The pages of a damaged SQLite file read by hand (for :mod:`lasvegas.net.salvage`): its header mended
or rebuilt, its write-ahead log applied, its free pages found, and the records of every page scanned
for the rooms and moves SQLite can no longer reach."""

from __future__ import annotations

import bisect
import os
import sqlite3
import struct
from dataclasses import dataclass, field
from pathlib import Path

from .store import MOVES, ROOMS


#: Rows tried one at a time at most, when a table cannot be read whole (a damaged page).
MAX_ROWS = 2_000_000
#: Pages read at most when the moves are looked for page by page (64 GB of 32 KB pages).
MAX_PAGES = 2_000_000


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
        if not names & {ROOMS.name, MOVES.name}:
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


def _whole_pages(path: Path) -> int | None:
    """Drop a page cut in two at the end of the (scratch) file: its cells' ends would read as zeros,
    which SQLite may take for keys -- before the write-ahead log is applied too, for a checkpoint
    that writes later pages keeps the cut page inside the file.  The whole pages' count (None: no
    readable header)."""
    with open(path, "r+b") as f:
        head = f.read(100)
        if len(head) < 100 or not head.startswith(b"SQLite format 3\0"):
            return None
        page = int.from_bytes(head[16:18], "big")
        page = 65536 if page == 1 else page
        if page < 512 or page & (page - 1):
            return None
        pages = max(1, f.seek(0, os.SEEK_END) // page)
        f.truncate(pages * page)
        return pages


def _mend_header(path: Path) -> None:
    """Make the scratch copy of a file cut short readable as far as it goes: its whole pages only
    (:func:`_whole_pages`), the header's page count the file's own, no free-page list (it may point
    past the end)."""
    pages = _whole_pages(path)
    if pages is None:
        return
    with open(path, "r+b") as f:
        f.seek(28)
        f.write(pages.to_bytes(4, "big") + bytes(8))


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
                if (len(values) == len(MOVES.columns) and isinstance(values[0], str) and type(values[1]) is int
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
