"""Engine basics: set-up, whose decision, state round trip, copies."""

import json
import random

import pytest

from lasvegas.kernel.errors import ConfigError, IllegalAction, StateError
from lasvegas.lords import actions as A
from lasvegas.lords.game import Game
from lasvegas.lords.policy import random_action


def test_seats_two_to_four():
    for n in (1, 5, "4"):
        with pytest.raises(ConfigError):
            Game(n, 1)


def test_a_seed_gives_one_game():
    a, b = Game(4, 7), Game(4, 7)
    assert a.to_dict() == b.to_dict()
    assert Game(4, 8).deck != a.deck


def play(g: Game, rng: random.Random, limit: int = 5000) -> None:
    for _ in range(limit):
        if g.is_over:
            return
        g.apply(random_action(g, g.to_act, rng))
    raise AssertionError("the game did not end")


def test_state_round_trips_through_json_and_plays_on_the_same():
    g = Game(3, 5)
    rng = random.Random(2)
    for _ in range(40):
        g.apply(random_action(g, g.to_act, rng))
    text = json.dumps(g.to_dict())
    h = Game.from_dict(json.loads(text))
    assert h.to_dict() == g.to_dict()
    assert h.casinos() == g.casinos()
    r1, r2 = random.Random(9), random.Random(9)
    play(g, r1)
    play(h, r2)
    assert h.to_dict() == g.to_dict()


def test_copy_is_independent():
    g = Game(4, 3)
    c = g.copy()
    rng = random.Random(1)
    play(c, rng)
    assert not g.is_over and c.is_over
    assert g.to_dict() == Game(4, 3).to_dict()


def test_damaged_state_is_refused_in_words():
    d = Game(2, 1).to_dict()
    bads = [{}, {**d, "money": [1]}, {**d, "phase": "dance"}, {**d, "n": 9}, {**d, "deck": None},
            {**d, "money": [-1, 5]}, {**d, "owner": [1] * 48}, {**d, "supply": [9, 9, 9, 9, 0]},
            {**d, "deck": d["deck"][:-1] + [0]}, {**d, "pos": 60}, {**d, "phase": "layoff"},
            {**d, "phase": "place"}, {**d, "active": 3}, {**d, "played": [1] * 48}]
    for bad in bads:
        with pytest.raises(StateError):
            Game.from_dict(bad)


def test_an_action_of_another_game_or_seat_is_refused():
    g = Game(4, 1)
    other = (g.active + 1) % 4
    with pytest.raises(IllegalAction, match="turn"):
        g.apply(A.EndTurn(other))
    with pytest.raises(IllegalAction):
        g.apply("build")
    with pytest.raises(IllegalAction):
        g.apply(A.EndTurn(7))


def test_actions_round_trip_through_their_json_form():
    acts = [A.Build(0, 3, 2), A.Build(1, 3, 2, 5), A.Sprawl(2, 1, 4), A.Remodel(0, 1, 4),
            A.Reorganize(3, 9), A.Gamble(1, 2, 7), A.LayOff(2, True), A.PlaceDice(1, (6, 2, 2)),
            A.MoveMarker(0, 4), A.MoveDie(0, 5), A.Propose(0, 1, A.Offer(3, (1,), (2, 4)),
                                                           A.Offer(0, (), ()), A.Gamble(0, 5, 3)),
            A.Accept(1, 0), A.Reject(1, 0), A.Withdraw(0, 1), A.EndTurn(2)]
    for a in acts:
        assert A.action_from_dict(json.loads(json.dumps(A.to_dict(a)))) == a


@pytest.mark.parametrize("bad", [None, [], {"type": "build"}, {"type": "build", "seat": 0, "lot": "Z9", "colour": "gold"},
                                 {"type": "gamble", "seat": 0, "casino": "A1", "bet": 2.5},
                                 {"type": "end_turn", "seat": True}, {"type": "lay_off", "seat": 0, "lay_off": 1},
                                 {"type": "propose", "seat": 0, "to": 1, "give": {"money": -1}},
                                 {"type": "propose", "seat": 0, "to": 1, "action": {"type": "end_turn", "seat": 0}},
                                 {"type": "end_turn", "seat": 0, "extra": 1}])
