"""docs/rules.md §8: solo mode and the solo challenge ladder."""

import pytest

from lasvegas.core import PLACE, SOLO_LEVELS, Config, DicePreplaced, Game, Result, RoundStarted

from .helpers import play_random, scripted


def test_ladder_levels_in_order():
    assert [lv.name for lv in SOLO_LEVELS] == [
        "normal", "hard", "expert-7", "expert-6", "expert-5", "expert-4", "expert-3", "expert-2", "master"]
    table = {lv.name: (lv.preplaced, lv.dice) for lv in SOLO_LEVELS}
    assert table["normal"] == (1, 8) and table["hard"] == (2, 8) and table["master"] == (1, 1)
    assert [table[f"expert-{n}"] for n in range(7, 1, -1)] == [(1, n) for n in range(7, 1, -1)]


def test_solo_has_one_seat_and_four_opponents_of_8_dice_no_neutral():
    g = Game(Config.solo("normal", "red"), 1)
    assert g.owners == ("red", "blue", "green", "yellow", "purple")
    assert g.neutral_owner == -1
    # round 0 pre-places o0 = blue: its 8 dice are on the casinos
    assert g.left == [8, 0, 8, 8, 8]
    assert sum(g.casino_dice[c][1] for c in range(6)) == 8


def test_decision_preplaced_colour_rotates_o_r_mod_4():
    g = Game(Config.solo("normal", "green", rounds=6), 3)
    pre = [e.owner for e in g.opening_events if isinstance(e, DicePreplaced)]
    import random
    r = random.Random(1)
    while not g.is_over:
        pre += [e.owner for e in g.apply(r.choice(g.legal_actions())) if isinstance(e, DicePreplaced)]
    o = ["red", "blue", "yellow", "purple"]
    assert pre == [o[r % 4] for r in range(6)]


def test_decision_hard_preplaces_two_colours_o_r_and_o_r_plus_1():
    g = Game(Config.solo("hard", "red", rounds=4), 3)
    pre = [e.owner for e in g.opening_events if isinstance(e, DicePreplaced)]
    import random
    r = random.Random(1)
    while not g.is_over:
        pre += [e.owner for e in g.apply(r.choice(g.legal_actions())) if isinstance(e, DicePreplaced)]
    o = ["blue", "green", "yellow", "purple"]
    assert pre == [o[(r + k) % 4] for r in range(4) for k in (0, 1)]


def test_preplaced_colour_rolls_all_8_dice_each_on_its_casino():
    g = scripted(Config.solo("normal", rounds=1), [1, 1, 2, 3, 3, 3, 6, 6] + [1] * 200)
    assert [g.casino_dice[c][1] for c in range(6)] == [2, 1, 3, 0, 0, 2]
    assert g.record()["rounds"][0]["preplaced"] == [{"owner": "blue", "values": [1, 1, 2, 3, 3, 3, 6, 6]}]


def test_each_throw_rolls_one_die_per_colour_with_dice_left():
    g = Game(Config.solo("normal", rounds=1), 5)
    assert [g.owners[o] for o in g.roll_owners] == ["red", "green", "yellow", "purple"]


def test_all_rolled_dice_of_the_value_are_placed_whatever_their_colour():
    # after the pre-roll, the throw is red 4, green 4, yellow 2, purple 4
    g = scripted(Config.solo("normal", rounds=1), [1] * 8 + [4, 4, 2, 4] + [1] * 200)
    assert g.legal_values() == [2, 4]
    g.apply(PLACE[4])
    assert g.casino_counts(4) == {"red": 1, "green": 1, "purple": 1}
    assert g.left == [7, 0, 7, 8, 7]  # yellow's die went back to its colour


def test_colours_that_run_out_are_no_longer_rolled_and_the_player_still_chooses():
    g = play_random(Game(Config.solo("expert-2", rounds=1), 8))
    turns = g.record()["rounds"][0]["turns"]
    rolled = [[d["owner"] for d in t["roll"]] for t in turns]
    red_rolls = sum("red" in r for r in rolled)
    assert red_rolls >= 1 and any("red" not in r for r in rolled)  # turns after red ran out
    assert all(t["seat"] == 0 for t in turns)
    assert sum(len([d for d in t["roll"] if d["value"] == t["value"]]) for t in turns) == 2 + 3 * 8


@pytest.mark.parametrize("level,dice", [("expert-7", 7), ("expert-3", 3), ("master", 1), ("hard", 8)])
def test_player_dice_per_level(level, dice):
    g = Game(Config.solo(level), 2)
    assert g.left[0] == dice


def test_win_needs_strictly_more_than_all_other_colours_together():
    g = Game(Config.solo("normal"), 1)
    g.won = [[90_000, 50_000], [60_000], [40_000], [], [40_000]]
    assert g.result().solo_won is False  # 140k vs 140k: equal is a loss
    g.won = [[90_000, 60_000], [60_000], [40_000], [], [40_000]]
    res = g.result()
    assert res == Result({"red": 150_000, "blue": 60_000, "green": 40_000, "yellow": 0, "purple": 40_000},
                  {"red": 2, "blue": 1, "green": 1, "yellow": 0, "purple": 1}, ("red",), True)


def test_decision_solo_game_has_4_rounds_and_quick_challenge_1():
    assert Config.solo("normal").rounds == 4
    g = play_random(Game(Config.solo("normal"), 4))
    assert len(g.record()["rounds"]) == 4
    g = play_random(Game(Config.solo("normal", rounds=1), 4))
    assert len(g.record()["rounds"]) == 1 and "solo_won" in g.record()["final"]


def test_solo_first_seat_is_always_the_player():
    g = Game(Config.solo("normal"), 9)
    assert g.first_seat == 0 and all(
        isinstance(e, RoundStarted) is False or e.first_seat == 0 for e in g.opening_events)
