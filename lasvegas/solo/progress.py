"""The solo challenge ladder: which levels are open, results, the daily challenge.

Stored as JSON in the user's data folder, read and written through
``lasvegas.store``: the whole file is checked before use; a damaged one is
moved aside (``solo_progress.damaged-<time>.json``, never deleted), a fresh
ladder starts, and the caller gets a message to show the player.

Choices (written down in docs/playing.md, "Solo challenges"):
- a level is *beaten* by winning a full-length (4-round) game; quick
  challenges (1 round) are kept and shown but do not open the next level;
- a win with hints counts, and the result says hints were used;
- the best result of a level is the one with the largest margin (your money
  minus all other colours together), a win always before a loss;
- the ladder keeps the rulebook's order (Normal, Hard, Expert 7 … Expert 2,
  Master), which is not the order of difficulty: Hard (two colours
  pre-placed) is harder than Expert 7 and Expert 6 (the strongest AI wins
  52%, 70% and 65% of full games).  So beating Normal opens Hard, Expert 7
  and Expert 6 together; every other level opens when the one before it is
  beaten.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import store
from ..store import N_
from ..core import SOLO_LEVELS
from ..store.paths import data_dir
from ..store.shape import Bool, Const, Date, Int, Map, Null, Obj, ShapeError, Str

FORMAT = "lasvegas-solo-progress/1"
LEVEL_NAMES = [lv.name for lv in SOLO_LEVELS]
LENGTHS = ("full", "quick")
#: the level whose full-length win opens each level (None: open from the start)
OPENED_BY: dict[str, str | None] = {name: LEVEL_NAMES[i - 1] if i else None
                                    for i, name in enumerate(LEVEL_NAMES)}
OPENED_BY.update({"expert-7": "normal", "expert-6": "normal"})  # easier than Hard: open beside it


def opened_by(level: str) -> str | None:
    """The level to beat (a full-length win) to open ``level``; None for the first."""
    return OPENED_BY[level]


def opens(level: str) -> list[str]:
    """The levels that beating ``level`` opens, in ladder order."""
    return [name for name in LEVEL_NAMES if OPENED_BY[name] == level]


@dataclass(frozen=True)
class SoloResult:
    level: str
    rounds: int
    money: int  # the player's money
    others: int  # all other colours together
    won: bool
    hints: int = 0
    seed: int | None = None

    @property
    def margin(self) -> int:
        return self.money - self.others

    @property
    def length(self) -> str:
        return "quick" if self.rounds == 1 else "full"

    def to_dict(self) -> dict[str, Any]:
        return {"money": self.money, "others": self.others, "margin": self.margin, "won": self.won,
                "hints": self.hints, "seed": self.seed, "rounds": self.rounds}


def _empty_level() -> dict[str, Any]:
    return {length: {"attempts": 0, "wins": 0, "best": None} for length in LENGTHS}


# ------------------------------------------------------------ the file's shape
_BIG = 10**9  # far more money, games or hints than anyone has
_RESULT = {"margin": Int(-_BIG, _BIG), "won": Bool()}
_RESULT_OPT = {"money": (Int(0, _BIG), 0), "others": (Int(0, _BIG), 0), "hints": (Int(0, _BIG), 0),
               "seed": (Null(Int(0, 2**64)), None), "rounds": (Int(1, 4), 4)}
_BEST = Obj(_RESULT, _RESULT_OPT)
_DAILY_RESULT = Obj(_RESULT, {**_RESULT_OPT, "level": (Null(Str(40)), None)})


def _counts(v: Any, where: str) -> dict:
    e = Obj({"attempts": Int(0, _BIG), "wins": Int(0, _BIG), "best": Null(_BEST)})(v, where)
    if e["wins"] > e["attempts"]:
        raise ShapeError(f"{where}.wins", f"at most the {e['attempts']} games played", e["wins"])
    return e


_LEVEL = Obj({}, {length: (_counts, {"attempts": 0, "wins": 0, "best": None}) for length in LENGTHS})
_DAILY = Obj({}, {"result": (Null(_DAILY_RESULT), None), "practice": (Int(0, _BIG), 0)})
_FILE = Obj({"format": Const(FORMAT)}, {"unlock_all": (Bool(), False), "levels": (Map(Str(40), _LEVEL), {}),
                                         "daily": (Map(Date(), _DAILY), {})})

SOLO_PROGRESS = store.FileKind(
    "solo-progress", N_("Your solo progress"),
    N_("starting a fresh ladder (the levels beaten, best results and daily results are in the copy)"),
    lambda data: _FILE(data, ""))


class SoloProgress:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / "solo_progress.json"
        self.unlock_all = False
        self.levels: dict[str, dict[str, Any]] = {name: _empty_level() for name in LEVEL_NAMES}
        self.daily: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------ files
    @classmethod
    def load(cls, path: Path | None = None) -> tuple["SoloProgress", str | None]:
        """The saved progress and, if the file was unusable (now kept aside), a message for the player."""
        prog = cls(path)
        data, message = store.recover(SOLO_PROGRESS, prog.path)
        if data is not None:
            prog.unlock_all = data["unlock_all"]
            for name, entry in data["levels"].items():
                if name in prog.levels:  # a level from a newer version: ignored
                    prog.levels[name] = entry
            prog.daily = data["daily"]
        return prog, message

    def save(self) -> bool:
        """Write the progress atomically; False (and a message for the player) when it failed."""
        return store.try_write(SOLO_PROGRESS, self.path, self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "unlock_all": self.unlock_all, "levels": self.levels, "daily": self.daily}

    # ------------------------------------------------------------ ladder
    def state(self, level: str) -> str:
        """``"beaten"``, ``"open"`` or ``"locked"``."""
        if self.levels[level]["full"]["wins"] > 0:
            return "beaten"
        return "open" if self.is_unlocked(level) else "locked"

    def is_unlocked(self, level: str) -> bool:
        before = opened_by(level)
        return self.unlock_all or before is None or self.levels[before]["full"]["wins"] > 0

    def record(self, result: SoloResult) -> bool:
        """Count one finished game; returns True if it is the level's new best."""
        e = self.levels[result.level][result.length]
        e["attempts"] += 1
        if result.won:
            e["wins"] += 1
        best = e["best"]
        if best is None or (result.won, result.margin) > (best["won"], best["margin"]):
            e["best"] = result.to_dict()
            return True
        return False

    # ------------------------------------------------------------ daily
    def daily_entry(self, date: _dt.date) -> dict[str, Any] | None:
        return self.daily.get(date.isoformat())

    def daily_played(self, date: _dt.date) -> bool:
        e = self.daily_entry(date)
        return bool(e and e.get("result"))

    def record_daily(self, date: _dt.date, result: SoloResult) -> bool:
        """The first finished game of a day is its result; later ones are practice.

        Returns True when this game was the one for the record.
        """
        e = self.daily.setdefault(date.isoformat(), {"result": None, "practice": 0})
        if e.get("result") is None:
            e["result"] = dict(result.to_dict(), level=result.level)
            return True
        e["practice"] = e.get("practice", 0) + 1
        return False
