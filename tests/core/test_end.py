"""docs/rules.md §6: rounds, end of the game, winners and tie-breaks."""

import pytest

from lasvegas.core import Config, Game, GameEnded, RoundEnded, RoundMoney

from .helpers import play_random


def test_game_ends_after_the_4th_round_by_default():
    g = Game(Config.multi(3), 4)
    rounds = []
    import random
    r = random.Random(0)
    while not g.is_over:
        for e in g.apply(r.choice(g.legal_actions())):
            if isinstance(e, RoundEnded):
                rounds.append(e.round)
    assert rounds == [0, 1, 2, 3]
    assert len(g.record()["rounds"]) == 4


@pytest.mark.parametrize("n", [1, 2, 6])
def test_rounds_are_configurable(n):
    g = play_random(Game(Config.multi(2, rounds=n), 1))
    assert len(g.record()["rounds"]) == n


def test_most_money_wins():
    g = Game(Config.multi(3), 1)
    g.won = [[90_000], [50_000, 30_000], [10_000]]
    assert g.result().winners == ("red",)


def test_tie_on_money_more_bills_wins():
    g = Game(Config.multi(3), 1)
    g.won = [[90_000], [50_000, 40_000], [10_000]]
    assert g.result().winners == ("blue",)


def test_tie_on_money_and_bills_is_a_shared_victory():
    g = Game(Config.multi(3), 1)
    g.won = [[50_000, 40_000], [60_000, 30_000], [10_000]]
    assert g.result().winners == ("red", "blue")


def test_game_ended_event_carries_the_result():
    g = Game(Config.multi(4, neutral=True), 12)
    import random
    r = random.Random(2)
    last = None
    while not g.is_over:
        last = g.apply(r.choice(g.legal_actions()))[-1]
    assert isinstance(last, GameEnded)
    res = g.result()
    assert last.winners == res.winners and dict(last.money) == res.money
    assert dict(last.bills) == res.bills and last.solo_won is None is res.solo_won


def test_ranking_places_follow_money_then_bills_and_share_ties():
    g = Game(Config.multi(4), 1)
    g.won = [[50_000, 40_000], [60_000, 30_000], [90_000], [10_000]]
    assert g.ranking() == [(1, "red"), (1, "blue"), (3, "green"), (4, "yellow")]
    assert tuple([c for p, c in g.ranking() if p == 1]) == g.result().winners


@pytest.mark.parametrize("cfg", [Config.multi(3, neutral=True), Config.multi(5, edition="2018"),
                                 Config.solo("expert-4")], ids=["neutral", "five", "solo"])
def test_money_by_round_adds_up_each_rounds_awards(cfg):
    g = play_random(Game(cfg, 21), 21)
    rounds = g.money_by_round()
    assert [r.round for r in rounds] == list(range(cfg.rounds))
    totals = dict.fromkeys(rounds[0].money, 0)
    for r, rec in zip(rounds, g.record()["rounds"]):
        won = dict.fromkeys(totals, 0)
        for p in rec["payouts"]:
            for a in p["awards"]:
                if a["owner"] in won:  # the neutral owner's bills go under the deck
                    won[a["owner"]] += a["bill"]
        totals = {o: totals[o] + won[o] for o in totals}
        assert r == RoundMoney(r.round, won, totals)
    assert rounds[-1].money == g.result().money
    assert g.copy(history=False).money_by_round() == ()


def test_turns_this_round_counts_the_placements_since_the_round_started():
    g = Game(Config.multi(2, rounds=2), 3)
    assert g.turns_this_round == 0
    n = 0
    while g.round == 0:
        g.apply(g.legal_actions()[0])
        n += 1
        assert g.turns_this_round == (n if g.round == 0 else 0)
    g.apply(g.legal_actions()[0])
    assert g.turns_this_round == 1
