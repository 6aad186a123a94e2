"""docs/rules.md §4 (a turn) and the variant's turn (§7)."""

import pytest

from lasvegas.core import PLACE, Config, DicePlaced, DiceRolled, Game, Phase, Place, action_from_dict
from lasvegas.kernel.errors import IllegalAction

from .helpers import scripted


def test_rulebook_example_four_threes_and_a_five_places_all_four_threes():
    # seat 0: first roll 1,1,1,2,2,2,2,2 -> places the three 1s (5 dice left)
    # seat 1: rolls eight 6s -> places them all (no dice left)
    # seat 0: rolls five dice: four 3s and a 5 -> places the four 3s, not fewer
    rolls = [1, 1, 1, 2, 2, 2, 2, 2] + [6] * 8 + [3, 3, 3, 3, 5] + [4]
    g = scripted(Config.multi(2, first_seat=0, rounds=1), rolls)
    g.apply(PLACE[1])
    g.apply(PLACE[6])
    assert g.current == 0 and list(g.roll_values) == [3, 3, 3, 3, 5]
    assert g.legal_values() == [3, 5]
    events = g.apply(PLACE[3])
    assert events[0] == DicePlaced(0, 3, (("red", 4),))
    assert g.casino_counts(3) == {"red": 4}
    # next turn they roll their single remaining die (seat 1 has none and is skipped)
    assert events[1] == DiceRolled(0, ("red",), (4,))


def test_only_a_rolled_value_may_be_placed_and_nothing_changes_on_refusal():
    g = scripted(Config.multi(2, first_seat=0), [1, 1, 2, 2, 2, 5, 5, 5] + [1] * 40)
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="no rolled die shows 3: choose one of 1, 2, 5"):
        g.apply(PLACE[3])
    with pytest.raises(IllegalAction, match="numbered 1 to 6"):
        g.apply(Place(7))
    with pytest.raises(IllegalAction, match="not an action"):
        g.apply("pass")  # passing is not allowed
    assert g.to_dict() == before


@pytest.mark.parametrize("value", [True, False, 3.0, 1.0, "3", None, 0, 7, -1])
def test_an_action_is_an_integer_from_1_to_6(value):
    g = scripted(Config.multi(2, first_seat=0), [1, 1, 2, 2, 3, 3, 5, 5] + [1] * 40)
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="numbered 1 to 6"):
        g.apply(Place(value))
    with pytest.raises(IllegalAction, match="unknown action"):
        action_from_dict({"type": "place", "value": value})
    assert g.to_dict() == before
    assert action_from_dict({"type": "place", "value": 3}) is PLACE[3]


def test_all_dice_of_the_chosen_value_are_placed():
    g = scripted(Config.multi(2, first_seat=0), [2, 2, 2, 5, 5, 1, 6, 6] + [1] * 40)
    g.apply(PLACE[2])
    assert g.casino_counts(2) == {"red": 3}
    assert g.left[0] == 5


def test_a_seat_without_dice_is_skipped_and_the_other_plays_turns_in_a_row():
    rolls = [1] * 8 + [2, 2, 3, 3, 4, 4, 5, 5] + [3, 3, 4, 4, 5, 5] + [4, 4, 5, 5] + [5, 5]
    g = scripted(Config.multi(2, first_seat=0, rounds=1), rolls)
    g.apply(PLACE[1])  # seat 0 is out of dice
    seats = []
    while not g.is_over:
        seats.append(g.current)
        g.apply(PLACE[min(g.legal_values())])
    assert seats == [1, 1, 1, 1]


def test_round_ends_when_every_die_is_placed():
    g = scripted(Config.multi(2, first_seat=0, rounds=1), [1] * 8 + [2] * 8)
    g.apply(PLACE[1])
    assert g.phase is Phase.PLACE
    events = g.apply(PLACE[2])
    assert g.phase is Phase.GAME_OVER
    assert [type(e).__name__ for e in events] == (
        ["DicePlaced"] + ["CasinoPaid"] * 6 + ["RoundEnded", "GameEnded"])
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply(PLACE[2])
    assert g.legal_actions() == ()


