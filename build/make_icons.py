"""Draw the game's icon and write it as PNG, ICO and ICNS files.

The icon is the game's own art, drawn in code: a red casino die with white
pips and soft shading, on dark green felt inside a pink neon rim.  Run::

    python build/make_icons.py            # writes assets/icons/
    python build/make_icons.py --out DIR  # somewhere else

It needs only pygame-ce (headless: the dummy video driver is set here) and
the standard library: the ICO and ICNS containers are written with
``struct`` around PNG data, so no Pillow is needed.  The output is
committed to ``assets/icons/`` because ``lasvegas.spec`` uses it and the game
loads the PNG as its window icon; rerun this script after changing the
drawing and commit the result.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402  (after the environment is set)

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "icons"
NAME = "lasvegas"

#: PNG sizes written as separate files (Linux desktop icons, window icon).
PNG_SIZES = (16, 32, 48, 64, 128, 256, 512)
#: sizes inside the Windows .ico (256 is stored with width/height byte 0).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types that hold PNG data, with their pixel size.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),  # 512x512@2x
    (b"ic11", 32),  # 16x16@2x
    (b"ic12", 64),  # 32x32@2x
    (b"ic13", 256),  # 128x128@2x
    (b"ic14", 512),  # 256x256@2x
)

FELT_CENTER = (22, 92, 58)
FELT_EDGE = (6, 30, 22)
NEON = (255, 46, 160)
DIE_RED = (206, 22, 38)
DIE_LIGHT = (244, 84, 84)
DIE_DARK = (120, 8, 20)
PIP = (250, 248, 240)

MASTER = 1024  # drawn at this size, scaled down smoothly for the others


def _lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def draw_icon(size: int = MASTER) -> pygame.Surface:
    """The icon at ``size`` x ``size`` pixels, with alpha."""
    s = size / 1024
    surf = pygame.Surface((size, size), pygame.SRCALPHA)

    # rounded tile of felt, darker towards the edge (concentric fills)
    tile = pygame.Rect(0, 0, size, size).inflate(-round(24 * s), -round(24 * s))
    radius = round(180 * s)
    steps = 48
    for i in range(steps):
        t = i / (steps - 1)
        r = tile.inflate(-round(t * tile.w * 0.55), -round(t * tile.h * 0.55))
        pygame.draw.rect(surf, _lerp(FELT_EDGE, FELT_CENTER, t ** 0.7), r,
                         border_radius=max(1, round(radius * (1 - t * 0.55))))

    # neon rim: a soft glow (several wide, faint strokes) and a bright core
    glow = pygame.Surface((size, size), pygame.SRCALPHA)
    for w, a in ((60, 26), (44, 40), (30, 60), (18, 110)):
        pygame.draw.rect(glow, (*NEON, a), tile.inflate(-round(40 * s), -round(40 * s)),
                         width=max(1, round(w * s)), border_radius=round(150 * s))
    surf.blit(glow, (0, 0))
    pygame.draw.rect(surf, (255, 170, 220), tile.inflate(-round(40 * s), -round(40 * s)),
                     width=max(1, round(8 * s)), border_radius=round(150 * s))

    # the die: drop shadow, body with a light top-left and dark bottom-right
    die = pygame.Rect(0, 0, round(560 * s), round(560 * s))
    die.center = (size // 2, size // 2 - round(6 * s))
    die_radius = round(110 * s)
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    for i, a in enumerate((30, 40, 55, 70)):
        pygame.draw.rect(shadow, (0, 0, 0, a), die.move(round(26 * s), round(34 * s)).inflate(
            round((48 - 12 * i) * s), round((48 - 12 * i) * s)), border_radius=die_radius + round(20 * s))
    surf.blit(shadow, (0, 0))
    pygame.draw.rect(surf, DIE_DARK, die, border_radius=die_radius)
    face = die.inflate(-round(36 * s), -round(36 * s)).move(-round(8 * s), -round(10 * s))
    bands = 40
    for i in range(bands):  # diagonal shading: light corner to red face
        t = i / (bands - 1)
        r = face.inflate(-round(t * face.w * 0.5), -round(t * face.h * 0.5)).move(
            round(t * 40 * s), round(t * 40 * s))
        pygame.draw.rect(surf, _lerp(DIE_LIGHT, DIE_RED, min(1.0, t * 1.6)), r,
                         border_radius=max(1, round(die_radius * (1 - t * 0.4))))
    # gloss highlight along the top edge
    gloss = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(gloss, (255, 255, 255, 46),
                        pygame.Rect(face.x + round(50 * s), face.y + round(18 * s),
                                    face.w - round(150 * s), round(120 * s)))
    surf.blit(gloss, (0, 0))

    # five pips, each with a small shadow so it looks sunk into the die
    pr = round(58 * s)
    cx, cy = face.center
    off = round(150 * s)
    for dx, dy in ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)):
        p = (cx + dx * off, cy + dy * off)
        pygame.draw.circle(surf, DIE_DARK, (p[0] + round(7 * s), p[1] + round(9 * s)), pr)
        pygame.draw.circle(surf, PIP, p, pr)
        pygame.draw.circle(surf, (255, 255, 255), (p[0] - round(16 * s), p[1] - round(18 * s)),
                           max(1, round(16 * s)))
    return surf


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    """``master`` scaled to ``size`` pixels square, halving for a clean result."""
    img = master
    while img.get_width() // 2 >= size * 2:
        img = pygame.transform.smoothscale(img, (img.get_width() // 2, img.get_height() // 2))
    if img.get_width() != size:
        img = pygame.transform.smoothscale(img, (size, size))
    return img


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (supported since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = [], []
    for n in sizes:
        data = pngs[n]
        wh = 0 if n >= 256 else n
        entries.append(struct.pack("<BBBBHHII", wh, wh, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns_bytes(elements: list[tuple[bytes, bytes]]) -> bytes:
    """A macOS .icns: 'icns', total length, then (type, length, data) elements."""
    body = b"".join(t + struct.pack(">I", 8 + len(d)) + d for t, d in elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path) -> list[Path]:
    master = draw_icon(MASTER)  # plain surfaces: no display or audio needed
    wanted = set(PNG_SIZES) | set(ICO_SIZES) | {n for _, n in ICNS_TYPES}
    pngs = {n: png_bytes(scaled(master, n)) for n in sorted(wanted)}
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for n in PNG_SIZES:
        p = out / f"{NAME}-{n}.png"
        p.write_bytes(pngs[n])
        written.append(p)
    p = out / f"{NAME}.ico"
    p.write_bytes(ico_bytes({n: pngs[n] for n in ICO_SIZES}))
    written.append(p)
    p = out / f"{NAME}.icns"
    p.write_bytes(icns_bytes([(t, pngs[n]) for t, n in ICNS_TYPES]))
    written.append(p)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    args = ap.parse_args(argv)
    for p in write_icons(args.out):
        print(f"{p.stat().st_size:8d}  {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
