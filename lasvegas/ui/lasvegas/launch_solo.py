"""Starting a solo challenge directly (``lasvegas solo``): the ladder, a level, or the daily challenge."""

from __future__ import annotations

import datetime as dt


def start(app, *, daily: bool = False, date: dt.date | None = None, level: str | None = None,
          quick: bool = False, seed: int | None = None) -> None:
    """Put the app where the options ask: the daily challenge (of ``date``, or today's),
    ``level`` (1 round when ``quick``), or the ladder."""
    from .solo_flow import start_solo

    app.seed = seed
    app.go("title")
    ladder = app.show("solo")
    if daily:
        start_solo(app, "", daily=date or app.services.today())
    elif level:
        if app.services.progress.is_unlocked(level):
            start_solo(app, level, 1 if quick else 4, seed=seed)
        else:
            ladder.start(level)  # stays on the ladder, which says what opens the level
