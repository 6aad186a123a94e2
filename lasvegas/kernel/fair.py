"""Fair dice online: a SHA-256 commitment to a game's seed.

The server publishes ``commit(seed, nonce)`` when the game starts and reveals
the seed and the nonce when it ends.  The seed decides the deck and every
roll (``Game(config, seed)``), so a record whose seed matches the published
commitment and replays (``core.record.replay``) proves that the dice were
fixed before the first move and never changed.  The random nonce keeps the
seed from being found by trying seeds against the commitment.
"""

from __future__ import annotations

import hashlib
import re

PREFIX = "lasvegas-seed/1"
_HEX = re.compile(r"^[0-9a-f]{16,128}$")
_SHA = re.compile(r"^[0-9a-f]{64}$")


def commit(seed: int, nonce: str) -> str:
    """The commitment to ``seed``: hex SHA-256 of ``"lasvegas-seed/1:<nonce>:<seed>"``."""
    return hashlib.sha256(f"{PREFIX}:{nonce}:{seed}".encode("ascii")).hexdigest()


def commitment_problem(commitment: object, seed: object) -> str | None:
    """Why a record's ``commitment`` field does not prove its seed, or None when it does."""
    if not isinstance(commitment, dict) or set(commitment) != {"sha256", "nonce"}:
        return 'commitment: expected {"sha256": hex, "nonce": hex}'
    sha, nonce = commitment["sha256"], commitment["nonce"]
    if not isinstance(sha, str) or not _SHA.match(sha):
        return "commitment.sha256: expected 64 lower-case hex digits"
    if not isinstance(nonce, str) or not _HEX.match(nonce):
        return "commitment.nonce: expected 16 to 128 lower-case hex digits"
    if not isinstance(seed, int) or isinstance(seed, bool):
        return "commitment: the record has no seed to check against it"
    if commit(seed, nonce) != sha:
        return "commitment: the seed does not match the commitment published at the start"
    return None
