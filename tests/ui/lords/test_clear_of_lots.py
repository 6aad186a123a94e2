"""What the table lays over the board leaves the lots it is not about in view: the event banner
covers none of the lots an event touches, and the key chips of the selected lot's choices cover no
other lot (docs/lords-desktop.md)."""

from __future__ import annotations

import pygame
import pytest

from lasvegas.lords import events as E
from lasvegas.lords.board import LOT_INDEX, N_LOTS
from lasvegas.ui.lords import layout as L
from lasvegas.ui.lords.show import event_lots


def _id(name: str) -> int:
    return LOT_INDEX[name]


@pytest.mark.parametrize("lots", [("C7", "C8", "C10"), ("B3",), ("D5", "D6"), ("A1",), ("F9",), ("E4",)])
def test_banner_leaves_the_event_lots_in_view(lots):
    ev = E.Remodelled(seat=0, lots=tuple(_id(n) for n in lots), old_colour=0, colour=1, cost=5)
    touched = event_lots(ev)
    assert touched == tuple(_id(n) for n in lots)
    assert L.BANNER.collidelist([L.lot_rect(i) for i in touched]) < 0


def test_banner_covers_no_lot_at_all_and_stays_by_the_board():
    assert L.BANNER.collidelist([L.lot_rect(i) for i in range(N_LOTS)]) < 0
    assert L.BANNER.colliderect(L.BOARD) and L.BANNER.right < L.SEATS.x


@pytest.mark.parametrize("n", [1, 2, 4, 7, 9, 12])
def test_key_chips_cover_no_other_lot(n):
    room = pygame.Rect(0, 0, L.SEATS.x, 720)
    for lot in range(N_LOTS):
        tab, per_row, size = L.key_tab(lot, n)
        others = [L.lot_rect(i) for i in range(N_LOTS) if i != lot]
        assert tab.collidelist(others) < 0, (lot, n, tab)
        assert room.contains(tab) and tab.colliderect(L.lot_rect(lot).inflate(8, 8))  # by its lot
        rows = -(-n // per_row)
        # every chip inside the tab, none smaller than can be read
        assert size >= 9 and 3 + min(n, per_row) * (size + 2) <= tab.w and 3 + rows * (size + 2) <= tab.h


def test_a6_chips_leave_a5_in_view():
    tab, _p, _s = L.key_tab(_id("A6"), 7)
    assert not tab.colliderect(L.lot_rect(_id("A5")))
    assert tab.colliderect(L.cell_rect(_id("A6")).inflate(8, 8))  # still by the lot it is about


def test_the_empty_panel_names_what_the_player_holds():
    """Nothing selected: the panel names the seat's markers on empty lots, the casinos it bosses and
    its dice on the board, as the game of a played match has them (and nobody else's)."""
    from lasvegas.lords.board import LOT_NAMES
    from lasvegas.ui.lords.paneldraw import holding_lines
    from lasvegas.ui.lords.stage_match import played

    g = played(4, 1, 14).game
    seen_boss = False
    for seat in range(g.n):
        marks, bossed, dice = holding_lines(g, seat)
        for i in range(N_LOTS):
            mine = g.marker[i] == seat and g.tile[i] < 0
            assert (LOT_NAMES[i] in marks.split(": ", 1)[1].replace(" and ", ", ").split(", ")) == mine
        for k in g.casinos():
            named = f"{LOT_NAMES[k[0]]} ({len(k)} tile" in bossed
            assert named == (g.boss(k) == seat)
            seen_boss |= named
        n = sum(1 for i in range(N_LOTS) if g.owner[i] == seat)
        assert dice.startswith(f"{n} of your dice ")
    assert seen_boss  # the match played has a casino with a boss
