"""The sub-commands' shared rules: checked numbers, never-overwritten outputs, the display
options, and the commands a build without the UI still offers."""

import ast
import json
import math
import os
import pathlib
import subprocess
import sys

import pytest

from lasvegas.cli import build_parser, left_out_of_build, main
from lasvegas.commands.common import Number

ROOT = pathlib.Path(__file__).resolve().parents[1]
PKG = ROOT / "lasvegas"

#: the options each command needs before its numbers are looked at
REQUIRED = {
    "tournament": ["--seats", "medium,medium"],
    "solo-odds": ["--level", "normal"],
    "screenshot": ["--scene", "title", "--out", "never-written.png"],
    "bench": ["core"],
    "bot": ["--server", "ws://127.0.0.1:1", "--room", "ABCDEF"],
    "replay": ["never-read.json"],
    "analyze": ["never-read.json"],
}


def run(*args, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "lasvegas", *args], capture_output=True, text=True,
                       timeout=120, cwd=cwd, env=env)
    return p.returncode, p.stdout, p.stderr


def number_options():
    """``(command, flag, Number)`` for every checked number of every command."""
    _parser, commands = build_parser()
    for name, command in commands.items():
        for action in command.parser._actions:
            if isinstance(action.type, Number):
                yield name, action.option_strings[0], action.type


# -- numbers --------------------------------------------------------------------------


def test_every_number_on_the_command_line_has_a_checked_range():
    _parser, commands = build_parser()
    loose = []
    for name, command in commands.items():
        for action in command.parser._actions:
            if action.type in (int, float) and not action.choices:
                loose.append(f"{name} {action.option_strings}")
    assert not loose, f"numbers without a checked range: {loose}"
    assert len(list(number_options())) >= 20


@pytest.mark.parametrize("command,flag,number", [pytest.param(*o, id=f"{o[0]} {o[1]}")
                                                 for o in number_options()])
def test_out_of_range_and_not_finite_numbers_are_refused(command, flag, number, capsys):
    base = [command, *REQUIRED.get(command, [])]
    bad = ["nan", "inf", "-inf"]
    if number.ge is not None:
        bad.append(str(number.kind(number.ge) - 1))
    if number.gt is not None:
        bad.append(str(number.kind(number.gt)))
    if number.le is not None:
        bad.append(str(number.kind(number.le) + 1))
    for value in bad:
        try:
            code = main([*base, f"{flag}={value}"])  # "=": "-1" is not an option
        except SystemExit as e:  # a word where a whole number belongs: argparse's own error
            code = e.code
            assert number.kind is int and "invalid int value" in capsys.readouterr().err
        else:
            err = capsys.readouterr().err
            assert f"lasvegas {command}: error: {flag} must" in err and err.count("\n") == 1
        assert code == 2, (command, flag, value)


@pytest.mark.parametrize("args,words", [
    (["tournament", "--seats", "expert,medium", "--expert-ms", "nan"], "--expert-ms must be a finite number"),
    (["tournament", "--seats", "expert,medium", "--expert-ms", "-5"], "--expert-ms must be more than 0"),
    (["tournament", "--seats", "expert,medium", "--expert-ms", "1e12"], "--expert-ms must be more than 0 and at most 60000"),
    (["tournament", "--seats", "expert,medium", "--expert-work", "-1"], "--expert-work must be at least 1"),
    (["tournament", "--seats", "medium,medium", "--jobs", "1000"], "--jobs must be between 1 and 64"),
    (["solo-odds", "--level", "normal", "--expert-work", "0"], "--expert-work must be at least 1"),
    (["ai-regret", "--playouts", "-3"], "--playouts must be at least 1"),
    (["simulate", "--seed", "-1"], "--seed must be between 0 and"),
    (["simulate", "--seed", str(2**63)], "--seed must be between 0 and"),
    (["play", "--seed", "-2"], "--seed must be between 0 and"),
    (["solo", "--seed", "-2"], "--seed must be between 0 and"),
])
def test_the_issues_numbers_are_refused_in_words(args, words, capsys):
    assert main(args) == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize("rounds", ["7", "2", "0"])
def test_solo_odds_takes_1_or_4_rounds_as_its_help_says(rounds):
    code, out, err = run("solo-odds", "--level", "normal", "--games", "1", "--rounds", rounds)
    assert code == 2 and "invalid choice" in err and "Traceback" not in err


def test_tournament_with_a_time_budget_finishes():
    code, out, err = run("tournament", "--seats", "expert,medium", "--games", "1", "--rounds", "1",
                         "--expert-ms", "5", "--json")
    assert code == 0, err
    assert json.loads(out)["games"] == 1


# -- the Boulevard table options (docs/rules.md §10) ----------------------------------


