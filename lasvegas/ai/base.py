"""The interface every AI seat implements, and the registry of levels."""

from __future__ import annotations

import abc
import random
import threading
from typing import Callable

from ..core import Game, Place

#: Level names shown to players, weakest first (filled by ``register``).
LEVELS: list[str] = []
_FACTORIES: dict[str, Callable[[int | None], "Player"]] = {}


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


def register(level: str, factory: Callable[[int | None], Player]) -> None:
    if level not in _FACTORIES:
        LEVELS.append(level)
    _FACTORIES[level] = factory


def make_ai(level: str, seed: int | None = None) -> Player:
    """A new AI seat of ``level``; ``ValueError`` with the known levels otherwise."""
    _load_levels()
    try:
        factory = _FACTORIES[level]
    except KeyError:
        raise ValueError(
            f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}"
        ) from None
    return factory(seed)


def available_levels() -> list[str]:
    _load_levels()
    return list(LEVELS)


def _load_levels() -> None:
    """Import the module that registers the real levels, if this build has it."""
    import importlib
    import importlib.util

    name = __package__ + ".players"
    if importlib.util.find_spec(name) is not None:
        importlib.import_module(name)


register("random", RandomPlayer)
