"""A few seconds of build/soak.py: random games over every mode, invariants every turn, saves and records."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_short_soak_breaks_no_invariant():
    p = subprocess.run([sys.executable, str(ROOT / "build" / "soak.py"), "--seconds", "3", "--json", "--seed", "5"],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    out = json.loads(p.stdout)
    assert p.returncode == 0 and out["violations"] == 0, out["problems"]
    assert out["games"] >= 1 and out["turns"] > 0 and out["save_round_trips"] > 0
