"""build/freeze.py: the parts that need no PyInstaller run (that one is build/ci_freeze.sh)."""

from __future__ import annotations

import sys

import pytest


@pytest.fixture(scope="module")
def fz(load_script):
    return load_script("freeze")


def test_smoke_test_switches_to_the_game_once_it_exists(fz):
    assert fz.smoke_commands({"ui": True, "sim": True}) == [["--smoke-test"]]
    assert fz.smoke_commands({"ui": False, "sim": False}) == [["--version"]]
    assert fz.smoke_commands({"ui": False, "sim": True}) == [
        ["--version"], ["simulate", "--games", "5", "--players", "3"]]


def test_smoke_env_is_headless_and_never_uses_the_real_user_folders(fz, tmp_path, monkeypatch):
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setenv("LASVEGAS_FIRST_FRAME_EXIT", "1")
    env = fz.smoke_env(tmp_path)
    assert env["SDL_VIDEODRIVER"] == "dummy" and env["SDL_AUDIODRIVER"] == "dummy"
    assert env["LASVEGAS_HOME"] == str(tmp_path)
    assert "LASVEGAS_FIRST_FRAME_EXIT" not in env


def test_source_copy_leaves_out_build_output(fz, tmp_path, root):
    dest = tmp_path / "src"
    fz.copy_source(dest)
    assert (dest / "pyproject.toml").is_file()
    assert (dest / "lasvegas" / "cli.py").is_file()
    assert (dest / "assets" / "icons" / "lasvegas.ico").is_file()
    for name in ("build", "dist", ".git", ".venv"):
        assert not (dest / name).exists()
    assert not list(dest.rglob("__pycache__"))


def test_failed_command_raises_with_its_output(fz):
    with pytest.raises(fz.Failed, match="exit status 3"):
        fz.run([sys.executable, "-c", "import sys; print('why'); sys.exit(3)"], timeout=30, capture=True)
    with pytest.raises(fz.Failed, match="timed out"):
        fz.run([sys.executable, "-c", "import time; time.sleep(5)"], timeout=0.5)


def test_platform_tag(fz):
    system, machine = fz.platform_tag().split("-", 1)
    assert system in ("linux", "windows", "macos") and machine
