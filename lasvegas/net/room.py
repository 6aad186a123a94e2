"""One table on the server: the rules engine, the seats and what each seat may see.

A :class:`Room` is plain, synchronous state (the server does the input and
output).  It is the only holder of its game's seed and deck; what leaves it
for a seat goes through :meth:`Room.view_for` and :meth:`Room.events_for`,
which apply the match boundary's rule for hidden money
(:func:`lasvegas.match.money_visible`) and never include the deck's order.
This module is the only one of the server that uses the rules engine's API.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Annotated, Callable, Literal

import msgspec
from msgspec import Meta, Struct

from ..core import COLOURS, MAX_SEATS, MIN_SEATS, MINIMUMS, PLACE, Config, Game, GameEnded, Phase, RoundEnded
from ..core.fair import commit
from ..match.base import money_visible
from ..match.lasvegas.local import EngineMatch
from .protocol import (
    CODE_ALPHABET, CODE_LENGTH, CODE_RE, EDITIONS, KEEP_DAYS, KEEP_DAYS_DEFAULT, event_to_wire, view_to_wire,
)

#: The level that plays a human seat whose player is away (after the room's delay).
AWAY_LEVEL = "medium"


class RoomError(Exception):
    """A request the room refuses: ``code`` is a protocol error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_seats(msg: dict, colours, levels, unknown: str) -> list["SeatSlot"]:
    """The seats of a new room in ``colours``: the ``create`` message's ``ai`` list (None: a human's
    seat; the first is the creator's) sits an AI of each level named; ``unknown`` words the refusal of
    a level not in ``levels`` (its ``{level}`` and ``{levels}`` filled in)."""
    ai = list(msg.get("ai") or [])
    if len(ai) > len(colours):
        raise RoomError("field", f"create.ai: {len(ai)} entries for {len(colours)} seats")
    if ai and ai[0] is not None:
        raise RoomError("field", "create.ai[0]: the first seat is the creator's")
    seats = [SeatSlot(c) for c in colours]
    for i, level in enumerate(ai):
        if level is not None:
            if level not in levels:
                raise RoomError("field", f"create.ai[{i}]: " + unknown.format(level=level, levels=", ".join(levels)))
            seats[i] = SeatSlot(seats[i].colour, f"AI {level.title()}", "ai", level)
    return seats


@dataclass
class SeatSlot:
    colour: str
    name: str = ""
    kind: str = "open"  # "open" (nobody yet), "human" or "ai"
    level: str = ""
    token_hash: str = ""

    def public(self, connected: bool) -> dict:
        return {"colour": self.colour, "name": self.name, "kind": self.kind, "level": self.level,
                "connected": connected}


@dataclass
class Options:
    players: int = 2
    neutral: bool = False
    edition: str = "classic"
    rounds: int = 4
    hide_money: bool = False
    #: seconds before the AI plays an away player's turn (None: never)
    away_delay: float | None = 30.0
    #: a game that lasts for days: no AI plays an away player's turn, and the room is kept
    #: ``keep_days`` days after its last move (instead of the server's idle time)
    correspondence: bool = False
    keep_days: int = KEEP_DAYS_DEFAULT
    #: the Las Vegas Boulevard options (docs/rules.md §10); None: the seat count's default minimum
    minimum: str | None = None
    hundreds: bool = False
    biggies: bool = False

    def config(self) -> Config:
        return Config(seats=COLOURS[:self.players], neutral=self.neutral, edition=self.edition,
                      rounds=self.rounds, minimum=self.minimum, hundreds=self.hundreds,
                      biggies=self.biggies)


class _SeatView(EngineMatch):
    """The match boundary's views over the room's game (one rule for what a seat sees)."""

    def __init__(self, game: Game, hide_money: bool) -> None:
        self.game = game
        self.config = game.config
        self.hide_money = hide_money