def test_neutral_rulebook_example_own_1_1_5_and_neutral_1_6():
    # 2 players: 8 own + 4 neutral dice each.  Bring seat 0 down to 3 own + 2 neutral:
    rolls = ([2, 2, 2, 2, 2, 3, 3, 3] + [4, 4, 5, 5]      # seat 0 places its five 2s
             + [6] * 12                                   # seat 1 places all twelve 6s
             + [3, 3, 3] + [4, 4, 5, 5]                   # seat 0 places the two neutral 4s
             + [1, 1, 5] + [1, 6]                         # the example: own 1,1,5 neutral 1,6
             + [1] * 10)
    g = scripted(Config.multi(2, neutral=True, first_seat=0), rolls)
    g.apply(PLACE[2])
    g.apply(PLACE[6])
    g.apply(PLACE[4])
    assert g.dice_in_hand(0) == (3, 2)
    assert g.rolled == [("red", 1), ("red", 1), ("red", 5), ("neutral", 1), ("neutral", 6)]
    # choose "1" (three dice: two own, one neutral), "5" (one own) or "6" (one neutral)
    assert g.legal_values() == [1, 5, 6]
    assert g.preview(5).placed == {"red": 1}
    assert g.preview(6).placed == {"neutral": 1}
    before = dict(g.casino_counts(1))
    g.apply(PLACE[1])
    assert g.casino_counts(1) == {"red": before.get("red", 0) + 2, "neutral": before.get("neutral", 0) + 1}
    assert g.dice_in_hand(0) == (1, 1)


def test_neutral_example_choice_places_own_and_neutral_dice_of_that_value():
    # seat 0 first roll: 8 own dice then 4 neutral dice (2 players)
    rolls = [1, 1, 5, 2, 2, 2, 2, 2] + [1, 6, 3, 3] + [1] * 40
    g = scripted(Config.multi(2, neutral=True, first_seat=0), rolls)
    assert g.legal_values() == [1, 2, 3, 5, 6]
    pv = g.preview(1)
    assert pv.placed == {"red": 2, "neutral": 1}  # "1": three dice, two own and one neutral
    assert g.preview(5).placed == {"red": 1}
    assert g.preview(6).placed == {"neutral": 1}
    ev = g.apply(PLACE[1])[0]
    assert ev == DicePlaced(0, 1, (("red", 2), ("neutral", 1)))
    assert g.casino_counts(1) == {"red": 2, "neutral": 1}
    assert g.dice_in_hand(0) == (6, 3)


def test_decision_a_roll_is_never_rerolled_state_keeps_the_same_dice():
    g = Game(Config.multi(3), 9)
    first = g.roll_values
    d = g.to_dict()
    h = Game.from_dict(d)
    assert h.roll_values == first  # restoring (e.g. an undo) brings back the same dice
    assert g.legal_actions() == h.legal_actions()


def test_decision_seat_order_is_setup_order_and_left_means_next_seat():
    # seats listed purple, red, green: play passes purple -> red -> green -> purple
    cfg = Config(seats=("purple", "red", "green"), first_seat=1)
    g = Game(cfg, 4)
    order = []
    for _ in range(6):
        order.append(g.current_colour)
        g.apply(g.legal_actions()[0])
    assert order[:3] == ["red", "green", "purple"]


def test_decision_every_die_and_bill_is_visible_to_every_seat():
    g = Game(Config.multi(3, first_seat=0), 6)
    g.apply(g.legal_actions()[0])
    # the state any seat reads: all casinos' dice per owner and all bills, and each seat's money
    assert sum(sum(g.casino_counts(c).values()) for c in range(1, 7)) == 8 - g.left[0]
    assert all(g.casino_bills[c] for c in range(6))
    assert set(g.money_table()) == {"red", "blue", "green"}


@pytest.mark.parametrize("value", [True, False, 3.0, "3", None, 0, 7])
def test_a_place_is_an_integer_from_1_to_6(value):
    """Place(True) would be written as true in a record, and Place(3.0) failed with a TypeError."""
    with pytest.raises(IllegalAction, match="1 to 6"):
        Place(value)
    with pytest.raises(IllegalAction):
        action_from_dict({"type": "place", "value": value})
