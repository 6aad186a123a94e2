"""Who sits at the table: kept in :mod:`lasvegas.match.session` (no pygame); named here for the UI."""

from ...match.session import AI_NAMES, SeatInfo, Session, default_session

__all__ = ["AI_NAMES", "SeatInfo", "Session", "default_session"]
