"""The command line: simulate, check-record, bench core, and bad options."""

import json
import subprocess
import sys

import pytest

from lasvegas.cli import main


def run(*args):
    p = subprocess.run([sys.executable, "-m", "lasvegas", *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_version(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and "lasvegas" in capsys.readouterr().out


def test_simulate_json_summary(capsys):
    assert main(["simulate", "--games", "30", "--players", "3", "--neutral", "--seed", "4", "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert s["games"] == 30 and s["seconds"] > 0 and s["games_per_second"] > 0
    assert [x["colour"] for x in s["seats"]] == ["red", "blue", "green"]
    assert abs(sum(x["win_share"] for x in s["seats"]) - 1.0) < 1e-3  # ties shared
    assert all(x["ai"] == "random" and x["mean_money"] > 0 for x in s["seats"])


def test_simulate_is_deterministic_per_seed(capsys):
    main(["simulate", "--games", "10", "--seed", "9", "--json"])
    a = json.loads(capsys.readouterr().out)
    main(["simulate", "--games", "10", "--seed", "9", "--json"])
    b = json.loads(capsys.readouterr().out)
    assert a["seats"] == b["seats"]


def test_simulate_text_summary_and_solo(capsys):
    assert main(["simulate", "--games", "5", "--solo", "expert-3", "--edition", "2018", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "5 games (solo expert-3" in out and "solo wins" in out


def test_simulate_records_then_check_record(tmp_path, capsys):
    d = tmp_path / "recs"
    assert main(["simulate", "--games", "4", "--players", "2", "--record-dir", str(d)]) == 0
    files = sorted(d.glob("*.json"))
    assert len(files) == 4
    capsys.readouterr()
    assert main(["check-record", *map(str, files)]) == 0
    assert capsys.readouterr().out.count("ok") == 4
    jl = tmp_path / "all.jsonl"
    assert main(["simulate", "--games", "3", "--players", "4", "--neutral", "--record-dir", str(jl)]) == 0
    assert len(jl.read_text().splitlines()) == 3
    assert main(["check-record", str(jl)]) == 0
    rec = json.loads(files[0].read_text())
    rec["rounds"][0]["payouts"][0]["returned"].append(90000)
    files[0].write_text(json.dumps(rec))
    capsys.readouterr()
    assert main(["check-record", str(files[0])]) == 1
    assert "FAIL" in capsys.readouterr().out


@pytest.mark.parametrize("args,msg", [
    (["simulate", "--players", "7", "--neutral"], "neutral-dice variant is for 2 to 6 seats"),
    (["simulate", "--players", "9"], "2 to 8 seats"),
    (["simulate", "--minimum", "lots"], "invalid choice: 'lots'"),
    (["simulate", "--games", "0"], "--games must be at least 1"),
    (["simulate", "--games", "many"], "invalid int value"),
    (["simulate", "--ai", "genius"], "unknown AI level 'genius'"),
    (["simulate", "--edition", "1999"], "unknown bill edition"),
    (["simulate", "--solo", "legend"], "unknown solo level"),
    (["simulate", "--solo", "normal", "--players", "3"], "solo mode has 1 seat"),
    (["simulate", "--rounds", "0"], "at least 1 round"),
    (["simulate", "--players", "3", "--ai", "random,random"], "2 levels for 3 seats"),
    (["bench", "gpu"], "invalid choice"),
    (["simulate", "--bogus"], "unrecognized arguments"),
])
def test_bad_options_exit_2_with_a_clear_message(args, msg):
    code, out, err = run(*args)
    assert code == 2, (out, err)
    assert msg in err and "Traceback" not in err


def test_check_record_corrupt_file_is_a_message_not_a_traceback(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"format": "lasvegas-record/1", "rounds": [')
    code, out, err = run("check-record", str(p))
    assert code == 1 and "FAIL" in out and "Traceback" not in out + err


def test_bench_core_prints_figures():
    code, out, err = run("bench", "core", "--games", "20", "--repeat", "1", "--json")
    assert code == 0, err
    res = json.loads(out)["results"]
    assert len(res) == 3 and all(r["games_per_second"] > 0 and r["us_per_move"] > 0 for r in res.values())
    # the biggest table: 8 seats deal more turns a game than 4
    big = res["8 seats, all options, classic bills"]
    assert big["moves_per_game"] > res["4 seats, base game, classic bills"]["moves_per_game"]


def test_check_record_gives_a_message_per_hostile_record_never_a_traceback(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    big = tmp_path / "big.json"
    big.write_text('{"format": "lasvegas-record/1", "seed": ' + "9" * 4000 + ', "config": {}, "deck": [], "rounds": []}')
    assert main(["simulate", "--games", "2", "--players", "3", "--record-dir", str(tmp_path / "ok.jsonl")]) == 0
    good, other = (tmp_path / "ok.jsonl").read_text().splitlines()
    names = json.loads(other)
    names["names"] = {"red": ["Ann"]}  # a list where a name is expected
    edition = json.loads(other)
    edition["config"]["edition"] = ["classic"]
    kinds = tmp_path / "kinds.jsonl"
    kinds.write_text("\n".join([good, json.dumps(names), json.dumps(edition)]) + "\n")
    code, out, err = run("check-record", str(deep), str(big), str(kinds))
    assert code == 1 and "Traceback" not in out + err
    lines = out.splitlines()
    assert f"FAIL {deep}: it is nested too deeply" in lines
    assert f"FAIL {big}: it holds a number of more than 40 digits" in lines
    assert f"FAIL {kinds} line 2: names: expected an object of colour -> name" in lines
    assert f"FAIL {kinds} line 3: config: edition must be a name" in lines
    assert "3 of 3 file(s) with problems" in err
