"""The Lords of Vegas board: the Strip down the middle, the six blocks with their streets, every
lot (printed die and cost, marker, tile and die), casinos outlined as one shape with their boss
marked, and the score track around it with its breaks visible."""

from __future__ import annotations

import pygame

from ...lords.board import BLOCK, BOARD_POS, COMPANY, COST, DIE, N_LOTS, STEP, TOUCHES_STRIP, TRACK
from ..kit import art, i18n
from ..kit.art import GOLD, INK, INK_DIM, darker, lighter
from ..kit.canvas import Canvas
from ..kit.i18n import _
from . import glyphs, layout as L

ASPHALT = (38, 40, 44)
STRIP_RGB = (255, 70, 160)
#: colours of the track's bands, one per step size (the breaks are where the band changes)
BANDS = {1: (60, 96, 72), 2: (70, 90, 120), 3: (110, 80, 120), 4: (130, 90, 60), 5: (140, 70, 70),
         6: (150, 110, 50), 7: (120, 120, 60), 8: (90, 120, 120), 9: (180, 150, 60)}


def legible(size: int) -> int:
    """A small label's size, no less than 10 pixels tall in a small window (960×540: 11 → 14)."""
    k = art.scale()
    return max(size, -(-10 * 100 // round(100 * k))) if k < 1 else size


def smallest() -> int:
    """The smallest size a text may be fitted down to: drawn at least 10 pixels tall in this window
    at this text size (a larger text size lets a long word come down further, never under 10)."""
    k = art.scale()
    return next((s for s in range(6, 30) if art.scaled(s) * k >= 10), 30)


def draw_ground(surface) -> None:
    """The Strip, the streets and the blocks' pavements (drawn under the lots)."""
    surface.rect((22, 24, 30), L.BOARD.inflate(14, 14), border_radius=10)
    for r, name in L.street_rows():
        surface.rect(ASPHALT, r, border_radius=4)
        for x in range(r.x + 6, r.right - 6, 16):
            surface.line((200, 190, 120), (x, r.centery), (x + 7, r.centery), 1)
        art.blit_text(surface, _(name), (r.centerx, r.centery - 9), "body", legible(11), INK_DIM, anchor="center")
    top = pygame.Rect(L.BOARD.x, L.BOARD.y - 16, L.BOARD.w, 14)
    bottom = pygame.Rect(L.BOARD.x, L.BOARD.bottom + 2, L.BOARD.w, 14)
    art.blit_text(surface, _("Sahara Ave"), top.center, "body", legible(11), INK_DIM, anchor="center")
    art.blit_text(surface, _("Tropicana Ave"), bottom.center, "body", legible(11), INK_DIM, anchor="center")
    s = L.STRIP_RECT
    surface.rect((30, 22, 34), s)
    surface.rect(STRIP_RGB, s, width=2)
    for y in range(s.y + 8, s.bottom - 8, 22):  # the boulevard's centre line
        surface.line((250, 210, 90), (s.centerx, y), (s.centerx, y + 11), 2)
    label = _("The Strip")
    for i, ch in enumerate(label.upper()[:12]):
        art.blit_text(surface, ch, (s.x + 14, s.y + 40 + i * 20), "display", 16, lighter(STRIP_RGB, 0.3),
                      anchor="center")
    for b in "ABCDEF":
        r = L.block_rect(b)
        surface.rect((64, 62, 58), r, border_radius=6)
        surface.rect((110, 104, 92), r, width=1, border_radius=6)
        tag = r.topleft if b in "ACE" else (r.right - 14, r.y)
        surface.rect((20, 20, 24), (tag[0] - 2, tag[1] - 15, 16, 14), border_radius=3)  # above the lots' tiles
        art.blit_text(surface, b, (tag[0] + 6, tag[1] - 8), "display", 13, INK, anchor="center")


def draw_lots(surface, game, colour_of, *, hidden_dice=frozenset()) -> None:
    """Every lot as it stands: card stock with its die and cost, a marker, or a tile and its die."""
    size = L.CELL - 4
    for i in range(N_LOTS):
        r = L.lot_rect(i)
        t = game.tile[i]
        if t < 0:
            surface.blit(glyphs.lot(DIE[i], COST[i], COMPANY[i], bool(game.played[i]), size), r)
            m = game.marker[i]
            if m >= 0:
                mk = glyphs.marker(colour_of(m), 22)  # bottom left: the price (bottom right) stays in view
                surface.blit(mk, mk.get_rect(center=(r.x + 12, r.bottom - 13)))
        else:
            surface.blit(glyphs.tile(t, size), r)
            o = game.owner[i]
            if o >= 0 and i not in hidden_dice:
                d = art.die(colour_of(o), game.value[i], 30)
                surface.blit(d, d.get_rect(center=(r.centerx + 4, r.centery + 5)))
            elif o < 0:  # a dieless tile: an empty socket
                surface.rect(darker(glyphs.COMPANY_RGB[t], 0.5), (r.centerx - 11, r.centery - 10, 30, 30),
                             width=2, border_radius=6)
        if TOUCHES_STRIP[i]:  # the lot's edge on the Strip glows
            x = r.right + 1 if BOARD_POS[i][1] == 2 else r.x - 3
            surface.rect(STRIP_RGB, (x, r.y + 4, 2, r.h - 8))


def _edges(k: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The outline of a casino: every cell side not shared with another of its lots."""
    cells = {BOARD_POS[i]: i for i in k}
    out = []
    for i in k:
        rr, cc = BOARD_POS[i]
        c = L.cell_rect(i).inflate(-1, -1)
        for (dr, dc), (a, b) in (((-1, 0), (c.topleft, c.topright)), ((1, 0), (c.bottomleft, c.bottomright)),
                                 ((0, -1), (c.topleft, c.bottomleft)), ((0, 1), (c.topright, c.bottomright))):
            nb = cells.get((rr + dr, cc + dc))
            if nb is None or BLOCK[nb] != BLOCK[i]:
                out.append((a, b))
    return out


def draw_casinos(surface, game) -> None:
    """Each casino outlined as one shape, its boss's die marked with a key."""
    for lots, boss in zip(game.casinos(), game.bosses()):
        col = lighter(glyphs.COMPANY_RGB[game.tile[lots[0]]], 0.55)
        for a, b in _edges(lots):
            surface.line((10, 10, 10), a, b, 4)
            surface.line(col, a, b, 2)
        if boss >= 0:
            top = max((i for i in lots if game.owner[i] == boss), key=lambda i: (game.value[i], -i))
            r = L.lot_rect(top)
            badge = glyphs.boss_badge(18)
            surface.blit(badge, (r.right - 19, r.y + 1))


def draw_track(surface, game, colour_of, shown_chip=None) -> None:
    """The score track: each space with its number, coloured by the step that enters it (a break
    is where the band changes, also marked by a notch); the chips on their spaces."""
    spaces = L.SPACES
    for i, r in enumerate(spaces):
        step = STEP[i - 1] if i else 1
        band = BANDS.get(step, (90, 90, 90))
        surface.rect(band, r, border_radius=5)
        edge = GOLD if i == len(spaces) - 1 else (20, 20, 20)
        surface.rect(edge, r, width=1 if i < len(spaces) - 1 else 2, border_radius=5)
        art.blit_text(surface, str(TRACK[i]), (r.centerx, r.y + 7), "bold", legible(11), INK, anchor="center")
        if i and STEP[i - 1] != (STEP[i - 2] if i > 1 else 1):  # a break: the step grows here
            surface.rect(GOLD, (r.x - 3, r.y + 2, 2, r.h - 4))
    chips = shown_chip if shown_chip is not None else list(game.chip)
    at: dict[int, int] = {}
    for s in range(game.n):
        c = int(chips[s])
        r = spaces[c]
        j = at.get(c, 0)
        at[c] = j + 1
        img = glyphs.chip(colour_of(s), 12)
        surface.blit(img, (r.x + 1 + (j % 2) * 13, r.y + 13 + (j // 2) * 2 - (6 if j >= 2 else 0)))


def highlight(surface, lots, colour, width: int = 3) -> None:
    for i in lots:
        surface.rect(colour, L.lot_rect(i).inflate(4, 4), width=width, border_radius=6)


#: the board as last drawn (the ground, lots, casinos and track change only when the game does)
_layer: dict = {"key": None, "img": None}
LAYER_SIZE = (520, 700)


def forget() -> None:
    """Draw the board afresh next time (tests that read the texts drawn)."""
    _layer["key"] = None


def board_layer(game, colour_of, shown_chip=None):
    """The board's still parts as one image, made again only when the game, the chips shown, the
    scale, the look or the language changed (a frame then costs one blit)."""
    chips = tuple(int(c) for c in (shown_chip if shown_chip is not None else game.chip))
    key = (art.scale(), art.look(), i18n.generation(), tuple(game.tile), tuple(game.owner), tuple(game.value),
           tuple(game.marker), tuple(game.played), chips, tuple(colour_of(s) for s in range(game.n)))
    if key != _layer["key"]:
        cv = Canvas.new(LAYER_SIZE, art.scale())
        draw_ground(cv)
        draw_lots(cv, game, colour_of)
        draw_casinos(cv, game)
        draw_track(cv, game, colour_of, chips)
        _layer["key"], _layer["img"] = key, cv.image()
    return _layer["img"]


def draw_board(surface, game, colour_of, *, selected=None, targets=(), flash=(), shown_chip=None,
               pulse: float = 0.0, layer: bool = True) -> None:
    """The board and its highlights (``layer=False``: the board itself is already drawn, by
    ``backdrop``)."""
    if layer:
        surface.blit(board_layer(game, colour_of, shown_chip), (0, 0))
    if targets:
        highlight(surface, targets, (90, 255, 140), 2)
    if flash:
        highlight(surface, flash, lighter(GOLD, 0.3 + 0.3 * pulse), 3)
    if selected is not None:
        highlight(surface, (selected,), (255, 255, 255), 3)
