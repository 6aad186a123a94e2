"""The online protocol: versioned JSON messages, each checked field by field.

Every message is one WebSocket text frame holding one JSON object with a
protocol version ``v`` and a ``type``.  What a client may send is declared
once, as a typed struct per message (:data:`MESSAGES`, checked by msgspec;
:data:`CLIENT` lists their fields), what the server sends in :data:`SERVER`;
docs/protocol.md documents both.  :func:`decode` turns untrusted text into a checked ``dict``
or raises :class:`ProtocolError` naming the message and the field at fault;
a message of another protocol version gets the ``version`` error ("update
your game").  Events and views travel as plain data (:func:`event_to_wire`,
:func:`event_from_wire`, :func:`view_to_wire`, :func:`view_from_wire`).
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from ..core import (
    MAX_SEATS, MIN_SEATS, MINIMUMS, BillsDealt, CasinoPaid, DicePlaced, DicePreplaced, DiceRolled, Event, GameEnded, RoundEnded,
    RoundStarted,
)
from ..kernel.lazy import load
from ..games import registry
from ..match.base import REACTIONS, TableView
from .names import clean

#: Quick phrases of a Lords of Vegas room's trades (a ``react`` in a Lords room; no free chat).
TRADE_PHRASES = ("trade-offer", "trade-no", "trade-better", "trade-think")

#: The protocol version of every Las Vegas message (what a client of any version reads).
VERSION = 1
#: The version that knows Lords of Vegas rooms (``act``, ``decide``): a client sends it on the
#: messages of a Lords room, the server on what it sends in one (docs/protocol.md).
LORDS_VERSION = 2
#: The versions this server reads.
VERSIONS = (VERSION, LORDS_VERSION)
#: The games a room may play (the registry's, the first when a ``create`` names none).
GAMES = tuple(registry.GAMES)


def needs(game: str) -> int:
    """The protocol version the messages of ``game``'s rooms need (``GameEntry.protocol_version``)."""
    entry = registry.GAMES.get(game)
    return load(entry.protocol_version) if entry is not None and entry.protocol_version else VERSION
#: The largest frame either side accepts (the server closes a connection that sends more).
MAX_FRAME = 64 * 1024
#: Room codes: 6 characters from 30 that cannot be mistaken for one another, on
#: screen or read out loud (no 0 or O, 1 or I or L, U beside V).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789"
CODE_LENGTH = 6
CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")
#: Seat tokens (``secrets.token_urlsafe(24)``: 32 characters).
TOKEN_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
NAME_MAX = 24
EDITIONS = ("classic", "2018")
#: How long a correspondence room may be kept after its last move (days; the host chooses).
KEEP_DAYS = (1, 30)
KEEP_DAYS_DEFAULT = 7
#: The AI levels a room may seat (the server checks them against its build too).
LEVEL_RE = re.compile(r"^[a-z0-9-]{1,16}$")


