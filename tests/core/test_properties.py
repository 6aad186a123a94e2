"""Property tests over whole random games in every mode (hypothesis)."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lasvegas.core import (
    COLOURS, SOLO_LEVELS, Config, Game, Phase, edition_bills, replay,
)


@st.composite
def configs(draw):
    edition = draw(st.sampled_from(["classic", "2018"]))
    rounds = draw(st.integers(1, 6))
    if draw(st.integers(0, 4)) == 0:
        level = draw(st.sampled_from([lv.name for lv in SOLO_LEVELS]))
        colour = draw(st.sampled_from(COLOURS))
        return Config.solo(level, colour, edition=edition, rounds=rounds)
    neutral = draw(st.booleans())
    n = draw(st.integers(2, 4 if neutral else 5))
    seats = draw(st.permutations(COLOURS))[:n]
    first = draw(st.none() | st.integers(0, n - 1))
    return Config(seats=tuple(seats), neutral=neutral, edition=edition, rounds=rounds, first_seat=first)


def dice_count(g: Game) -> int:
    on_casinos = sum(sum(row) for row in g.casino_dice)
    in_hand = sum(g.left) + sum(g.neutral_left)
    return on_casinos + in_hand


def expected_dice(cfg: Config) -> int:
    if cfg.is_solo:
        return cfg.level.dice + 4 * 8
    n = len(cfg.seats)
    return 8 * n + (8 if cfg.neutral else 0)


def check_conservation(g: Game, bills):
    everything = list(g.deck) + [b for c in g.casino_bills for b in c] + [b for w in g.won for b in w]
    assert sorted(everything) == bills


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=configs(), seed=st.integers(0, 2**63 - 1), policy=st.integers(0, 2**32))
def test_whole_games_conserve_dice_and_bills_and_always_end(cfg, seed, policy):
    g = Game(cfg, seed)
    r = random.Random(policy)
    bills = sorted(edition_bills(cfg.edition))
    actions = []
    steps = 0
    while not g.is_over:
        check_conservation(g, bills)
        assert dice_count(g) == expected_dice(cfg)  # every die is in a hand or on a casino
        legal = g.legal_actions()
        assert legal, "a non-final state always has a legal action"
        assert g.phase is Phase.PLACE
        a = r.choice(legal)
        actions.append(a)
        g.apply(a)
        steps += 1
        assert steps < 60 * cfg.rounds * 8  # every game ends
    check_conservation(g, bills)
    assert g.legal_actions() == ()
    # JSON round trip
    h = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h == g
    # replay from seed and actions gives the identical record
    again = Game(cfg, seed)
    for a in actions:
        again.apply(a)
    assert again.record() == g.record()
    # and the record replays through check-record
    replay(json.loads(json.dumps(g.record())))


@settings(max_examples=40, deadline=None)
@given(cfg=configs(), seed=st.integers(0, 2**32), cut=st.integers(0, 200))
def test_json_round_trip_at_any_point(cfg, seed, cut):
    g = Game(cfg, seed)
    r = random.Random(seed)
    for _ in range(cut):
        if g.is_over:
            break
        g.apply(r.choice(g.legal_actions()))
    d = json.loads(json.dumps(g.to_dict()))
    h = Game.from_dict(d)
    assert h.to_dict() == g.to_dict()
    if not g.is_over:
        a = g.legal_actions()[0]
        assert g.apply(a) == h.apply(a)
