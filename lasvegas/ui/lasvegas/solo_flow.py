"""Starting a solo game, and the words the solo screens share."""

from __future__ import annotations

import datetime as _dt

from ...core import SOLO_LEVELS
from ...match import SeatInfo, Session
from ...solo.daily import daily_level, daily_seed
from ..kit.i18n import _, money
from ..files.save_flow import start_or_ask
from .names import solo_level_name

LEVEL_LABEL = {lv.name: lv.label for lv in SOLO_LEVELS}


def level_label(name: str) -> str:
    return solo_level_name(name)


def signed(amount: int) -> str:
    return ("+" if amount > 0 else "−" if amount < 0 else "") + money(abs(amount))


def start_solo(app, level: str, rounds: int = 4, *, daily: _dt.date | None = None,
               seed: int | None = None) -> None:
    """A new solo game on the table (the daily challenge: its level and seed come from the date).

    When a solo game is saved in progress, the player is asked first whether to abandon it.
    """
    extra: dict = {"hints": 0}
    if daily is not None:
        level, rounds, seed = daily_level(daily), 4, daily_seed(daily)
        extra["daily"] = daily.isoformat()
        extra["practice"] = app.services.progress.daily_played(daily)
    # the game counts for the profile chosen for solo games (Profiles), if any
    session = Session([SeatInfo(_("You"), "red", profile=app.services.profiles.solo)], edition="2018", solo_level=level, handover=False,
                      rounds=rounds, extra=extra)
    start_or_ask(app, session, lambda: app.go("table", match=app.services.new_match(session, seed)))
