"""``lasvegas check-record``: replay game records (Las Vegas or Lords of Vegas) through the rules engine."""

from __future__ import annotations

from ..kernel.errors import LasVegasError, RecordError
from ..core.record import read_records
from . import registry


def _replay(rec: object) -> None:
    """Replay a record of any game (its ``format`` field says which: ``registry.game_of_record``)."""
    registry.game_of_record(rec).replay(rec)


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
