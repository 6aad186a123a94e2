"""Lords of Vegas board data: the 48 lots, their cards, the score track.

Lots are numbered 0..47 in the order A1..A6, B1..B6, C1..C12, D1..D9, E1..E6,
F1..F9 (``LOT_NAMES``); the End card is card ``END`` (48).  Neighbours are
computed from the block geometry (docs/lords-rules.md, the board): two lots touch when they
share an edge inside the same block, never across a street or the Strip.
"""

from __future__ import annotations

#: block -> (rows, columns); blocks are numbered row by row, 3 lots wide
BLOCKS = (("A", 2), ("B", 2), ("C", 4), ("D", 3), ("E", 2), ("F", 3))
#: blocks on the left side of the Strip (their right column touches it)
LEFT_SIDE = frozenset("ACE")

#: tile colours, one per company (index = colour id)
COLOURS = ("purple", "gold", "aqua", "silver", "brown")
COMPANIES = ("Albion", "Sphinx", "Vega", "Tivoli", "Pioneer")
#: company id of the Strip cards (A6, D5, F8, End)
STRIP = 5
COMPANY_NAMES = COMPANIES + ("Strip",)

#: cost of a lot by its printed die (die 1 costs more than die 2)
COST_BY_DIE = {1: 8, 2: 6, 3: 9, 4: 12, 5: 15, 6: 20}

# printed die and card company of every lot, block by block, row by row
_P, _G, _A, _S, _B, _X = 0, 1, 2, 3, 4, STRIP
_DATA = {
    "A": ((3, _B), (2, _P), (5, _A), (4, _G), (3, _S), (6, _X)),
    "B": ((5, _G), (2, _S), (3, _P), (6, _P), (3, _A), (4, _B)),
    "C": ((4, _S), (3, _G), (6, _P), (2, _B), (1, _A), (4, _S),
          (2, _G), (1, _P), (4, _B), (3, _A), (2, _S), (5, _G)),
    "D": ((6, _S), (3, _B), (4, _A), (4, _A), (1, _X), (2, _P), (5, _P), (2, _G), (3, _B)),
    "E": ((3, _B), (2, _P), (5, _A), (4, _S), (3, _B), (6, _G)),
    "F": ((6, _P), (3, _S), (4, _G), (4, _G), (1, _B), (2, _A), (5, _A), (2, _X), (3, _S)),
}


def _build():
    names, block_of, pos, die, company = [], [], [], [], []
    for block, rows in BLOCKS:
        for n in range(rows * 3):
            names.append(f"{block}{n + 1}")
            block_of.append(block)
            pos.append((n // 3, n % 3))
            d, c = _DATA[block][n]
            die.append(d)
            company.append(c)
    index = {name: i for i, name in enumerate(names)}
    neighbours = []
    strip = []
    for i, name in enumerate(names):
        r, c = pos[i]
        b = block_of[i]
        rows = dict(BLOCKS)[b]
        ns = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < rows and 0 <= cc < 3:
                ns.append(index[f"{b}{rr * 3 + cc + 1}"])
        neighbours.append(tuple(sorted(ns)))
        strip.append(c == 2 if b in LEFT_SIDE else c == 0)
    return names, index, block_of, pos, die, company, neighbours, strip


(_names, _index, _blocks, _pos, _die, _company, _neigh, _strip) = _build()

LOT_NAMES: tuple[str, ...] = tuple(_names)
LOT_INDEX: dict[str, int] = _index
N_LOTS = 48
END = 48
CARD_NAMES: tuple[str, ...] = LOT_NAMES + ("End",)
CARD_INDEX: dict[str, int] = {n: i for i, n in enumerate(CARD_NAMES)}
BLOCK: tuple[str, ...] = tuple(_blocks)
#: (row, column) of a lot inside its block
BLOCK_POS: tuple[tuple[int, int], ...] = tuple(_pos)
DIE: tuple[int, ...] = tuple(_die)
COST: tuple[int, ...] = tuple(COST_BY_DIE[d] for d in _die)
#: company id of each card (0..4 = COLOURS / COMPANIES, 5 = Strip); END is a Strip card
COMPANY: tuple[int, ...] = tuple(_company) + (STRIP,)
START_MONEY: tuple[int, ...] = tuple(10 - d for d in _die)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neigh)
TOUCHES_STRIP: tuple[bool, ...] = tuple(_strip)
#: the lots touching the Strip, as a set (``isdisjoint`` asks whether a casino touches it)
STRIP_LOTS: frozenset[int] = frozenset(i for i, t in enumerate(_strip) if t)
IN_F: tuple[bool, ...] = tuple(b == "F" for b in _blocks)
#: the lots whose card each company holds (the Strip's without the End card)
BY_COMPANY: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i in range(N_LOTS) if _company[i] == c) for c in range(6))

_DISPLAY_ORIGIN = {"A": (0, 0), "B": (0, 4), "C": (3, 0), "D": (3, 4), "E": (8, 0), "F": (7, 4)}
#: display grid (row, column) of each lot; the Strip is column 3 (drawing only)
BOARD_POS: tuple[tuple[int, int], ...] = tuple(
    (_DISPLAY_ORIGIN[_blocks[i]][0] + _pos[i][0], _DISPLAY_ORIGIN[_blocks[i]][1] + _pos[i][1])
    for i in range(N_LOTS))

TILES_PER_COLOUR = 9
DICE_PER_SEAT = 12
MARKERS_PER_SEAT = 10
SEAT_COLOURS = ("blue", "green", "red", "yellow")

#: the score track's spaces (no space 9); a chip is an index into it
TRACK: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32,
                          36, 40, 44, 49, 54, 60, 66, 73, 81, 90)
LAST = len(TRACK) - 1
#: STEP[i] = points needed to move from space i to space i + 1
STEP: tuple[int, ...] = tuple(TRACK[i + 1] - TRACK[i] for i in range(LAST))


def score(chip: int, points: int) -> int:
    """The chip index after one casino's ``points`` (leftover points are lost)."""
    while chip < LAST and STEP[chip] <= points:
        points -= STEP[chip]
        chip += 1
    return chip


def lot_id(name: str) -> int:
    """The index of lot ``name`` (e.g. "C12"); ValueError for anything else."""
    try:
        return LOT_INDEX[name]
    except (KeyError, TypeError):
        raise ValueError(f"{name!r} is not a lot (A1 … F9)") from None
