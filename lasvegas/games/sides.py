"""What each game gives the drivers written once for every game (``games.tournament``) besides
the engine face: a registry entry holds its game's parts, built from these classes.  Knows no
game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .engine import Engine


@dataclass(frozen=True)
class TournamentSide:
    """What a tournament of one game needs of it besides the engine face."""
    #: ``deal(spec, i, seat_levels)``: game ``i``'s engine and one AI per seat
    deal: Callable[[dict, int, list[str]], tuple[Engine, list[Any]]]
    #: ``move(spec, ai, game, seat)``: the seat's move, chosen by its AI (the time it takes is the
    #: level's move time)
    move: Callable[[dict, Any, Engine, int], Any]
    #: ``row(score)``: a seat's figures from its score in the outcome (``money``, ``vp``...)
    row: Callable[[Any], dict]
    #: ``record(game, seat_levels)``: the finished game's record
    record: Callable[[Engine, list[str]], dict]
    #: ``interrupt(game, ais)``: an answer a seat owes out of turn (a trade offered to it), made
    #: before the next move and not timed; None when there is none
    interrupt: Callable[[Engine, list[Any]], Any] | None = None
