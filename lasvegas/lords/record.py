"""Lords of Vegas game records (format ``lords-record/1``): writing, replaying, checking.

A record holds the set-up and every random result inline: the deck after the
shuffle with the End card placed, every die rolled (first-player roll-off,
reorganizes, tie re-rolls, gambles) next to the move that rolled it, every
action and answer in order, and the final VP and money.  ``replay`` needs no
random generator: it feeds the written deck and dice to the engine, replays
every move and compares.  With a ``seed`` the seed must give the same deck and
the same dice; with a ``commitment`` (an online game) the seed must match the
SHA-256 commitment published at the start (``lasvegas.kernel.fair``).
"""

from __future__ import annotations

from typing import Any, Callable

from ..kernel.errors import LasVegasError, RecordError
from ..kernel.fair import commitment_problem
from . import actions as A
from .board import CARD_INDEX, END, SEAT_COLOURS
from .dice import ScriptedDice
from .game import Game
from .rules.history import RECORD_FORMAT, make_record, result_of

#: a record of more moves than this is refused (a real game has a few hundred)
MAX_MOVES = 20_000
LEVEL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")
KNOWN_FIELDS = ("format", "seats", "players", "seed", "commitment", "deck", "setup_rolls",
                "moves", "result", "names", "practice")


class Recorder:
    """Plays a game and writes its record: call ``apply`` instead of ``game.apply``."""

    def __init__(self, game: Game, players: dict | None = None) -> None:
        self.game = game
        self.players = players
        self.setup_rolls = list(game.rolls)
        self.moves: list[dict] = []

    def apply(self, action: A.Action) -> list:
        before = len(self.game.rolls)
        events = self.game.apply(action)
        self.moves.append({"action": A.to_dict(action), "rolls": self.game.rolls[before:]})
        return events

    def record(self) -> dict:
        return make_record(self.game, self.setup_rolls, self.moves, self.players)


def _fail(msg: str) -> RecordError:
    return RecordError(msg)


def _int_list(v: Any, where: str, lo: int = 1, hi: int = 6) -> list[int]:
    if not isinstance(v, list) or any(type(x) is not int or not lo <= x <= hi for x in v):
        raise _fail(f"{where}: expected a list of die values 1 to 6")
    return v


def _check_shape(rec: Any) -> tuple[int, list[int], list[dict]]:
    if not isinstance(rec, dict):
        raise _fail("a record must be a JSON object")
    if rec.get("format") != RECORD_FORMAT:
        raise _fail(f"format is {rec.get('format')!r}, expected {RECORD_FORMAT!r}")
    seats = rec.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4 or seats != list(SEAT_COLOURS[:len(seats)]):
        raise _fail("seats: expected 2 to 4 seats, " + ", ".join(SEAT_COLOURS) + " in that order")
    n = len(seats)
    seed = rec.get("seed")
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
        raise _fail("seed: expected a whole number from 0 to 2**63 - 1, or null")
    deck = rec.get("deck")
    if (not isinstance(deck, list) or len(deck) != 49 or any(not isinstance(c, str) for c in deck)
            or sorted(CARD_INDEX.get(c, -1) for c in deck) != list(range(49))):
        raise _fail("deck: expected the 49 cards (A1 … F9 and End), each once")
    _int_list(rec.get("setup_rolls"), "setup_rolls")
    moves = rec.get("moves")
    if not isinstance(moves, list) or len(moves) > MAX_MOVES:
        raise _fail(f"moves: expected a list of at most {MAX_MOVES} moves")
    for i, m in enumerate(moves):
        if not isinstance(m, dict) or set(m) != {"action", "rolls"}:
            raise _fail(f'moves[{i}]: expected {{"action": ..., "rolls": [...]}}')
        _int_list(m["rolls"], f"moves[{i}].rolls")
    players = rec.get("players")
    if players is not None:
        if not isinstance(players, dict) or set(players) - set(seats):
            raise _fail('players: expected an object of seat colour -> {"kind": "human" or "ai", "level": ...}')
        for colour, p in players.items():
            level = p.get("level", "") if isinstance(p, dict) else None
            profile = p.get("profile", "") if isinstance(p, dict) else None
            if (not isinstance(p, dict) or p.get("kind") not in ("human", "ai")
                    or set(p) - {"kind", "level", "profile"}
                    or not isinstance(level, str) or len(level) > 40 or not set(level) <= LEVEL_CHARS
                    or not isinstance(profile, str) or len(profile) > 40 or not set(profile) <= LEVEL_CHARS):
                raise _fail(f'players.{colour}: expected {{"kind": "human" or "ai", "level": a level name, '
                            f'optionally "profile": a profile id}}')
    names = rec.get("names")
    if names is not None and (not isinstance(names, dict) or set(names) - set(seats) or not all(
            isinstance(v, str) and len(v) <= 80 for v in names.values())):
        raise _fail("names: expected an object of seat colour -> name")
    if "practice" in rec and not isinstance(rec["practice"], bool):  # a hint was asked: it counts for nothing
        raise _fail("practice: expected true or false")
    if "commitment" in rec:
        problem = commitment_problem(rec["commitment"], seed)
        if problem:
            raise _fail(problem)
    result = rec.get("result", "missing")
    if result == "missing":
        raise _fail("field 'result' is missing (null for an unfinished game)")
    return n, [CARD_INDEX[c] for c in deck], moves


