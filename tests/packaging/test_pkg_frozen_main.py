"""lasvegas.frozen_main: the frozen entry point logs unexpected errors to a file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from lasvegas import frozen_main


def boom(argv):
    raise RuntimeError("the dice fell off the table")


def test_error_goes_to_the_log_and_a_short_message(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))
    assert frozen_main.run(["--seed", "7"], main=boom) == 1
    log = tmp_path / "logs" / "error.log"
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: the dice fell off the table" in text
    assert "'--seed', '7'" in text
    err = capsys.readouterr().err
    assert "RuntimeError: the dice fell off the table" in err
    assert str(log) in err
    assert "Traceback" not in err  # the details are in the file, not on screen


def test_log_is_appended_and_rotated(tmp_path, monkeypatch):
    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))
    monkeypatch.setattr(frozen_main, "LOG_MAX_BYTES", 10)
    frozen_main.run([], main=boom)
    frozen_main.run([], main=boom)
    assert (tmp_path / "logs" / "error.log.1").exists()
    assert (tmp_path / "logs" / "error.log").read_text().count("==== ") == 1  # one report each


def test_default_log_dir_is_the_users_log_folder(monkeypatch):
    from platformdirs import user_log_dir

    monkeypatch.delenv("LASVEGAS_HOME", raising=False)
    assert frozen_main.log_dir() == Path(user_log_dir("lasvegas", appauthor=False))


def test_unwritable_log_dir_falls_back_to_temp(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "home"
    blocker.write_text("a file where the folder should be")
    monkeypatch.setenv("LASVEGAS_HOME", str(blocker))
    monkeypatch.setattr(frozen_main.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    assert frozen_main.run([], main=boom) == 1
    assert (tmp_path / "tmp" / "lasvegas" / "error.log").exists()
    assert str(tmp_path / "tmp") in capsys.readouterr().err


def test_exit_status_and_system_exit_pass_through(tmp_path, monkeypatch):
    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))
    assert frozen_main.run([], main=lambda argv: 3) == 3
    assert frozen_main.run([], main=lambda argv: None) == 0

    def leave(argv):
        raise SystemExit(2)

    with pytest.raises(SystemExit):
        frozen_main.run([], main=leave)

    def interrupted(argv):
        raise KeyboardInterrupt

    assert frozen_main.run([], main=interrupted) == 130
    assert not (tmp_path / "logs").exists()


def test_runs_the_real_cli(capsys):
    with pytest.raises(SystemExit) as e:
        frozen_main.run(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.startswith("lasvegas ")


def test_windowed_build_without_streams(tmp_path, monkeypatch):
    """A windowed Windows build starts with sys.stdout/stderr None: printing must not crash."""
    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)

    def prints(argv):
        print("hello")
        raise ValueError("bad")

    assert frozen_main.run([], main=prints) == 1
    assert "ValueError: bad" in (tmp_path / "logs" / "error.log").read_text()
