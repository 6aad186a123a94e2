"""The solo challenge ladder: which levels are open, results, the daily challenge.

Stored as JSON in the user's data folder.  A corrupt file is moved aside
(kept, never deleted), a fresh ladder starts, and the caller gets a message
to show the player.

Choices (written down in the README):
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
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core import SOLO_LEVELS
from ..paths import data_dir

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


class SoloProgress:
    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / "solo_progress.json"
        self.unlock_all = False
        self.levels: dict[str, dict[str, Any]] = {name: _empty_level() for name in LEVEL_NAMES}
        self.daily: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------ files
    @classmethod
    def load(cls, path: Path | None = None) -> tuple["SoloProgress", str | None]:
        """The saved progress and, if the file was unusable, a message for the player."""
        prog = cls(path)
        try:
            text = prog.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return prog, None
        except OSError as e:
            return prog, f"Solo progress could not be read ({e.strerror}); starting a fresh ladder."
        try:
            prog._from_dict(json.loads(text))
        except (ValueError, TypeError, KeyError, AttributeError) as e:
            kept = prog._keep_aside()
            fresh = cls(prog.path)
            where = f" The old file was kept as {kept.name}." if kept else ""
            return fresh, f"Solo progress was damaged ({_short(e)}); starting a fresh ladder.{where}"
        return prog, None

    def _keep_aside(self) -> Path | None:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}{self.path.suffix}")
        try:
            os.replace(self.path, target)
            return target
        except OSError:
            return None

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=1), encoding="utf-8")
        os.replace(tmp, self.path)  # never leaves a half-written file behind

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "unlock_all": self.unlock_all, "levels": self.levels, "daily": self.daily}

    def _from_dict(self, d: Any) -> None:
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise ValueError("not a solo progress file")
        if not isinstance(d.get("unlock_all", False), bool):
            raise ValueError("unlock_all is not true/false")
        self.unlock_all = d.get("unlock_all", False)
        levels = d.get("levels", {})
        if not isinstance(levels, dict):
            raise ValueError("levels is not an object")
        for name, entry in levels.items():
            if name not in self.levels:
                continue  # a level from a newer version: ignore
            for length in LENGTHS:
                e = entry[length]
                attempts, wins, best = e["attempts"], e["wins"], e["best"]
                if not (isinstance(attempts, int) and isinstance(wins, int) and 0 <= wins <= attempts):
                    raise ValueError(f"counts of {name} are impossible")
                if best is not None and not (isinstance(best, dict) and isinstance(best["margin"], int)
                                             and isinstance(best["won"], bool)):
                    raise ValueError(f"best result of {name} is malformed")
                self.levels[name][length] = {"attempts": attempts, "wins": wins, "best": best}
        daily = d.get("daily", {})
        if not isinstance(daily, dict):
            raise ValueError("daily is not an object")
        for date, entry in daily.items():
            _dt.date.fromisoformat(date)
            if not isinstance(entry, dict) or not isinstance(entry.get("practice", 0), int):
                raise ValueError(f"daily entry {date} is malformed")
        self.daily = daily

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


def _short(e: BaseException) -> str:
    text = str(e) or type(e).__name__
    return text if len(text) < 80 else text[:77] + "..."
