"""The Lords of Vegas table's still picture, kept between frames: the felt, the seats' mats, the
backs of the deck, actions and log panels, and the board (``board.board_layer``) laid on them.

A frame then starts with one opaque blit of the window's size instead of the felt, the board
with its transparency and seven translucent panels (at 3840×2160 those were 13 of a frame's
18 ms).  The felt, mats and panel backs are composed again only when the scale, the look, the
number of seats or their colours change; the board's region only when the board layer is made
again (the game, the chips shown, the language).  Nothing here decides what is drawn: the same
pictures in the same order as when each was blitted on its own (the board and the panels do
not overlap).
"""

from __future__ import annotations

import pygame

from ..kit import art
from ..kit.canvas import LOGICAL, Canvas, Img, as_img
from ..kit.felt import mat
from . import board, layout as L, panels

#: felt, mats and panel backs; the same with the board laid on it
_still: dict = {"key": None, "img": None}
_frame: dict = {"still": None, "layer": None, "img": None}


def forget() -> None:
    """Compose everything afresh next time."""
    _still["key"] = _still["img"] = None
    _frame["still"] = _frame["layer"] = _frame["img"] = None


def still(n: int, colours: tuple) -> Img:
    """The felt with the ``n`` seats' mats and the panels' backs (no board, no text)."""
    key = (art.scale(), art.look(), n, colours)
    if _still["key"] != key:
        k = art.scale()
        cv = Canvas(as_img(art.felt(*LOGICAL), k), k)
        for s, r in enumerate(panels.seat_rects(n)):
            cv.blit(mat(r.w, r.h, colours[s], True), r)
        for r in (L.DECK, L.ACTIONS, L.LOG):
            cv.blit(art.panel(r.w, r.h), r)
        _still["key"], _still["img"] = key, cv.image()
    return _still["img"]


def backdrop(game, colour_of, shown_chip=None) -> Img:
    """The still picture with the board as it stands (made again only where it changed)."""
    base = still(game.n, tuple(colour_of(s) for s in range(game.n)))
    layer = board.board_layer(game, colour_of, shown_chip)
    if _frame["still"] is not base:
        _frame["img"] = as_img(base, base.k)
        _frame["still"], _frame["layer"] = base, None
    if _frame["layer"] is not layer:
        img = _frame["img"]
        under = pygame.Rect((0, 0), pygame.Surface.get_size(layer))
        img.blit(base, under, under)  # the felt under the board as it was, then the new board
        img.blit(layer, (0, 0))
        _frame["layer"] = layer
    return _frame["img"]
