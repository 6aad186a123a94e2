"""The phase of a game: a seat must place, or the game is over."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    PLACE = "place"  # the current seat has rolled and must choose a value
    GAME_OVER = "game_over"
