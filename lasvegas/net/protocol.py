"""The online protocol: versioned JSON messages, each checked field by field.

Every message is one WebSocket text frame holding one JSON object with a
protocol version ``v`` and a ``type``.  What a client may send is listed in
:data:`CLIENT`, what the server sends in :data:`SERVER`; docs/protocol.md
documents both.  :func:`decode` turns untrusted text into a checked ``dict``
or raises :class:`ProtocolError` naming the message and the field at fault;
a message of another protocol version gets the ``version`` error ("update
your game").  Events and views travel as plain data (:func:`event_to_wire`,
:func:`event_from_wire`, :func:`view_to_wire`, :func:`view_from_wire`).
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from typing import Any, Callable

import msgspec

from ..core import (
    MAX_SEATS, MIN_SEATS, MINIMUMS, BillsDealt, CasinoPaid, DicePlaced, DicePreplaced, DiceRolled, Event, GameEnded, RoundEnded,
    RoundStarted,
)
from ..match.base import REACTIONS, TableView

#: The protocol version this build speaks.
VERSION = 1
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
    "server-full", "too-many-connections", "internal", "taken-over", "timeout",
)


# ------------------------------------------------------------------ checkers
Check = Callable[[Any, str], Any]


def _fail(where: str, what: str) -> ProtocolError:
    return ProtocolError("field", f"{where}: {what}")


def integer(lo: int, hi: int) -> Check:
    def check(x: Any, where: str) -> int:
        if not isinstance(x, int) or isinstance(x, bool):
            raise _fail(where, f"expected a whole number, not {type(x).__name__}")
        if not lo <= x <= hi:
            raise _fail(where, f"must be between {lo} and {hi}, not {x}")
        return x
    return check


def number(lo: float, hi: float) -> Check:
    def check(x: Any, where: str) -> float:
        if not isinstance(x, (int, float)) or isinstance(x, bool) or not math.isfinite(x):
            raise _fail(where, f"expected a number, not {type(x).__name__}")
        if not lo <= x <= hi:
            raise _fail(where, f"must be between {lo} and {hi}, not {x}")
        return float(x)
    return check


def boolean(x: Any, where: str) -> bool:
    if not isinstance(x, bool):
        raise _fail(where, f"expected true or false, not {type(x).__name__}")
    return x


def text(max_len: int, pattern: re.Pattern | None = None) -> Check:
    def check(x: Any, where: str) -> str:
        if not isinstance(x, str):
            raise _fail(where, f"expected a string, not {type(x).__name__}")
        if len(x) > max_len:
            raise _fail(where, f"at most {max_len} characters, not {len(x)}")
        if pattern is not None and not pattern.match(x):
            raise _fail(where, "not in the expected form")
        if any(ord(c) < 32 or 0xD800 <= ord(c) <= 0xDFFF for c in x):
            raise _fail(where, "holds control characters")
        return x
    return check


def one_of(*values: str) -> Check:
    def check(x: Any, where: str) -> str:
        if x not in values:
            raise _fail(where, f"must be one of {', '.join(values)}, not {x!r}"[:160])
        return x
    return check


def optional(inner: Check) -> Check:
    def check(x: Any, where: str) -> Any:
        return None if x is None else inner(x, where)
    return check


def list_of(inner: Check, max_len: int) -> Check:
    def check(x: Any, where: str) -> list:
        if not isinstance(x, list):
            raise _fail(where, f"expected a list, not {type(x).__name__}")
        if len(x) > max_len:
            raise _fail(where, f"at most {max_len} entries, not {len(x)}")
        return [inner(v, f"{where}[{i}]") for i, v in enumerate(x)]
    return check


def name(x: Any, where: str) -> str:
    """A player's name: the text check, then normalised (NFC), without the characters that do not
    show or that change how the text around them shows (bidi overrides, zero-width and other format
    characters, line and paragraph separators, DEL and the C1 controls), spaces of every kind as one
    space; a name left with nothing visible is refused, and so is one that reads as an AI seat's
    label ("AI Expert", "KI · Experte"...).  An empty name is the seat's default."""
    text(NAME_MAX)(x, where)
    cleaned = " ".join("".join(
        " " if unicodedata.category(c) == "Zs" else c
        for c in unicodedata.normalize("NFC", x) if unicodedata.category(c) not in _HIDDEN).split())
    if not cleaned:
        if x.strip():
            raise _fail(where, "shows no visible character")
        return ""
    if not any(unicodedata.category(c)[0] in "LNPS" for c in cleaned):
        raise _fail(where, "shows no visible character")
    if _folded(cleaned) in ai_labels():
        raise _fail(where, f"{cleaned!r} reads as an AI seat's label: choose another name")
    return cleaned


#: character categories a name drops: controls, format characters (bidi overrides, zero-width
#: spaces and joiners), line and paragraph separators, private use, unassigned
_HIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Co", "Cn", "Cs"))


def _folded(s: str) -> str:
    """A name as compared with the AI labels: compatibility forms (fullwidth letters), case, and
    anything between the words (spaces, dots, "·", dashes) set aside."""
    s = unicodedata.normalize("NFKC", s).casefold()
    return " ".join("".join(c if c.isalnum() else " " for c in s).split())


_AI_LABELS: frozenset[str] | None = None


