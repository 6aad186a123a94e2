"""The interface every AI seat implements, and the weakest level, Random (the levels: ``levels``)."""

from __future__ import annotations

import abc
import random
import threading
from ..core import Game, Place

class Player(abc.ABC):
    """An AI seat.  Deterministic for a given seed and the same game states.

    ``choose`` must only read what a person at the table could see: never the
    order of ``game.deck`` nor the game's own random generator.  It must not
    change ``game``.  ``budget`` is a soft time limit in seconds; ``cancel`` a
    ``threading.Event`` that, once set, asks for an answer as soon as possible.
    """

    level = "base"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    @abc.abstractmethod
    def choose(self, game: Game, budget: float | None = None,
               cancel: threading.Event | None = None) -> Place:
        """A legal ``Place`` for ``game``'s current seat (``game`` is left unchanged)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level!r} seed={self.seed!r}>"


class RandomPlayer(Player):
    """Places a uniformly random legal value (a baseline, and the benchmark's player)."""

    level = "random"

    def choose(self, game: Game, budget: float | None = None,
               cancel: threading.Event | None = None) -> Place:
        actions = game.legal_actions()
        return actions[int(self.rng.random() * len(actions))]
