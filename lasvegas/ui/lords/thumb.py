"""The Lords board in small: the home screen's tile of a saved game, the pass screen's picture of
the moves since a player's last turn (the lots they touched ringed)."""

from __future__ import annotations

from ...lords.board import N_LOTS
from ..kit import art
from ..kit.art import darker, per_scale
from ..kit.canvas import Canvas, Img
from . import layout as LL
from .glyphs import COMPANY_RGB, PAPER


def board_of(match) -> tuple:
    """The board as ``lords_thumbnail`` takes it: (tiles, markers' colours, owners' colours)."""
    g = match.query

    def colours(seats) -> tuple:
        return tuple(match.colour(x) if x >= 0 else "" for x in seats)
    return tuple(g.tile), colours(g.marker), colours(g.owner)


@per_scale(8)
def lords_thumbnail(tiles: tuple, markers: tuple, owners: tuple, h: int, marked: tuple = (), *, k: float) -> Img:
    """A Lords board in small, ``h`` high: each lot a square, in its tile's company colour with the
    owner's colour as a dot (``tiles``: -1 for none), or cream with the marker's colour
    (``markers``, ``owners``: a seat's colour name per lot, "" for none); ``marked`` lots ringed."""
    s = h / LL.BOARD.h
    w = int(LL.BOARD.w * s) + 1
    cv = Canvas.new((w, h), k)
    cv.rect((36, 30, 44), (0, 0, w, h), border_radius=4)
    cv.rect(COMPANY_RGB[5], ((LL.STRIP_RECT.x - LL.BOARD.x) * s, 0, LL.STRIP_RECT.w * s, h))
    for lot in range(N_LOTS):
        r = LL.lot_rect(lot)
        box = ((r.x - LL.BOARD.x) * s, (r.y - LL.BOARD.y) * s, max(2.0, r.w * s), max(2.0, r.h * s))
        centre = (box[0] + box[2] / 2, box[1] + box[3] / 2)
        if tiles[lot] >= 0:
            cv.rect(COMPANY_RGB[tiles[lot]], box)
            if owners[lot]:
                cv.circle(art.owner_rgb(owners[lot]), centre, box[2] * 0.28)
        else:
            cv.rect(darker(PAPER, 0.75), box)
            if markers[lot]:
                cv.circle(art.owner_rgb(markers[lot]), centre, box[2] * 0.3)
        if lot in marked:
            cv.rect((255, 255, 255), (box[0] - 1.5, box[1] - 1.5, box[2] + 3, box[3] + 3), 2)
    return cv.image()
