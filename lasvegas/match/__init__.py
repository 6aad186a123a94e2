"""The match boundary: one interface between a screen and whatever runs a game.

See :mod:`lasvegas.match.base` and docs/architecture.md.  No pygame here.
"""

from .base import (
    REACTIONS, AskHint, CatchUp, Controls, HintReady, Intent, Leave, Match, MatchNotice, Outcome, PlaceDice, Reaction, Reset,
    Seat, TableView, humans_here, money_visible, needs_pass_screen, screen_owner,
)
from .lesson import CoachMark, Lesson, LessonMatch, LessonTurn
from .local import LocalMatch
from .replay import ReplayMatch
from .session import AI_NAMES, SeatInfo, Session, default_session

__all__ = [
    "REACTIONS", "AskHint", "CatchUp", "Controls", "HintReady", "Intent", "Leave", "Match", "MatchNotice", "Outcome", "PlaceDice",
    "Reaction", "Reset", "Seat",
    "TableView", "humans_here", "money_visible", "needs_pass_screen", "screen_owner",
    "CoachMark", "Lesson", "LessonMatch", "LessonTurn", "LocalMatch", "ReplayMatch", "AI_NAMES", "SeatInfo", "Session", "default_session",
]
