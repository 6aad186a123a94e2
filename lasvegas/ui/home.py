"""The home screen's pieces: the games as cards with their own art, "continue" tiles with a
thumbnail of the table, and the tiles of the other entries, each with a drawn icon."""

from __future__ import annotations

import math

import pygame

from .kit import art
from .kit.art import GOLD, INK, INK_DIM, NEON, darker, lighter, per_scale
from .kit.canvas import Canvas, Img
from .kit.felt import drop, inset
from .kit.money import bill_rgb
from .kit.widgets import draw_focus_ring
from .lasvegas.paint.casino import emblem

#: Lords of Vegas: its lots' colours (the board's own palette when it comes)
LORDS = ((214, 160, 60), (170, 60, 60), (60, 120, 170), (90, 150, 80))


@per_scale(4)
def las_vegas_art(w: int, h: int, k: float) -> Img:
    """Las Vegas's card art: three casino signs in neon over felt, dice tumbling in front."""
    cv = Canvas.new((w, h), k)
    cv.blit(inset(w, h, radius=12), (0, 0))
    for i, n in enumerate((1, 3, 6)):
        x = 14 + i * (w - 28) // 3
        sw = (w - 28) // 3 - 8
        frame = art.neon_frame(sw, 34, NEON[n - 1], 8, 2)
        cv.blit(frame, (x - 12, 12 - 12))
        num = art.glow_text(str(n), "display", 26, NEON[n - 1], 3)
        cv.blit(num, num.get_rect(center=(x + sw // 2, 12 + 17)))
        mark = emblem(n, sw - 8, darker(NEON[n - 1], 0.4))
        cv.blit(mark, mark.get_rect(midtop=(x + sw // 2, 52)))
    for i, (o, v, ang) in enumerate((("red", 5, 20), ("yellow", 3, -15), ("blue", 6, 40), ("green", 1, -30))):
        d = art.die_rotated(o, v, 38, ang)
        cv.blit(d, d.get_rect(center=(36 + i * (w - 72) // 3, h - 34 + (i % 2) * 6)))
    return cv.image()


@per_scale(4)
def lords_art(w: int, h: int, dim: bool = False, *, k: float) -> Img:
    """Lords of Vegas's card art: the Strip as a grid of lots under a night sky, towers rising
    (``dim``: faded, for a game not yet playable)."""
    cv = Canvas.new((w, h), k)
    cv.rect((16, 12, 34), (0, 0, w, h), border_radius=12)
    for i in range(24):  # stars, a fixed pattern
        cv.circle((200, 200, 230), ((i * 53) % w, (i * 29) % (h // 2)), 1)
    base = h - 26
    for i in range(7):  # towers of the Strip
        tw = (w - 30) // 7
        th = 30 + (i * 37) % 60
        col = LORDS[i % 4]
        x = 15 + i * tw
        cv.rect(darker(col, 0.35), (x + 2, base - th, tw - 4, th))
        for wy in range(base - th + 6, base - 4, 9):
            for wx in range(x + 6, x + tw - 8, 8):
                cv.rect(lighter(col, 0.5), (wx, wy, 3, 4))
    cv.rect((40, 36, 50), (0, base, w, h - base), border_bottom_left_radius=12, border_bottom_right_radius=12)
    for x in range(8, w, 22):  # the lots along the Strip
        cv.rect((70, 64, 84), (x, base + 6, 16, 12), width=1)
    img = cv.image()
    if dim:
        img.set_alpha(110)
    return img


def game_card(surface, rect, title: str, action: str, picture: Img, *, enabled: bool, focused: bool,
              hover: bool, ribbon: str = "") -> None:
    """A game as a card: its art, its name and what a click does; a ``ribbon`` across a card that
    cannot be played yet, drawn dimmed."""
    r = pygame.Rect(rect)
    drop(surface, r, 14, 10, 6)
    hc = art.look().high_contrast
    face = (28, 22, 16) if not hc else (0, 0, 0)
    edge = GOLD if enabled and (hover or focused) else (120, 100, 70) if enabled else (70, 70, 70)
    surface.rect(face, r, border_radius=14)
    surface.rect((255, 255, 255) if hc else edge, r, width=2, border_radius=14)
    pic = picture
    surface.blit(pic, (r.x + 10, r.y + 10))
    y = r.y + 10 + pic.get_height() + 10
    name = art.glow_text(title, "display", art.fit(title, "display", 34, r.w - 24, 18),
                         NEON[0] if enabled else (120, 120, 120), 4)
    surface.blit(name, name.get_rect(midtop=(r.centerx, y)))
    if action:
        col = GOLD if enabled else INK_DIM
        art.blit_text(surface, action, (r.centerx, r.bottom - 22), "bold", art.fit(action, "bold", 20, r.w - 24),
                      col, anchor="center")
    if ribbon:
        t = art.text(ribbon, "black", art.fit(ribbon, "black", 16, r.w - 40), (40, 20, 0))
        band = pygame.Rect(r.x + 10, r.y + 10 + pic.get_height() // 2 - 16, r.w - 20, 32)
        surface.rect(GOLD, band)
        surface.blit(t, t.get_rect(center=band.center))
    if focused:
        draw_focus_ring(surface, r, 14)


@per_scale(8)
def thumbnail(casinos: tuple, w: int, h: int, k: float) -> Img:
    """A saved table in small: six casinos, each with its bills as strips and its dice as dots in
    their owners' colours (``casinos``: ((bills, ((owner, n), …)), …) for casinos 1-6)."""
    cv = Canvas.new((w, h), k)
    cv.blit(inset(w, h, radius=8), (0, 0))
    cw = (w - 14) // 6
    for i, (bills, dice) in enumerate(casinos):
        x = 7 + i * cw
        cv.rect(darker(NEON[i], 0.6), (x + 1, 5, cw - 2, h - 10), border_radius=3)
        cv.rect(NEON[i], (x + 1, 5, cw - 2, 7), border_radius=2)
        for j, b in enumerate(bills[:4]):
            cv.rect(bill_rgb(b), (x + 3, 15 + j * 6, cw - 6, 4))
        y = h - 10
        for j, (o, n) in enumerate(dice):
            for m in range(min(n, 6)):
                cv.rect(art.owner_rgb(o), (x + 3 + (j % 2) * (cw // 2 - 1), y - 5 - m * 5 - (j // 2) * 0, cw // 2 - 4, 4))
    return cv.image()


def continue_tile(surface, rect, title: str, line: str, thumb: Img | None, colour: str | None, *,
                  focused: bool, hover: bool) -> None:
    """A saved game: a thumbnail of its table, what it is, and whose turn it is (with the seat's mark)."""
    r = pygame.Rect(rect)
    drop(surface, r, 12, 8, 5)
    surface.blit(art.panel(r.w, r.h, alpha=235, border=(*GOLD, 255) if hover or focused else (255, 255, 255, 60)), r)
    x = r.x + 10
    if thumb is not None:
        surface.blit(thumb, thumb.get_rect(midleft=(x, r.centery)))
        x += thumb.get_width() + 14
    room = r.right - 12 - x
    lines = art.wrap(title, "bold", 17, room)
    step = int(art.linesize("bold", 17) * 0.95)
    for i, text in enumerate(lines[:2]):
        art.blit_text(surface, text, (x, r.y + 8 + i * step), "bold", art.fit(text, "bold", 17, room, 11), INK)
    if colour:
        surface.blit(art.symbol(colour, 18), (x, r.bottom - 29))
        x += 24
        room -= 24
    art.blit_text(surface, line, (x, r.bottom - 30), "body", art.fit(line, "body", 17, room, 11), GOLD)
    if focused:
        draw_focus_ring(surface, r, 12)


def _icon(cv: Canvas, name: str, cx: float, cy: float, s: float, col) -> None:
    """The entries' icons, drawn: a globe, a die, a ribbon, a book, a gear, a person, a door."""
    if name == "online":
        cv.circle(col, (cx, cy), s, 3)
        cv.ellipse(col, (cx - s * 0.45, cy - s, s * 0.9, 2 * s), 2)
        cv.line(col, (cx - s, cy), (cx + s, cy), 2)
        for dy in (-0.5, 0.5):
            w = s * math.sqrt(1 - dy * dy)
            cv.line(col, (cx - w, cy + dy * s), (cx + w, cy + dy * s), 1)
    elif name == "solo":
        cv.rect(col, (cx - s * 0.8, cy - s * 0.8, s * 1.6, s * 1.6), 3, border_radius=int(s * 0.3))
        for px, py in ((-0.4, -0.4), (0, 0), (0.4, 0.4)):
            cv.circle(col, (cx + px * s, cy + py * s), s * 0.16)
    elif name == "records":
        cv.circle(col, (cx, cy - s * 0.25), s * 0.6, 3)
        cv.polygon(col, [(cx - s * 0.45, cy + s * 0.2), (cx - s * 0.65, cy + s), (cx - s * 0.2, cy + s * 0.75),
                         (cx, cy + s * 0.3)])
        cv.polygon(col, [(cx + s * 0.45, cy + s * 0.2), (cx + s * 0.65, cy + s), (cx + s * 0.2, cy + s * 0.75),
                         (cx, cy + s * 0.3)])
    elif name == "rules":
        cv.polygon(col, [(cx, cy - s * 0.6), (cx - s, cy - s * 0.8), (cx - s, cy + s * 0.7), (cx, cy + s * 0.9)], 3)
        cv.polygon(col, [(cx, cy - s * 0.6), (cx + s, cy - s * 0.8), (cx + s, cy + s * 0.7), (cx, cy + s * 0.9)], 3)
    elif name == "settings":
        for a in range(8):
            ang = a * math.pi / 4
            cv.line(col, (cx + math.cos(ang) * s * 0.55, cy + math.sin(ang) * s * 0.55),
                    (cx + math.cos(ang) * s, cy + math.sin(ang) * s), 4)
        cv.circle(col, (cx, cy), s * 0.62, 3)
        cv.circle(col, (cx, cy), s * 0.22, 2)
    elif name == "profiles":
        cv.circle(col, (cx, cy - s * 0.35), s * 0.42, 3)
        cv.ellipse(col, (cx - s * 0.8, cy + s * 0.2, s * 1.6, s * 1.3), 3)
    elif name == "quit":
        cv.rect(col, (cx - s * 0.6, cy - s, s * 1.2, s * 2), 3)
        cv.polygon(col, [(cx - s * 0.6, cy - s), (cx + s * 0.2, cy - s * 0.7), (cx + s * 0.2, cy + s * 1.1),
                         (cx - s * 0.6, cy + s)])
        cv.circle(darker(col, 0.6), (cx + s * 0.02, cy), s * 0.1)


@per_scale(32)
def icon(name: str, size: int, colour, *, k: float) -> Img:
    cv = Canvas.new((size, size), k)
    _icon(cv, name, size / 2, size / 2, size * 0.42, tuple(colour))
    return cv.image()


def entry_tile(surface, rect, name: str, label: str, *, focused: bool, hover: bool) -> None:
    """One of the other entries (online, solo, records…): a small tile, its icon over its name."""
    r = pygame.Rect(rect)
    hc = art.look().high_contrast
    lit = hover or focused
    surface.rect((0, 0, 0) if hc else (40, 70, 64) if lit else (18, 38, 32), r, border_radius=12)
    surface.rect((255, 255, 255) if hc else (120, 200, 180) if lit else (70, 120, 108), r, width=2,
                 border_radius=12)
    col = lighter(GOLD, 0.2) if lit else INK
    ic = icon(name, 46, col)
    surface.blit(ic, ic.get_rect(center=(r.centerx, r.y + 32)))
    lines = art.wrap(label, "bold", 15, r.w - 10)
    if len(lines) == 1 and "-" in label and art.measure(label, "bold", 15)[0] > r.w - 10:
        head, tail = label.split("-", 1)  # "Solo-Herausforderungen": broken after its hyphen
        lines = [head + "-", tail]
    if len(lines) > 2:
        lines = [label]
    step = int(art.linesize("bold", 15) * 0.92)
    y = r.bottom - 14 - (len(lines) - 1) * step
    for line in lines:
        art.blit_text(surface, line, (r.centerx, y), "bold", art.fit(line, "bold", 15, r.w - 10, 10), INK,
                      anchor="center")
        y += step
    if focused:
        draw_focus_ring(surface, r, 12)


@per_scale(4)
def logo_line(size: int, k: float) -> Img:
    """The home's logo on one line: LAS in pink neon, VEGAS in gold."""
    las = art.glow_text("LAS", "display", size, NEON[0], 8)
    vegas = art.glow_text("VEGAS", "display", size, NEON[2], 8)
    gap = -size // 6
    cv = Canvas.new((las.get_width() + vegas.get_width() + gap, max(las.get_height(), vegas.get_height())), k)
    cv.blit(las, (0, 0))
    cv.blit(vegas, (las.get_width() + gap, 0))
    return cv.image()


def logo_box(img: Img, midtop) -> pygame.Rect:
    """Where the logo ``img`` drawn at ``midtop`` is visible (its letters and the bright part of
    their glow), in logical units: what nothing else may cover."""
    k = img.k
    seen = pygame.Surface.get_bounding_rect(img, min_alpha=96)
    r = pygame.Rect(int(seen.x / k), int(seen.y / k), int(seen.w / k + 1), int(seen.h / k + 1))
    at = img.get_rect(midtop=midtop)
    return r.move(at.topleft)


# ------------------------------------------------------------- a saved Lords of Vegas game
def lords_saved():
    """The Lords of Vegas game in progress (its own save slot), or None."""
    from ..match.lords.local import read_save

    return read_save()


def lords_resume_painter(match):
    """How the home draws the tile of a saved Lords game: its board in small, "Lords of Vegas ·
    Resume Ann and Bob's game in turn 7", whose turn it is and everyone's points."""
    from .kit.i18n import _
    from .lords.saved import describe, points, whose_turn
    from .lords.thumb import board_of, lords_thumbnail

    g = match.query
    thumb = board_of(match)
    line = whose_turn(match) + " · " + points(match)
    colour = match.colour(g.active)

    def paint(surface, b) -> None:
        continue_tile(surface, b.rect, b.label, line, lords_thumbnail(*thumb, 76), colour, focused=b.focus_ring,
                      hover=b.hover)
    paint.label = _("Lords of Vegas") + " · " + _("Resume {what}", what=describe(match))
    return paint
