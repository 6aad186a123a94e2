"""The player's files: one checked reader per kind of file, atomic writes, damaged files kept aside.

See ``lasvegas.store.files`` for the rules every kind follows and
``lasvegas.store.shape`` for the validators a kind's shape is made of.
No pygame: the rules core's records use ``lasvegas.kernel.jsontext`` (the same
limits), everything else this package.
"""

from .files import (
    N_, FileDamaged, FileKind, WriteFailed, backup_path, exists, has_notices, keep_aside, keep_record, load, read,
    recover, remove, set_translator, take_notices, tell, try_write, write, write_bytes,
)
from .shape import ShapeError

__all__ = [
    "FileDamaged", "FileKind", "WriteFailed", "ShapeError", "backup_path", "exists", "has_notices",
    "keep_aside", "keep_record", "load", "read", "recover", "remove", "take_notices", "tell", "try_write", "write", "write_bytes",
    "N_", "set_translator",
]
