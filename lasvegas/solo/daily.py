"""The daily challenge: one solo game per calendar date, the same for everyone.

The seed is made from the date alone (SHA-256 of ``lasvegas-daily/YYYY-MM-DD``),
so every player gets the same bills and dice on the same day.  The level
cycles through the first rungs of the ladder with the date (Normal, Expert 7,
Hard, Expert 6), always a full 4-round game, played as red against blue,
green, yellow and purple.
"""

from __future__ import annotations

import datetime as _dt
import hashlib

from ..core import Config
from ..kernel.errors import ConfigError

DAILY_LEVELS = ("normal", "expert-7", "hard", "expert-6")


def parse_date(text: str) -> _dt.date:
    """``YYYY-MM-DD`` to a date; ``ConfigError`` with a clear message otherwise."""
    try:
        return _dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise ConfigError(f"a date looks like 2026-11-25, not {text!r}") from None


def daily_seed(date: _dt.date) -> int:
    digest = hashlib.sha256(f"lasvegas-daily/{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def daily_level(date: _dt.date) -> str:
    return DAILY_LEVELS[date.toordinal() % len(DAILY_LEVELS)]


def daily_config(date: _dt.date) -> Config:
    return Config.solo(daily_level(date), "red")
