"""Rules and decisions of docs/rules.md that no other test checked on its own.

Each test is named after the rule or decision it checks and uses only the
public API of ``lasvegas.core``.
"""

import random

from lasvegas.core import (
    PLACE, CasinoPaid, Config, DicePlaced, DiceRolled, Game, RoundEnded, RoundStarted, edition_bills,
)

from .helpers import scripted


def _play_collecting(game: Game, seed: int = 0):
    """Play ``game`` to the end at random; yield (events, game) after each move."""
    r = random.Random(seed)
    while not game.is_over:
        events = game.apply(r.choice(game.legal_actions()))
        yield events, game


def test_every_seat_takes_back_all_its_dice_at_each_round():
    # docs/rules.md "Dealing a round" and "Payout": dice go back to their owners, so each
    # round starts with 8 own dice (and the neutral dice) per seat and empty casinos,
    # apart from the 3-seat neutral pre-roll.
    g = Game(Config.multi(3, neutral=True), 21)
    starts = 0
    for events, game in _play_collecting(g, 4):
        if any(isinstance(e, RoundStarted) for e in events):
            starts += 1
            assert [game.dice_in_hand(s) for s in range(3)] == [(8, 2)] * 3
            on_casinos = [game.casino_counts(c) for c in range(1, 7)]
            assert sum(sum(d.values()) for d in on_casinos) == 2
            assert all(set(d) <= {"neutral"} for d in on_casinos)
    assert starts == 3  # rounds 2, 3 and 4


def test_a_value_may_be_placed_whoever_already_has_dice_there():
    # docs/rules.md "A turn": it does not matter who already has dice on the casino
    g = scripted(Config.multi(2, first_seat=0, rounds=1), [3] * 4 + [5] * 4 + [3] * 8 + [5] * 4)
    g.apply(PLACE[3])
    assert g.legal_values() == [3]
    g.apply(PLACE[3])
    assert g.casino_counts(3) == {"red": 4, "blue": 8}


def test_decision_a_seat_with_only_neutral_dice_left_still_plays():
    # 2 seats, neutral dice: seat 0 places its 8 own dice at once but still holds 4
    # neutral dice, so it keeps its turns until those are placed too.
    rolls = [1] * 8 + [2] * 4 + [3] * 12 + [2] * 4
    g = scripted(Config.multi(2, neutral=True, first_seat=0, rounds=1), rolls)
    g.apply(PLACE[1])
    assert g.dice_in_hand(0) == (0, 4)
    events = g.apply(PLACE[3])  # seat 1 places all twelve dice
    assert events[-1] == DiceRolled(0, ("neutral",) * 4, (2, 2, 2, 2))
    assert g.current == 0 and g.legal_values() == [2]
    events = g.apply(PLACE[2])
    assert events[0] == DicePlaced(0, 2, (("neutral", 4),)) and g.is_over


def test_decision_choosing_the_first_player_keeps_the_seeds_deck_and_dice():
    # a random first player is always drawn, so a seed deals the same deck and rolls the
    # same dice whether the first player is random or chosen at setup
    for seed in range(8):
        drawn = Game(Config.multi(4), seed)
        chosen = Game(Config.multi(4, first_seat=(drawn.first_seat + 1) % 4), seed)
        assert chosen.current != drawn.current
        assert chosen.start_deck == drawn.start_deck
        assert chosen.roll_values == drawn.roll_values


def test_decision_solo_plays_with_the_2018_bills():
    cfg = Config.solo("normal")
    assert cfg.edition == "2018"
    g = Game(cfg, 3)
    assert sorted(g.start_deck, reverse=True) == edition_bills("2018")


def test_solo_payout_treats_each_colour_as_an_owner_and_a_loss_names_the_four_opponents():
    # 1 round: blue is pre-placed with eight 1s; every throw (red, green, yellow, purple)
    # shows four 6s.  Casino 1 pays blue alone; casino 6 holds 8 dice of each of the four
    # other colours, who all tie and cancel.
    deck = edition_bills("2018")  # highest first: casino 1 is dealt the top $90,000
    g = scripted(Config.solo("normal", rounds=1), [1] * 8 + [6] * 32, deck)
    events = []
    while not g.is_over:
        events += g.apply(PLACE[6])
    paid = {e.casino: e for e in events if isinstance(e, CasinoPaid)}
    assert paid[1].awards == (("blue", 90_000),)
    assert set(paid[6].cancelled) == {"red", "green", "yellow", "purple"} and paid[6].awards == ()
    res = g.result()
    assert res.solo_won is False
    assert res.winners == ("blue", "green", "yellow", "purple")


def test_decision_solo_every_colours_totals_are_known_after_every_round():
    g = Game(Config.solo("hard"), 13)
    ends = [e for events, _ in _play_collecting(g, 6) for e in events if isinstance(e, RoundEnded)]
    assert len(ends) == 4
    colours = {"red", "blue", "green", "yellow", "purple"}
    for e in ends:
        assert {c for c, _ in e.money} == colours and {c for c, _ in e.won} == colours
    assert dict(ends[-1].money) == g.result().money