def test_simulate_plays_eight_seats_with_every_option_and_writes_checked_records(tmp_path):
    f = tmp_path / "big.jsonl"
    code, out, err = run("simulate", "--games", "3", "--players", "8", "--ai", "medium",
                         "--hundreds", "--biggies", "--record-dir", str(f))
    assert code == 0, err
    assert "8 seats, minimum $90,000, $100,000 bills, Biggies" in out
    for line in f.read_text().splitlines():
        config = json.loads(line)["config"]
        assert (config["minimum"], config["hundreds"], config["biggies"]) == (90_000, True, True)
    code, out, err = run("check-record", str(f))
    assert code == 0 and "3 games replayed, all consistent" in out, out + err


def test_tournament_fills_the_table_with_the_last_level():
    code, out, err = run("tournament", "--seats", "hard,easy", "--players", "7", "--games", "1",
                         "--rounds", "1", "--minimum", "classic", "--biggies", "--json")
    assert code == 0, err
    levels = json.loads(out)["levels"]
    assert (levels["hard"]["seats"], levels["easy"]["seats"]) == (1, 6)
    assert levels["easy"]["fair_share"] == round(1 / 7, 4)


@pytest.mark.parametrize("args, words", [
    (["simulate", "--players", "9"], "a game has 2 to 8 seats, not 9"),
    (["simulate", "--players", "7", "--neutral"], "neutral-dice variant is for 2 to 6 seats"),
    (["simulate", "--solo", "normal", "--biggies"], "solo mode has no Biggies"),
    (["simulate", "--solo", "normal", "--hundreds"], "solo mode has no $100,000 bills"),
    (["tournament", "--seats", "medium,medium,medium", "--players", "2"],
     "--seats names 3 levels for --players 2"),
    (["tournament", "--seats", "medium", "--players", "9"], "--players must be between 2 and 8"),
])
def test_impossible_tables_are_refused_in_words(args, words, capsys):
    assert main(args) == 2
    assert words in capsys.readouterr().err


# -- output files ---------------------------------------------------------------------


def test_simulate_never_overwrites_a_jsonl_file_unless_forced(tmp_path, capsys):
    f = tmp_path / "mine.jsonl"
    f.write_text("my own notes\n")
    assert main(["simulate", "--games", "2", "--record-dir", str(f)]) == 2
    assert "already exists: add --force" in capsys.readouterr().err
    assert f.read_text() == "my own notes\n"
    assert main(["simulate", "--games", "2", "--record-dir", str(f), "--force"]) == 0
    assert [json.loads(line)["format"] for line in f.read_text().splitlines()] == ["lasvegas-record/1"] * 2


def test_simulate_never_overwrites_records_in_a_folder_unless_forced(tmp_path, capsys):
    d = tmp_path / "recs"
    d.mkdir()
    (d / "game-000002.json").write_text("keep")
    (d / "game-000009.json").write_text("not in the way")
    assert main(["simulate", "--games", "3", "--record-dir", str(d)]) == 2
    assert "game-000002.json already exists" in capsys.readouterr().err
    assert sorted(p.name for p in d.iterdir()) == ["game-000002.json", "game-000009.json"]
    # a run that writes none of the existing names goes ahead
    assert main(["simulate", "--games", "1", "--record-dir", str(d)]) == 0
    assert (d / "game-000001.json").exists() and (d / "game-000002.json").read_text() == "keep"
    capsys.readouterr()
    assert main(["simulate", "--games", "3", "--record-dir", str(d), "--force"]) == 0
    assert json.loads((d / "game-000002.json").read_text())["format"] == "lasvegas-record/1"
    assert (d / "game-000009.json").read_text() == "not in the way"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("layout", ["jsonl", "folder"])
def test_a_failed_write_is_one_line_and_status_1(tmp_path, layout):
    if layout == "jsonl":
        target = tmp_path / "full.jsonl"
        target.symlink_to("/dev/full")
    else:
        target = tmp_path / "recs"
        target.mkdir()
        (target / "game-000001.json").symlink_to("/dev/full")
    code, out, err = run("simulate", "--games", "2", "--record-dir", str(target), "--force")
    assert code == 1, err
    assert err.strip().count("\n") == 0 and "Traceback" not in err
    assert "cannot write" in err and "No space left on device" in err


def test_records_cannot_go_to_a_folder_that_is_a_file(tmp_path):
    f = tmp_path / "afile"
    f.write_text("x")
    code, out, err = run("simulate", "--games", "1", "--record-dir", str(f / "sub"))
    assert code == 1 and "cannot write records to" in err and "Traceback" not in err
    assert f.read_text() == "x"


# -- simulate --solo ------------------------------------------------------------------


def test_simulate_solo_plays_with_the_solo_editions_bills(tmp_path, capsys):
    f = tmp_path / "solo.jsonl"
    assert main(["simulate", "--games", "2", "--solo", "normal", "--record-dir", str(f)]) == 0
    assert "2018 bills" in capsys.readouterr().out
    assert {json.loads(line)["config"]["edition"] for line in f.read_text().splitlines()} == {"2018"}
    # the multiplayer default stays classic; an explicit edition is kept
    assert main(["simulate", "--games", "1"]) == 0
    assert "classic bills" in capsys.readouterr().out
    assert main(["simulate", "--games", "1", "--solo", "normal", "--edition", "classic"]) == 0
    assert "classic bills" in capsys.readouterr().out


