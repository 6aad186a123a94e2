"""Names of the Lords of Vegas board's things in the reader's language: lots, colours (as a noun
and as one tile's colour, which agrees with it), companies.  Used by the log's words and the
refusals' reasons alike."""

from __future__ import annotations

from ...lords.board import LOT_NAMES, SEAT_COLOURS
from ..kit.i18n import _, pgettext
from .glyphs import COLOUR_NAMES, COMPANY_NAMES


def lot(i: int) -> str:
    return LOT_NAMES[i] if 0 <= i < len(LOT_NAMES) else "?"


def seat_colour(c: str) -> str:
    """A seat's colour as the name of a seat without one (a record's, a replay's): French *Bleu*."""
    return _(c.title()) if c in SEAT_COLOURS else "?"


def colour(c: int) -> str:
    """A colour as a noun ("Build purple", "remodel to gold"): French *violet*, German *Lila*."""
    return _(COLOUR_NAMES[c])


#: a colour that agrees with "a tile" (French *une tuile violette*; German *ein Plättchen in Lila*)
_TILE_COLOURS = (lambda: pgettext("a tile's colour", "purple"), lambda: pgettext("a tile's colour", "gold"),
                 lambda: pgettext("a tile's colour", "aqua"), lambda: pgettext("a tile's colour", "silver"),
                 lambda: pgettext("a tile's colour", "brown"))


def tile_colour(c: int) -> str:
    """A colour as it describes one tile: "a {colour} tile" (French feminine: *violette, grise*)."""
    return _TILE_COLOURS[c]() if 0 <= c < len(_TILE_COLOURS) else "?"


def company(c: int) -> str:
    return _(COMPANY_NAMES[c])
