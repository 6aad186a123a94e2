"""The committed icons are valid PNG / ICO / ICNS files and match build/make_icons.py."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

ICONS = Path(__file__).resolve().parents[2] / "assets" / "icons"
PNG_SIG = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIG
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def mk(load_script):
    return load_script("make_icons")


def test_png_files(mk):
    for n in mk.PNG_SIZES:
        assert png_size((ICONS / f"lasvegas-{n}.png").read_bytes()) == (n, n)


def test_ico_is_a_png_in_ico_container(mk):
    data = (ICONS / "lasvegas.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(mk.ICO_SIZES))
    sizes = []
    for i in range(count):
        w, h, colors, res, planes, bpp, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i: 22 + 16 * i])
        n = w or 256
        assert (w, h, planes, bpp) == (n % 256, n % 256, 1, 32)
        assert png_size(data[offset:offset + length]) == (n, n)
        assert offset + length <= len(data)
        sizes.append(n)
    assert sizes == sorted(mk.ICO_SIZES)


def test_icns_container(mk):
    data = (ICONS / "lasvegas.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    pos, found = 8, {}
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        assert length > 8 and pos + length <= len(data)
        found[kind] = png_size(data[pos + 8:pos + length])
        pos += length
    assert pos == len(data)
    assert found == {t: (n, n) for t, n in mk.ICNS_TYPES}
    assert found[b"ic10"] == (1024, 1024)


def test_committed_icons_are_up_to_date(mk, tmp_path):
    """Regenerating gives the same picture (compared by pixels: PNG encoders may differ)."""
    import pygame

    mk.write_icons(tmp_path)
    for n in (32, 128):
        a = pygame.image.load(str(ICONS / f"lasvegas-{n}.png"))
        b = pygame.image.load(str(tmp_path / f"lasvegas-{n}.png"))
        pa, pb = pygame.image.tobytes(a, "RGBA"), pygame.image.tobytes(b, "RGBA")
        assert len(pa) == len(pb)
        diff = sum(abs(x - y) for x, y in zip(pa, pb)) / len(pa)
        assert diff < 1.0, f"assets/icons/lasvegas-{n}.png is stale: run python build/make_icons.py"
