"""AI seats answer every kind of decision with a legal action."""

import random

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords.ai import LEVELS, make_player, play_game
from lasvegas.lords.dice import RandomDice
from lasvegas.lords.game import DIE_MOVE, LAYOFF, MARKER, PLACE, Game

from .helpers import BLUE, GREEN, RED, YELLOW, C, L, blank, dice, draw_for, mark, next_cards, tile
from .test_decisions import TEN, TWELVE


def legal(g, seat, a):
    c = g.copy()
    c.dice = RandomDice(random.Random(0))
    c.apply(a)   # raises if illegal
    return a


@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_kind_gets_a_legal_answer(level):
    p = make_player(level, 1)
    # lay-off
    g = blank(active=RED)
    tile(g, "A1", "gold", BLUE, 6)
    g.apply(A.Gamble(RED, L("A1"), 3))
    assert g.phase == LAYOFF
    assert isinstance(legal(g, BLUE, p.act(g, BLUE)), A.LayOff)
    # dice placement
    g = blank(active=RED)
    tile(g, "C1", "gold", RED, 1)
    tile(g, "C2", "gold", RED, 1)
    dice(g, 2, 6)
    g.apply(A.Reorganize(RED, L("C1")))
    assert g.phase == PLACE
    assert isinstance(legal(g, RED, p.act(g, RED)), A.PlaceDice)
    # forced marker move
    g = blank()
    for n in TEN:
        mark(g, n, YELLOW)
    next_cards(g, "D8")
    draw_for(g, YELLOW)
    assert g.phase == MARKER
    assert isinstance(legal(g, YELLOW, p.act(g, YELLOW)), A.MoveMarker)
    # forced die move
    g = blank()
    for n in TWELVE:
        tile(g, n, "aqua", YELLOW, 1)
    tile(g, "E3", "gold", RED, 4)
    next_cards(g, "E3")
    draw_for(g, YELLOW)
    assert g.phase == DIE_MOVE
    assert isinstance(legal(g, YELLOW, p.act(g, YELLOW)), A.MoveDie)
    # a trade proposal to a seat that is not active
    g = blank(active=RED)
    mark(g, "C1", GREEN)
    g.apply(A.Propose(BLUE, GREEN, A.Offer(20), A.Offer(0, (L("C1"),))))
    ans = p.act(g, GREEN)
    assert isinstance(legal(g, GREEN, ans), (A.Accept, A.Reject))


def test_medium_accepts_a_good_trade_and_rejects_a_bad_one():
    p = make_player("medium", 3)
    g = blank(active=RED)
    mark(g, "C1", GREEN)
    tile(g, "D1", "gold", GREEN, 6)
    g.apply(A.Propose(BLUE, GREEN, A.Offer(30), A.Offer(0)))            # a gift
    assert p.act(g, GREEN) == A.Accept(GREEN, BLUE)
    g.apply(A.Reject(GREEN, BLUE))
    g.apply(A.Propose(BLUE, GREEN, A.Offer(1), A.Offer(0, (), (L("D1"),))))   # $1 for a boss die
    assert p.act(g, GREEN) == A.Reject(GREEN, BLUE)


def test_easy_takes_gifts_only():
    p = make_player("easy", 3)
    g = blank(active=RED)
    mark(g, "C1", GREEN)
    g.apply(A.Propose(BLUE, GREEN, A.Offer(5), A.Offer(0)))
    assert p.act(g, GREEN) == A.Accept(GREEN, BLUE)
    g.apply(A.Propose(YELLOW, GREEN, A.Offer(50), A.Offer(0, (L("C1"),))))
    assert p.answer(g, GREEN, g.proposals[(YELLOW, GREEN)]) == A.Reject(GREEN, YELLOW)


def test_medium_builds_on_its_own_lot():
    p = make_player("medium", 1)
    g = blank(active=RED, money=30)
    mark(g, "A1", RED)
    a = p.act(g, RED)
    assert isinstance(a, A.Build) and a.lot == L("A1")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ai_games_end(n):
    g = Game(n, 21 + n)
    play_game(g, [make_player(lv, s) for s, lv in enumerate(["medium", "easy", "random", "easy"][:n])])
    assert g.is_over and g.winners


def test_unknown_level():
    with pytest.raises(ValueError, match="easy"):
        make_player("expert")
