"""The Lords of Vegas engine plays without pygame (what it imports: the table of folders of
tests/layers.py, checked by tests/test_layers.py)."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2] / "lasvegas"


def test_playing_lords_does_not_load_pygame():
    code = ("import sys; from lasvegas.cli import main;"
            "main(['simulate', '--game', 'lords', '--games', '1', '--json']);"
            "assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT.parent, capture_output=True, timeout=120)
