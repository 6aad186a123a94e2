"""docs/rules.md §1-§3: components, the shuffled deck, dealing, first player, dice."""

import pytest

from lasvegas.core import (
    EDITIONS, BillsDealt, Config, DicePreplaced, DiceRolled, Game, PLACE, RoundStarted,
    edition_bills,
)

from .helpers import deck_starting_with, play_random, scripted


# docs/rules.md §1: the counts are the rulebooks' (2012 de "je 5x 60.000, 70.000, 80.000
# und 90.000; je 6x 10.000, 40.000 und 50.000; je 8x 20.000 und 30.000", 2018 fr "4 de
# 80.000 & 90.000, 5 de 10.000, 40.000, 60.000 & 70.000, 6 de 50.000, 7 de 20.000 &
# 30.000"); the totals, $2,500,000 and $2,230,000, follow from them.
def test_classic_edition_has_54_bills_as_in_the_rulebook():
    bills = edition_bills("classic")
    assert len(bills) == 54 and sum(bills) == 2_500_000
    assert EDITIONS["classic"] == {10_000: 6, 20_000: 8, 30_000: 8, 40_000: 6, 50_000: 6,
                                   60_000: 5, 70_000: 5, 80_000: 5, 90_000: 5}


def test_2018_edition_has_48_bills_as_in_the_rulebook():
    bills = edition_bills("2018")
    assert len(bills) == 48 and sum(bills) == 2_230_000
    assert EDITIONS["2018"] == {10_000: 5, 20_000: 7, 30_000: 7, 40_000: 5, 50_000: 6,
                                60_000: 5, 70_000: 5, 80_000: 4, 90_000: 4}


def test_default_edition_is_classic():
    assert Config.multi(3).edition == "classic"


def test_same_seed_same_deck_and_dice_different_seed_differs():
    a, b, c = (Game(Config.multi(4), s) for s in (7, 7, 8))
    assert a.start_deck == b.start_deck and a.roll_values == b.roll_values
    assert a.start_deck != c.start_deck
    assert sorted(a.start_deck) == sorted(edition_bills("classic"))


@pytest.mark.parametrize("edition", ["classic", "2018"])
def test_each_casino_is_dealt_at_least_50000_highest_first(edition):
    for seed in range(30):
        g = Game(Config.multi(3, edition=edition), seed)
        top = list(g.start_deck)
        dealt = []
        for bills in g.casino_bills:
            expect = []
            while sum(expect) < 50_000:  # drawn from the top until the total is reached
                expect.append(top.pop(0))
            assert sorted(expect, reverse=True) == bills
            assert sum(bills) >= 50_000
            assert bills == sorted(bills, reverse=True)
            dealt += bills
        assert len(g.deck) + len(dealt) == len(edition_bills(edition))


def test_dealing_draws_from_the_top_casino_1_first():
    deck = deck_starting_with([10_000, 20_000, 30_000, 90_000, 50_000, 40_000, 40_000, 60_000, 70_000])
    g = scripted(Config.multi(2, first_seat=0), [1] * 8, deck)
    assert g.casino_bills == [[30_000, 20_000, 10_000], [90_000], [50_000], [40_000, 40_000],
                              [60_000], [70_000]]
    ev = g.opening_events
    assert isinstance(ev[0], RoundStarted) and isinstance(ev[1], BillsDealt)
    assert ev[1].casinos[0] == (30_000, 20_000, 10_000)


def test_decision_first_player_random_by_default_or_chosen():
    firsts = {Game(Config.multi(4), s).first_seat for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert all(Game(Config.multi(4, first_seat=2), s).first_seat == 2 for s in range(10))
    g = Game(Config.multi(4, first_seat=2), 3)
    assert g.current == 2 and g.opening_events[-1] == DiceRolled(2, ("green",) * 8, g.roll_values)


def test_first_player_rotates_each_round():
    g = Game(Config.multi(3, first_seat=1), 5)
    seen = []
    for ev in g.opening_events:
        if isinstance(ev, RoundStarted):
            seen.append(ev.first_seat)
    import random
    r = random.Random(1)
    while not g.is_over:
        for ev in g.apply(r.choice(g.legal_actions())):
            if isinstance(ev, RoundStarted):
                seen.append(ev.first_seat)
    assert seen == [1, 2, 0, 1]


def test_every_seat_starts_each_round_with_8_dice():
    g = Game(Config.multi(5), 3)
    assert g.left == [8] * 5 and len(g.roll_values) == 8


@pytest.mark.parametrize("seats,each", [(2, 4), (3, 2), (4, 2)])
def test_neutral_variant_dice_per_seat(seats, each):
    g = Game(Config.multi(seats, neutral=True, first_seat=0), 1)
    assert g.neutral_left == [each] * seats
    assert g.dice_in_hand(0) == (8, each)
    assert len(g.roll_values) == 8 + each  # 12 with 2 players, 10 with 3-4
    assert g.roll_owners.count(g.neutral_owner) == each


def test_three_players_neutral_preroll_two_dice_placed_before_first_turn():
    # the first two dice of the round are the first player's pre-roll of the 2 leftover neutral dice
    g = scripted(Config.multi(3, neutral=True, first_seat=1), [3, 6] + [1] * 10)
    pre = [e for e in g.opening_events if isinstance(e, DicePreplaced)]
    assert pre == [DicePreplaced("neutral", (3, 6))]
    assert g.casino_counts(3) == {"neutral": 1} and g.casino_counts(6) == {"neutral": 1}
    assert g.current == 1  # then the first player takes the first turn
    rec = g.record()
    assert rec["rounds"][0]["preplaced"] == [{"owner": "neutral", "values": [3, 6]}]


def test_no_preroll_with_two_or_four_neutral_players():
    for n in (2, 4):
        g = Game(Config.multi(n, neutral=True), 2)
        assert not any(isinstance(e, DicePreplaced) for e in g.opening_events)
        assert all(sum(row) == 0 for row in g.casino_dice)


def test_decision_deck_runs_out_remaining_casinos_get_what_is_left():
    # 5 seats, many rounds: won bills leave the deck for good, so it empties
    g = play_random(Game(Config.multi(5, rounds=40), 11), 3)
    dealt = [r["casinos"] for r in g.record()["rounds"]]
    assert any(sum(c) < 50_000 for casinos in dealt for c in casinos)  # short casinos happened
    assert any(c == [] for casinos in dealt for c in casinos)  # and empty ones
    everything = list(g.deck) + [b for w in g.won for b in w]
    assert sorted(everything) == sorted(edition_bills("classic"))  # nothing invented or lost


def test_a_casino_without_bills_pays_nothing_and_the_round_is_played():
    g = play_random(Game(Config.multi(5, rounds=40), 11), 3)
    rounds = g.record()["rounds"]
    assert len(rounds) == 40
    for r in rounds:
        for c, p in zip(r["casinos"], r["payouts"]):
            if not c:
                assert p["awards"] == [] and p["returned"] == []
        assert r["turns"]
