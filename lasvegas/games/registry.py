"""Every game of the house, listed once: shared code (the screens, the server, the commands) finds a
game's parts here, by the game's name, never by a branch on it (its title, AI levels, the scenes
that start and replay it, whether it has solo games, its achievements' heading, a new game's
engine, how its AIs play it in runs of many games, its room on the server, and the parts of the desktop game and the
commands that are its own).  Each game's parts are loaded when first asked for (the desktop and
the server read the same table); a part of a higher layer (a screen, a lobby) is named here as
"module:name" and loaded by the layer that uses it (``kernel.lazy.load``), so that this table
imports no screen and no server.
``tests/games/test_no_game_names.py`` counts the tests of a game's name left in shared code."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, Iterator

from .engine import Engine
from .levels import N_, Level, LevelBook
from .sides import Side


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


def _lasvegas_side() -> Side:
    from ..ai.side import SIDE

    return SIDE


def _lords_side() -> Side:
    from ..lords.side import SIDE

    return SIDE


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
    #: what the runs of many games (``games.tournament``, ``games.simulate``) need of the game
    #: besides the engine face
    side_of: Callable[[], Side]
    #: the game's room on the server, ``"module:Class"`` (a subclass of ``lasvegas.net.room.Room``:
    #: its options, seats' colours, moves as kept, views, record, AI jobs), loaded by the server
    room: str
    #: the message type of a move in the game's rooms (``place``: a die's value; ``act``: an action)
    move: str
    #: the bench's client of the game's rooms (``"module:Class"``; "": the bench's own)
    bench_client: str = ""
    #: the parts of the desktop game and the server that are this game's, each named "module:name"
    #: (loaded where used, by ``kernel.lazy.load``: this table imports no screen and no server):
    #: the scenes ``lasvegas screenshot --game NAME`` stages, and ``stage(app, scene, seed, players,
    #: **table_options)`` that stages one
    staged: str = ""
    stage: str = ""
    #: ``(services, profile)`` -> (the game's achievements, the earned ones by id, progress by id)
    achievements: str = ""
    #: ``(frames, size, scale)`` -> (result, wall seconds): ``lasvegas bench ui`` of the game
    ui_bench: str = ""
    #: ``(app, scene, host_lobby)``: the app waiting in one of ``idle_scenes`` (past the title and the
    #: setup; ``host_lobby(app, lobby_of)``: a lobby on a server hosted here); the server of a lobby, else None
    idle_stage: str = ""
    #: ``(path, game=1)`` -> the replay match of game number ``game`` of a record file of the game
    #: (Records' Replay, ``lasvegas replay``)
    open_record: str = ""
    #: ``(app, match)``: the desktop game ``lasvegas replay FILE`` opens on that replay
    start_replay: str = ""
    #: the module of the profile page's own page of the game (``page_stats(profile)``, ``draw(surface,
    #: box, stats)``; "": the profile scene's own page)
    profile_page: str = ""
    #: ``(url, request)`` -> the lobby of an online room of the game; the protocol version its rooms speak
    lobby: str = ""
    protocol_version: str = ""
    #: the game's options in the online scene's host form: a class built with no argument that has
    #: ``rows(days, away)``, ``noted``, ``notes()``, ``over_days(days)``, ``request(name, days, away)``
    #: and ``fill`` (the AI of the room's empty seats; ``ui.kit.host_form``)
    host_form: str = ""
    #: whether a resumed online seat says which moves it has seen (a correspondence game)
    resume_seen: bool = False
    #: whether an online room's seats have a time to decide (the lobby shows it)
    timed_decisions: bool = False
    #: the module that runs the shared sub-commands (simulate, tournament, bench, bot) for this game
    #: where they differ from the sub-commands' own code, which is Las Vegas's ("": that code)
    commands: str = ""
    #: the scene ``lasvegas play --game NAME`` (and the soak) opens over the title ("": the title)
    start_scene: str = ""
    #: the scenes ``lasvegas bench idle --scene`` stages waiting for the player
    idle_scenes: tuple[str, ...] = ()
    #: the game's own settings (their names in ``ui.kit.settings``): over its table, these alone;
    #: from the title, every game's
    settings: tuple[str, ...] = ()
    #: the notes of the keys' help shown over its table (their topics in ``ui.scenes.help``); from the
    #: title, every note
    help_notes: tuple[str, ...] = ()
    #: the profile page's game button while this game is shown (a message translated where shown)
    showing: str = ""
    #: the Records' game filter while it shows this game's records alone (a message translated where shown)
    records_filter: str = ""
    #: whether the list of a player's online games names the game beside a room's code
    named_online: bool = False

    @property
    def levels(self) -> LevelBook:
        return self.levels_of()

    @property
    def side(self) -> Side:
        return self.side_of()


GAMES: dict[str, GameEntry] = {entry.name: entry for entry in (
    GameEntry("lasvegas", N_("Las Vegas"), _lasvegas_levels, setup_scene="setup", replay_scene="table", solo=True,
              achievements_title=N_("Achievements"), new_game=_lasvegas_game, seats=(2, 8),
              record_prefix="lasvegas-", replay=_lasvegas_replay, side_of=_lasvegas_side,
              room="lasvegas.net.lasvegas.room:LasVegasRoom", move="place",
              staged="lasvegas.ui.tools.screenshot:SCENES", stage="lasvegas.ui.tools.stage:stage", ui_bench="lasvegas.ui.tools.bench:ui_bench",
              idle_stage="lasvegas.ui.tools.bench:stage_idle",
              achievements="lasvegas.ui.profile_view:lasvegas_achievements",
              open_record="lasvegas.match.lasvegas.replay:open_record",
              start_replay="lasvegas.ui.launch:start_replay", lobby="lasvegas.ui.online.lobby:Lobby",
              host_form="lasvegas.ui.lasvegas.host_form:HostForm",
              protocol_version="lasvegas.net.protocol:VERSION", resume_seen=True,
              idle_scenes=("title", "setup", "table-roll", "table-place", "results", "lobby"),
              settings=("confirm_place", "unlock_all", "take_back"),
              help_notes=("digits", "replays", "reactions", "pad"),
              showing=N_("Showing Las Vegas · G: Lords of Vegas"), records_filter=N_("Game: Las Vegas")),
    GameEntry("lords", N_("Lords of Vegas"), _lords_levels, setup_scene="lords-setup", replay_scene="lords-replay",
              solo=False, achievements_title=N_("Lords of Vegas achievements"), new_game=_lords_game, seats=(2, 4),
              record_prefix="lords-", replay=_lords_replay, side_of=_lords_side,
              room="lasvegas.net.lords.room:LordsRoom", move="act", bench_client="lasvegas.net.lords.bench:LordsBench",
              staged="lasvegas.ui.lords.stage:SCENES", stage="lasvegas.ui.lords.stage:stage",
              ui_bench="lasvegas.ui.lords.bench:lords_ui_bench", idle_stage="lasvegas.ui.lords.bench:stage_idle",
              achievements="lasvegas.ui.lords.profile_stats:achievement_list",
              open_record="lasvegas.ui.lords.records:open_replay",
              start_replay="lasvegas.ui.launch:start_lords_replay", profile_page="lasvegas.ui.lords.profile_stats",
              lobby="lasvegas.ui.lords.online:LordsLobby", protocol_version="lasvegas.net.protocol:LORDS_VERSION",
              host_form="lasvegas.ui.lords.host_form:LordsHostForm",
              timed_decisions=True,
              commands="lasvegas.commands.lords", start_scene="lords-setup",
              idle_scenes=("setup", "board", "results", "lobby"), settings=("lords_hint",), help_notes=("pad",),
              showing=N_("Showing Lords of Vegas · G: Las Vegas"), records_filter=N_("Game: Lords of Vegas"),
              named_online=True),
)}
#: the game of a message, a stored room or a command that names none (what was written before a
#: second game came): the first listed
DEFAULT_GAME = next(iter(GAMES))


def part_modules() -> tuple[str, ...]:
    """The module of every part an entry names by text ("module:name" or a module), each once: what
    a frozen build must hold although no import names it (lasvegas.spec)."""
    out: dict[str, None] = {}
    for entry in GAMES.values():
        for f in fields(entry):
            value = getattr(entry, f.name)
            if isinstance(value, str) and value.startswith("lasvegas."):
                out[value.split(":", 1)[0]] = None
    return tuple(out)


def names() -> tuple[str, ...]:
    """Every game's name, in the house's order (the command line's choices)."""
    return tuple(GAMES)


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
