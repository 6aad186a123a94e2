"""Typed queries: casinos, costs, what a card would pay, the public deck counts."""

from lasvegas.lords import actions as A
from lasvegas.lords import queries as Q
from lasvegas.lords.game import Game

from .helpers import BLUE, GREEN, RED, YELLOW, C, L, blank, draw_for, mark, next_cards, tile


def test_casinos_describe_tiles_dice_boss_and_strip():
    g = blank()
    tile(g, "A2", "gold", RED, 2)
    tile(g, "A3", "gold", BLUE, 5)
    tile(g, "A5", "gold")
    [k] = Q.casinos(g)
    assert k.lots == (L("A2"), L("A3"), L("A5")) and k.colour_name == "gold" and k.size == 3
    assert k.boss == BLUE and k.touches_strip and k.dice == ((L("A2"), RED, 2), (L("A3"), BLUE, 5))


def test_priced_actions_and_costs():
    g = blank(active=RED, money=30)
    tile(g, "A2", "gold", RED, 2)
    tile(g, "A5", "gold", RED, 3)
    tile(g, "C1", "brown", BLUE, 4)
    mark(g, "A1", RED)
    priced = dict(Q.priced_actions(g, RED))
    assert priced[A.Build(RED, L("A1"), C("aqua"))] == 9
    assert priced[A.Sprawl(RED, L("A2"), L("A4"))] == 24
    assert priced[A.Remodel(RED, L("A2"), C("brown"))] == 10
    assert priced[A.Reorganize(RED, L("A2"))] == 5
    assert priced[A.Gamble(RED, L("C1"), 5)] == 5
    assert A.Sprawl(RED, L("A2"), L("A6")) not in priced   # $40: too dear


def test_card_payout_matches_the_draw():
    g = blank(money=0)
    mark(g, "A1", GREEN)
    tile(g, "B1", "gold", YELLOW, 6)
    tile(g, "C1", "gold", GREEN, 4)
    tile(g, "C2", "gold", GREEN, 2)
    tile(g, "C4", "gold", BLUE, 2)
    p = Q.card_payout(g, C("gold"))
    assert p.money == (2, 7, 0, 6) and p.vp_after == (0, 3, 0, 1)
    next_cards(g, "B2")   # lot money for Blue's new marker comes with the draw
    draw_for(g, BLUE)
    s = Q.card_payout(g, 5)
    assert s.money[YELLOW] == 6 and s.vp_after[YELLOW] == 1


def test_deck_counts_are_public_and_add_up():
    g = Game(4, 3)
    counts = Q.deck_counts(g)
    assert sum(counts) == len(g.deck) - g.pos and counts[5] <= 4
    assert Q.cards_before_end(g) == g.deck[g.pos:].index(48)