class ProtocolError(ValueError):
    """A message that breaks the protocol.  ``code`` is one of :data:`ERROR_CODES`;
    ``about`` the message type at fault (or None when it cannot be read)."""

    def __init__(self, code: str, message: str, about: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.about = about

    def to_message(self) -> dict:
        return error(self.code, self.message, self.about)


#: Error codes the server sends (docs/protocol.md says when).
ERROR_CODES = (
    "version", "json", "shape", "type", "field", "too-big", "rate", "no-room", "room-full",
    "bad-token", "not-your-turn", "stale", "illegal", "not-started", "started", "not-host",
    "server-full", "too-many-connections", "internal", "taken-over", "timeout", "too-many-rooms",
    "wrong-game", "room-lost",
)


# ------------------------------------------------------------ client messages
# Each message a client may send is declared once, as a typed struct: msgspec checks a message
# against it (types, bounds, lengths, forms, unknown fields) in C, and :func:`_explain` words
# what it refuses the way this protocol always has ("place.value: must be between 1 and 6, not 7").

Room_ = Annotated[str, Meta(max_length=CODE_LENGTH, pattern=CODE_RE.pattern)]
Token = Annotated[str, Meta(max_length=64, pattern=TOKEN_RE.pattern)]
Level = Annotated[str, Meta(max_length=16, pattern=LEVEL_RE.pattern)]
Name = Annotated[str, Meta(max_length=NAME_MAX)]
Move = Annotated[int, Meta(ge=0, le=10**6)]
Die = Annotated[int, Meta(ge=1, le=6)]
#: a receipt of the moves a server acknowledged: N.HASH.MAC (lasvegas.net.marks)
RECEIPT_PATTERN = r"^(0|[1-9][0-9]{0,8})\.[0-9a-f]{32}\.[0-9a-f]{32}$"
Receipt = Annotated[str, Meta(max_length=80, pattern=RECEIPT_PATTERN)]


class _Message(Struct, omit_defaults=True):
    """A client message's fields (its ``v`` and ``type`` are read first; :func:`decode` refuses unknown
    fields before the struct looks at the others)."""
    pass


class Create(_Message):
    players: Annotated[int, Meta(ge=MIN_SEATS, le=MAX_SEATS)]
    #: the game the room plays (a Lords room: protocol version 2, see match/lords/wire.py)
    game: Literal[GAMES] = registry.DEFAULT_GAME  # type: ignore[valid-type]
    neutral: bool = False
    # the Las Vegas Boulevard options (docs/rules.md §10): a client sends them only when set
    minimum: Literal[MINIMUMS] | None = None  # type: ignore[valid-type]
    hundreds: bool = False
    biggies: bool = False
    edition: Literal[EDITIONS] = "classic"  # type: ignore[valid-type]
    rounds: Annotated[int, Meta(ge=1, le=4)] = 4
    hide_money: bool = False
    ai: Annotated[list[Level | None], Meta(max_length=MAX_SEATS)] | None = None
    away_delay: Annotated[float, Meta(ge=0, le=600)] | None = 30.0
    correspondence: bool = False
    keep_days: Annotated[int, Meta(ge=KEEP_DAYS[0], le=KEEP_DAYS[1])] = KEEP_DAYS_DEFAULT
    #: a Lords room: seconds a seat has for a decision of its own (lay-off, dice placement, a forced
    #: move) before the default plays it (None: no limit)
    decision_seconds: Annotated[float, Meta(ge=1, le=600)] | None = 30.0
    name: Name = ""


class Join(_Message):
    room: Room_
    name: Name = ""


class Resume(_Message):
    room: Room_
    token: Token
    since: Move | None = None
    seen: Move | None = None
    #: the last receipt the seat was given (lasvegas.net.marks): evidence of the moves acknowledged
    receipt: Receipt | None = None


class Status(_Message):
    room: Room_
    token: Token


class Start(_Message):
    fill: Level | None = None


class Place(_Message):
    value: Die
    turn: Move


class Leave(_Message):
    pass


class React(_Message):
    phrase: Literal[REACTIONS + TRADE_PHRASES]  # type: ignore[valid-type]


class Look(_Message):
    """Ask for the table as it is now (a ``state``): a client that does not mirror the rules engine."""
    pass


class Act(_Message):
    """A Lords room's move (protocol version 2): ``action`` is checked whole by
    :func:`lasvegas.match.lords.wire.from_wire`, once."""
    action: dict[str, Any]
    turn: Move


#: Messages a client may send: type -> its struct.
MESSAGES: dict[str, type[_Message]] = {
    "create": Create, "join": Join, "resume": Resume, "status": Status, "start": Start,
    "place": Place, "leave": Leave, "react": React, "act": Act, "look": Look,
}
#: Messages a client may send: type -> {field: required} (for the documentation and the tests).
CLIENT: dict[str, dict[str, bool]] = {
    kind: {f.name: f.required for f in msgspec.inspect.type_info(cls).fields}
    for kind, cls in MESSAGES.items()
}
_FIELDS = {kind: frozenset(fields) | {"v", "type"} for kind, fields in CLIENT.items()}
_INFO = {kind: {f.name: f.type for f in msgspec.inspect.type_info(cls).fields} for kind, cls in MESSAGES.items()}


def _fail(where: str, what: str) -> ProtocolError:
    return ProtocolError("field", f"{where}: {what}")


def name(x: Any, where: str) -> str:
    """A player's name (:func:`lasvegas.net.names.clean`); a name refused is a ``field`` error."""
    try:
        return clean(x)
    except ValueError as e:
        raise _fail(where, str(e)) from None


#: the words for a field's type in an error
_TYPE_WORDS = {"int": "a whole number", "float": "a number", "bool": "true or false", "str": "a string",
               "array": "a list", "object": "an object", "null": "null"}
_ERROR = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)


