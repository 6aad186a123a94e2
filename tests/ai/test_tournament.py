"""``lasvegas tournament``: rotation, figures and the JSON output."""

from __future__ import annotations

import json

import pytest

from lasvegas.ai import tournament
from lasvegas.cli import main
from lasvegas.runs.stats import percentile, wilson


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    assert wilson(3, 0) == (0.0, 1.0)
    assert wilson(12.5, 25) == pytest.approx(wilson(12.5, 25))  # shared wins count fractionally


def test_percentile():
    assert percentile([1.0, 2.0, 3.0, 4.0], 0.5) == 2.5
    assert percentile([5.0], 0.95) == 5.0 and percentile([], 0.5) == 0.0


def test_json_output(capsys):
    rc = main(["tournament", "--seats", "hard,medium,easy", "--games", "6", "--seed", "3", "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 6
    assert set(out["levels"]) == {"hard", "medium", "easy"}
    total = 0.0
    for d in out["levels"].values():
        assert d["seats"] == 1
        assert d["fair_share"] == pytest.approx(1 / 3, abs=1e-3)
        assert d["ci95"][0] <= d["win_share"] <= d["ci95"][1]
        assert set(d["move_ms"]) == {"mean", "median", "p95", "max"}
        assert d["mean_money"] > 0
        total += d["win_share"]
    assert total == pytest.approx(1.0, abs=1e-3)  # shared wins are split, never lost


def test_levels_rotate_over_the_seats_and_deals_repeat():
    spec = {"seats": ["easy", "medium", "medium"], "neutral": True, "edition": "2018", "rounds": 1,
            "seed": 5}
    games = [tournament.play_game(spec, i) for i in range(3)]
    # the easy seat sits in each position once per deal
    assert [[r["level"] for r in g].index("easy") for g in games] == [0, 2, 1]
    same = tournament.play_game(spec, 1)
    assert [r["money"] for r in same] == [r["money"] for r in games[1]]


def test_two_jobs_give_the_same_figures_as_one():
    spec = {"seats": ["medium", "hard"], "neutral": False, "edition": "classic", "rounds": 2,
            "seed": 9}
    a = tournament.run_tournament(spec, 6, jobs=1)
    b = tournament.run_tournament(spec, 6, jobs=2)
    for lv in ("medium", "hard"):
        assert a["levels"][lv]["win_share"] == b["levels"][lv]["win_share"]
        assert a["levels"][lv]["mean_money"] == b["levels"][lv]["mean_money"]


def test_bad_arguments(capsys):
    assert main(["tournament", "--seats", "expert,wizard", "--games", "1"]) == 2
    assert "wizard" in capsys.readouterr().err
    assert main(["tournament", "--seats", "medium", "--players", "7", "--neutral",
                 "--games", "1"]) == 2
    assert "neutral-dice variant is for 2 to 6 seats" in capsys.readouterr().err


def test_expert_extend_option(capsys, monkeypatch):
    assert main(["tournament", "--seats", "expert,medium", "--games", "1",
                 "--expert-extend", "0.5"]) == 2
    assert "--expert-extend" in capsys.readouterr().err
    seen = []
    from lasvegas.ai.players import ExpertPlayer

    orig = ExpertPlayer.choose

    def spy(self, game, budget=None, cancel=None):
        seen.append(self.extend)
        return orig(self, game, budget, cancel)

    monkeypatch.setattr(ExpertPlayer, "choose", spy)
    assert main(["tournament", "--seats", "expert,medium", "--games", "1", "--expert-work", "300",
                 "--expert-extend", "3", "--json"]) == 0
    assert seen and set(seen) == {3.0}


def test_expert_own_turns_option(monkeypatch):
    from lasvegas.ai.players import OWN_POLICY, ExpertPlayer

    seen = []
    orig = ExpertPlayer.choose

    def spy(self, game, budget=None, cancel=None):
        seen.append((self.own_policy, self.extend))
        return orig(self, game, budget, cancel)

    monkeypatch.setattr(ExpertPlayer, "choose", spy)
    args = ["tournament", "--seats", "expert,medium,medium", "--games", "1", "--rounds", "1",
            "--expert-work", "300", "--json"]
    assert main(args) == 0
    assert seen and set(seen) == {("auto", None)}
    seen.clear()
    assert main(args + ["--expert-own-turns", "medium", "--expert-extend", "1"]) == 0
    assert seen and set(seen) == {(None, 1.0)}
    seen.clear()
    assert main(args + ["--expert-own-turns", "model"]) == 0  # the fitted model at 3 seats too
    assert seen and set(seen) == {(OWN_POLICY, None)}
    import pytest

    with pytest.raises(SystemExit) as e:  # argparse: a usage line and the choices, no traceback
        main(args + ["--expert-own-turns", "wizard"])
    assert e.value.code == 2
    assert ExpertPlayer(0).own_model(type("V", (), {"solo": False, "n_seats": 4})()) == OWN_POLICY


def test_record_dir_writes_each_game_that_check_record_replays(tmp_path, capsys):
    out = tmp_path / "games.jsonl"
    assert main(["tournament", "--seats", "medium,easy", "--games", "2", "--rounds", "1", "--jobs", "2",
                 "--record-dir", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(line)["format"] == "lasvegas-record/1" for line in lines)
    capsys.readouterr()
    assert main(["check-record", str(out)]) == 0
    assert "2 games replayed, all consistent" in capsys.readouterr().out
    assert main(["tournament", "--seats", "medium,easy", "--games", "2", "--rounds", "1",
                 "--record-dir", str(out)]) == 2
    assert "--force" in capsys.readouterr().err
