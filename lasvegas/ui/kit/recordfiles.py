"""What both games' Records lists say of a record file (no drawing): why one cannot be replayed,
in the player's language, and which files beside the records are not records (the coach's
reviews). Shared by the app's list (ui/files/records_list.py) and each game's (ui/lords/records.py)."""

from __future__ import annotations

from pathlib import Path

from .i18n import _

#: the coach's review of a record is kept beside it under this ending (``ai.coach.cache_path``)
REVIEW_ENDING = ".review.json"


def is_review(path: Path) -> bool:
    """The coach's review of a game kept beside its record: part of that game, not a record."""
    return Path(path).name.endswith(REVIEW_ENDING)


def record_problem(detail: str) -> str:
    """Why a record cannot be replayed, in the player's language, from the reader's (English) detail."""
    if "not valid JSON" in detail or "not text" in detail or "the file is empty" in detail:
        return _("it is not a whole JSON text (cut short?)")
    if "folder" in detail or "cannot read" in detail or "no such file" in detail:
        return _("it cannot be read")
    if "larger than" in detail:
        return _("it is too large for a game record")
    if detail.startswith("format is"):
        return _("it is not a game record of this version")
    return _("its content does not check against the rules")
