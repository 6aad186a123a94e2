"""``simulate``, ``bench core`` and ``tournament`` with ``--game lords``; check-record on their records."""

import json

import pytest

from lasvegas.cli import main


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_writes_records_that_check_record_replays(tmp_path, capsys):
    code, out, err = run(capsys, "simulate", "--game", "lords", "--players", "2", "--games", "3",
                         "--ai", "easy,random", "--record-dir", str(tmp_path / "recs"), "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["game"] == "lords" and summary["games"] == 3
    assert [s["ai"] for s in summary["seats"]] == ["easy", "random"]
    files = sorted((tmp_path / "recs").iterdir())
    assert len(files) == 3
    rec = json.loads(files[0].read_text())
    assert rec["format"] == "lords-record/1" and rec["players"]["blue"] == {"kind": "ai", "level": "easy"}
    code, out, err = run(capsys, "check-record", *map(str, files))
    assert code == 0 and out.count("all consistent") == 3
    # a second run refuses to overwrite them
    code, out, err = run(capsys, "simulate", "--game", "lords", "--games", "1",
                         "--record-dir", str(tmp_path / "recs"))
    assert code == 2 and "--force" in err
    # a tampered die is refused in words
    for i, m in enumerate(rec["moves"]):
        if m["rolls"]:
            m["rolls"][0] = m["rolls"][0] % 6 + 1
            break
    files[0].write_text(json.dumps(rec))
    code, out, err = run(capsys, "check-record", str(files[0]))
    assert code == 1 and "FAIL" in out and f"moves[{i}].rolls" in out


def test_simulate_jsonl_same_seed_same_games(tmp_path, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (a, b):
        code, _, err = run(capsys, "simulate", "--game", "lords", "--players", "3", "--games", "2",
                           "--seed", "9", "--record-dir", str(path))
        assert code == 0, err
    assert a.read_text() == b.read_text() and len(a.read_text().splitlines()) == 2


@pytest.mark.parametrize("args, message", [
    (["simulate", "--game", "lords", "--players", "5"], "2 to 4 players"),
    (["simulate", "--game", "lords", "--neutral"], "--neutral is a Las Vegas option"),
    (["simulate", "--game", "lords", "--ai", "grandmaster"], "unknown Lords of Vegas level"),
    (["simulate", "--game", "lords", "--players", "3", "--ai", "easy,easy"], "2 levels for 3 seats"),
    (["tournament", "--game", "lords", "--seats", "medium,easy", "--rounds", "2"], "--rounds is a Las Vegas option"),
    (["tournament", "--game", "lords", "--seats", "easy", "--players", "5"], "2 to 4 players"),
    (["bench", "profiles", "--game", "lords"], "'bench core', 'bench ui' and 'bench server' measure Lords of Vegas"),
    (["bench", "server", "--game", "lords", "--ai", "easy"], "measures the Las Vegas AI seats"),
    (["simulate", "--game", "chess"], "invalid choice"),
])
def test_lords_options_refused_in_words(capsys, args, message):
    try:
        code, out, err = run(capsys, *args)
    except SystemExit as e:
        code = e.code
        err = capsys.readouterr().err
    assert code == 2 and message in err


def test_tournament_and_bench(capsys):
    code, out, err = run(capsys, "tournament", "--game", "lords", "--seats", "easy,random", "--games", "4", "--json")
    assert code == 0, err
    s = json.loads(out)
    assert set(s["levels"]) == {"easy", "random"} and s["levels"]["easy"]["seat_games"] == 4
    assert s["levels"]["easy"]["seats"] == 1
    code, out, err = run(capsys, "bench", "core", "--game", "lords", "--games", "3", "--repeat", "1", "--json")
    assert code == 0, err
    b = json.loads(out)
    assert set(b["results"]) == {"4 seats, random play", "3 seats, random play", "2 seats, random play"}
    assert abs(sum(b["time_split_4_seats"].values()) - 1) < 0.01


def test_tournament_jobs_and_record_dir(tmp_path, capsys):
    """--jobs gives the same figures as one process; --record-dir writes each game's record,
    which check-record replays, and refuses to overwrite them without --force."""
    args = ["tournament", "--game", "lords", "--seats", "medium,easy,random", "--games", "3", "--seed", "5"]
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    one = json.loads(out)
    code, out, err = run(capsys, *args, "--jobs", "2", "--record-dir", str(tmp_path / "t"), "--json")
    assert code == 0, err
    two = json.loads(out)
    for lv in ("medium", "easy", "random"):
        for key in ("win_share", "mean_money", "mean_vp", "seat_games", "ci95"):
            assert one["levels"][lv][key] == two["levels"][lv][key], (lv, key)
    files = sorted((tmp_path / "t").iterdir())
    assert [f.name for f in files] == ["game-000001.json", "game-000002.json", "game-000003.json"]
    rec = json.loads(files[1].read_text())
    # game 1 starts the levels at seat 1: the easy level sits first
    assert rec["format"] == "lords-record/1" and rec["players"][rec["seats"][0]]["level"] == "easy"
    code, out, err = run(capsys, "check-record", *map(str, files))
    assert code == 0 and out.count("all consistent") == 3
    code, out, err = run(capsys, *args, "--record-dir", str(tmp_path / "t"))
    assert code == 2 and "--force" in err and "tournament" in err


SHAPE = {
    "tournament": ({"game", "games", "seed", "seats", "seconds", "levels"},
                   {"seats", "seat_games", "win_share", "ci95", "fair_share", "mean_money", "move_ms"}),
    "simulate": ({"game", "games", "seed", "seconds", "games_per_second", "seats"},
                 {"colour", "ai", "win_share", "mean_money"}),
    "bench": ({"game", "python", "machine", "results"},
              {"games", "seconds", "games_per_second", "cpu_games_per_second", "moves_per_game",
               "us_per_move"}),
}


@pytest.mark.parametrize("game", ["lasvegas", "lords"])
def test_the_json_of_both_games_has_one_shape(capsys, game):
    """The same figures under the same keys (docs/commands.md); Lords of Vegas adds its own
    (mean VP, how games ended, where the time goes) beside them."""
    extra = {"lords": {"tournament": {"mean_vp"}, "simulate": {"mean_vp"}}}.get(game, {})
    runs = {
        "tournament": ["tournament", "--game", game, "--seats", "easy,random", "--games", "2"]
        + (["--rounds", "1"] if game == "lasvegas" else []),
        "simulate": ["simulate", "--game", game, "--games", "2", "--players", "2"]
        + (["--rounds", "1"] if game == "lasvegas" else []),
        "bench": ["bench", "core", "--game", game, "--games", "2", "--repeat", "1"],
    }
    for what, argv in runs.items():
        code, out, err = run(capsys, *argv, "--json")
        assert code == 0, err
        d = json.loads(out)
        top, inner = SHAPE[what]
        assert top <= set(d) and d["game"] == game, (what, set(d))
        rows = (list(d["levels"].values()) if what == "tournament" else
                d["seats"] if what == "simulate" else list(d["results"].values()))
        for row in rows:
            assert set(row) == inner | extra.get(what, set()), (what, set(row))
        if what == "tournament":
            assert set(rows[0]["move_ms"]) == {"mean", "median", "p95", "max"}
