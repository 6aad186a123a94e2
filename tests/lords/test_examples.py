"""The rulebook's own examples (docs/lords-rules.md), one test each."""

import pytest

from lasvegas.kernel.errors import IllegalAction
from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.lords.board import END, TRACK
from lasvegas.lords.dice import ScriptedDice
from lasvegas.lords.game import LAYOFF, OVER, PLACE, PLAY, Game

from .helpers import BLUE, GREEN, RED, YELLOW, C, L, blank, dice, draw_for, mark, next_cards, of, tile, vp


def test_example_01_setup_money():
    deck = [L("A6"), L("A1")] + [i for i in range(48) if i not in (L("A6"), L("A1"))]
    g = Game(4, dice=ScriptedDice([6, 6, 1, 1, 1, 2, 2, 2]), deck=deck)
    dealt = of(g.setup_events, E.Dealt)[0]
    assert dealt.seat == BLUE and dealt.cards == (L("A6"), L("A1")) and dealt.money == 11
    assert g.marker[L("A6")] == BLUE and g.marker[L("A1")] == BLUE


def test_example_02_draw_and_payout():
    g = blank(money=0)
    mark(g, "A1", GREEN)
    tile(g, "B1", "gold", YELLOW, 6)
    tile(g, "C1", "gold", GREEN, 4)
    tile(g, "C2", "gold", GREEN, 2)
    tile(g, "C4", "gold", BLUE, 2)
    tile(g, "E1", "brown", RED, 5)
    tile(g, "E6", "purple", RED, 3)
    next_cards(g, "D8")
    ev = draw_for(g, YELLOW)
    assert g.marker[L("D8")] == YELLOW
    assert of(ev, E.MarkerPlaced) == [E.MarkerPlaced(YELLOW, L("D8"))]
    assert g.money == [2, 1 + 6, 0, 1 + 6]
    assert vp(g, YELLOW) == 1 and vp(g, GREEN) == 3 and vp(g, RED) == 0
    paid = of(ev, E.Paid)[0]
    assert paid.lot_money == (0, 1, 0, 1) and len(paid.casinos) == 2
    assert g.phase == PLAY and g.active == YELLOW


def test_example_03_strip_contact():
    g = blank(money=0)
    tile(g, "A3", "brown", RED, 2)            # touches the Strip
    tile(g, "C1", "gold", GREEN, 1)
    tile(g, "C2", "gold", GREEN, 1)
    tile(g, "C3", "gold", GREEN, 3)           # C3 touches the Strip
    tile(g, "A1", "purple", BLUE, 4)          # not on the Strip
    tile(g, "B2", "gold", YELLOW, 5)          # not on the Strip
    next_cards(g, "D5")
    ev = draw_for(g, YELLOW)
    paid = of(ev, E.Paid)[0]
    assert sorted(k for k, _, _ in paid.casinos) == [(L("A3"),), (L("C1"), L("C2"), L("C3"))]
    assert g.money[RED] == 2 and g.money[GREEN] == 5 and g.money[BLUE] == 0
    assert g.money[YELLOW] == 1  # only D5's marker
    assert vp(g, RED) == 1 and vp(g, GREEN) == 3 and vp(g, BLUE) == 0 and vp(g, YELLOW) == 0


def test_example_04_score_breaks():
    g = blank(money=0)
    tile(g, "A1", "gold", RED, 3)
    tile(g, "B3", "gold", RED, 3)
    g.chip[RED] = TRACK.index(8)
    next_cards(g, "B1")
    ev = draw_for(g, YELLOW)
    assert vp(g, RED) == 8  # two 1-tile casinos, each scored alone
    assert [(e.points, TRACK[e.from_space], TRACK[e.to_space]) for e in of(ev, E.Scored)] == [(1, 8, 8), (1, 8, 8)]


def test_example_05_build():
    g = blank(active=RED)
    mark(g, "A2", RED)
    ev = g.apply(A.Build(RED, L("A2"), C("gold")))
    assert g.money[RED] == 94 and g.value[L("A2")] == 2 and g.owner[L("A2")] == RED
    assert g.marker[L("A2")] == -1 and g.markers_used[RED] == 0
    assert ev[0] == E.Built(RED, L("A2"), C("gold"), 6, 2)


