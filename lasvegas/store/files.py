"""Reading and writing the player's JSON files, whatever state they are in.

One ``FileKind`` per kind of file (settings, the last setup, a saved game,
solo progress, …) holds what the player is told about it and its *shape*:
a function that checks the whole parsed value and returns what the game
uses.  Then, for every kind:

- ``read(kind, path)`` returns the checked value, ``None`` when there is no
  file, and raises ``FileDamaged`` — and nothing else — for any file that
  cannot be used: unreadable, not UTF-8, not JSON, nested too deeply,
  numbers out of range, a field of the wrong type or missing.
- ``load(kind, path)`` (and ``recover``, which returns the message instead)
  is ``read`` for the game: a damaged file is never
  deleted or overwritten but moved aside as ``<name>.damaged-<time>.<ext>``,
  the player is told once in words (which file, what was lost, where the
  copy is: ``take_notices()``), and ``None`` lets the caller start from
  defaults.  A kind with a backup falls back to it.
- ``write(kind, path, data)`` is atomic: a temporary file in the same folder,
  flushed and fsynced, renamed over the old one (for a kind with a backup
  the old file first becomes ``<name>.prev.<ext>``).  A failure raises
  ``WriteFailed`` with a message for the player; ``try_write`` tells the
  player once and lets the game go on.

No pygame here: the solo progress and the command line use it too.
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..kernel.jsontext import JSONTextError, parse
from .shape import ShapeError

#: no file the game writes comes near this; a larger one is not read at all
MAX_BYTES = 4 << 20


@dataclass(frozen=True)
class FileKind:
    """One kind of file and what the player is told about it."""

    name: str  #: short name, e.g. "settings"
    what: str  #: the file for the player, e.g. "Your settings"
    lost: str  #: what starting afresh loses, e.g. "the settings are back to their defaults"
    shape: Callable[[Any], Any]  #: checks the parsed JSON, returns the value used; ShapeError/ValueError
    backup: bool = False  #: keep the previous version as ``<name>.prev.<ext>``
    from_backup: str = ""  #: what the player is told when the backup was used instead

    def check(self, data: Any) -> Any:
        return self.shape(data)


# ------------------------------------------------------- the player's language
def _plain(message: str, **fields: Any) -> str:
    return message.format(**fields) if fields else message


_translate = _plain


def set_translator(translate=None) -> None:
    """The game's translation function (``lasvegas.ui.kit.i18n._``): the messages for the
    player are then in the player's language; None: English as written here."""
    global _translate
    _translate = translate or _plain


def _(message: str, **fields: Any) -> str:
    """``message`` in the player's language, its ``{fields}`` filled."""
    return _translate(message, **fields)


def N_(message: str) -> str:
    """Marks a message translated later (a file kind's words, translated when told)."""
    return message


class FileDamaged(Exception):
    """A file exists but cannot be used.  ``reason`` says why in detail (the reader's English: for the
    command line and the logs); ``message`` is for the player, in the player's language: ``why`` is a
    message (``N_``) with its ``fields``, translated when told."""

    def __init__(self, kind: FileKind, path: Path, reason: str, why: str = "", **fields: Any) -> None:
        self.kind, self.path, self.reason = kind, Path(path), reason
        self.why, self.fields = why, fields
        super().__init__(f"{path}: {reason}")

    @property
    def message(self) -> str:
        why = _(self.why, **self.fields) if self.why else self.reason
        return _("{what} ({file}) could not be used: {why}.", what=_(self.kind.what), file=self.path.name,
                 why=why)


class WriteFailed(OSError):
    """A file could not be written (full disk, read-only folder …); the old one is untouched."""

    def __init__(self, kind: FileKind | None, path: Path, why: str, code: int | None = None) -> None:
        self.kind, self.path, self.why, self.code = kind, Path(path), why, code
        super().__init__(f"{path}: {why}")

    @property
    def message(self) -> str:
        what = _(self.kind.what) if self.kind else _("The file {name}", name=self.path.name)
        # the usual causes in the player's language; the system's English words stay in the log
        why = {errno.ENOSPC: N_("the disk is full"), errno.EACCES: N_("the folder may not be written to"),
               errno.EPERM: N_("the folder may not be written to"),
               errno.EROFS: N_("the folder is read-only")}.get(self.code or 0)
        return _("{what} could not be saved in {folder} ({why}); the game goes on without saving it.",
                 what=what, folder=str(self.path.parent), why=_(why) if why else self.why)


# ------------------------------------------------------------------ notices
_notices: list[str] = []
_failing: set[str] = set()


def tell(text: str) -> None:
    """Leave a message for the player (shown once, by the next screen that shows notices)."""
    if text not in _notices:
        _notices.append(text)


def take_notices() -> list[str]:
    """The messages left for the player since the last call (and forget them)."""
    out = list(_notices)
    _notices.clear()
    return out


def has_notices() -> bool:
    return bool(_notices)


# -------------------------------------------------------------------- paths
def backup_path(path: Path) -> Path:
    path = Path(path)
    return path.with_name(f"{path.stem}.prev{path.suffix}")


def keep_aside(path: Path, label: str = "damaged") -> Path | None:
    """Move ``path`` to ``<name>.<label>-<time>.<ext>`` beside it; None if it cannot be moved."""
    path = Path(path)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1, 100):
        extra = "" if n == 1 else f"-{n}"
        target = path.with_name(f"{path.stem}.{label}-{stamp}{extra}{path.suffix}")
        if target.exists():
            continue
        try:
            os.replace(path, target)  # a rename: the bytes are kept as they were
            return target
        except OSError:
            return None
    return None


