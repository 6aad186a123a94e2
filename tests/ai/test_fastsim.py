"""The AI's light round model: payouts, rolls, the own-turn model (whole rounds against the
engine: ``test_conformance.py``)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from lasvegas.ai.fastsim import Gains, View, decode, encode, table_roll
from lasvegas.core import settle

from .helpers import MODES, random_state


@settings(max_examples=100, deadline=None)
@given(counts=st.lists(st.integers(0, 9), min_size=2, max_size=6),
       bills=st.lists(st.sampled_from(range(10_000, 100_000, 10_000)), max_size=5))
def test_gains_match_settle(counts, bills):
    bills = sorted(bills, reverse=True)
    g = Gains([bills] * 6, len(counts)).get(2, encode(counts))
    expect = [0] * len(counts)
    for o, b in settle(counts, bills)[0]:
        expect[o] = b
    assert list(g) == expect


def test_view_reads_only_public_state():
    game = random_state(MODES[5][1], 3, 10)
    v = View.of(game)
    assert not any(hasattr(v, name) for name in ("deck", "_rng", "_dice"))
    assert v.bills == [tuple(b) for b in game.casino_bills]


def test_table_roll_is_fair():
    r = random.Random(3)
    totals = [0] * 7
    for _ in range(6000):
        c = table_roll(4, r.random)
        assert sum(c) == 4 and c[0] == 0
        for v in range(1, 7):
            totals[v] += c[v]
    for v in range(1, 7):
        assert 3600 < totals[v] < 4400  # 4000 expected
    assert table_roll(0, r.random) == (0,) * 7
    assert sum(table_roll(1, r.random)) == 1


def test_encode_decode_round_trip():
    row = [8, 0, 3, 8, 1]
    assert decode(encode(row), 5) == row


def _fit_script():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "build" / "fit_own_policy.py"
    spec = importlib.util.spec_from_file_location("fit_own_policy", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**32), moves=st.integers(0, 60))
def test_learned_policy_scores_the_features_it_was_fitted_on(seats, seed, moves):
    """``learned_multi`` (the Expert's own later turns) picks the value whose features, as
    ``build/fit_own_policy.py`` computes them from the engine's state, score best."""
    from lasvegas.ai.fastsim import learned_multi
    from lasvegas.ai.players import OWN_POLICY
    from lasvegas.core import Config

    fit = _fit_script()
    game = random_state(Config.multi(seats), seed, moves)
    view = View.of(game)
    gains = Gains(view.bills, view.n_owners)
    s = view.current
    own = [0] * 7
    for o, v in zip(view.roll_owners, view.roll_values):
        own[v] += o == s
    opps = [o for o in range(seats) if o != s]
    lead = max(opps, key=lambda o: view.money[o])
    codes = [encode(r) for r in view.dice]
    got = learned_multi(gains, codes, s, view.neutral, own, _ZERO7, OWN_POLICY, lead, opps,
                        sum(view.left[o] for o in opps), view.left[s])
    assert own[got] > 0
    scores = {}
    for v in range(1, 7):
        if own[v]:
            f = fit.features(fit.raw_features(view, gains, v))
            scores[v] = sum(w * x for w, x in zip(OWN_POLICY, f))
    best = max(scores.values())
    assert abs(scores[got] - best) < 1e-9


_ZERO7 = (0,) * 7


def test_own_policy_fit_recovers_a_known_policy():
    """The fit finds weights that reproduce the choices of a known linear policy."""
    fit = _fit_script()
    rng = random.Random(5)
    true_w = [3.0, -0.5, 0.0, 1.0, 0.8, 0.0, 0.5, -0.5, 0.3, 0.2, 0.6, -0.3]
    data = []
    for _ in range(400):
        n = rng.randint(2, 6)
        raw = []
        k = rng.randint(1, 8)
        for _ in range(n):
            a = rng.randint(1, k)
            raw.append([rng.choice([0, 0.5, 0.6, 0.9, -0.3]), a, k, rng.choice([0, 0.5, 0.9]),
                        rng.choice([0, 0.5, 1.4]), rng.randint(-4, 4), rng.randint(0, 24)])
        sc = [sum(w * x for w, x in zip(true_w, fit.features(r))) for r in raw]
        data.append({"values": list(range(1, n + 1)), "chosen": sc.index(max(sc)) + 1,
                     "raw": raw})
    w, ll = fit.fit(data)
    assert fit.accuracy(data, w) > 0.9
    assert fit.accuracy(data, [0.0] * 12) < 0.6