@dataclass
class Room:
    code: str
    options: Options
    seats: list[SeatSlot]
    created: float = field(default_factory=time.time)
    touched: float = field(default_factory=time.time)
    game: Game | None = None
    nonce: str = ""
    commitment: str = ""
    ai_seed: int = 0
    #: every event of the game so far, as sent on the wire (before any seat's redaction)
    log: list[dict] = field(default_factory=list)
    #: moves applied so far (a client names the move it answers, so a repeated message is stale)
    turn: int = 0
    #: the address that created the room (the server's limits count an address's live rooms;
    #: never sent to a client)
    owner: str = ""

    #: the game the room plays, and the protocol version of what is sent in it
    game_kind = "lasvegas"
    v = 1

    # ------------------------------------------------------------ set-up
    @classmethod
    def create(cls, code: str, msg: dict, levels: list[str]) -> tuple["Room", str]:
        """A room from a checked ``create`` message; the creator sits at seat 0.  Returns (room, token)."""
        if cls is Room and msg.get("game", "lasvegas") != "lasvegas":
            return _game(msg.get("game"), RoomError).create(code, msg, levels)
        corr = msg.get("correspondence", False)
        opts = Options(players=msg["players"], neutral=msg.get("neutral", False),
                       edition=msg.get("edition", "classic"), rounds=msg.get("rounds", 4),
                       hide_money=msg.get("hide_money", False),
                       away_delay=None if corr else msg.get("away_delay", 30.0),
                       correspondence=corr, keep_days=msg.get("keep_days", KEEP_DAYS_DEFAULT),
                       minimum=msg.get("minimum"), hundreds=msg.get("hundreds", False),
                       biggies=msg.get("biggies", False))
        try:
            opts.config()
        except ValueError as e:
            raise RoomError("field", f"create: {e}") from None
        seats = new_seats(msg, COLOURS[:opts.players], levels, "no AI level {level!r} (this server has {levels})")
        room = cls(code, opts, seats)
        token = room._seat_human(0, msg.get("name", ""))
        return room, token

    def join(self, name: str) -> tuple[int, str]:
        if self.game is not None:
            raise RoomError("started", f"room {self.code} has started: only its players may come back")
        for i, s in enumerate(self.seats):
            if s.kind == "open":
                return i, self._seat_human(i, name)
        raise RoomError("room-full", f"room {self.code} has no open seat")

    def _seat_human(self, i: int, name: str) -> str:
        token = new_token()
        s = self.seats[i]
        self.seats[i] = SeatSlot(s.colour, name.strip() or f"Player {i + 1}", "human", "", _digest(token))
        self.touched = time.time()
        return token

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens, or None (compared in constant time)."""
        d = _digest(token)
        found = None
        for i, s in enumerate(self.seats):
            if s.token_hash and hmac.compare_digest(s.token_hash, d):
                found = i
        return found

    @property
    def full(self) -> bool:
        return all(s.kind != "open" for s in self.seats)

    def start(self, fill: str | None = None) -> list[dict]:
        """Set the game up (open seats become AI ``fill``); the opening events, as on the wire."""
        if self.game is not None:
            raise RoomError("started", f"room {self.code} has already started")
        if fill is not None:
            self._check_fill(fill)
            for i, s in enumerate(self.seats):
                if s.kind == "open":
                    self.seats[i] = SeatSlot(s.colour, f"AI {fill.title()}", "ai", fill)
        if not self.full:
            raise RoomError("not-started", "every seat needs a player or an AI level first")
        seed = secrets.randbelow(2**63)
        self.nonce = secrets.token_hex(16)
        self.commitment = commit(seed, self.nonce)
        self.ai_seed = secrets.randbelow(2**63)
        return self._begin_game(seed)

    def _check_fill(self, fill: str) -> None:
        """Refuse an AI level this room's game does not have (the server checked Las Vegas's)."""

    def _begin_game(self, seed: int) -> list[dict]:
        """The game dealt from ``seed``; its opening events, as on the wire."""
        self.game = Game(self.options.config(), seed)
        return self._logged(self.game.opening_events)

    # ------------------------------------------------------------ moves
    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.is_over

    @property
    def to_act(self) -> int | None:
        g = self.game
        return None if g is None or g.phase is not Phase.PLACE else g.current

    def place(self, seat: int, value: int, turn: int) -> list[dict]:
        """Seat ``seat`` places ``value`` for move number ``turn``; the new events, as on the wire."""
        self.check_place(seat, value, turn)
        events = self.game.apply(PLACE[value])
        self.turn += 1
        return self._logged(events)

    def check_place(self, seat: int, value: int, turn: int) -> None:
        """Refuse (``RoomError``) the move :meth:`place` would refuse, changing nothing."""
        if self.game is None:
            raise RoomError("not-started", "the game has not started")
        if self.game.is_over:
            raise RoomError("illegal", "the game is over")
        if turn != self.turn:
            raise RoomError("stale", f"place: move {turn} is not the game's next move ({self.turn})")
        if seat != self.to_act:
            raise RoomError("not-your-turn", f"place: it is {self.seats[self.to_act].name}'s turn")
        if value not in self.game.legal_values():
            legal = ", ".join(map(str, self.game.legal_values()))
            raise RoomError("illegal", f"place: no rolled die shows {value} (choose {legal})")

    def _logged(self, events: list) -> list[dict]:
        wire = [event_to_wire(e) for e in events]
        self.log.extend(wire)
        self.touched = time.time()
        return wire

    def ai_level(self, seat: int) -> str | None:
        s = self.seats[seat]
        return s.level if s.kind == "ai" else None

    def think_args(self, level: str) -> tuple[dict, str, int]:
        """What a worker needs to choose the current seat's move (see :func:`think`)."""
        assert self.game is not None
        return self.game.to_dict(), level, (self.ai_seed + 7919 * self.turn) % 2**63

    def fallback_value(self) -> int:
        assert self.game is not None
        return self.game.legal_values()[0]

    # ---------------------------------------------------------- what a seat sees
    def colour(self, seat: int) -> str:
        return self.seats[seat].colour

    def view_for(self, seat: int, game: Game | None = None) -> dict:
        """The table as seat ``seat`` may see it (in ``game``: by default the room's game now)."""
        g = game if game is not None else self.game
        assert g is not None
        view = _SeatView(g, self.options.hide_money).view(seat)
        won = {}
        for o in view.money:
            i = g.owners.index(o)
            won[o] = sorted(g.won[i], reverse=True) if view.money[o] is not None else None
        return view_to_wire(view, won)

    def kept_for(self, idle: float, day: float) -> float:
        """Seconds this room is kept once nobody is in it and nobody moves: the server's ``idle``
        time, or for a correspondence room its ``keep_days`` (``day``: the seconds of a day)."""
        return self.options.keep_days * day if self.options.correspondence else idle

    def seen_point(self, seat: int, seen: int) -> tuple[dict, int, list[dict]] | None:
        """The table as seat ``seat`` saw it after move ``seen`` (a player back after a while):
        (its view, the events up to then, the opening that shows it), or None when ``seen`` is
        not a move in the past.  The game is replayed from its seed (the server's own)."""
        g = self.game
        if g is None or not 0 <= seen < self.turn or g.seed is None:
            return None
        past = Game(g.config, g.seed)
        for value in [e["value"] for e in self.log if e["event"] == "DicePlaced"][:seen]:
            past.apply(PLACE[value])
        cursor = len(past.log)
        if seen == 0:
            opening = self.events_for(seat, 0)[:cursor]
        else:
            opening = [self.redact(e, seat) for e in self.log[cursor - 1:cursor] if e["event"] == "DiceRolled"]
        return self.view_for(seat, past), cursor, opening

    def events_for(self, seat: int, first: int = 0) -> list[dict]:
        return [self.redact(e, seat) for e in self.log[first:]]

    def told(self, first: int) -> dict:
        """The fields an ``events`` message of the moves from event ``first`` on carries besides its
        events (none here: a Las Vegas client keeps its table from the events alone)."""
        return {}

    def redact(self, ev: dict, seat: int) -> dict:
        """``ev`` as seat ``seat`` may see it: others' round totals go when the room hides money."""
        if ev["event"] != RoundEnded.__name__:
            return ev
        cfg, colour = self.game.config, self.colour(seat)

        def keep(pairs: list) -> list:
            return [p for p in pairs if money_visible(cfg, self.options.hide_money, self.over, colour, p[0])]
        return dict(ev, won=keep(ev["won"]), money=keep(ev["money"]))

    def public(self, connected: set[int]) -> dict:
        """The lobby message's fields."""
        o = self.options
        return {
            "room": self.code, "game": "lasvegas",
            "seats": [s.public(i in connected) for i, s in enumerate(self.seats)],
            "options": {"players": o.players, "neutral": o.neutral, "edition": o.edition,
                        "rounds": o.rounds, "hide_money": o.hide_money, "away_delay": o.away_delay,
                        "correspondence": o.correspondence, "keep_days": o.keep_days,
                        "minimum": o.config().minimum, "hundreds": o.hundreds, "biggies": o.biggies},
            "started": self.started, "over": self.over, "commitment": self.commitment or None,
        }

    def status(self, seat: int, connected: set[int]) -> dict:
        """The ``status`` message's fields: where the game of seat ``seat`` stands (for a list of games)."""
        return {"room": self.code, "game": "lasvegas", "seat": seat,
                "seats": [s.public(i in connected) for i, s in enumerate(self.seats)],
                "to_act": self.to_act, "turn": self.turn, "started": self.started, "over": self.over}

    def record(self) -> dict:
        """The finished game's ``lasvegas-record/1`` with the seats' names and the seed's commitment."""
        assert self.game is not None and self.game.is_over
        rec = self.game.record()
        rec["names"] = {s.colour: s.name for s in self.seats}
        rec["commitment"] = {"sha256": self.commitment, "nonce": self.nonce}
        return rec

    @property
    def ended(self) -> bool:
        return bool(self.log) and self.log[-1]["event"] == GameEnded.__name__

    # ------------------------------------------------------------ storage
    def to_dict(self) -> dict:
        """The room without its moves: seats, options and the game's seed (which never leaves the server
        before the end).  A store writes this when the seats change and appends each move on its own."""
        return {
            "code": self.code, "options": vars(self.options), "seats": [vars(s) for s in self.seats],
            "created": self.created, "touched": self.touched, "nonce": self.nonce,
            "commitment": self.commitment, "ai_seed": self.ai_seed,
            "seed": self.game.seed if self.game is not None else None, "owner": self.owner,
        }

    @classmethod
    def from_dict(cls, d: dict, moves: list[int]) -> "Room":
        """A room rebuilt from :meth:`to_dict` and its :meth:`moves`: the game is replayed from its seed
        (the rules engine is deterministic); ``ValueError`` (naming the field) when the row is not a
        room's (:class:`RoomRow`), ``ValueError`` or ``RoomError`` when a move does not fit."""
        if cls is Room and isinstance(d, dict) and d.get("game", "lasvegas") != "lasvegas":
            return _game(d.get("game"), ValueError).from_dict(d, moves)
        try:
            row = msgspec.convert(d, RoomRow, strict=True)
        except msgspec.ValidationError as e:
            raise ValueError(f"the room's row: {e}") from None
        room = cls(row.code, Options(**msgspec.structs.asdict(row.options)),
                   [SeatSlot(**msgspec.structs.asdict(s)) for s in row.seats],
                   created=row.created, touched=row.touched, nonce=row.nonce,
                   commitment=row.commitment, ai_seed=row.ai_seed)
        room.owner = row.owner  # absent from rooms kept by earlier versions: ""
        if row.seed is not None:
            seed = row.seed
            room.game = Game(room.options.config(), seed)
            room._logged(room.game.opening_events)
            room.replay(moves)
        elif moves:
            raise ValueError("moves in a room that has not started")
        room.touched = row.touched
        return room

    def stored(self, value: int) -> int:
        """A move as a store keeps it (a Las Vegas move: its value)."""
        return value

    def stored_move(self, first: int) -> int:
        """The move just made (its events from ``first`` on), as a store keeps it."""
        return self.log[first]["value"]  # a move's first event is its DicePlaced

    def replay(self, moves: list[int]) -> list[dict]:
        """Apply ``moves`` (values, from move number ``turn`` on) made elsewhere; their events, as on the wire."""
        first = len(self.log)
        for value in moves:
            if not isinstance(value, int) or isinstance(value, bool) or self.to_act is None:
                raise ValueError(f"move {self.turn}: {value!r} does not fit the game")
            self.place(self.to_act, value, self.turn)
        return self.log[first:]