def _refusal(kind: str, msg: dict) -> ProtocolError:
    """Why the struct of ``kind`` refuses ``msg``, in this protocol's words: the first field at fault
    in the order the struct declares them ("place.value: must be between 1 and 6, not 7")."""
    for f in msgspec.structs.fields(MESSAGES[kind]):
        if f.name not in msg:
            if f.required:
                return ProtocolError("field", f"{kind}.{f.name}: missing", kind)
            continue
        try:
            msgspec.convert(msg[f.name], f.type, strict=True)
        except msgspec.ValidationError as e:
            return _explain(f"{kind}.{f.name}", msg[f.name], _INFO[kind][f.name], str(e), kind)
    return ProtocolError("field", f"{kind}: not a valid message", kind)  # (every field passes alone)


def _explain(where: str, value: Any, info: Any, what: str, kind: str) -> ProtocolError:
    """msgspec's refusal ``what`` of ``value`` (declared as ``info``), in this protocol's words."""
    m = _ERROR.match(what)
    what = m["what"]
    for index in re.findall(r"\[(\d+)\]", m["path"] or ""):  # into a list
        where += f"[{index}]"
        value = value[int(index)] if isinstance(value, list) and int(index) < len(value) else None
        info = getattr(_plain(info), "item_type", None)
    info = _plain(info)
    if isinstance(info, msgspec.inspect.LiteralType):
        values = _CHOICES.get(where.split("[")[0], [str(v) for v in info.values])
        return ProtocolError("field", f"{where}: must be one of {', '.join(values)}, not {value!r}"[:160], kind)
    if " matching regex " in what:
        return ProtocolError("field", f"{where}: not in the expected form", kind)
    if "of length" in what:
        unit = "characters" if isinstance(value, str) else "entries"
        return ProtocolError("field", f"{where}: at most {info.max_length} {unit}, not {len(value)}", kind)
    if re.match(r"Expected `\w+` [<>]=", what):
        return ProtocolError("field", f"{where}: must be between {_bound(info.ge)} and {_bound(info.le)}, "
                                      f"not {value}", kind)
    expected = re.match(r"Expected `(\w+)", what)
    if expected:
        words = _TYPE_WORDS.get(expected[1], expected[1])
        return ProtocolError("field", f"{where}: expected {words}, not {type(value).__name__}", kind)
    return ProtocolError("field", f"{where}: {what}"[:160], kind)


#: the choices of a field, as their message lists them
_CHOICES = {"create.minimum": MINIMUMS, "create.edition": EDITIONS,
            "react.phrase": REACTIONS + TRADE_PHRASES, "create.game": GAMES}


def _plain(info: Any) -> Any:
    """A declared type without its ``| None``."""
    if isinstance(info, msgspec.inspect.UnionType):
        return next((t for t in info.types if not isinstance(t, msgspec.inspect.NoneType)), None)
    return info


def _bound(x: Any) -> Any:
    return int(x) if isinstance(x, float) and x.is_integer() else x


#: Messages the server sends (their fields, for the documentation and the client's checks).
SERVER: dict[str, tuple[str, ...]] = {
    "welcome": ("room", "seat", "colour", "token"),
    "lobby": ("room", "seats", "options", "started", "over", "commitment"),
    "state": ("seat", "view", "cursor", "turn", "opening"),
    "events": ("first", "events"),
    "over": ("record",),
    "error": ("code", "message", "about"),
    "reaction": ("seat", "phrase"),
    "status": ("room", "seat", "seats", "to_act", "turn", "started", "over"),
    # Lords of Vegas rooms (protocol version 2)
    "decide": ("turn", "seat", "what", "deadline", "decision", "legal"),
}


