"""The command line: screenshot, smoke test and the UI benchmark's JSON."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def _run(args, home):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LASVEGAS_HOME=str(home),
               PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "lasvegas", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=240)


def test_screenshot_writes_a_png(tmp_path):
    out = tmp_path / "table.png"
    p = _run(["screenshot", "--scene", "table", "--seed", "4", "--players", "3", "--out", str(out)], tmp_path)
    assert p.returncode == 0, p.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (1280, 720)


def test_screenshot_at_a_size_and_scale_is_drawn_at_that_resolution(tmp_path):
    out = tmp_path / "title.png"
    p = _run(["screenshot", "--scene", "title", "--size", "2560x1440", "--scale", "75", "--out", str(out)], tmp_path)
    assert p.returncode == 0, p.stderr
    img = pygame.image.load(str(out))
    assert img.get_size() == (2560, 1440)
    # 75% of what fits: the game is 1920x1080 in the middle, black bands around it
    assert img.get_at((100, 100))[:3] == (0, 0, 0) and img.get_at((1280, 720))[:3] != (0, 0, 0)
    assert img.get_at((320 + 5, 180 + 5))[:3] != (0, 0, 0)


def test_size_and_scale_options_are_checked(tmp_path):
    for bad, said in ((["--size", "100x100"], "from 960x540"), (["--size", "big"], "WIDTHxHEIGHT"),
                      (["--scale", "300"], "--scale must be between 75 and 200")):
        p = _run(["screenshot", "--scene", "title", "--out", str(tmp_path / "x.png"), *bad], tmp_path)
        assert p.returncode == 2 and said in p.stderr and "Traceback" not in p.stderr


def test_screenshot_rejects_an_unknown_scene(tmp_path):
    p = _run(["screenshot", "--scene", "nowhere", "--out", str(tmp_path / "x.png")], tmp_path)
    assert p.returncode == 2 and "invalid choice" in p.stderr


def test_bench_ui_json(tmp_path):
    p = _run(["bench", "ui", "--frames", "30", "--json"], tmp_path)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout.strip().splitlines()[-1])
    assert data["frames"] == 30
    assert set(data["frame_ms"]) == {"p50", "p95", "p99"}
    assert data["frame_ms"]["p50"] <= data["frame_ms"]["p95"] <= data["frame_ms"]["p99"]
    assert data["startup_s"] > 0
    assert set(data["moment_p99_ms"]) == {"table-5", "table-8", "tumble", "payout"}
    assert data["size"] == [1280, 720] and data["ui_scale"] == 100 and data["resize_ms"] > 0


def test_bench_ui_at_a_size(tmp_path):
    p = _run(["bench", "ui", "--frames", "9", "--size", "1920x1080", "--json"], tmp_path)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout.strip().splitlines()[-1])
    assert data["frames"] == 9 and data["size"] == [1920, 1080] and data["resize_wall_ms"] >= data["resize_ms"] * 0.5


def test_screenshot_never_overwrites_a_file_unless_forced(tmp_path):
    out = tmp_path / "mine.png"
    out.write_bytes(b"my picture")
    p = _run(["screenshot", "--scene", "title", "--out", str(out)], tmp_path)
    assert p.returncode == 2 and "already exists: add --force" in p.stderr
    assert out.read_bytes() == b"my picture"
    p = _run(["screenshot", "--scene", "title", "--out", str(out), "--force"], tmp_path)
    assert p.returncode == 0, p.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_screenshot_that_cannot_be_written_is_one_line_and_status_1(tmp_path):
    p = _run(["screenshot", "--scene", "title", "--out", str(tmp_path / "no" / "such" / "x.png")], tmp_path)
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert p.stderr.startswith("lasvegas screenshot: error:") and p.stderr.strip().count("\n") == 0


def test_headless_sets_the_dummy_drivers_and_a_home_and_puts_everything_back(monkeypatch, tmp_path):
    from lasvegas.ui.kit import headless as h

    for key in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "LASVEGAS_HOME"):
        monkeypatch.delenv(key, raising=False)
    with h.headless():
        home = Path(os.environ["LASVEGAS_HOME"])
        assert home.is_dir()
        assert os.environ["SDL_VIDEODRIVER"] == "dummy" and os.environ["SDL_AUDIODRIVER"] == "dummy"
    assert not home.exists()
    assert "LASVEGAS_HOME" not in os.environ and "SDL_VIDEODRIVER" not in os.environ
    # a home that is set is kept, unless a fresh one is asked for
    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))
    with h.headless():
        assert os.environ["LASVEGAS_HOME"] == str(tmp_path)
    with h.headless(fresh_home=True):
        assert os.environ["LASVEGAS_HOME"] != str(tmp_path)
    assert os.environ["LASVEGAS_HOME"] == str(tmp_path)
    # keep_display: a real screen stays in use where there is one
    monkeypatch.setattr(h, "has_display", lambda: True)
    with h.headless(keep_display=True):
        assert "SDL_VIDEODRIVER" not in os.environ
    monkeypatch.setattr(h, "has_display", lambda: False)
    with h.headless(keep_display=True):
        assert os.environ["SDL_VIDEODRIVER"] == "dummy"


def test_screenshot_renders_any_page_of_the_rules_of_each_game(tmp_path):
    """``--page N`` shows page N: the staged rules open at page 3, so ``--page 3`` is that picture and
    ``--page 1`` another; a page the rules lack, or a page of another scene, is refused in one line."""
    for game in ("lasvegas", "lords"):
        shots = {}
        for page in (None, 1, 3):
            out = tmp_path / f"{game}-{page}.png"
            p = _run(["screenshot", "--game", game, "--scene", "rules", "--out", str(out),
                      *(["--page", str(page)] if page else [])], tmp_path)
            assert p.returncode == 0, p.stderr
            shots[page] = pygame.image.tobytes(pygame.image.load(str(out)), "RGB")
        assert shots[3] == shots[None] and shots[1] != shots[3], game
        p = _run(["screenshot", "--game", game, "--scene", "rules", "--page", "99", "--out", str(tmp_path / "x.png")],
                 tmp_path)
        assert p.returncode != 0 and "--page 99: the rules have pages 1 to" in p.stderr and "Traceback" not in p.stderr
    p = _run(["screenshot", "--scene", "title", "--page", "2", "--out", str(tmp_path / "x.png")], tmp_path)
    assert p.returncode != 0 and "only --scene rules has pages" in p.stderr
