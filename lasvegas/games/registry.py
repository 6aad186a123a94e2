"""Every game of the house, listed once: shared code (the screens, the server, the commands) finds a
game's parts here, by the game's name, never by a branch on it (its title, AI levels, the scenes
that start and replay it, whether it has solo games, its achievements' heading, a new game's engine,
its room on the server).  Each game's parts are loaded when first asked for (the desktop and the server
read the same table).  A part of another layer (a scene, a room of the server) is named by a string
that layer resolves, so this table imports nothing above the rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

from .engine import Engine
from .levels import N_, Level, LevelBook


def _lasvegas_levels() -> LevelBook:
    from ..ai.levels import LEVELS

    return LEVELS


def _lords_levels() -> LevelBook:
    from ..lords.levels import LEVELS

    return LEVELS


def _lasvegas_game(players: int, seed: int) -> Engine:
    from ..core import Config, Game

    return Game(Config.multi(players), seed)


def _lords_game(players: int, seed: int) -> Engine:
    from ..lords.game import Game

    return Game(players, seed)


def _lasvegas_replay(record: object) -> Any:
    from ..core.record import replay

    return replay(record)


def _lords_replay(record: object) -> Any:
    from ..lords.record import replay

    return replay(record)


@dataclass(frozen=True)
class GameEntry:
    #: the game's name in records, saves, the network and the command line
    name: str
    #: the game's title as players read it (a message translated where it is shown)
    title: str
    #: the game's AI levels (loaded when first asked for)
    levels_of: Callable[[], LevelBook]
    #: the scenes of the desktop game that start a game and replay a record of this game (by name)
    setup_scene: str
    replay_scene: str
    #: whether the game has solo games (a seat against the table: the records' filter)
    solo: bool
    #: the heading of the game's achievements page (a message translated where it is shown)
    achievements_title: str
    #: ``new_game(players, seed)``: a new game's rules engine (the engine face, ``games.engine``)
    new_game: Callable[[int, int], Engine]
    #: the fewest and the most seats of a game
    seats: tuple[int, int]
    #: what a record of the game's ``format`` starts with ("lords-": ``lords-record/1``)
    record_prefix: str
    #: ``replay(record)``: the game a record holds, played again through the rules (``LasVegasError``
    #: for a record that does not check)
    replay: Callable[[object], Any]
    #: the game's room on the server, ``"module:Class"`` (a subclass of ``lasvegas.net.room.Room``:
    #: its options, seats' colours, moves as kept, views, record, AI jobs), loaded by the server
    room: str
    #: the message type of a move in the game's rooms (``place``: a die's value; ``act``: an action)
    move: str
    #: the protocol version the game's rooms speak (a client of an earlier one cannot take a seat)
    protocol: int
    #: the bench's client of the game's rooms (``"module:Class"``; "": the bench's own)
    bench_client: str = ""

    @property
    def levels(self) -> LevelBook:
        return self.levels_of()


GAMES: dict[str, GameEntry] = {entry.name: entry for entry in (
    GameEntry("lasvegas", N_("Las Vegas"), _lasvegas_levels, setup_scene="setup", replay_scene="table", solo=True,
              achievements_title=N_("Achievements"), new_game=_lasvegas_game, seats=(2, 8),
              record_prefix="lasvegas-", replay=_lasvegas_replay,
              room="lasvegas.net.lasvegas.room:LasVegasRoom", move="place", protocol=1),
    GameEntry("lords", N_("Lords of Vegas"), _lords_levels, setup_scene="lords-setup", replay_scene="lords-replay",
              solo=False, achievements_title=N_("Lords of Vegas achievements"), new_game=_lords_game, seats=(2, 4),
              record_prefix="lords-", replay=_lords_replay,
              room="lasvegas.net.lords.room:LordsRoom", move="act", protocol=2,
              bench_client="lasvegas.net.lords.bench:LordsBench"),
)}
#: the game of a message, a stored room or a command that names none (what was written before a
#: second game came): the first listed
DEFAULT_GAME = next(iter(GAMES))


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


def game_of_record(record: object) -> GameEntry:
    """The game a record is of, by its ``format``; the first game's (whose reader then says what is
    wrong) for a record of no known format."""
    fmt = record.get("format") if isinstance(record, dict) else None
    if isinstance(fmt, str):
        for entry in GAMES.values():
            if fmt.startswith(entry.record_prefix):
                return entry
    return next(iter(GAMES.values()))
