"""The coach's review of a Lords of Vegas game kept beside its record (``<record>.review.json``).

Every kept review is read as untrusted: its whole shape is checked (``store.FileKind``), and one
that does not check is put aside by ``store`` with the player told; the game is then reviewed
again.  Never listed in Records (``kit.recordfiles.is_review``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ...lords import coach as lords_coach
from ... import store
from ...kernel.ratings import LABEL_NAMES
from ..kit.recordfiles import REVIEW_ENDING


# ------------------------------------------------------------- kept beside the record
#: reviews kept per record (other seats, other budgets)
KEPT = 8


def _number(v: Any, lo: float, hi: float) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and lo <= v <= hi


def _check_decision(d: Any, seats: list[str], where: str) -> dict:
    """One kept decision as the screen reads it (``ValueError`` naming what is wrong)."""
    if not isinstance(d, dict):
        raise ValueError(f"{where}: expected an object")
    for key in ("move", "turn"):
        if type(d.get(key)) is not int or d[key] < 0:
            raise ValueError(f"{where}.{key}: expected a whole number")
    if d.get("seat") not in seats:
        raise ValueError(f"{where}.seat: not a seat of the game")
    if d.get("label") is not None and d.get("label") not in LABEL_NAMES:
        raise ValueError(f"{where}.label: not a label")
    if not all(_number(d.get(k), 0.0, 1.0) for k in ("chance", "best_chance")) or not _number(d.get("loss"), 0, 100):
        raise ValueError(f"{where}: chances from 0 to 1 and a loss from 0 to 100 expected")
    for key in ("action", "best_action"):
        v = d.get(key)
        if v is not None and not isinstance(v, dict) or (key == "action" and v is None):
            raise ValueError(f"{where}.{key}: expected an action")
    if d.get("best") is not None and not isinstance(d["best"], str):
        raise ValueError(f"{where}.best: expected words")
    return {k: d.get(k) for k in ("move", "turn", "seat", "label", "chance", "best_chance", "loss", "action",
                                  "best_action", "best")}


def _check_summary(s: Any, where: str) -> dict:
    if not isinstance(s, dict) or not isinstance(s.get("labels"), dict):
        raise ValueError(f"{where}: expected a seat's summary")
    labels = {k: s["labels"].get(k) for k in LABEL_NAMES}
    if not all(type(v) is int and v >= 0 for v in labels.values()):
        raise ValueError(f"{where}.labels: a count per label expected")
    if s.get("accuracy") is not None and not _number(s["accuracy"], 0, 100):
        raise ValueError(f"{where}.accuracy: expected 0 to 100")
    return {"labels": labels, "accuracy": s.get("accuracy")}


def _kept_shape(data: Any) -> list[dict]:
    if not isinstance(data, dict) or data.get("format") != lords_coach.REVIEW_FORMAT:
        raise ValueError(f"not a {lords_coach.REVIEW_FORMAT} file")
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise ValueError("entries: expected a list")
    out = []
    for i, e in enumerate(entries[-KEPT:]):
        where = f"entries[{i}]"
        if not isinstance(e, dict) or not isinstance(e.get("key"), str) or not isinstance(e.get("seats"), list) \
                or not all(isinstance(c, str) for c in e["seats"]) or not isinstance(e.get("decisions"), list) \
                or not isinstance(e.get("summary"), dict):
            raise ValueError(f"{where}: expected a key, the seats, decisions and a summary")
        out.append({"key": e["key"], "seats": list(e["seats"]),
                    "decisions": [_check_decision(d, e["seats"], f"{where}.decisions[{j}]")
                                  for j, d in enumerate(e["decisions"])],
                    "summary": {c: _check_summary(v, f"{where}.summary.{c}") for c, v in e["summary"].items()
                                if c in e["seats"]}})
    return out


KEPT_KIND = store.FileKind("lords-review", store.N_("The saved review of a game"),
                           store.N_("the game will be reviewed again"), _kept_shape)


def kept_path(record_path: Any) -> Path:
    """Where the review of the record ``record_path`` is kept."""
    p = Path(record_path)
    return p.with_name(p.name + REVIEW_ENDING)


def review_key(record: dict, colours: list[str], budget: tuple[int, int] | None) -> str:
    """What a kept review was made of: the record's text, the seats reviewed, the coach's budget."""
    text = json.dumps([record, sorted(colours), list(budget) if budget else None], sort_keys=True,
                      separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def read_kept(path: Path, key: str):
    """The review kept at ``path`` under ``key`` (a ``LordsReview``), or None."""
    entries = store.load(KEPT_KIND, path) if path.exists() else None
    for e in entries or []:
        if e["key"] == key:
            return lords_coach.LordsReview(e["seats"], e["decisions"], e["summary"])
    return None


def keep(path: Path, key: str, result) -> bool:
    """Keep ``result`` at ``path`` under ``key`` (beside the others; the oldest dropped past ``KEPT``)."""
    entries = [e for e in (store.load(KEPT_KIND, path) if path.exists() else None) or [] if e["key"] != key]
    entries.append({"key": key, "seats": list(result.seats), "decisions": result.decisions,
                    "summary": {c: {"labels": s["labels"], "accuracy": s["accuracy"]} for c, s in result.summary.items()}})
    return store.try_write(KEPT_KIND, path, {"format": lords_coach.REVIEW_FORMAT, "entries": entries[-KEPT:]})