def _roll_words(v: list[int]) -> str:
    return "[" + ", ".join(map(str, v)) + "]"


def replay(rec: Any, watch: Callable[[Game, A.Action, list], None] | None = None,
           before: Callable[[Game, A.Action], None] | None = None) -> Game:
    """Replay a ``lords-record/1`` record; ``RecordError`` naming the first inconsistency.
    ``watch(game, action, events)`` is called after each move (the game as it left it),
    ``before(game, action)`` before it (the game as the move found it)."""
    n, deck, moves = _check_shape(rec)
    shuffled = [c for c in deck if c != END]
    all_rolls = list(rec["setup_rolls"])
    for m in moves:
        all_rolls.extend(m["rolls"])
    seed = rec.get("seed")
    try:
        if seed is not None:
            game = Game(n, seed)
            if list(game.shuffled) != shuffled:
                raise _fail("deck: the seed gives another shuffle than the record's")
        else:
            game = Game(n, dice=ScriptedDice(all_rolls), deck=shuffled)
    except RecordError as e:
        raise _fail(f"setup_rolls: {e}") from None
    except LasVegasError as e:
        raise _fail(f"cannot set the game up: {e}") from None
    if game.deck != deck:
        raise _fail("deck: the End card is not where the rules put it (D4)")
    if game.rolls != rec["setup_rolls"]:
        raise _fail(f"setup_rolls: the engine rolls {_roll_words(game.rolls)}, "
                    f"the record says {_roll_words(rec['setup_rolls'])}")
    for i, m in enumerate(moves):
        where = f"moves[{i}]"
        try:
            action = A.action_from_dict(m["action"])
        except LasVegasError as e:
            raise _fail(f"{where}.action: {e}") from None
        if before is not None:
            before(game, action)
        rolls_before = len(game.rolls)
        try:
            events = game.apply(action)
        except RecordError as e:
            raise _fail(f"{where}: {e}") from None
        except LasVegasError as e:
            raise _fail(f"{where}: illegal action: {e}") from None
        rolled = game.rolls[rolls_before:]
        if rolled != m["rolls"]:
            src = "the seed gives" if seed is not None else "the engine rolls"
            raise _fail(f"{where}.rolls: {src} {_roll_words(rolled)}, the record says {_roll_words(m['rolls'])}")
        if watch is not None:
            watch(game, action, events)
    if seed is None and game.dice.pos != len(all_rolls):
        raise _fail("the record has more dice than its moves roll")
    mine = result_of(game)
    theirs = rec["result"]
    if mine is None and theirs is not None:
        raise _fail("result: the game is not over after the last move")
    if mine is not None and theirs != mine:
        if not isinstance(theirs, dict):
            raise _fail("result: the game is over, the record gives no result")
        for key in ("why", "winners", "vp", "money"):
            if theirs.get(key) != mine[key]:
                raise _fail(f"result.{key}: the engine gives {mine[key]!r}, the record says {theirs.get(key)!r}")
        raise _fail("result: unknown fields")
    return game


def check_record(rec: Any) -> None:
    replay(rec)
