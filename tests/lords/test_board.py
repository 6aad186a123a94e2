"""Board data against the lot table and the score track of the rulebook (docs/lords-rules.md, the board)."""

from lasvegas.lords import board as B

# the rulebook's lot table (docs/lords-rules.md, the board), copied row by row: lot, die, cost, touches Strip, company, start $, neighbours
TABLE = """
A1 3 9 - Pioneer 7 A2 A4
A2 2 6 - Albion 8 A1 A3 A5
A3 5 15 y Vega 5 A2 A6
A4 4 12 - Sphinx 6 A1 A5
A5 3 9 - Tivoli 7 A2 A4 A6
A6 6 20 y Strip 4 A3 A5
B1 5 15 y Sphinx 5 B2 B4
B2 2 6 - Tivoli 8 B1 B3 B5
B3 3 9 - Albion 7 B2 B6
B4 6 20 y Albion 4 B1 B5
B5 3 9 - Vega 7 B2 B4 B6
B6 4 12 - Pioneer 6 B3 B5
C1 4 12 - Tivoli 6 C2 C4
C2 3 9 - Sphinx 7 C1 C3 C5
C3 6 20 y Albion 4 C2 C6
C4 2 6 - Pioneer 8 C1 C5 C7
C5 1 8 - Vega 9 C2 C4 C6 C8
C6 4 12 y Tivoli 6 C3 C5 C9
C7 2 6 - Sphinx 8 C4 C8 C10
C8 1 8 - Albion 9 C5 C7 C9 C11
C9 4 12 y Pioneer 6 C6 C8 C12
C10 3 9 - Vega 7 C7 C11
C11 2 6 - Tivoli 8 C8 C10 C12
C12 5 15 y Sphinx 5 C9 C11
D1 6 20 y Tivoli 4 D2 D4
D2 3 9 - Pioneer 7 D1 D3 D5
D3 4 12 - Vega 6 D2 D6
D4 4 12 y Vega 6 D1 D5 D7
D5 1 8 - Strip 9 D2 D4 D6 D8
D6 2 6 - Albion 8 D3 D5 D9
D7 5 15 y Albion 5 D4 D8
D8 2 6 - Sphinx 8 D5 D7 D9
D9 3 9 - Pioneer 7 D6 D8
E1 3 9 - Pioneer 7 E2 E4
E2 2 6 - Albion 8 E1 E3 E5
E3 5 15 y Vega 5 E2 E6
E4 4 12 - Tivoli 6 E1 E5
E5 3 9 - Pioneer 7 E2 E4 E6
E6 6 20 y Sphinx 4 E3 E5
F1 6 20 y Albion 4 F2 F4
F2 3 9 - Tivoli 7 F1 F3 F5
F3 4 12 - Sphinx 6 F2 F6
F4 4 12 y Sphinx 6 F1 F5 F7
F5 1 8 - Pioneer 9 F2 F4 F6 F8
F6 2 6 - Vega 8 F3 F5 F9
F7 5 15 y Vega 5 F4 F8
F8 2 6 - Strip 8 F5 F7 F9
F9 3 9 - Tivoli 7 F6 F8
"""


def test_every_lot_matches_the_table():
    rows = [line.split() for line in TABLE.strip().splitlines()]
    assert [r[0] for r in rows] == list(B.LOT_NAMES)
    for r in rows:
        i = B.lot_id(r[0])
        assert B.DIE[i] == int(r[1]), r
        assert B.COST[i] == int(r[2]), r
        assert B.TOUCHES_STRIP[i] == (r[3] == "y"), r
        assert B.COMPANY_NAMES[B.COMPANY[i]] == r[4], r
        assert B.START_MONEY[i] == int(r[5]), r
        assert [B.LOT_NAMES[n] for n in B.NEIGHBOURS[i]] == r[6:], r


def test_counts_and_company_lists():
    assert len(B.LOT_NAMES) == 48 and B.CARD_NAMES[B.END] == "End"
    assert [B.DIE.count(d) for d in range(1, 7)] == [4, 10, 12, 10, 6, 6]
    assert sum(B.TOUCHES_STRIP) == 16
    names = lambda c: " ".join(B.LOT_NAMES[i] for i in B.BY_COMPANY[c])  # noqa: E731
    assert names(0) == "A2 B3 B4 C3 C8 D6 D7 E2 F1"
    assert names(1) == "A4 B1 C2 C7 C12 D8 E6 F3 F4"
    assert names(2) == "A3 B5 C5 C10 D3 D4 E3 F6 F7"
    assert names(3) == "A5 B2 C1 C6 C11 D1 E4 F2 F9"
    assert names(4) == "A1 B6 C4 C9 D2 D9 E1 E5 F5"
    assert names(5) == "A6 D5 F8"
    assert B.COMPANY[B.END] == B.STRIP


def test_neighbours_are_symmetric_and_never_cross_a_street():
    for i, ns in enumerate(B.NEIGHBOURS):
        for n in ns:
            assert i in B.NEIGHBOURS[n]
            assert B.BLOCK[n] == B.BLOCK[i]


def test_display_grid_matches_the_table():
    assert B.BOARD_POS[B.lot_id("F1")] == (7, 4)
    assert B.BOARD_POS[B.lot_id("C12")] == (6, 2)
    assert B.BOARD_POS[B.lot_id("E4")] == (9, 0)


def test_score_track_and_breaks():
    assert B.TRACK[8:10] == (8, 10) and 9 not in B.TRACK and B.TRACK[-1] == 90
    eight = B.TRACK.index(8)
    assert B.TRACK[B.score(eight, 1)] == 8
    assert B.TRACK[B.score(eight, 2)] == 10 and B.TRACK[B.score(eight, 3)] == 10
    assert B.TRACK[B.score(eight, 4)] == 12 and B.TRACK[B.score(eight, 5)] == 12
    assert B.score(B.LAST - 1, 50) == B.LAST
    assert B.TRACK[B.score(0, 9)] == 8 and B.TRACK[B.score(0, 10)] == 10
