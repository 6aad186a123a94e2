"""The characters a TrueType/OpenType font has glyphs for, read from its ``cmap`` table.

Standard library only (formats 4 and 12 of the table, which every font the game
ships uses): the text drawing asks it which characters need the fallback font.
"""

from __future__ import annotations

import struct
from functools import lru_cache


@lru_cache(maxsize=None)
def characters(path: str) -> frozenset[int]:
    """The code points of ``path``'s character map that lead to a glyph."""
    with open(path, "rb") as f:
        data = f.read()
    (count,) = struct.unpack(">H", data[4:6])
    tables = {}
    for i in range(count):
        tag, _sum, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        tables[tag] = offset
    base = tables[b"cmap"]
    (subtables,) = struct.unpack(">H", data[base + 2: base + 4])
    found: set[int] = set()
    for i in range(subtables):
        _platform, _encoding, offset = struct.unpack(">HHI", data[base + 4 + 8 * i: base + 12 + 8 * i])
        s = base + offset
        (fmt,) = struct.unpack(">H", data[s: s + 2])
        if fmt == 4:
            found |= _format4(data, s)
        elif fmt == 12:
            (groups,) = struct.unpack(">I", data[s + 12: s + 16])
            for k in range(groups):
                first, last, _glyph = struct.unpack(">III", data[s + 16 + 12 * k: s + 28 + 12 * k])
                found.update(range(first, last + 1))
    return frozenset(found)


def _format4(data: bytes, s: int) -> set[int]:
    (seg2,) = struct.unpack(">H", data[s + 6: s + 8])
    n = seg2 // 2
    ends = struct.unpack(f">{n}H", data[s + 14: s + 14 + seg2])
    starts = struct.unpack(f">{n}H", data[s + 16 + seg2: s + 16 + 2 * seg2])
    deltas = struct.unpack(f">{n}h", data[s + 16 + 2 * seg2: s + 16 + 3 * seg2])
    at = s + 16 + 3 * seg2
    ranges = struct.unpack(f">{n}H", data[at: at + seg2])
    out: set[int] = set()
    for k in range(n):
        for c in range(starts[k], ends[k] + 1):
            if c == 0xFFFF:
                continue
            if ranges[k] == 0:
                glyph = (c + deltas[k]) & 0xFFFF
            else:
                a = at + 2 * k + ranges[k] + 2 * (c - starts[k])
                (glyph,) = struct.unpack(">H", data[a: a + 2])
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                out.add(c)
    return out
