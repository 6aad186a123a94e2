"""The trades Medium and Hard propose (lasvegas/lords/offers.py): swaps of dice and lots with
money to balance, a build attached to a lot bought, an offer withdrawn once it lost its point, no
offer made twice in a turn, and never a look at what the seat may not see."""

import random

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords.ai import make_player
from lasvegas.lords.dice import RandomDice
from lasvegas.lords.game import Game

from .helpers import BLUE, GREEN, L, blank, mark, tile
from .test_ai import _other_deck


def _position(back: int = 10, money: int = 8) -> Game:
    """Green's Step 2, ``back`` cards before the End card: Green's gold casino C1–C2 touches
    Blue's marked lot C5; Green has a die (a 2) in Blue's silver casino B1–B2 and a marked lot
    A2 beside Blue's tile A1."""
    g = blank(active=GREEN, money=money)
    g.pos = g.deck.index(48) - back
    g.money[BLUE] = 30
    tile(g, "C2", "gold", GREEN, 5)
    tile(g, "C1", "gold", GREEN, 4)
    mark(g, "C5", BLUE)
    mark(g, "A2", GREEN)
    tile(g, "A1", "silver", BLUE, 6)
    tile(g, "B1", "silver", BLUE, 6)
    tile(g, "B2", "silver", GREEN, 2)
    return g


def _accepts(g: Game, p: A.Propose) -> bool:
    return make_player("medium", 11).judge(g, p.to, p)[0]


def test_medium_offers_a_die_and_money_for_the_lot_its_casino_grows_into():
    g = _position(back=10, money=8)
    medium = make_player("medium", 3)
    p = medium.act(g, GREEN)
    assert p == A.Propose(GREEN, BLUE, A.Offer(6, (), (L("B2"),)), A.Offer(0, (L("C5"),)))
    assert g.trade_problem(p) is None and _accepts(g, p)
    g.apply(p)
    g.apply(A.Accept(BLUE, GREEN))
    assert g.marker[L("C5")] == GREEN and g.owner[L("B2")] == BLUE
    # one look a turn: it plays on
    assert not isinstance(medium.act(g, GREEN), A.Propose)


def test_hard_offers_a_lot_and_money_for_a_die_that_makes_it_boss():
    g = _position(back=6, money=40)
    p = make_player("hard", 3).act(g, GREEN)
    assert p == A.Propose(GREEN, BLUE, A.Offer(25, (L("A2"),)), A.Offer(0, (), (L("B1"),)))
    assert g.trade_problem(p) is None and _accepts(g, p)


def test_medium_and_hard_propose_on_public_information_only():
    for level, back, money in (("medium", 10, 8), ("hard", 6, 40)):
        g1 = _position(back, money)
        g2 = _other_deck(g1)
        g2.dice = RandomDice(random.Random(987654))
        assert g2.deck != g1.deck and g2.view(GREEN) == g1.view(GREEN)
        a1, a2 = make_player(level, 3).act(g1, GREEN), make_player(level, 3).act(g2, GREEN)
        assert isinstance(a1, A.Propose) and a1 == a2


def test_an_offer_that_lost_its_point_is_withdrawn_and_not_made_again():
    g = _position(back=10, money=8)
    medium = make_player("medium", 3)
    p = medium.act(g, GREEN)
    g.apply(p)                              # Blue thinks; Green may play on meanwhile (D14)
    assert medium.act(g, GREEN) != A.Withdraw(GREEN, BLUE)    # still worth it: kept open
    # Green's dice beside C5 change hands: the lot would no longer join its casino
    g.apply(A.Propose(BLUE, GREEN, A.Offer(30), A.Offer(0, (), (L("C1"), L("C2")))))
    g.apply(A.Accept(GREEN, BLUE))
    assert (GREEN, BLUE) in g.proposals
    assert medium.act(g, GREEN) == A.Withdraw(GREEN, BLUE)
    g.apply(A.Withdraw(GREEN, BLUE))
    g.dice = RandomDice(random.Random(1))
    for _ in range(5):                      # the rest of its turn: never the same offer again
        a = medium.act(g, GREEN)
        assert a != p and not isinstance(a, A.Withdraw)
        g.apply(a)
        if isinstance(a, A.EndTurn):
            break


def test_an_offer_made_elsewhere_in_the_turn_is_not_made_again():
    g = _position(back=10, money=8)
    medium = make_player("medium", 3)
    p = make_player("medium", 3).act(g, GREEN)
    medium.note_offer(g, p)                 # e.g. offered to a human by the match
    assert medium.act(g, GREEN) != p


def test_hard_attaches_a_build_to_a_lot_it_buys():
    # early in the game Blue's marked lot C4 touches Green's gold casino C1–C2
    g = blank(active=GREEN, money=25)
    g.pos = g.deck.index(48) - 24
    g.money[BLUE] = 30
    tile(g, "C2", "gold", GREEN, 5)
    tile(g, "C1", "gold", GREEN, 4)
    mark(g, "C4", BLUE)
    hard = make_player("hard", 3)
    p = hard.act(g, GREEN)
    build = A.Build(GREEN, L("C4"), 2, -1)
    assert p == A.Propose(GREEN, BLUE, A.Offer(12), A.Offer(0, (L("C4"),)), build)
    assert g.trade_problem(p) is None and _accepts(g, p)
    # worth more to Hard with the build than the same deal without it
    plain = A.Propose(GREEN, BLUE, A.Offer(12), A.Offer(0, (L("C4"),)))
    assert make_player("hard", 4)._net(g, GREEN, p)[0] > make_player("hard", 4)._net(g, GREEN, plain)[0]
    # within its money: the price and the build's cost together
    g.dice = RandomDice(random.Random(2))
    g.apply(p)
    g.apply(A.Accept(BLUE, GREEN))
    assert g.tile[L("C4")] == 2 and g.owner[L("C4")] == GREEN and g.money[GREEN] == 25 - 12 - 6


@pytest.mark.parametrize("seats", [("medium", "medium", "medium"), ("hard", "medium")])
def test_with_answers_that_wait_offers_are_withdrawn_or_kept_and_never_repeated(seats):
    # short AI-only games (their first 14 turns) where a proposal waits while its proposer acts
    # once more (as a human's answer may online): bounded, never an offer twice in a turn, never
    # a withdrawal loop
    offers = withdrawn = 0
    for seed in range(4):
        g = Game(len(seats), 300 + seed)
        players = [make_player(level, seed * 10 + s) for s, level in enumerate(seats)]
        seen: set = set()
        waited: set = set()
        for _ in range(3000):
            if g.is_over or g.turn > 14:
                break
            if g.proposals and g.phase == "play":
                (frm, to) = min(g.proposals)
                key = (g.turn, frm, to)
                if frm == g.active and key not in waited:
                    waited.add(key)
                    a = players[frm].act(g, frm)
                else:
                    a = players[to].answer(g, to, g.proposals[(frm, to)])
            else:
                s = g.to_act
                a = players[s].act(g, s)
            if type(a) is A.Propose:
                assert (g.turn, a) not in seen, f"offer repeated in turn {g.turn}: {a}"
                seen.add((g.turn, a))
                offers += 1
            withdrawn += type(a) is A.Withdraw
            g.apply(a)
        assert g.is_over or g.turn > 14
        assert withdrawn <= offers
    assert offers > 0