def ai_labels() -> frozenset[str]:
    """The AI seats' labels in every language the game speaks, folded (:func:`_folded`): the word
    for AI alone, or followed by an AI level's name (the server's "AI Expert", the screens'
    "AI · Expert", "KI · Experte", "IA · Expert"...)."""
    global _AI_LABELS
    if _AI_LABELS is None:
        from pathlib import Path

        words = {"ai"}
        levels = {"random", "easy", "medium", "hard", "expert"}
        for po in (Path(__file__).resolve().parent.parent / "locale").glob("*/LC_MESSAGES/*.po"):
            try:
                entries = _po_entries(po.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                continue
            label = entries.get("AI · {level}", "")
            if "{level}" in label:
                words.add(_folded(label.split("{level}")[0]))
            levels.update(_folded(entries[e]) for e in ("Random", "Easy", "Medium", "Hard", "Expert")
                          if entries.get(e))
        words.discard("")
        _AI_LABELS = frozenset(words | {f"{w} {lv}" for w in words for lv in levels})
    return _AI_LABELS


def _po_entries(text_: str) -> dict[str, str]:
    """msgid -> msgstr of a gettext catalogue's one-line entries without a context."""
    out: dict[str, str] = {}
    msgid = None
    for line in text_.splitlines():
        if line.startswith("msgctxt "):
            msgid = None
        elif line.startswith('msgid "'):
            msgid = line[7:-1]
        elif line.startswith('msgstr "') and msgid is not None:
            out[msgid] = line[8:-1]
            msgid = None
    return out


NAME = name
ROOM = text(CODE_LENGTH, CODE_RE)
TOKEN = text(64, TOKEN_RE)
LEVEL = text(16, LEVEL_RE)

#: Messages a client may send: type -> {field: (check, required)}.
CLIENT: dict[str, dict[str, tuple[Check, bool]]] = {
    "create": {
        "players": (integer(MIN_SEATS, MAX_SEATS), True),
        "neutral": (boolean, False),
        # the Las Vegas Boulevard options (docs/rules.md §10): a client sends them only when set
        "minimum": (one_of(*MINIMUMS), False),
        "hundreds": (boolean, False),
        "biggies": (boolean, False),
        "edition": (one_of(*EDITIONS), False),
        "rounds": (integer(1, 4), False),
        "hide_money": (boolean, False),
        "ai": (list_of(optional(LEVEL), MAX_SEATS), False),
        "away_delay": (optional(number(0, 600)), False),
        "correspondence": (boolean, False),
        "keep_days": (integer(*KEEP_DAYS), False),
        "name": (NAME, False),
    },
    "join": {"room": (ROOM, True), "name": (NAME, False)},
    "resume": {"room": (ROOM, True), "token": (TOKEN, True), "since": (integer(0, 10**6), False),
               "seen": (integer(0, 10**6), False)},
    "status": {"room": (ROOM, True), "token": (TOKEN, True)},
    "start": {"fill": (LEVEL, False)},
    "place": {"value": (integer(1, 6), True), "turn": (integer(0, 10**6), True)},
    "leave": {},
    "react": {"phrase": (one_of(*REACTIONS), True)},
}

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
}


def decode(raw: Any, schema: dict[str, dict[str, tuple[Check, bool]]] = CLIENT) -> dict:
    """A checked message from untrusted text (or bytes): ``ProtocolError`` otherwise."""
    if isinstance(raw, (bytes, bytearray)):
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("json", "a message must be UTF-8 JSON text") from None
    if not isinstance(raw, str):
        raise ProtocolError("json", "a message must be JSON text")
    if len(raw) > MAX_FRAME:
        raise ProtocolError("too-big", f"a message is at most {MAX_FRAME} bytes")
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("json", "the message is not valid JSON") from None
    if not isinstance(msg, dict):
        raise ProtocolError("shape", "a message must be a JSON object")
    kind = msg.get("type")
    about = kind if isinstance(kind, str) and len(kind) <= 32 else None
    v = msg.get("v")
    if type(v) is not int or v != VERSION:  # true and 1.0 are not the version 1
        shown = json.dumps(v)[:20] if isinstance(v, (bool, float)) else repr(v)[:20]
        raise ProtocolError(
            "version",
            f"this server speaks protocol version {VERSION}, the message says {shown}: "
            "update your game to play on this server", about)
    if not isinstance(kind, str) or kind not in schema:
        shown = json.dumps(kind)[:40]
        raise ProtocolError("type", f"unknown message type {shown}: expected one of {', '.join(schema)}",
                            about)
    fields = schema[kind]
    unknown = sorted(set(msg) - set(fields) - {"v", "type"})
    if unknown:
        raise ProtocolError("field", f"{kind}: unknown field {json.dumps(unknown[0])[:40]}", kind)
    out = {"type": kind}
    for name, (check, required) in fields.items():
        if name not in msg:
            if required:
                raise ProtocolError("field", f"{kind}.{name}: missing", kind)
            continue
        try:
            out[name] = check(msg[name], f"{kind}.{name}")
        except ProtocolError as e:
            e.about = kind
            raise
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def encode(kind: str, **fields: Any) -> str:
    """One message as the text of a frame."""
    return _encode({"v": VERSION, "type": kind, **fields}).decode()


def encode_bytes(kind: str, **fields: Any) -> bytes:
    """One message as the UTF-8 bytes of a frame."""
    return _encode({"v": VERSION, "type": kind, **fields})


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
    if msg.get("v") != VERSION:
        raise ProtocolError("version", f"the server speaks protocol version {msg.get('v')!r}, "
                            f"this game {VERSION}: update your game")
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