def decode(raw: Any) -> dict:
    """A checked message from untrusted text (or bytes): ``ProtocolError`` otherwise.

    The message comes back as a dict of the fields it holds (a field it leaves out stays out),
    each checked against its struct in :data:`MESSAGES`; a name comes back cleaned (:func:`name`)."""
    if isinstance(raw, (bytes, bytearray)):
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("json", "a message must be UTF-8 JSON text") from None
    if not isinstance(raw, str):
        raise ProtocolError("json", "a message must be JSON text")
    if len(raw) > MAX_FRAME:
        raise ProtocolError("too-big", f"a message is at most {MAX_FRAME} bytes")
    try:  # a move, the message of play: parsed and checked in one pass (anything else, or a refusal: below)
        move = _place(raw)
        return {"type": "place", "value": move.value, "turn": move.turn}
    except (msgspec.DecodeError, RecursionError):  # (msgspec's ValidationError is a DecodeError)
        pass
    try:
        msg = _json(raw)
    except (msgspec.DecodeError, RecursionError):
        try:  # what msgspec refuses and is JSON all the same (a number too large for a float: inf)
            msg = json.loads(raw, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            raise ProtocolError("json", "the message is not valid JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("shape", "a message must be a JSON object")
    kind = msg.get("type")
    about = about_of(kind)
    v = msg.get("v")
    if type(v) is not int or v not in VERSIONS:  # true and 1.0 are not the version 1
        shown = json.dumps(v)[:20] if isinstance(v, (bool, float)) else repr(v)[:20]
        raise ProtocolError(
            "version",
            f"this server speaks protocol version {VERSION}, the message says {shown}: "
            "update your game to play on this server", about)
    cls = MESSAGES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        shown = json.dumps(kind)[:40]
        raise ProtocolError("type", f"unknown message type {shown}: expected one of {', '.join(MESSAGES)}",
                            about)
    unknown = msg.keys() - _FIELDS[kind]
    if unknown:
        raise ProtocolError("field", f"{kind}: unknown field {json.dumps(sorted(unknown)[0])[:40]}", kind)
    where = _surrogate(msg)
    if where is not None:  # JSON may spell half of a UTF-16 pair ("\ud800"): no text, in no field
        raise ProtocolError("field", f"{kind}.{where}: holds a lone surrogate (half of a UTF-16 pair), "
                                     "not Unicode text", kind)
    del msg["v"]
    msg_v = v
    mover = next((e for e in registry.GAMES.values() if e.move == kind), None)
    if mover is not None and msg_v < needs(mover.name):
        raise ProtocolError("version", f"{kind}: a {mover.title} move needs protocol version {needs(mover.name)}: "
                            "update your game", kind)
    game = msg.get("game")
    if isinstance(game, str) and msg_v < needs(game):
        raise ProtocolError("version", f"create: a {registry.game(game).title} room needs protocol version "
                            f"{needs(game)}: update your game", kind)
    try:
        checked = msgspec.convert(msg, cls, strict=True)
    except msgspec.ValidationError:
        raise _refusal(kind, msg) from None
    for f in msg:  # the fields the message holds, as checked (a float for a whole number of seconds)
        if f != "type":
            msg[f] = getattr(checked, f)
    if "name" in msg:
        msg["name"] = name(msg["name"], f"{kind}.name")
    if msg_v != VERSION:
        msg["v"] = msg_v  # a version-2 client (a Lords room may seat it)
    return msg


_json = msgspec.json.Decoder().decode


def _is_text(s: str) -> bool:
    """Whether ``s`` is Unicode text (no lone surrogate: it can be written as UTF-8)."""
    try:
        s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def about_of(kind: Any) -> str | None:
    """A message's ``type`` as an error's ``about`` may repeat it: a short string of Unicode text."""
    return kind if isinstance(kind, str) and len(kind) <= 32 and _is_text(kind) else None


def _surrogate(value: Any) -> str | None:
    """Where a lone surrogate lies in a parsed message (a key or a string, at any depth): its
    field's path (``phrase``, ``action.lot``, ``ai[1]``), or None."""
    if isinstance(value, str):
        return None if _is_text(value) else ""
    if isinstance(value, dict):
        for k, v in value.items():
            if not _is_text(k):
                return json.dumps(k)[:40]
            inner = _surrogate(v)
            if inner is not None:
                return k + ("." + inner if inner and not inner.startswith("[") else inner)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            inner = _surrogate(v)
            if inner is not None:
                return f"[{i}]" + ("." + inner if inner and not inner.startswith("[") else inner)
    return None


class _PlaceWire(Struct, tag_field="type", tag="place", forbid_unknown_fields=True):
    """A whole ``place`` message as it comes (its version, type and :class:`Place`'s fields), for the
    one-pass reading of a valid move; whatever it refuses is read again field by field, for the
    refusal's words."""
    v: Literal[VERSION]  # type: ignore[valid-type]
    value: Die
    turn: Move


_place = msgspec.json.Decoder(_PlaceWire).decode


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def version_of(msg: dict) -> int:
    """The protocol version a checked message was sent in (taken out of it)."""
    return msg.pop("v", VERSION)


def receipt_of(msg: dict, kept: str | None) -> str | None:
    """The receipt a client keeps after the server's message ``msg`` (a ``state`` or ``events`` may bring
    a newer one: lasvegas.net.marks); ``kept`` when it brings none, or none in a receipt's form."""
    r = msg.get("receipt")
    return r if isinstance(r, str) and len(r) <= 80 and _RECEIPT.match(r) else kept


_RECEIPT = re.compile(RECEIPT_PATTERN)


def encode(kind: str, v: int = VERSION, **fields: Any) -> str:
    """One message as the text of a frame (``v``: a Lords room's messages are version 2)."""
    return _encode({"v": v, "type": kind, **fields}).decode()


def encode_bytes(kind: str, v: int = VERSION, **fields: Any) -> bytes:
    """One message as the UTF-8 bytes of a frame."""
    return _encode({"v": v, "type": kind, **fields})


_encode = msgspec.json.Encoder().encode


def error(code: str, message: str, about: str | None = None) -> dict:
    return {"type": "error", "code": code, "message": message, "about": about}


def read_server(raw: Any) -> dict:
    """A message from the server, checked for its version and type (the client's side)."""
    try:
        msg = json.loads(raw)
    except (ValueError, TypeError, RecursionError):
        raise ProtocolError("json", "the server sent something that is not JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("shape", "the server sent something that is not a message")
    if type(msg.get("v")) is not int or msg.get("v") not in VERSIONS:
        raise ProtocolError("version", f"the server speaks protocol version {msg.get('v')!r}, "
                            f"this game {LORDS_VERSION}: update your game")
    if msg.get("type") not in SERVER or not set(SERVER[msg["type"]]) <= set(msg):
        raise ProtocolError("shape", f"the server sent an unknown message {str(msg.get('type'))[:32]!r}")
    return msg


# ------------------------------------------------------------ events, views
EVENT_TYPES: dict[str, type] = {cls.__name__: cls for cls in (
    RoundStarted, BillsDealt, DicePreplaced, DiceRolled, DicePlaced, CasinoPaid, RoundEnded, GameEnded)}


def event_to_wire(ev: Event) -> dict:
    """An event as a JSON object (tuples are written as lists)."""
    return ev.to_dict()


def event_from_wire(d: Any) -> Event:
    if not isinstance(d, dict) or d.get("event") not in EVENT_TYPES:
        raise ProtocolError("shape", "an event of an unknown kind")
    cls = EVENT_TYPES[d["event"]]
    try:
        return cls(*(_tuples(d[f] if f not in cls._optional else d.get(f, ())) for f in cls._fields))
    except KeyError as e:
        raise ProtocolError("shape", f"{d['event']}: field {e} is missing") from None


def view_to_wire(view: TableView, won: dict[str, list[int] | None]) -> dict:
    """A view as data; ``won``: the bills each owner won, where the viewer may see them."""
    return {
        "viewer": view.viewer, "round": view.round, "first_seat": view.first_seat,
        "current": view.current, "over": view.over,
        "casino_bills": [list(b) for b in view.casino_bills],
        "casino_dice": [dict(d) for d in view.casino_dice], "deck_left": view.deck_left,
        "hand": dict(view.hand), "neutral": list(view.neutral), "money": dict(view.money),
        "bills": dict(view.bills), "roll": [list(r) for r in view.roll], "legal": list(view.legal),
        "won": won,
        # Biggies (public: each die shows its size); read as empty by a client that does not know them
        **({"casino_big": [list(b) for b in view.casino_big], "big_in_hand": list(view.big_in_hand),
            "roll_big": list(view.roll_big)} if view.casino_big else {}),
    }


def view_from_wire(d: dict) -> TableView:
    return TableView(
        viewer=d["viewer"], round=d["round"], first_seat=d["first_seat"], current=d["current"],
        over=d["over"], casino_bills=tuple(tuple(b) for b in d["casino_bills"]),
        casino_dice=tuple(dict(x) for x in d["casino_dice"]), deck_left=d["deck_left"],
        hand=dict(d["hand"]), neutral=tuple(d["neutral"]), money=dict(d["money"]),
        bills=dict(d["bills"]), roll=tuple((o, v) for o, v in d["roll"]), legal=tuple(d["legal"]),
        casino_big=tuple(tuple(b) for b in d.get("casino_big", ())),
        big_in_hand=tuple(d.get("big_in_hand", ())), roll_big=tuple(d.get("roll_big", ())),
    )


def _tuples(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_tuples(v) for v in x)
    return x