# ------------------------------------------------------------ the stored shape
# A room as a store keeps it (:meth:`Room.to_dict`), declared once: msgspec checks a row read back
# (from SQLite or Redis) field by field before the room is rebuilt from it.

Seed = Annotated[int, Meta(ge=0, le=2**63 - 1)]


class OptionsRow(Struct, forbid_unknown_fields=True):
    """:class:`Options` as stored (a field added since has its default in a row written before)."""
    players: Annotated[int, Meta(ge=MIN_SEATS, le=MAX_SEATS)]
    neutral: bool = False
    edition: Literal[EDITIONS] = "classic"  # type: ignore[valid-type]
    rounds: Annotated[int, Meta(ge=1, le=4)] = 4
    hide_money: bool = False
    away_delay: Annotated[float, Meta(ge=0, le=600)] | None = 30.0
    correspondence: bool = False
    keep_days: Annotated[int, Meta(ge=KEEP_DAYS[0], le=KEEP_DAYS[1])] = KEEP_DAYS_DEFAULT
    minimum: Literal[MINIMUMS] | None = None  # type: ignore[valid-type]
    hundreds: bool = False
    biggies: bool = False


class SeatRow(Struct, forbid_unknown_fields=True):
    """:class:`SeatSlot` as stored (the token as its SHA-256, never the token)."""
    colour: Literal[tuple(COLOURS)]  # type: ignore[valid-type]
    name: Annotated[str, Meta(max_length=64)] = ""
    kind: Literal["open", "human", "ai"] = "open"
    level: Annotated[str, Meta(max_length=16)] = ""
    token_hash: Annotated[str, Meta(pattern="^([0-9a-f]{64})?$")] = ""


