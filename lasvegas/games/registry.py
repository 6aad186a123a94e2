"""Every game of the house, listed once: shared code (the screens, the server, the commands) finds a
game's parts here, by the game's name, never by a branch on it.  Each game's parts are loaded when
first asked for (the desktop and the server read the same table)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from .levels import Level, LevelBook


def _lasvegas_levels() -> LevelBook:
    from ..ai.levels import LEVELS

    return LEVELS


def _lords_levels() -> LevelBook:
    from ..lords.levels import LEVELS

    return LEVELS


@dataclass(frozen=True)
class GameEntry:
    #: the game's name in records, saves, the network and the command line
    name: str
    #: the game's AI levels (loaded when first asked for)
    levels_of: Callable[[], LevelBook]

    @property
    def levels(self) -> LevelBook:
        return self.levels_of()


GAMES: dict[str, GameEntry] = {entry.name: entry for entry in (
    GameEntry("lasvegas", _lasvegas_levels),
    GameEntry("lords", _lords_levels),
)}


def game(name: str) -> GameEntry:
    """The game called ``name``; ``KeyError`` for another."""
    return GAMES[name]


def levels(name: str) -> LevelBook:
    """The AI levels of the game called ``name``, weakest first."""
    return GAMES[name].levels


def all_levels() -> Iterator[tuple[str, Level]]:
    """(game, level) for every AI level of every game."""
    for entry in GAMES.values():
        for level in entry.levels.levels():
            yield entry.name, level


def level_label(name: str) -> str | None:
    """The label (a message to translate) of the AI level called ``name`` in the first game that has
    one of that name; None when no game has."""
    return next((level.label for _game, level in all_levels() if level.name == name), None)
