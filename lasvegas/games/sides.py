"""What each game gives the drivers written once for every game (``games.play``: a game played out
by its AIs; ``games.tournament``; ``games.simulate``) besides the engine face: its registry entry's
``side``.  Knows no game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .engine import Engine


@dataclass(frozen=True)
class Side:
    """How a game is played by its AIs, and what of it the runs of many games count."""
    #: ``deal(spec, i, seat_levels)``: game ``i`` of the tournament ``spec``, and one AI per seat
    deal: Callable[[dict, int, list[str]], tuple[Engine, list[Any]]]
    #: ``move(spec, ai, game, seat)``: the seat's move, chosen by its AI (the time it takes is the
    #: level's move time); ``spec`` is the tournament's, ``{}`` elsewhere
    move: Callable[[dict, Any, Engine, int], Any]
    #: ``row(score)``: a seat's figures from its score in the outcome (``money``, ``vp``...)
    row: Callable[[Any], dict]
    #: ``record(game, seat_levels)``: the finished game's record, its seats named as AIs of these levels
    record: Callable[[Engine, list[str]], dict]
    #: ``colours(game)``: the seats' colours
    colours: Callable[[Engine], Sequence[str]]
    #: ``interrupt(game, ais)``: an answer a seat owes out of turn (a trade offered to it), made
    #: before the next move and not timed; None when there is none
    interrupt: Callable[[Engine, list[Any]], Any] | None = None
    #: ``ending(game)``: how a finished game ended, when the game has several ways (counted by
    #: ``simulate`` as ``ends``)
    ending: Callable[[Engine], str] | None = None
