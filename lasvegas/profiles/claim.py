"""A finished game played by guests, counted for profiles afterwards (both games).

A human seat that played without a profile (a typed name) counts for nobody.  ``claim_seats``
names profiles on such seats of a finished record, so that its game counts for them: the record
is written again with only ``players.<colour>.profile`` added.  Nothing else of the record
changes, and a record that does not check, a practice game, or a claim on a seat that is not a
guest human seat leaves the file untouched.  ``guest_colours`` tells which seats could be
claimed.  Each game says what counts (``history.count_las_vegas``, ``lords_stats.count_for_profile``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from .. import store
from ..kernel.errors import RecordError
from ..core import read_records


def finished_record(path: Path, counts: Callable[[dict], bool]) -> dict | None:
    """The one record of the file at ``path`` when ``counts(rec)``: the game's own check that the
    record checks whole (its format too: ``RecordError``/``ValueError`` there mean no), is finished
    and is no practice game; else None."""
    try:
        recs = list(read_records(Path(path)))
        if len(recs) != 1:
            return None
        rec = recs[0][1]
        if not isinstance(rec, dict) or not isinstance(rec.get("players"), dict) or not counts(rec):
            return None
    except (RecordError, ValueError, OSError):
        return None
    return rec


def _guest(who: Any) -> bool:
    return isinstance(who, dict) and who.get("kind") == "human" and not who.get("profile")


def guest_colours(path: Path, counts: Callable[[dict], bool]) -> list[str]:
    """The seat colours of the finished record at ``path`` whose humans played without a profile,
    in seat order (none when the record does not check or is practice)."""
    rec = finished_record(path, counts)
    if rec is None:
        return []
    players = rec["players"]
    return [c for c in players if _guest(players[c])]


def claim_seats(path: Path, claims: dict[str, str], counts: Callable[[dict], bool]) -> bool:
    """Name the profiles ``claims`` (seat colour -> profile id) on guest seats of the finished
    record at ``path`` (see the module's text).  False, the file untouched, when it cannot be."""
    rec = finished_record(path, counts)
    if rec is None or not claims:
        return False
    players = rec["players"]
    if not all(_guest(players.get(colour)) for colour in claims):
        return False
    for colour, pid in claims.items():
        players[colour]["profile"] = pid
    try:
        store.write_bytes(Path(path), (json.dumps(rec, indent=1) + "\n").encode("utf-8"))
    except store.WriteFailed:
        return False
    return True


__all__ = ["claim_seats", "finished_record", "guest_colours"]
