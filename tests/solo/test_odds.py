"""The shipped table of solo win chances, and the solo-odds command."""

import json

import pytest

from lasvegas.cli import main
from lasvegas.solo.odds import load_table, solo_odds
from lasvegas.runs.stats import wilson

SAMPLE = 6


@pytest.fixture(scope="module")
def table():
    t = load_table()
    assert t is not None, "lasvegas/data/solo_odds.json is missing: run build/make_solo_odds.py"
    return t


def test_table_covers_every_level_and_length(table):
    from lasvegas.core import SOLO_LEVELS

    for lv in SOLO_LEVELS:
        for length in ("full", "quick"):
            e = table["levels"][lv.name][length]
            assert 0 <= e["wins"] <= e["games"] and e["ci95"][0] <= e["win_rate"] <= e["ci95"][1]


@pytest.mark.parametrize("level", ["normal", "expert-5"])
def test_a_regenerated_sample_agrees_with_the_shipped_table(table, level):
    """Replay the first quick-challenge games of the table's run: the same seeds and the
    same AI give the same outcomes, and the table's rate lies in the sample's interval."""
    e = table["levels"][level]["quick"]
    res = solo_odds(level, SAMPLE, table["seed"], rounds=1, ai=table["ai"], work=table["work"])
    assert res["first_outcomes"] == e["first_outcomes"][:SAMPLE]
    lo, hi = wilson(res["wins"], SAMPLE, z=2.576)
    assert lo <= e["win_rate"] <= hi


def test_solo_odds_command_json(capsys):
    assert main(["solo-odds", "--level", "master", "--games", "3", "--rounds", "1", "--ai", "medium",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and out["ai"] == "medium" and len(out["ci95"]) == 2


@pytest.mark.parametrize("args,msg", [
    (["--level", "legend"], "unknown solo level"),
    (["--level", "normal", "--games", "0"], "at least 1"),
    (["--level", "normal", "--ai", "genius"], "unknown AI level"),
])
def test_solo_odds_bad_options(capsys, args, msg):
    assert main(["solo-odds", *args]) == 2
    assert msg in capsys.readouterr().err
