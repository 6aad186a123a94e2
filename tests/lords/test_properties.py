"""Whole random games at 2, 3 and 4 seats: the invariants hold after every action, every game
ends, and its record replays to the same state."""

import json
import random

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lasvegas.lords.board import (
    DICE_PER_SEAT, LAST, MARKERS_PER_SEAT, N_LOTS, TILES_PER_COLOUR,
)
from lasvegas.lords.game import DIE_MOVE, MARKER, OVER, PLAY, Game
from lasvegas.lords.policy import random_action, random_trade
from lasvegas.lords.record import Recorder, replay

MAX_ACTIONS = 3000


def fresh_casinos(g: Game) -> list:
    c = g.copy()
    c._cas = None
    return c.casinos()


def check(g: Game, deep: bool = True) -> None:
    assert min(g.money) >= 0
    for colour in range(5):
        assert g.tile.count(colour) + g.supply[colour] == TILES_PER_COLOUR
    for s in range(g.n):
        assert g.owner.count(s) == g.dice_used[s] <= DICE_PER_SEAT
        assert g.marker.count(s) == g.markers_used[s] <= MARKERS_PER_SEAT
        assert 0 <= g.chip[s] <= LAST
    for i in range(N_LOTS):
        assert not (g.marker[i] >= 0 and g.tile[i] >= 0)
        assert (g.owner[i] >= 0) == (g.value[i] > 0) and (g.owner[i] < 0 or g.tile[i] >= 0)
    assert sorted(g.deck) == list(range(49))
    in_hand = 1 if g.phase in (MARKER, DIE_MOVE) else 0   # drawn, paid once the choice is made
    assert sum(g.discards) + in_hand + len(g.deck) - g.pos == 49
    assert g.casinos() == fresh_casinos(g)
    if deep:
        state = g.to_dict()
        assert Game.from_dict(json.loads(json.dumps(state))).to_dict() == state   # in every phase
    if g.phase in (PLAY, OVER):
        for k in g.casinos():
            top = max(g.value[i] for i in k)
            if top:
                assert len({g.owner[i] for i in k if g.value[i] == top}) == 1
    if g.phase != OVER:
        for s in g.waiting_on:
            assert g.legal_actions(s), (g.phase, s)


def run(n: int, seed: int, trade_rate: float) -> Game:
    g = Game(n, seed)
    rec = Recorder(g)
    rng = random.Random(seed)
    check(g)
    apply = rec.apply  # every action goes into the record
    for k in range(MAX_ACTIONS):
        if g.is_over:
            assert replay(rec.record()).to_dict() == g.to_dict()
            assert replay(dict(rec.record(), seed=None)).to_dict()["money"] == g.money
            return g
        if g.phase == PLAY and rng.random() < trade_rate:
            s = rng.randrange(n)
            p = random_trade(g, s, rng)
            if p is not None:
                apply(p)
                answers = g.trade_answers(p.to)
                apply(rng.choice(answers))
                check(g, g.phase != PLAY or k % 10 == 0)
                continue
        apply(random_action(g, g.to_act, rng))
        check(g, g.phase != PLAY or k % 10 == 0)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), trade_rate=st.sampled_from([0.0, 0.05]))
def test_invariants_over_whole_random_games(n, seed, trade_rate):
    g = run(n, seed, trade_rate)
    assert g.phase == OVER and g.winners
    if g.end_reason == "90":
        assert all(g.chip[w] == LAST for w in g.winners)
