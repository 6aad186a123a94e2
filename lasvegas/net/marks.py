"""What an SQLite server has acknowledged, kept outside SQLite: each room's watermark, and the receipts.

**The watermark.**  Beside the rooms database ``FILE`` lies ``FILE-marks``: for every room, the steps
the server has acknowledged (:func:`steps`: 0 for a lobby, 1 once its game has started, and one more
for each move).  A commit pass of the store writes the
moves to SQLite (its write-ahead log then synced: one fsync), then appends one line per room
that moved (``CODE N``) to this file and syncs it, and only then are the moves announced: so a
room's moves in the database are never fewer than its watermark, unless the database lost some
(a write-ahead log cut short by a crash of the machine, a copy of a live database, a database put
back from an older copy).  A room deleted is written ``CODE -`` (synced before the database forgets
it).  At every start, and by ``--salvage``, a room behind its watermark, or a watermark whose room is
gone, is declared damaged (:mod:`lasvegas.net.store`): it is never played again, its players are
told.  The file is a log of lines, rewritten whole (a new file synced, then renamed over it) when it
has grown to several times the rooms' count; a line cut short at its end (a crash while appending)
is not read: it was not synced, so what it said was not announced yet.

**Receipts.**  ``FILE-key`` holds a random key (made at the first start, readable by the host
only).  After each commit pass every seat of a room that moved is given a receipt,
``N.HASH.MAC``: the room's move count, a hash of its moves (a chain of SHA-256 over each stored
move, the first 32 hex digits) and an HMAC-SHA-256 of the room's code, N and HASH under the key.
A client keeps the last one and shows it when it comes back (``resume``): a receipt the key signs
whose N is past the room's moves (or whose HASH is not the room's moves up to N) proves the server
acknowledged moves it no longer has (a database put back from an older copy, watermark and all):
the room is declared damaged.  A receipt the key does not sign is refused and changes nothing;
a bare ``since`` never declares anything (a player can send any number).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import time
from pathlib import Path

from ..store.files import _fsync_folder

log = logging.getLogger("lasvegas.server")

#: the first line of a watermark file
HEADER = b"lasvegas-marks/1\n"
_LINE = re.compile(rb"^([A-Z0-9]{1,16}) (-|[0-9]{1,9})$")
#: a receipt as a client shows it: N.HASH.MAC
RECEIPT_RE = re.compile(r"^(0|[1-9][0-9]{0,8})\.([0-9a-f]{32})\.([0-9a-f]{32})$")
#: the watermark file is rewritten once it holds this many lines for each room it marks, and at least
#: COMPACT_MIN lines
COMPACT_LINES = 8
COMPACT_MIN = 4096


def marks_path(db: Path) -> Path:
    return Path(f"{db}-marks")


def key_path(db: Path) -> Path:
    return Path(f"{db}-key")


def steps(started: bool, moves: int) -> int:
    """A room's watermark: its start (the deal and first roll its players saw) and each of its moves."""
    return moves + 1 if started else 0


def started(data: str) -> bool:
    """Whether a room's stored row (:meth:`Room.to_dict`) is a game that has started (it has a seed)."""
    try:
        d = json.loads(data)
    except (TypeError, ValueError):
        return False
    return isinstance(d, dict) and d.get("seed") is not None


def said(mark: int, who: str = "its players were told of") -> str:
    """A watermark in words."""
    if mark == 0:
        return f"{who} a room waiting for its players"
    return f"{who} its game started and {mark - 1} moves"


