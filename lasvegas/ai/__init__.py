"""AI seats.  Imports the rules core only.

``make_ai(level, seed)`` returns a :class:`~lasvegas.ai.base.Player`; its
``choose(game, budget=None, cancel=None)`` returns a legal ``Place`` for the
game's current seat.  ``ThinkingTask`` runs a choice off the caller's thread,
``ThinkingProcess`` in another process (the other core).
"""

from .base import Player, RandomPlayer
from .levels import LEVELS, available_levels, make_ai
from .worker import ThinkingProcess, ThinkingTask

__all__ = ["LEVELS", "Player", "RandomPlayer", "available_levels", "make_ai", "ThinkingTask", "ThinkingProcess"]