# -- display options ------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "solo"])
def test_play_and_solo_share_the_windowed_fullscreen_options(command):
    _parser, commands = build_parser()
    p = commands[command].parser
    assert p.parse_args([]).fullscreen is None
    assert p.parse_args(["--windowed"]).fullscreen is False
    assert p.parse_args(["--fullscreen"]).fullscreen is True
    with pytest.raises(SystemExit) as e:
        p.parse_args(["--windowed", "--fullscreen"])
    assert e.value.code == 2


# -- layers ---------------------------------------------------------------------------


def test_only_the_commands_parse_options_and_print():
    allowed = {PKG / "cli.py", PKG / "frozen_main.py", PKG / "progress.py"}
    found = []
    for path in PKG.rglob("*.py"):
        if path in allowed or PKG / "commands" in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import) and any(a.name == "argparse" for a in node.names):
                found.append(f"{path.relative_to(ROOT)}: imports argparse")
            elif isinstance(node, ast.ImportFrom) and node.module == "argparse":
                found.append(f"{path.relative_to(ROOT)}: imports argparse")
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id == "print"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: prints")
    assert not found, found


def test_every_command_is_a_module_of_lasvegas_commands():
    from lasvegas.cli import COMMANDS

    for name, (modname, _help) in COMMANDS.items():
        assert modname == "lasvegas.commands." + name.replace("-", "_")
        assert (PKG / "commands" / (name.replace("-", "_") + ".py")).is_file()


def test_a_missing_part_of_the_build_is_left_out_but_a_real_import_error_shows():
    assert left_out_of_build(ModuleNotFoundError("No module named 'lasvegas.ui'", name="lasvegas.ui"))
    assert not left_out_of_build(ModuleNotFoundError("No module named 'pygame'", name="pygame"))
    assert not left_out_of_build(ImportError("cannot import name 'X' from 'lasvegas.core'", name="lasvegas.core"))


WITHOUT_UI = """
import importlib.abc, sys
class NoUI(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "lasvegas.ui" or name.startswith("lasvegas.ui."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None
sys.meta_path.insert(0, NoUI())
from lasvegas.cli import main
sys.exit(main(sys.argv[1:]))
"""


def without_ui(*args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-c", WITHOUT_UI, *args], capture_output=True, text=True,
                       timeout=120, env=env)
    return p.returncode, p.stdout, p.stderr


def test_a_build_without_the_ui_still_offers_the_other_commands():
    code, out, err = without_ui("--help")
    assert code == 0, err
    listed = {line.split()[0] for line in out.splitlines() if line.startswith("    ") and line.split()}
    assert {"simulate", "check-record", "bench", "tournament", "ai-regret", "solo-odds"} <= listed
    assert not {"play", "solo", "screenshot"} & listed
    code, out, err = without_ui("simulate", "--games", "2", "--json")
    assert code == 0 and json.loads(out)["games"] == 2
    code, out, err = without_ui()
    assert code == 2 and "the desktop game is not available" in err
    code, out, err = without_ui("bench", "ui", "--frames", "3")
    assert code == 2 and "the desktop game is not available" in err and "Traceback" not in err


def test_number_describes_its_range():
    assert Number(int, ge=1).problem(0) == "must be at least 1, not 0"
    assert Number(int, ge=1, le=5).problem(9) == "must be between 1 and 5, not 9"
    assert Number(float, gt=0).problem(0.0) == "must be more than 0, not 0.0"
    assert Number(float, le=2).problem(3.0) == "must be at most 2, not 3.0"
    assert Number(float, gt=0, le=2).problem(-1.0) == "must be more than 0 and at most 2, not -1.0"
    assert Number(float).problem(math.nan) == "must be a finite number, not nan"
    assert Number(int, ge=0).problem(10**5000) is None and Number(int, ge=1).problem(1) is None
    with pytest.raises(ValueError):
        Number(int)("many")
    assert isinstance(Number(int)("12"), int)
    assert Number(int).__name__ == "int" and Number(float).__name__ == "float"


# -- the output itself --------------------------------------------------------------


def run_with_stdout(stdout, *args):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-m", "lasvegas", *args], stdout=stdout, stderr=subprocess.PIPE,
                       text=True, timeout=120, env=env)
    return p.returncode, p.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_one_line_and_status_1():
    with open("/dev/full", "w") as full:
        code, err = run_with_stdout(full, "simulate", "--games", "3")
    assert code == 1 and "Traceback" not in err
    assert err == "lasvegas simulate: error: cannot write the output: No space left on device\n"


def test_a_reader_that_stops_reading_ends_the_command_quietly():
    r, w = os.pipe()
    os.close(r)  # like `lasvegas simulate | head -0`: nobody reads the output
    try:
        code, err = run_with_stdout(w, "simulate", "--games", "3")
    finally:
        os.close(w)
    assert code == 1 and err == ""
