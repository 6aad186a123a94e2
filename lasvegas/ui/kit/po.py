"""A ``.po`` catalogue read into the standard library's ``gettext`` at run time.

The game ships its catalogues as ``.po`` text only (no compiled ``.mo`` that
could fall behind its source): this reader parses one, writes the same bytes
``msgfmt`` would in memory, and hands them to ``gettext.GNUTranslations``,
which then does the lookups and the plural rule of the catalogue's header.
Fuzzy and empty entries are left out, as ``msgfmt`` does.
"""

from __future__ import annotations

import ast
import gettext
import io
import struct
from pathlib import Path
from typing import Iterator


def parse(text: str) -> Iterator[tuple[str | None, str, str | None, list[str], bool]]:
    """Each entry of a ``.po`` text: (msgctxt, msgid, msgid_plural, msgstrs, fuzzy)."""
    entry: dict = {}
    field: str | int | None = None
    fuzzy = False

    def complete() -> bool:
        return "msgid" in entry and ("msgstr" in entry or 0 in entry)

    def flush():
        strs = [entry["msgstr"]] if "msgstr" in entry else \
            [entry[k] for k in sorted(k for k in entry if isinstance(k, int))]
        return entry.get("msgctxt"), entry["msgid"], entry.get("msgid_plural"), strs, fuzzy

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#~"):
            continue
        if line.startswith('"'):
            if field is not None:
                entry[field] += ast.literal_eval(line)
            continue
        if line.startswith("#") or line.startswith(("msgctxt ", "msgid ")):
            if complete():
                yield flush()
                entry, field, fuzzy = {}, None, False
            if line.startswith("#"):
                fuzzy = fuzzy or (line.startswith("#,") and "fuzzy" in line)
                continue
        keyword, _, value = line.partition(" ")
        field = int(keyword[7:-1]) if keyword.startswith("msgstr[") else keyword
        entry[field] = ast.literal_eval(value)
    if complete():
        yield flush()


def messages(text: str) -> dict[str, str]:
    """``.mo`` keys and values of a ``.po`` text (translated, non-fuzzy entries and the header)."""
    out: dict[str, str] = {}
    for ctxt, msgid, plural, strs, fuzzy in parse(text):
        if (fuzzy and msgid) or not any(strs):
            continue
        key = msgid if plural is None else msgid + "\x00" + plural
        if ctxt is not None:
            key = ctxt + "\x04" + key
        out[key] = "\x00".join(strs)
    return out


def mo_bytes(catalogue: dict[str, str]) -> bytes:
    """The GNU ``.mo`` file of ``{key: value}`` (what ``msgfmt`` writes)."""
    keys = sorted(catalogue)
    ids = strs = b""
    offsets = []
    for k in keys:
        kb, vb = k.encode("utf-8"), catalogue[k].encode("utf-8")
        offsets.append((len(ids), len(kb), len(strs), len(vb)))
        ids += kb + b"\0"
        strs += vb + b"\0"
    n = len(keys)
    start = 7 * 4 + n * 16
    koffsets, voffsets = [], []
    for o1, l1, o2, l2 in offsets:
        koffsets += [l1, o1 + start]
        voffsets += [l2, o2 + start + len(ids)]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, n, 7 * 4, 7 * 4 + n * 8, 0, 0)
    return header + struct.pack(f"{2 * n}i", *koffsets) + struct.pack(f"{2 * n}i", *voffsets) + ids + strs


def translations(path: Path | str, text: str | None = None) -> gettext.GNUTranslations:
    """The standard library's translations of the ``.po`` file at ``path``."""
    if text is None:
        text = Path(path).read_text("utf-8")
    return gettext.GNUTranslations(io.BytesIO(mo_bytes(messages(text))))
