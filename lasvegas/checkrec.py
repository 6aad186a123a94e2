"""``lasvegas check-record``: replay game records (Las Vegas or Lords of Vegas) through the rules engine."""

from __future__ import annotations

from .core import LasVegasError, RecordError
from .core.record import read_records, replay


def _replay(rec: object) -> None:
    """Replay a record of either game (its ``format`` field says which)."""
    if isinstance(rec, dict) and isinstance(rec.get("format"), str) and rec["format"].startswith("lords-"):
        from .lords.record import replay as replay_lords
        replay_lords(rec)
    else:
        replay(rec)


def check_file(path: str) -> tuple[int, list[str]]:
    """``(records checked, problems)`` for one file."""
    problems: list[str] = []
    count = 0
    try:
        for where, rec in read_records(path):
            count += 1
            try:
                _replay(rec)
            except LasVegasError as e:
                problems.append(f"{where}: {e}")
            except RecursionError:
                problems.append(f"{where}: the record is nested too deeply")
    except RecordError as e:
        problems.append(str(e))
    return count, problems