def read_marks(path: Path) -> tuple[dict[str, int], int, int]:
    """The watermarks a file holds (code -> moves), its lines, and the lines it could not read (a last
    line cut short, a damaged one: passed over).  A missing file holds none."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}, 0, 0
    marks: dict[str, int] = {}
    lines = bad = 0
    body = data[len(HEADER):] if data.startswith(HEADER) else data
    parts = body.split(b"\n")
    if parts and parts[-1] == b"":
        parts.pop()
    elif parts:
        parts.pop()  # the last line, cut short: never synced whole, never announced
        bad += 1
    for line in parts:
        m = _LINE.match(line)
        if m is None:
            bad += 1
            continue
        lines += 1
        code = m[1].decode()
        if m[2] == b"-":
            marks.pop(code, None)
        else:
            marks[code] = int(m[2])
    return marks, lines, bad


class Marks:
    """The watermark file of one database, open for appending (see the module's text)."""

    def __init__(self, db: Path) -> None:
        self.path = marks_path(db)
        self.marks, self.lines, self.unreadable = read_marks(self.path)
        #: whether the file was there when the store opened (an earlier version's database has none)
        self.found = self.path.exists()
        self._fd: int | None = None
        self._queued: dict[str, int] = {}
        self._gone: list[str] = []

    # ------------------------------------------------------------ writing
    def note(self, code: str, moves: int) -> None:
        """Queue room ``code``'s watermark: ``moves`` acknowledged once the pass is committed."""
        self._queued[code] = moves

    def forget(self, code: str) -> None:
        """Queue room ``code``'s deletion (written before the database deletes it: :meth:`write_gone`)."""
        self._queued.pop(code, None)
        self._gone.append(code)

    def drop(self) -> None:
        """Forget what is queued (its commit failed: nothing of it was acknowledged)."""
        self._queued, self._gone = {}, []

    def write_gone(self) -> None:
        """Append the queued deletions and sync them (before the database forgets those rooms: a crash
        in between leaves a room without a watermark, which is no loss, never a watermark without its
        room)."""
        if self._gone:
            gone, self._gone = self._gone, []
            self._append(b"".join(c.encode() + b" -\n" for c in gone))
            for code in gone:
                self.marks.pop(code, None)

    def take(self) -> dict[str, int]:
        """The queued watermarks, to :meth:`write` once their pass is committed (the queue starts afresh)."""
        queued, self._queued = self._queued, {}
        return queued

    def write(self, queued: dict[str, int]) -> None:
        """Append watermarks and sync them (after the database has committed them)."""
        if queued:
            self._append(b"".join(f"{c} {n}\n".encode() for c, n in queued.items()))
            self.marks.update(queued)
            if self.lines > max(COMPACT_MIN, COMPACT_LINES * len(self.marks)):
                self.rewrite(self.marks)

    def _append(self, data: bytes) -> None:
        if self._fd is None:
            new = not self.path.exists()
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            if new or os.fstat(self._fd).st_size == 0:
                os.write(self._fd, HEADER)
                os.fsync(self._fd)
                _fsync_folder(self.path.parent)
            self.found = True
        os.write(self._fd, data)
        os.fsync(self._fd)
        self.lines += data.count(b"\n")

    def rewrite(self, marks: dict[str, int]) -> None:
        """Write the file afresh with ``marks`` (a new file synced, renamed over the old one)."""
        self.close()
        tmp = self.path.with_name(self.path.name + ".new")
        with open(tmp, "wb") as f:
            f.write(HEADER + b"".join(f"{c} {n}\n".encode() for c, n in sorted(marks.items())))
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, self.path)
        _fsync_folder(self.path.parent)
        self.marks, self.lines, self.found = dict(marks), len(marks), True

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


# ------------------------------------------------------------ receipts
def read_key(db: Path) -> bytes:
    """The receipts' key beside database ``db``, made (random, readable by its owner only) when there is
    none; one that is not a key (damaged) is kept aside as ``FILE-key.damaged-TIME`` and a new one made
    (the receipts given before are then refused: nobody is harmed)."""
    path = key_path(db)
    try:
        text = path.read_text(encoding="ascii").strip()
        if re.fullmatch(r"[0-9a-f]{64}", text):
            return bytes.fromhex(text)
        aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%dT%H%M%S')}")
        os.replace(path, aside)
        log.warning("the receipts' key %s is damaged: kept as %s, a new key made", path, aside)
    except FileNotFoundError:
        pass
    except (OSError, UnicodeDecodeError) as e:
        log.warning("the receipts' key %s cannot be read (%s): a new key is made", path, e)
    key = secrets.token_bytes(32)
    tmp = path.with_name(path.name + ".new")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, key.hex().encode() + b"\n")
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, path)
    _fsync_folder(path.parent)
    return key


def first_link(code: str) -> bytes:
    """The hash of a room's moves before its first move."""
    return hashlib.sha256(b"lasvegas-moves/1 " + code.encode()).digest()


def next_link(link: bytes, move: object) -> bytes:
    """The hash of a room's moves after one more (``move``: the stored value, an integer or JSON text)."""
    return hashlib.sha256(link + b"\n" + str(move).encode()).digest()


def chain(code: str, moves: list) -> bytes:
    link = first_link(code)
    for m in moves:
        link = next_link(link, m)
    return link


def receipt(key: bytes, code: str, moves: int, link: bytes) -> str:
    """The receipt of room ``code`` at ``moves`` moves whose chain is ``link``: ``N.HASH.MAC``."""
    digest = link.hex()[:32]
    mac = hmac.new(key, f"{code}.{moves}.{digest}".encode(), hashlib.sha256).hexdigest()[:32]
    return f"{moves}.{digest}.{mac}"


def read_receipt(key: bytes, code: str, text: str) -> tuple[int, str] | None:
    """A receipt this key signed for room ``code``: (its move count, its hash); None for any other."""
    m = RECEIPT_RE.match(text)
    if m is None:
        return None
    moves, digest, mac = int(m[1]), m[2], m[3]
    want = hmac.new(key, f"{code}.{moves}.{digest}".encode(), hashlib.sha256).hexdigest()[:32]
    return (moves, digest) if hmac.compare_digest(want, mac) else None
