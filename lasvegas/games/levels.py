"""One game's AI levels, weakest first: each with its name, its label as players read it, its
factory and what the screens and the server need to know of it.  Knows no game: each game declares
its own book in its folder (``lasvegas.lords.levels``, ``lasvegas.ai.levels``), and the house finds
every game's book in :mod:`lasvegas.games.registry`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator


def N_(message: str) -> str:
    """Marks a message translated where it is shown (a level's label)."""
    return message


@dataclass(frozen=True)
class Level:
    #: the level's name in saves, records, the command line and the network ("hard")
    name: str
    #: the level's name as players read it: a message translated where it is shown (N_("Hard"))
    label: str
    #: ``factory(seed)``: a new AI seat of this level
    factory: Callable[[int], Any]
    #: whether an AI of this level offers trades to human seats on its own
    trades: bool = False
    #: seconds a move is assumed to take before a server has measured any (its AI pool's first guess)
    cost: float = 0.01
    #: whether a move is quick enough to be played in a server's own process when time is up
    quick: bool = True
    #: whether the game's setup offers it for a seat (a level kept for tests and tournaments: not)
    offered: bool = True


class LevelBook:
    """A game's AI levels by name, weakest first.  Iterating gives the names (as a tuple of names
    did); ``register`` adds a level (or replaces one of the same name, in place)."""

    def __init__(self, game: str, levels: Iterable[Level] = (),
                 unknown: str = "unknown AI level {level!r}: choose one of {levels}") -> None:
        self.game = game
        #: the answer to an unknown level's name (its ``{level}`` and ``{levels}`` filled in)
        self.unknown = unknown
        self._levels: dict[str, Level] = {}
        for level in levels:
            self.register(level)

    def register(self, level: Level) -> Level:
        self._levels[level.name] = level
        return level

    def unregister(self, name: str) -> None:
        self._levels.pop(name, None)

    def names(self) -> tuple[str, ...]:
        return tuple(self._levels)

    def index(self, name: str) -> int:
        """The level's place, from 0 (the weakest)."""
        return self.names().index(name)

    def get(self, name: str) -> Level | None:
        return self._levels.get(name)

    def levels(self) -> tuple[Level, ...]:
        return tuple(self._levels.values())

    def offered(self) -> tuple[str, ...]:
        """The names of the levels the game's setup offers for a seat, weakest first."""
        return tuple(level.name for level in self._levels.values() if level.offered)

    def make(self, name: str, seed: int) -> Any:
        """A new AI seat of level ``name``; ``ValueError`` naming the known levels otherwise."""
        level = self._levels.get(name)
        if level is None:
            raise ValueError(self.unknown.format(level=name, levels=", ".join(self._levels)))
        return level.factory(seed)

    def __contains__(self, name: object) -> bool:
        return name in self._levels

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(self._levels))

    def __len__(self) -> int:
        return len(self._levels)

    def __repr__(self) -> str:
        return f"<LevelBook {self.game}: {', '.join(self._levels)}>"