# ------------------------------------------------------------------ reading
def _read_one(kind: FileKind, path: Path) -> Any:
    """The checked value of one file, None when it does not exist; else FileDamaged."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except (FileNotFoundError, NotADirectoryError):  # no file (or not even its folder)
        return None
    except IsADirectoryError:
        raise FileDamaged(kind, path, "it is a folder, not a file", N_("it is a folder, not a file")) from None
    except OSError as e:
        raise FileDamaged(kind, path, f"it cannot be read ({e.strerror or type(e).__name__})",
                          N_("it cannot be read")) from None
    if len(raw) > MAX_BYTES:
        raise FileDamaged(kind, path, f"it is larger than {MAX_BYTES >> 20} MB", N_("it is larger than {n} MB"),
                          n=MAX_BYTES >> 20)
    try:
        data = parse(raw)
    except JSONTextError as e:
        raise FileDamaged(kind, path, str(e), N_("it is not a whole JSON text (cut short?)")) from None
    try:
        return kind.check(data)
    except ShapeError as e:
        # the place in the file is the file's own words (its keys), the same in every language
        raise FileDamaged(kind, path, str(e), N_("its content is not what the game expects (at {where})"),
                          where="/" if e.where == "the file" else e.where) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as e:
        # what the game's own restore code (e.g. a saved game's state) finds wrong
        text = str(e).replace("saved game is corrupt: ", "") or type(e).__name__
        raise FileDamaged(kind, path, text if len(text) <= 120 else text[:117] + "...",
                          N_("its content does not check against the rules")) from None


def read(kind: FileKind, path: Path) -> Any:
    """The checked value of ``path``; None when there is no file; ``FileDamaged`` when it is unusable.

    A kind with a backup reads the backup when the file itself is missing
    (a crash between the two renames of a write).
    """
    path = Path(path)
    value = _read_one(kind, path)
    if value is None and kind.backup and not path.exists():
        value = _read_one(kind, backup_path(path))
    return value


def recover(kind: FileKind, path: Path) -> tuple[Any, str | None]:
    """``read`` that never raises: ``(value or None, message for the player or None)``.

    A damaged file is moved aside (never deleted or overwritten); a kind with
    a backup falls back to it.  The message says which file, what was lost
    and where the copy is.
    """
    path = Path(path)
    try:
        return read(kind, path), None
    except FileDamaged as damaged:
        kept = keep_aside(damaged.path) if damaged.path.exists() else None
        where = (_("The damaged file was kept as {kept}.", kept=str(kept)) if kept else
                 _("The file was left as it is: {path}.", path=str(damaged.path)))
        if kind.backup and damaged.path == path:
            try:
                value = _read_one(kind, backup_path(path))
            except FileDamaged:
                value = None
            if value is not None:
                return value, f"{damaged.message} {_(kind.from_backup)} {where}"
        lost = str(_(kind.lost))
        return None, f"{damaged.message} {lost[:1].upper()}{lost[1:]}. {where}"


def load(kind: FileKind, path: Path) -> Any:
    """``recover`` for the game: the message goes to the player (``take_notices``); None: use defaults."""
    value, message = recover(kind, path)
    if message:
        tell(message)
    return value


# ------------------------------------------------------------------ writing
def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_bytes(path: Path, raw: bytes, *, kind: FileKind | None = None, backup: bool = False) -> None:
    """Replace ``path`` by ``raw`` atomically (``WriteFailed`` on failure, the old file untouched)."""
    path = Path(path)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        if backup and path.is_file():
            os.replace(path, backup_path(path))
        os.replace(tmp, path)
        tmp = None
        _fsync_folder(path.parent)
    except OSError as e:
        raise WriteFailed(kind, path, e.strerror or type(e).__name__, e.errno) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def write(kind: FileKind, path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically; ``WriteFailed`` when it cannot be written."""
    raw = (json.dumps(data, indent=1) + "\n").encode("utf-8")
    write_bytes(path, raw, kind=kind, backup=kind.backup)


def try_write(kind: FileKind, path: Path, data: Any) -> bool:
    """``write``, and on failure tell the player (once until a write succeeds); True when written."""
    try:
        write(kind, path, data)
    except WriteFailed as e:
        if kind.name not in _failing:
            _failing.add(kind.name)
            tell(e.message)
        return False
    _failing.discard(kind.name)
    return True


def keep_record(folder: Path, tag: str, record: Any) -> Path | None:
    """Write a finished game's record as ``<folder>/<time>-<tag>.json``, never over another one
    (``-2``, ``-3``… added); its path, or None when it could not be written (the player told)."""
    import time

    folder = Path(folder)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-{tag}.json"
    n = 2
    while path.exists():
        path = folder / f"{stamp}-{tag}-{n}.json"
        n += 1
    try:
        write_bytes(path, (json.dumps(record, indent=1) + "\n").encode("utf-8"))
    except WriteFailed as e:
        tell(_("The record of this game could not be saved in {folder} ({why}).",
               folder=str(e.path.parent), why=e.why))
        return None
    return path


def remove(kind: FileKind, path: Path) -> None:
    """Remove a file the game is done with (a finished game's save) and its backup."""
    for p in (Path(path), backup_path(Path(path))) if kind.backup else (Path(path),):
        try:
            p.unlink()
        except OSError:
            pass


def exists(kind: FileKind, path: Path) -> bool:
    path = Path(path)
    return path.is_file() or (kind.backup and backup_path(path).is_file())