def test_example_06_sprawl():
    g = blank(active=RED)
    tile(g, "A2", "gold", RED, 2)
    mark(g, "A3", YELLOW)
    g.apply(A.Sprawl(RED, L("A2"), L("A5")))
    assert g.money[RED] == 100 - 18 and g.tile[L("A5")] == C("gold") and g.value[L("A5")] == 3
    assert g.casino_of(L("A2")) == (L("A2"), L("A5"))
    with pytest.raises(IllegalAction, match="marker"):
        g.apply(A.Sprawl(RED, L("A2"), L("A3")))


def test_example_07_remodel_hostile_merge():
    g = blank(active=RED)
    tile(g, "A2", "gold", RED, 2)
    tile(g, "A5", "gold", RED, 3)
    tile(g, "A3", "brown", YELLOW, 5)
    g.apply(A.Remodel(RED, L("A2"), C("brown")))
    k = g.casino_of(L("A2"))
    assert k == (L("A2"), L("A3"), L("A5")) and g.boss(k) == YELLOW
    assert g.money[RED] == 90 and g.supply[C("gold")] == 9 and g.supply[C("brown")] == 6


def test_example_08_reorganize():
    g = blank(active=RED)
    tile(g, "A2", "brown", RED, 2)
    tile(g, "A3", "brown", YELLOW, 5)
    tile(g, "A5", "brown", RED, 3)
    dice(g, 1, 2, 5)  # rolled in lot order: A2 (red), A3 (yellow), A5 (red)
    ev = g.apply(A.Reorganize(RED, L("A2")))
    assert g.money[RED] == 90
    assert of(ev, E.Reorganized)[0].rolled == ((RED, 1), (YELLOW, 2), (RED, 5))
    assert g.phase == PLACE and g.waiting_on == (RED,)
    g.apply(A.PlaceDice(RED, (1, 5)))
    assert g.value[L("A2")] == 1 and g.value[L("A5")] == 5 and g.value[L("A3")] == 2
    assert g.boss(g.casino_of(L("A2"))) == RED and g.phase == PLAY
    with pytest.raises(IllegalAction, match="already re-rolled"):
        g.apply(A.Reorganize(RED, L("A2")))


def test_example_09_gamble():
    g = blank(active=YELLOW)
    tile(g, "A2", "brown", RED, 5)
    tile(g, "A3", "brown", RED, 2)
    tile(g, "A5", "brown", RED, 3)
    with pytest.raises(IllegalAction, match=r"\$15"):
        g.apply(A.Gamble(YELLOW, L("A2"), 16))
    g.apply(A.Gamble(YELLOW, L("A2"), 4))
    assert g.phase == LAYOFF and g.to_act == RED
    assert g.legal_actions(RED) == [A.LayOff(RED, False), A.LayOff(RED, True)]
    assert g.legal_actions(YELLOW) == []
    dice(g, 1, 2)
    ev = g.apply(A.LayOff(RED, False))
    assert ev[0] == E.GambleRolled(YELLOW, RED, False, (1, 2), 4, 4, -4, 0)
    assert g.money[YELLOW] == 104 and g.money[RED] == 96
    with pytest.raises(IllegalAction, match="already gambled"):
        g.apply(A.Gamble(YELLOW, L("A2"), 1))


def test_example_10_tie_reroll_after_remodel():
    g = blank(active=GREEN)
    tile(g, "A1", "gold", GREEN, 4)
    tile(g, "A4", "gold", GREEN, 5)
    tile(g, "A2", "brown", RED, 5)
    tile(g, "A3", "brown", RED, 2)
    tile(g, "A6", "brown", YELLOW, 2)
    dice(g, 3, 3)  # A2 (red 5) and A4 (green 5) re-roll in lot order
    ev = g.apply(A.Remodel(GREEN, L("A1"), C("brown")))
    assert g.money[GREEN] == 90
    k = g.casino_of(L("A1"))
    assert len(k) == 5 and g.boss(k) == GREEN
    assert of(ev, E.TieReroll) == [E.TieReroll(k, ((L("A2"), RED, 3), (L("A4"), GREEN, 3)))]


