"""Fair dice: the record of an online game carries the commitment to its seed; check-record checks it."""

import json
import subprocess
import sys

import pytest

from lasvegas.core import Config, Game, replay
from lasvegas.kernel.errors import RecordError
from lasvegas.kernel.fair import commit


def online_record(seed=11, nonce="0123456789abcdef0123456789abcdef"):
    g = Game(Config.multi(2, rounds=1), seed)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    rec = g.record()
    rec["commitment"] = {"sha256": commit(seed, nonce), "nonce": nonce}
    return rec


def test_a_seed_that_matches_its_commitment_checks():
    replay(online_record())


@pytest.mark.parametrize("change, words", [
    (lambda r: r["commitment"].update(nonce="f" * 32), "does not match the commitment"),
    (lambda r: r["commitment"].update(sha256="0" * 64), "does not match the commitment"),
    (lambda r: r["commitment"].update(sha256="xyz"), "commitment.sha256"),
    (lambda r: r.update(commitment="yes"), "commitment: expected"),
])
def test_a_seed_that_does_not_match_fails(change, words):
    rec = online_record()
    change(rec)
    with pytest.raises(RecordError, match=words):
        replay(rec)


def test_check_record_reports_a_broken_commitment(tmp_path):
    rec = online_record()
    rec["commitment"]["nonce"] = "a" * 32
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    out = subprocess.run([sys.executable, "-m", "lasvegas", "check-record", str(path)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 1 and "commitment" in out.stdout