def test_hostile_action_json_is_refused_in_words(bad):
    with pytest.raises(IllegalAction):
        A.action_from_dict(bad)


def test_every_random_game_ends_with_its_legal_actions_accepted():
    for n in (2, 3, 4):
        g = Game(n, n)
        play(g, random.Random(n))
        assert g.winners


def test_the_pending_decision_names_its_seats():
    from .helpers import BLUE, RED, L, blank, dice, tile
    g = blank(active=RED)
    assert g.decision() == {"kind": "play", "seats": [RED]}
    tile(g, "A1", "gold", BLUE, 6)
    tile(g, "A2", "gold", BLUE, 2)
    g.apply(A.Gamble(RED, L("A1"), 3))
    assert g.decision() == {"kind": "layoff", "seats": [BLUE], "casino": (L("A1"), L("A2")),
                            "bet": 3, "gambler": RED}
    dice(g, 3, 4, 1, 5, 2)
    g.apply(A.LayOff(BLUE, True))
    tile(g, "A3", "gold", RED, 1)
    g.apply(A.Reorganize(RED, L("A1")))
    assert g.decision() == {"kind": "place", "seats": [BLUE], "values": {BLUE: [5, 1]},
                            "lots": {BLUE: [L("A1"), L("A2")]}}


def test_actions_built_with_junk_fields_are_refused_in_words():
    import dataclasses
    rng = random.Random(3)
    junk = [None, -1, 48, 10**9, "A1", [1], (1, 2), {}, 2.5, True, A.Offer(), A.EndTurn(0)]
    kinds = [A.Build(0, 1, 1), A.Sprawl(0, 1, 2), A.Remodel(0, 1, 2), A.Reorganize(0, 1),
             A.Gamble(0, 1, 3), A.LayOff(0, True), A.PlaceDice(0, (1, 2)), A.MoveMarker(0, 3),
             A.MoveDie(0, 3), A.Propose(0, 1, A.Offer(1), A.Offer(0)), A.Accept(1, 0), A.Reject(1, 0),
             A.Withdraw(0, 1), A.EndTurn(0)]
    for _ in range(600):
        g = Game(rng.choice([2, 3, 4]), rng.randrange(100))
        play_to = rng.randrange(30)
        for _ in range(play_to):
            if g.is_over:
                break
            g.apply(random_action(g, g.to_act, rng))
        if g.is_over:
            continue
        base = rng.choice(kinds)
        fields = [f.name for f in dataclasses.fields(base)]
        name = rng.choice(fields)
        bad = dataclasses.replace(base, **{name: rng.choice(junk)})
        if name != "seat" and rng.random() < 0.5:
            bad = dataclasses.replace(bad, seat=g.to_act)
        try:
            g.apply(bad)
        except IllegalAction as e:
            assert str(e)


def test_every_event_of_random_games_is_plain_json():
    from lasvegas.lords.policy import random_trade
    seen = set()
    for n in (2, 3, 4):
        g = Game(n, 40 + n)
        rng = random.Random(n)
        events = list(g.setup_events)
        while not g.is_over:
            if g.phase == "play" and rng.random() < 0.1:
                p = random_trade(g, rng.randrange(n), rng)
                if p is not None:
                    events += g.apply(p)
                    events += g.apply(rng.choice(g.trade_answers(p.to)))
                    continue
            events += g.apply(random_action(g, g.to_act, rng))
        for e in events:
            d = json.loads(json.dumps(e.to_dict()))
            seen.add(d["event"])
    assert {"Dealt", "EndCardPlaced", "FirstPlayerRoll", "CardDrawn", "Paid", "Built",
            "TradeProposed", "GameEnded"} <= seen


def test_placements_listed_are_distinct_orders_capped():
    from itertools import permutations

    from lasvegas.lords.game import MAX_LISTED_PLACEMENTS, _orders
    for v in [(1,), (2, 2), (1, 2, 3), (6, 1, 1, 3), (5, 5, 2, 2, 1)]:
        assert _orders(v, 10**6) == sorted(set(permutations(v)))
    assert len(_orders((1, 2, 3, 4, 5, 6, 1, 2, 3), MAX_LISTED_PLACEMENTS)) == MAX_LISTED_PLACEMENTS
