"""A saved Lords of Vegas game in words, for the setup's Resume and its "Abandon …?" question and
for the home screen's tile: whose game it is, the turn, whose move it waits on, everyone's points."""

from __future__ import annotations

from ...lords.board import TRACK
from ..kit.i18n import _, and_list


def describe(match) -> str:
    """ "Ann and Bob's game in turn 7" (the humans' names; the AI seats' when no human plays)."""
    names = [s.name for s in match.seats if not s.is_ai] or [s.name for s in match.seats]
    return _("{who}'s game in turn {n}", who=and_list(names), n=max(1, match.query.turn))


def whose_turn(match) -> str:
    """ "Ann's turn" (the player whose turn it is)."""
    g = match.query
    return _("{name}'s turn", name=match.name(g.active))


def points(match) -> str:
    """ "Ann 12 VP · Bob 9 VP · Vega Vic 15 VP", in seat order."""
    g = match.query
    return " · ".join(_("{name} {vp} VP", name=match.name(s), vp=TRACK[g.chip[s]]) for s in range(g.n))
