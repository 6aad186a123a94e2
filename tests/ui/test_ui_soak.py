"""Issue 35: a short seeded random-input run of each game through the real (headless) window, from
the title and from Lords of Vegas's setup: no crash, no "Something went wrong" screen, and nothing
in the error log (a refusal of the rules is no error: it goes to the diagnostics log).
The long run is ``build/ui_soak.py --minutes N`` (docs/reliability.md)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game,seed", [("lasvegas", 35), ("lords", 36)])
def test_a_short_random_input_run_finds_no_crash(game, seed):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    p = subprocess.run([sys.executable, str(ROOT / "build" / "ui_soak.py"), "--seconds", "35", "--seed", str(seed),
                        "--game", game, "--json"], capture_output=True, text=True, timeout=120, cwd=ROOT, env=env)
    out = json.loads(p.stdout)
    assert not out["crashes"], json.dumps(out["crashes"][0], indent=1)[:6000]
    assert out["error_log"] == "", out["error_log"]
    assert p.returncode == 0, p.stderr[-3000:]
    assert out["frames"] > 100 and out["events"] > 50
    first = "TitleScene" if game == "lasvegas" else "LordsSetupScene"
    assert out["scenes"].get(first, 0) > 0
    assert 0 < out["rss_mb"]["max"] <= 350
