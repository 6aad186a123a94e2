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
    (["simulate", "--game", "lords", "--ai", "expert"], "unknown Lords of Vegas level"),
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
    assert set(s["levels"]) == {"easy", "random"} and s["levels"]["easy"]["seats"] == 4
    code, out, err = run(capsys, "bench", "core", "--game", "lords", "--games", "3", "--repeat", "1", "--json")
    assert code == 0, err
    b = json.loads(out)
    assert set(b["results"]) == {"4 seats, random play", "3 seats, random play", "2 seats, random play"}
    assert abs(sum(b["time_split_4_seats"].values()) - 1) < 0.01
