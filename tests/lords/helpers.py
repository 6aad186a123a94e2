"""Building Lords of Vegas positions for tests: a blank board, tiles, markers, scripted dice."""

from __future__ import annotations

from lasvegas.lords import actions as A
from lasvegas.lords.board import COLOURS, LOT_INDEX, N_LOTS, TRACK
from lasvegas.lords.dice import ScriptedDice
from lasvegas.lords.game import PLAY, Game

BLUE, GREEN, RED, YELLOW = 0, 1, 2, 3


def L(name: str) -> int:
    return LOT_INDEX[name]


def C(name: str) -> int:
    return COLOURS.index(name)


def blank(n: int = 4, *, money: int = 100, active: int = 0, seed: int = 1) -> Game:
    """A game in Step 2 of ``active`` with an empty board, ``money`` each, no dice left scripted."""
    g = Game(n, seed)
    g.marker = [-1] * N_LOTS
    g.tile = [-1] * N_LOTS
    g.owner = [-1] * N_LOTS
    g.value = [0] * N_LOTS
    g.supply = [9] * 5
    g.markers_used = [0] * n
    g.dice_used = [0] * n
    g.money = [money] * n
    g.chip = [0] * n
    g.phase = PLAY
    g.active = active
    g.gambled = False
    g.marks = 0
    g.proposals = {}
    g._cas = None
    g._bc = None
    g.dice = ScriptedDice(())
    return g


def dice(g: Game, *values: int) -> None:
    g.dice = ScriptedDice(values)


def tile(g: Game, name: str, colour: str, owner: int = -1, value: int = 0) -> None:
    i = L(name)
    assert g.tile[i] < 0
    g.tile[i] = C(colour)
    g.supply[C(colour)] -= 1
    if owner >= 0:
        g.owner[i] = owner
        g.value[i] = value
        g.dice_used[owner] += 1
    g._cas = None
    g._bc = None


def mark(g: Game, name: str, seat: int) -> None:
    i = L(name)
    g.marker[i] = seat
    g.markers_used[seat] += 1


def next_cards(g: Game, *names: str) -> None:
    """The next cards drawn, in order (the rest of the deck follows, End card included)."""
    cards = [L(n) if n != "End" else 48 for n in names]
    rest = [c for c in g.deck[g.pos:] if c not in cards]
    g.deck[g.pos:] = cards + rest


def draw_for(g: Game, seat: int) -> list:
    """End the turn of the seat before ``seat`` so that ``seat`` draws."""
    prev = (seat - 1) % g.n
    g.active = prev
    g.phase = PLAY
    return g.apply(A.EndTurn(prev))


def vp(g: Game, seat: int) -> int:
    return TRACK[g.chip[seat]]


def of(events: list, cls) -> list:
    return [e for e in events if isinstance(e, cls)]