class RoomRow(Struct):
    """A room without its moves, as :meth:`Room.to_dict` writes it (fields of an earlier form's row
    that this one does not use are passed over)."""
    code: Annotated[str, Meta(pattern=CODE_RE.pattern)]
    options: OptionsRow
    seats: Annotated[list[SeatRow], Meta(min_length=MIN_SEATS, max_length=MAX_SEATS)]
    created: float
    touched: float
    nonce: str
    commitment: str
    ai_seed: Seed
    seed: Seed | None
    owner: Annotated[str, Meta(max_length=64)] = ""  # the address that created it (never sent)


#: The room class of each other game a server hosts (the ``game`` of a create message or of a
#: room's row) and its AI's job: the game's module adds itself with :func:`add_game` when it is
#: imported (``lords.room``), and the modules that make rooms import it.  This module knows none.
GAMES: dict[str, type["Room"]] = {}
THINKERS: dict[str, Callable[[dict, str, int], object]] = {}


def add_game(kind: str, room: type["Room"], think: Callable[[dict, str, int], object]) -> None:
    GAMES[kind] = room
    THINKERS[kind] = think


def _game(kind: object, error: type[Exception]) -> type["Room"]:
    found = GAMES.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise error(f"a room of a game this server does not host ({str(kind)[:40]!r})")
    return found


def think(state: dict, level: str, seed: int) -> int:
    """A worker's job: the value the AI ``level`` places in the game ``state`` (another game's
    decision, e.g. a Lords of Vegas state holding ``"lords"``, by that game's :data:`THINKERS`)."""
    for kind, other in THINKERS.items():
        if kind in state:
            return other(state, level, seed)  # type: ignore[return-value]
    from ..ai import make_ai

    game = Game.from_dict(state)
    return make_ai(level, seed).choose(game, None).value


__all__ = ["AWAY_LEVEL", "GAMES", "Room", "RoomError", "SeatSlot", "add_game", "new_code", "think"]
