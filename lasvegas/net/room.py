"""One table on the server, whatever its game: the seats, their tokens, the seed's commitment, the
events so far and the moves as a store keeps them.

A :class:`Room` is plain, synchronous state (the server does the input and output) and knows no
game: each game's room is a subclass of its own, a peer of the other games' (Las Vegas's
:mod:`lasvegas.net.lasvegas.room`, Lords of Vegas's :mod:`lasvegas.net.lords.room`), named by the
game's entry in :mod:`lasvegas.games.registry` (``GameEntry.room``) and loaded by
:func:`room_class`.  The base holds what every room does the same way (seating, tokens, the seed and
its commitment, storage as a row and a move log, the record's names and commitment, the end) and
calls the game's hooks for the rest: the game dealt from a seed (:meth:`Room._begin_game`), a move
read from its message (:meth:`Room.read_move`), applied (:meth:`Room.play`), kept
(:meth:`Room.stored`) and read back (:meth:`Room.from_stored`), what a seat may see
(:meth:`Room.view_for`, :meth:`Room.events_for`), the record (:meth:`Room.game_record`) and the
jobs the server plays for AI and away seats (:meth:`Room.next_job`).  A room is the only holder of
its game's seed and deck: what leaves it for a seat goes through the game's views.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

import msgspec
from msgspec import Meta

from ..kernel.fair import commit
from ..kernel.lazy import load
from ..games import registry
from .protocol import CODE_ALPHABET, CODE_LENGTH, CODE_RE


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


#: a seed as a row keeps it
Seed = Annotated[int, Meta(ge=0, le=2**63 - 1)]


class RowBase(msgspec.Struct, kw_only=True):
    """The fields of every game's stored row (:meth:`Room.to_dict`); a game's row adds its
    ``options`` and ``seats`` (``Room.row_type``)."""
    code: Annotated[str, Meta(pattern=CODE_RE.pattern)]
    created: float
    touched: float
    nonce: str
    commitment: str
    ai_seed: Seed
    seed: Seed | None
    owner: Annotated[str, Meta(max_length=64)] = ""  # the address that created it (never sent)


@dataclass
class Room:
    code: str
    #: the game's options (its dataclass: ``players``, ``away_delay``, ``correspondence``, ``keep_days``)
    options: Any
    seats: list[SeatSlot]
    created: float = field(default_factory=time.time)
    touched: float = field(default_factory=time.time)
    #: the rules engine's game (None until the start)
    game: Any = None
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

    #: the game the room plays (its name in the registry), and the protocol version of what is sent in it
    game_name: ClassVar[str] = ""
    v: ClassVar[int] = 1
    #: the level of the game's book that plays a seat whose player is away (after the room's delay)
    #: or out of time
    away_level: ClassVar[str] = ""
    #: the refusal of an AI level the game does not have (``{level}``, ``{levels}`` filled in)
    unknown_level: ClassVar[str] = "no AI level {level!r} (this server has {levels})"
    #: the ``react`` phrases a room of this game takes besides everyone's (``match.base.REACTIONS``)
    phrases: ClassVar[tuple[str, ...]] = ()
    #: the event that ends a game
    end_event: ClassVar[str] = "GameEnded"

    # ------------------------------------------------------------ set-up
    @classmethod
    def create(cls, code: str, msg: dict, levels: list[str] | None) -> tuple["Room", str]:
        """A room from a checked ``create`` message, of the game it names (on the base class: by the
        registry); the creator sits at seat 0.  ``levels``: the AI levels this server seats (None: every
        level of the game).  Returns (room, token)."""
        if cls is Room:
            return room_class(msg.get("game", registry.DEFAULT_GAME), RoomError).create(code, msg, levels)
        room = cls._new(code, msg, [lv for lv in cls.levels() if levels is None or lv in levels])
        token = room._seat_human(0, msg.get("name", ""))
        return room, token

    @classmethod
    def _new(cls, code: str, msg: dict, levels: list[str]) -> "Room":
        """The game's room from a checked ``create`` message (its options checked; its seats, an AI
        level of ``levels`` at each one the message asks for), nobody seated yet."""
        raise NotImplementedError

    @classmethod
    def levels(cls) -> tuple[str, ...]:
        """The game's AI levels (its book in the registry), weakest first."""
        return registry.levels(cls.game_name).names()

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
            if fill not in self.levels():
                raise RoomError("field", "start.fill: " + self.unknown_level.format(
                    level=fill, levels=", ".join(self.levels())))
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

    def _begin_game(self, seed: int) -> list[dict]:
        """The game dealt from ``seed``; its opening events, as on the wire (:meth:`_logged`)."""
        raise NotImplementedError

    def _logged(self, events: list) -> list[dict]:
        """The engine's ``events``, as on the wire, added to the log."""
        wire = [self.event_to_wire(e) for e in events]
        self.log.extend(wire)
        self.touched = time.time()
        return wire

    def event_to_wire(self, event: Any) -> dict:
        raise NotImplementedError

    # ------------------------------------------------------------ moves
    @property
    def started(self) -> bool:
        return self.game is not None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.is_over

    @property
    def to_act(self) -> int | None:
        """The seat whose move the game waits for (None before the start and once over)."""
        g = self.game
        return None if g is None else g.to_act

    def read_move(self, seat: int, msg: dict) -> Any:
        """The move a checked move message (the game's ``GameEntry.move``) of ``seat`` asks for, as the
        room plays it; ``ProtocolError`` or ``RoomError`` when it cannot be one."""
        raise NotImplementedError

    def play(self, seat: int, move: Any, turn: int, stored: Any = None) -> list[dict]:
        """Seat ``seat`` makes ``move`` as move number ``turn``; the new events, as on the wire
        (``stored``: the move as kept, when it is replayed from a store)."""
        raise NotImplementedError

    def check_play(self, seat: int, move: Any, turn: int) -> None:
        """Refuse (``RoomError``) the move :meth:`play` would refuse, changing nothing."""
        raise NotImplementedError

    def stored(self, move: Any) -> Any:
        """A move as a store keeps it (JSON data)."""
        raise NotImplementedError

    def stored_move(self, first: int) -> Any:
        """The move just made (its events from ``first`` on), as a store keeps it."""
        raise NotImplementedError

    def from_stored(self, kept: Any) -> tuple[int, Any]:
        """(seat, move) of a move as a store kept it, for move number ``turn``; ``ValueError`` when it is
        not one of the game's moves."""
        raise NotImplementedError

    def replay(self, moves: list) -> list[dict]:
        """Apply ``moves`` (as a store keeps them, from move number ``turn`` on) made elsewhere; their
        events, as on the wire (``ValueError`` or ``RoomError`` for a move that does not fit)."""
        first = len(self.log)
        for kept in moves:
            if self.game is None:
                raise ValueError(f"move {self.turn}: {str(kept)[:60]!r} in a game that has not started")
            seat, move = self.from_stored(kept)
            self.play(seat, move, self.turn, kept)
        return self.log[first:]

    # ------------------------------------------------------ who plays what, when
    def ai_level(self, seat: int) -> str | None:
        s = self.seats[seat]
        return s.level if s.kind == "ai" else None

    def next_job(self, connected: set[int], now: float | None = None) -> tuple[int, str, float, str] | None:
        """The next move the server plays: (seat, level, when (time.monotonic), why) with why ``ai``
        (an AI seat), ``away`` (a seat whose player is away, after the room's delay) or ``timeout`` (a
        decision past its deadline: :meth:`default_move`); None when the game waits for players only.
        Here: the seat to act, played by its AI or, once its player is away, by :attr:`away_level`."""
        seat = self.to_act
        if seat is None:
            return None
        now = time.monotonic() if now is None else now
        level = self.ai_level(seat)
        if level is not None:
            return seat, level, now, "ai"
        if self.options.away_delay is not None and seat not in connected:
            return seat, self.away_level, now + self.options.away_delay, "away"
        return None

    def still_due(self, seat: int, why: str, turn: int, connected: set[int]) -> bool:
        """Whether a job found by :meth:`next_job` at move ``turn`` is still to be played."""
        if self.turn != turn or self.game is None or self.game.is_over:
            return False
        return not (why == "away" and seat in connected)

    def default_move(self, seat: int) -> Any:
        """The rules' move for a decision of ``seat`` past its deadline (None: an AI plays it)."""
        return None

    def vetted(self, seat: int, move: Any) -> Any:
        """The move the server plays for an AI of ``seat`` that chose ``move`` (the game's bounds on
        what an AI may do: here, its move)."""
        return move

    def fallback(self, seat: int) -> Any:
        """A move of ``seat`` that always fits (an AI that failed); None when it has none."""
        raise NotImplementedError

    def think_for(self, seat: int, level: str) -> tuple[dict, str, int]:
        """:func:`think`'s arguments for ``seat``'s move by ``level``: the game's state (holding its
        ``game``), the level and a seed of its own."""
        raise NotImplementedError

    @staticmethod
    def think(state: dict, level: str, seed: int) -> Any:
        """A worker's job: the move the AI ``level`` makes in ``state`` (:meth:`think_for`)."""
        raise NotImplementedError

    def prompts(self, connected: set[int], now: float | None = None) -> list[dict]:
        """The ``decide`` messages' fields to send now, each to its seat alone (none here)."""
        return []

    # ---------------------------------------------------------- what a seat sees
    def colour(self, seat: int) -> str:
        return self.seats[seat].colour

    def view_for(self, seat: int, game: Any = None) -> dict:
        """The table as seat ``seat`` may see it (in ``game``: by default the room's game now)."""
        raise NotImplementedError

    def kept_for(self, idle: float, day: float) -> float:
        """Seconds this room is kept once nobody is in it and nobody moves: the server's ``idle``
        time, or for a correspondence room its ``keep_days`` (``day``: the seconds of a day)."""
        return self.options.keep_days * day if self.options.correspondence else idle

    def seen_point(self, seat: int, seen: int) -> tuple[dict, int, list[dict]] | None:
        """The table as seat ``seat`` saw it after move ``seen`` (a player back after a while): (its
        view, the events up to then, the opening that shows it), or None (the events since its cursor)."""
        return None

    def opening(self, seat: int) -> list[dict]:
        """The events a ``state`` carries with the table now: the game's opening before the first move
        (here nothing after it)."""
        return self.events_for(seat, 0) if self.turn == 0 else []

    def events_for(self, seat: int, first: int = 0) -> list[dict]:
        return [self.redact(e, seat) for e in self.log[first:]]

    def redact(self, ev: dict, seat: int) -> dict:
        """``ev`` as seat ``seat`` may see it (here: as it is)."""
        return ev

    def private(self, first: int) -> bool:
        """Whether the events from ``first`` on read differently from seat to seat (none here)."""
        return False

    def told(self, first: int) -> dict:
        """The fields an ``events`` message of the moves from event ``first`` on carries besides its
        events (none here)."""
        return {}

    def public(self, connected: set[int]) -> dict:
        """The lobby message's fields."""
        return {
            "room": self.code, "game": self.game_name,
            "seats": [s.public(i in connected) for i, s in enumerate(self.seats)],
            "options": self.public_options(),
            "started": self.started, "over": self.over, "commitment": self.commitment or None,
        }

    def public_options(self) -> dict:
        raise NotImplementedError

    def status(self, seat: int, connected: set[int]) -> dict:
        """The ``status`` message's fields: where the game of seat ``seat`` stands (for a list of games)."""
        return {"room": self.code, "game": self.game_name, "seat": seat,
                "seats": [s.public(i in connected) for i, s in enumerate(self.seats)],
                "to_act": self.to_act, "turn": self.turn, "started": self.started, "over": self.over}

    def record(self) -> dict:
        """The finished game's record (:meth:`game_record`) with the seats' names and the seed's commitment."""
        assert self.game is not None and self.game.is_over
        rec = self.game_record()
        rec["names"] = {s.colour: s.name for s in self.seats}
        rec["commitment"] = {"sha256": self.commitment, "nonce": self.nonce}
        return rec

    def game_record(self) -> dict:
        """The finished game's record as the game writes it."""
        raise NotImplementedError

    @property
    def ended(self) -> bool:
        """Whether the log holds the game's end (its last event)."""
        return bool(self.log) and self.log[-1]["event"] == self.end_event

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
    def from_dict(cls, d: dict, moves: list) -> "Room":
        """A room rebuilt from :meth:`to_dict` and its moves (on the base class: of the game its row
        names, the first game's when it names none): the game is replayed from its seed (the rules
        engine is deterministic); ``ValueError`` (naming the field) when the row is not a room's or a
        move does not fit."""
        if cls is Room:
            game = d.get("game", registry.DEFAULT_GAME) if isinstance(d, dict) else None
            return room_class(game, ValueError).from_dict(d, moves)
        room = cls._from_row(d)
        touched = room.touched
        if room.game is not None:
            try:
                room.replay(moves)
            except RoomError as e:
                raise ValueError(f"move {room.turn}: {e.message}") from None
        elif moves:
            raise ValueError("moves in a room that has not started")
        room.touched = touched
        return room

    #: the game's row as stored (a msgspec ``Struct``: ``code``, ``options``, ``seats``, ``created``,
    #: ``touched``, ``nonce``, ``commitment``, ``ai_seed``, ``seed``, ``owner``) and its options' class
    row_type: ClassVar[Any] = None
    options_type: ClassVar[Any] = None

    @classmethod
    def _from_row(cls, d: dict) -> "Room":
        """The room a row holds (checked field by field: ``ValueError``), its game dealt from its seed
        when it has one, no move made yet."""
        try:
            row = msgspec.convert(d, cls.row_type, strict=True)
        except msgspec.ValidationError as e:
            raise ValueError(f"the room's row: {e}") from None
        cls._check_row(row)
        room = cls(row.code, cls.options_type(**msgspec.structs.asdict(row.options)),
                   [SeatSlot(**msgspec.structs.asdict(s)) for s in row.seats],
                   created=row.created, touched=row.touched, nonce=row.nonce,
                   commitment=row.commitment, ai_seed=row.ai_seed)
        room.owner = row.owner  # absent from rooms kept by earlier versions: ""
        if row.seed is not None:
            room._begin_game(row.seed)
            room.touched = row.touched
        return room

    @classmethod
    def _check_row(cls, row: Any) -> None:
        """Refuse (``ValueError``) a row whose fields fit one by one but not together (none here)."""


_CLASSES: dict[str, type[Room]] = {}


def room_class(game: object, error: type[Exception] = RoomError) -> type[Room]:
    """The room of ``game`` (its ``GameEntry.room``, loaded once); ``error`` for a game this server
    does not host."""
    found = _CLASSES.get(game) if isinstance(game, str) else None
    if found is not None:
        return found
    entry = registry.GAMES.get(game) if isinstance(game, str) else None
    if entry is None:
        if error is RoomError:
            raise RoomError("field", f"a room of a game this server does not host ({str(game)[:40]!r})")
        raise error(f"a room of a game this server does not host ({str(game)[:40]!r})")
    found = _CLASSES[entry.name] = load(entry.room)
    return found


def think(state: dict, level: str, seed: int) -> Any:
    """A worker's job: the move the AI ``level`` makes in the game ``state`` (its ``game`` names the
    game, whose room thinks: :meth:`Room.think`)."""
    return room_class(state.get("game"), ValueError).think(state, level, seed)


__all__ = ["Room", "RoomError", "SeatSlot", "new_code", "new_seats", "room_class", "think"]
