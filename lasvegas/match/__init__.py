"""The match boundary: one interface between a screen and whatever runs a game.

See :mod:`lasvegas.match.base` and docs/screens.md.  No pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kernel.lazy import lazy_names

if TYPE_CHECKING:
    from .base import (
        REACTIONS, AskHint, CatchUp, Controls, HintReady, Intent, Leave, Match, MatchNotice, Outcome, PlaceDice, Reaction, Reset,
        Seat, TableView, humans_here, money_visible, needs_pass_screen, screen_owner,
    )
    from .lasvegas.lesson import CoachMark, Lesson, LessonMatch, LessonTurn
    from .lasvegas.local import LocalMatch
    from .lasvegas.replay import ReplayMatch
    from .session import AI_NAMES, SeatInfo, Session, default_session

__all__ = [
    "REACTIONS", "AskHint", "CatchUp", "Controls", "HintReady", "Intent", "Leave", "Match", "MatchNotice", "Outcome", "PlaceDice",
    "Reaction", "Reset", "Seat",
    "TableView", "humans_here", "money_visible", "needs_pass_screen", "screen_owner",
    "CoachMark", "Lesson", "LessonMatch", "LessonTurn", "LocalMatch", "ReplayMatch", "AI_NAMES", "SeatInfo", "Session", "default_session",
]

#: where each name lives: its module is imported on first use, so that a screen that
#: never starts a game (the title at start-up) does not load them all
_WHERE = {name: module for module, names in (
    ('base', ('REACTIONS', 'AskHint', 'CatchUp', 'Controls', 'HintReady', 'Intent', 'Leave', 'Match', 'MatchNotice', 'Outcome', 'PlaceDice', 'Reaction', 'Reset', 'Seat', 'TableView', 'humans_here', 'money_visible', 'needs_pass_screen', 'screen_owner')),
    ('lasvegas.lesson', ('CoachMark', 'Lesson', 'LessonMatch', 'LessonTurn')),
    ('lasvegas.local', ('LocalMatch',)),
    ('lasvegas.replay', ('ReplayMatch',)),
    ('session', ('AI_NAMES', 'SeatInfo', 'Session', 'default_session')),
) for name in names}


__getattr__, __dir__ = lazy_names(__name__, _WHERE)
