"""Property tests over whole random games in every mode (hypothesis), the table options
of docs/rules.md §10 (up to 8 seats, the minimum, $100,000 bills, Biggies) in every
combination."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lasvegas.core import (
    BASE_COLOURS, COLOURS, SOLO_LEVELS, Config, Game, Phase, neutral_dice_per_seat, replay,
)


@st.composite
def configs(draw):
    edition = draw(st.sampled_from(["classic", "2018"]))
    rounds = draw(st.integers(1, 6))
    if draw(st.integers(0, 4)) == 0:
        level = draw(st.sampled_from([lv.name for lv in SOLO_LEVELS]))
        colour = draw(st.sampled_from(BASE_COLOURS))
        return Config.solo(level, colour, edition=edition, rounds=rounds)
    neutral = draw(st.booleans())
    n = draw(st.integers(2, 6 if neutral else 8))
    seats = draw(st.permutations(COLOURS))[:n]
    first = draw(st.none() | st.integers(0, n - 1))
    return Config(seats=tuple(seats), neutral=neutral, edition=edition, rounds=rounds, first_seat=first,
                  minimum=draw(st.sampled_from([None, "classic", "by-seats"])),
                  hundreds=draw(st.booleans()), biggies=draw(st.booleans()))


def test_the_configs_drawn_cover_every_combination_of_the_options():
    seen = set()

    @settings(max_examples=1500, deadline=None, database=None, derandomize=True)
    @given(cfg=configs())
    def collect(cfg):
        if not cfg.is_solo:
            seen.add((cfg.minimum, cfg.hundreds, cfg.biggies, cfg.neutral, len(cfg.seats) > 5))

    collect()
    assert len(seen) == 2 ** 5


def dice_count(g: Game) -> int:
    """Dice on the casinos and in hand (a Biggie, counting two on a casino, is one die)."""
    on_casinos = sum(sum(row) for row in g.casino_dice) - sum(sum(row) for row in g.casino_big)
    in_hand = sum(g.left) + sum(g.neutral_left)
    return on_casinos + in_hand


def check_biggies(g: Game) -> None:
    """Each seat's Biggie is in its hand or on exactly one casino (none without the option)."""
    for s in range(len(g.config.seats)):
        where = g.big_left[s] + sum(row[s] for row in g.casino_big)
        assert where == (1 if g.config.biggies else 0)


def expected_dice(cfg: Config) -> int:
    if cfg.is_solo:
        return cfg.level.dice + 4 * 8
    n = len(cfg.seats)
    if not cfg.neutral:
        return 8 * n
    # 4 neutral dice each with 2 seats, 2 each with 3 to 6; 3 seats: 2 more, pre-rolled
    return 8 * n + neutral_dice_per_seat(n) * n + (2 if n == 3 else 0)


def check_conservation(g: Game, bills):
    everything = list(g.deck) + [b for c in g.casino_bills for b in c] + [b for w in g.won for b in w]
    assert sorted(everything) == bills


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cfg=configs(), seed=st.integers(0, 2**63 - 1), policy=st.integers(0, 2**32))
def test_whole_games_conserve_dice_and_bills_and_always_end(cfg, seed, policy):
    g = Game(cfg, seed)
    r = random.Random(policy)
    bills = sorted(cfg.bills())
    actions = []
    steps = 0
    while not g.is_over:
        check_conservation(g, bills)
        assert dice_count(g) == expected_dice(cfg)  # every die is in a hand or on a casino
        check_biggies(g)
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