def test_example_10b_ties_that_do_not_reroll_and_a_third_player():
    g = blank(active=RED)
    tile(g, "A1", "gold", RED, 6)
    tile(g, "A2", "gold", RED, 6)       # tied top, same player: no re-roll
    tile(g, "A3", "gold", BLUE, 2)
    tile(g, "A6", "gold", GREEN, 2)     # tie below the top: no re-roll
    ev = []
    g._ties(ev)
    assert ev == []
    # two tied players both roll under a third player's die
    g = blank(active=RED)
    tile(g, "B1", "silver", RED, 5)
    tile(g, "B2", "silver", GREEN, 4)
    tile(g, "B3", "silver", BLUE, 3)
    mark(g, "B5", RED)
    dice(g, 1, 2)
    g.apply(A.Build(RED, L("B5"), C("silver")))  # ... no tie: red 5 unique
    assert g.boss(g.casino_of(L("B1"))) == RED and g.dice.pos == 0  # nothing re-rolled
    g = blank(active=BLUE)
    tile(g, "C1", "aqua", RED, 5)
    tile(g, "C2", "aqua", GREEN, 4)
    tile(g, "C4", "aqua", BLUE, 2)
    tile(g, "C5", "aqua", YELLOW, 5)
    dice(g, 1, 2)
    ev = []
    g._ties(ev)
    assert g.value[L("C1")] == 1 and g.value[L("C5")] == 2
    assert g.boss(g.casino_of(L("C1"))) == GREEN


def test_example_11_available_dice():
    g = blank(active=RED, money=500)
    for i, name in enumerate(["B1", "B2", "B3", "B4", "B5", "B6", "C1", "C2", "C3", "C4", "C5", "C6"]):
        tile(g, name, "gold" if name[0] == "B" else "aqua", RED, 1 + i % 6)
    mark(g, "E1", RED)
    with pytest.raises(IllegalAction, match="take_from"):
        g.apply(A.Build(RED, L("E1"), C("brown")))
    g.apply(A.Build(RED, L("E1"), C("brown"), L("C3")))
    assert g.owner[L("C3")] == -1 and g.value[L("C3")] == 0 and g.tile[L("C3")] == C("aqua")
    assert g.owner[L("E1")] == RED and g.value[L("E1")] == 3 and g.dice_used[RED] == 12


def test_example_12_take_over():
    g = blank()
    tile(g, "A5", "gold", RED, 6)
    next_cards(g, "A5")
    ev = draw_for(g, YELLOW)
    assert g.owner[L("A5")] == YELLOW and g.value[L("A5")] == 6 and g.dice_used[RED] == 0
    assert of(ev, E.TakeOver) == [E.TakeOver(YELLOW, L("A5"), RED, 6)]
    g = blank()
    tile(g, "A5", "gold")
    next_cards(g, "A5")
    draw_for(g, YELLOW)
    assert g.owner[L("A5")] == YELLOW and g.value[L("A5")] == 3
    g = blank()
    tile(g, "A5", "gold", RED, 6)
    next_cards(g, "A5")
    ev = draw_for(g, RED)
    assert g.owner[L("A5")] == RED and not of(ev, E.TakeOver)


def test_example_13_two_players():
    g = blank(2)
    tile(g, "C6", "silver", BLUE, 4)
    mark(g, "A1", GREEN)
    next_cards(g, "F2", "F8", "A4")
    ev = draw_for(g, BLUE)
    drawn = [e.card for e in of(ev, E.CardDrawn)]
    assert drawn == [L("F2"), L("F8"), L("A4")]
    assert g.marker[L("F2")] == -1 and g.marker[L("F8")] == -1 and g.marker[L("A4")] == BLUE
    pays = of(ev, E.Paid)
    assert len(pays) == 3
    assert pays[0].money == (4, 1)         # silver casino pays Blue, Green's lot $1
    assert pays[1].money == (4, 1)         # F8 is a Strip card: C6 touches the Strip
    assert g.phase == PLAY and g.active == BLUE


def test_example_14_end():
    g = blank(money=0)
    mark(g, "A1", GREEN)
    tile(g, "A3", "brown", RED, 4)        # touches the Strip
    tile(g, "A2", "brown", BLUE, 2)
    tile(g, "E4", "silver", YELLOW, 6)   # not on the Strip
    g.chip[BLUE] = TRACK.index(10)
    g.chip[RED] = TRACK.index(8)
    g.money = [3, 0, 0, 0]
    next_cards(g, "End")
    ev = draw_for(g, YELLOW)
    assert g.phase == OVER and g.is_over
    assert vp(g, RED) == 10  # 8 + 2 points of a 2-tile casino
    assert g.money == [5, 1, 4, 0]
    end = of(ev, E.GameEnded)[0]
    assert end.why == "end card" and end.winners == (BLUE,)  # 10 VP each, Blue richer
    assert g.legal_actions(YELLOW) == [] and g.to_act is None
    assert of(ev, E.CardDrawn)[0].card == END
