"""Starting a solo challenge directly (``lasvegas solo``): the ladder, a level, or the daily challenge."""

from __future__ import annotations

import datetime as dt


def start(app, *, daily: bool = False, date: dt.date | None = None, level: str | None = None,
          quick: bool = False, seed: int | None = None) -> None:
    """Put the app where the options ask: the daily challenge (of ``date``, or today's),
    ``level`` (1 round when ``quick``), or the ladder."""
    from .scenes.solo import SoloScene, progress_of, start_solo, today
    from .scenes.title import TitleScene

    app.seed = seed
    app.reset(TitleScene(app))
    ladder = SoloScene(app)
    app.push(ladder)
    if daily:
        start_solo(app, "", daily=date or today(app))
    elif level:
        if progress_of(app).is_unlocked(level):
            start_solo(app, level, 1 if quick else 4, seed=seed)
        else:
            ladder.start(level)  # stays on the ladder, which says what opens the level
