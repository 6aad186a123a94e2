"""``lasvegas ai-regret``: the search-noise measurement of the Expert."""

from __future__ import annotations

import json

from lasvegas.ai import regret
from lasvegas.cli import main
from lasvegas.core import Config

from .helpers import record_own_policy


def test_states_are_decisions_of_the_asked_round_with_enough_choices():
    states = regret.collect_states(Config.multi(3), 2, 4, 3, seed=5)
    assert len(states) == 4
    for g in states:
        assert g.round == 2 and not g.is_over and len(g.legal_actions()) >= 3


def test_reference_values_are_reproducible_and_last_round_values_are_win_chances():
    (g,) = regret.collect_states(Config.multi(4), 3, 1, 3, seed=1)
    a = regret.reference_values(g, 60)
    assert a == regret.reference_values(g, 60)
    assert set(a) == {x.value for x in g.legal_actions()}
    # the win (0..1, ties shared) plus a small margin term
    assert all(-0.2 < v < 1.2 for v in a.values())


def test_regret_is_never_negative_and_zero_for_the_best_choice():
    states = regret.collect_states(Config.multi(2), 3, 3, 2, seed=2)
    out = regret.measure(states, [200, 2000], playouts=40)
    for d in out.values():
        assert d["mean_regret"] >= 0 and 0 <= d["best_choice"] <= 1
        if d["best_choice"] == 1:
            assert d["mean_regret"] == 0


def test_json_output(capsys):
    rc = main(["ai-regret", "--players", "3", "--states", "2", "--playouts", "20",
               "--work", "300,600", "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["states"] == 2 and out["round"] == 4 and out["units"] == "win chance"
    assert set(out["work"]) == {"300", "600"}


def test_bad_arguments(capsys):
    assert main(["ai-regret", "--work", "lots"]) == 2
    assert "--work" in capsys.readouterr().err
    assert main(["ai-regret", "--round", "9"]) == 2
    assert "--round" in capsys.readouterr().err
    assert main(["ai-regret", "--players", "7", "--neutral"]) == 2
    assert "ai-regret" in capsys.readouterr().err
    assert main(["ai-regret", "--states", "0"]) == 2
    assert main(["ai-regret", "--extend", "0.5"]) == 2
    assert "--extend" in capsys.readouterr().err


def test_reference_uses_the_experts_own_turn_model(monkeypatch):
    """4 seats: the reference playouts model the Expert's own later turns as it does
    (the fitted model by default, Medium's rule with ``--own-turns medium``)."""
    from lasvegas.ai.players import OWN_POLICY

    seen = record_own_policy(monkeypatch)
    (g,) = regret.collect_states(Config.multi(4), 0, 1, 3, seed=3)
    regret.reference_values(g, 5)
    assert seen == [OWN_POLICY]
    seen.clear()
    regret.reference_values(g, 5, own_turns="medium")
    assert seen == [None]
    seen.clear()
    regret.measure([g], [300], playouts=5, own_turns="medium", extend=1.0)
    assert seen == [None, None]
