"""The wire form of Lords of Vegas: one ``to_wire`` / ``from_wire`` pair for actions, one for events.

An action travels (``act``, protocol version 2) as a JSON object whose ``type``
names it and whose other fields are exactly the action's, lots by name
("C12") and tile colours by name ("gold"); the seat is never sent (the server
adds the connection's own; a trade's bundled action is the active seat's), and
a ``take_from`` that moves no die is left out.  :func:`to_wire` writes that
form from an engine action (the desktop table online, the bot, the server's
``decide`` lists); :func:`from_wire` reads it back into the engine's action in
one pass: the whole shape is declared once as msgspec structs (types, bounds,
unknown fields, lot names) and checked in C, then the lots are looked up; any
other shape is a :class:`WireError` naming the field at fault
(``act.action.give.lots[0]: Expected str, got int``).  ``from_wire(to_wire(a),
a.seat, active) == a`` for every action (tests/net/test_wire.py).

A record and a room's stored move keep the engine's own JSON form, seat
included (``lasvegas.lords.actions.to_dict``): that is not the wire's.

Events travel as ``Event.to_dict`` writes them (everything the engine reports
is public): :func:`event_to_wire` writes that form for less, :func:`event_from_wire`
reads it back.  No network here: the server and the clients both use this module.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta, Struct

from ...kernel.errors import WireError
from ...lords import actions as A
from ...lords import events as E
from ...lords.board import CARD_INDEX, COLOURS, COMPANY_NAMES, LOT_INDEX, N_LOTS, TRACK
from ...lords.events import _named


Lot = Annotated[str, Meta(max_length=3, pattern="^[A-F][0-9]{1,2}$")]
Colour = Literal[tuple(COLOURS)]  # type: ignore[valid-type]
Seat = Annotated[int, Meta(ge=0, le=3)]
Money = Annotated[int, Meta(ge=0, le=10**9)]
Lots = Annotated[list[Lot], Meta(max_length=N_LOTS)]


class _Action(Struct, tag_field="type", forbid_unknown_fields=True, omit_defaults=True):
    pass


class Build(_Action, tag="build"):
    lot: Lot
    colour: Colour
    take_from: Lot | None = None


class Sprawl(_Action, tag="sprawl"):
    casino: Lot
    lot: Lot
    take_from: Lot | None = None


class Remodel(_Action, tag="remodel"):
    casino: Lot
    colour: Colour


class Reorganize(_Action, tag="reorganize"):
    casino: Lot


class Gamble(_Action, tag="gamble"):
    casino: Lot
    bet: Annotated[int, Meta(ge=1, le=10**6)]


class LayOff(_Action, tag="lay_off"):
    lay_off: bool


class PlaceDice(_Action, tag="place_dice"):
    values: Annotated[list[Annotated[int, Meta(ge=1, le=6)]], Meta(min_length=1, max_length=12)]


class MoveMarker(_Action, tag="move_marker"):
    from_lot: Lot


class MoveDie(_Action, tag="move_die"):
    from_lot: Lot


class Offer(Struct, forbid_unknown_fields=True, omit_defaults=True):
    money: Money = 0
    lots: Lots = []
    dice: Lots = []


Bundled = Union[Build, Sprawl, Remodel, Reorganize, Gamble]


class Propose(_Action, tag="propose"):
    to: Seat
    give: Offer = msgspec.field(default_factory=Offer)
    get: Offer = msgspec.field(default_factory=Offer)
    action: Bundled | None = None


class Accept(_Action, tag="accept"):
    proposer: Seat


class Reject(_Action, tag="reject"):
    proposer: Seat


class Withdraw(_Action, tag="withdraw"):
    to: Seat


class EndTurn(_Action, tag="end_turn"):
    pass


LordsAction = Union[Build, Sprawl, Remodel, Reorganize, Gamble, LayOff, PlaceDice, MoveMarker,
                    MoveDie, Propose, Accept, Reject, Withdraw, EndTurn]


class _Holder(Struct):
    """The action inside a struct: msgspec keeps a struct's type description once made, not a bare
    union's (``convert`` to the union itself took 60-100 µs a call, to this struct about 5)."""
    action: LordsAction


#: the action types, as ``type`` names them
TYPES = tuple(cls.__struct_config__.tag for cls in LordsAction.__args__)  # type: ignore[attr-defined]
#: the trade actions (rate-limited: docs/protocol.md)
TRADE_TYPES = ("propose", "accept", "reject", "withdraw")

_ERROR = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)
_COLOUR = {c: i for i, c in enumerate(COLOURS)}


# ------------------------------------------------------------------ actions
def from_wire(d: Any, seat: int, active: int, where: str = "act.action") -> A.Action:
    """The engine's action that the wire form ``d`` describes for ``seat`` (a trade's bundled
    action is the active seat's, ``active``); ``WireError`` naming the field (``where`` and its path
    below) for any other shape.  Whether the game allows the action now is the engine's question."""
    if not isinstance(d, dict):
        raise WireError(f"{where}: expected an object")
    kind = d.get("type")
    if kind not in TYPES:
        raise WireError(f"{where}.type: must be one of {', '.join(TYPES)}, not {repr(kind)[:24]}")
    try:
        s = msgspec.convert({"action": d}, _Holder, strict=True).action
    except msgspec.ValidationError as e:
        m = _ERROR.match(str(e).replace("`$.action", "`$", 1))
        what = m["what"].replace("Object contains unknown field", "unknown field")  # type: ignore[index]
        if "`seat`" in what:
            what += " (the server knows your seat; a bundled action is the active player's)"
        raise WireError(f"{where}{m['path'] or ''}: {what}"[:200]) from None  # type: ignore[index]
    if type(s) is Propose:
        bundled = None if s.action is None else _MAKE[type(s.action)](s.action, active, where + ".action")
        return A.Propose(seat, s.to, _offer(s.give, f"{where}.give"), _offer(s.get, f"{where}.get"), bundled)
    return _MAKE[type(s)](s, seat, where)


def _lot(name: str, where: str) -> int:
    i = LOT_INDEX.get(name)
    if i is None:
        raise WireError(f"{where}: {name!r} is not a lot (A1 … F9)")
    return i


def _maybe_lot(name: str | None, where: str) -> int:
    return -1 if name is None else _lot(name, where)


def _lots(names: list[str], where: str) -> tuple[int, ...]:
    out = tuple(_lot(n, f"{where}[{i}]") for i, n in enumerate(names))
    if len(set(out)) != len(out):
        raise WireError(f"{where}: a lot is named twice")
    return out


def _offer(o: Offer, where: str) -> A.Offer:
    if not (o.money or o.lots or o.dice):
        return A.NO_OFFER
    return A.Offer(o.money, _lots(o.lots, where + ".lots"), _lots(o.dice, where + ".dice"))


_MAKE: dict[type, Any] = {
    Build: lambda s, seat, w: A.Build(seat, _lot(s.lot, w + ".lot"), _COLOUR[s.colour],
                                      _maybe_lot(s.take_from, w + ".take_from")),
    Sprawl: lambda s, seat, w: A.Sprawl(seat, _lot(s.casino, w + ".casino"), _lot(s.lot, w + ".lot"),
                                        _maybe_lot(s.take_from, w + ".take_from")),
    Remodel: lambda s, seat, w: A.Remodel(seat, _lot(s.casino, w + ".casino"), _COLOUR[s.colour]),
    Reorganize: lambda s, seat, w: A.Reorganize(seat, _lot(s.casino, w + ".casino")),
    Gamble: lambda s, seat, w: A.Gamble(seat, _lot(s.casino, w + ".casino"), s.bet),
    LayOff: lambda s, seat, w: A.LayOff(seat, s.lay_off),
    PlaceDice: lambda s, seat, w: A.PlaceDice(seat, tuple(s.values)),
    MoveMarker: lambda s, seat, w: A.MoveMarker(seat, _lot(s.from_lot, w + ".from_lot")),
    MoveDie: lambda s, seat, w: A.MoveDie(seat, _lot(s.from_lot, w + ".from_lot")),
    Accept: lambda s, seat, w: A.Accept(seat, s.proposer),
    Reject: lambda s, seat, w: A.Reject(seat, s.proposer),
    Withdraw: lambda s, seat, w: A.Withdraw(seat, s.to),
    EndTurn: lambda s, seat, w: A.EndTurn(seat),
}


def to_wire(a: A.Action) -> dict:
    """The wire form of the engine's action ``a``: its JSON form (``actions.to_dict``) without the
    seat, nor a ``take_from`` that moves no die (a bundled action's neither)."""
    d = A.to_dict(a)
    _unseated(d)
    if d.get("action") is not None:
        _unseated(d["action"])
    return d


def _unseated(d: dict) -> None:
    del d["seat"]
    if "take_from" in d and d["take_from"] is None:
        del d["take_from"]


# ------------------------------------------------------------------ events
#: the event fields ``lasvegas.lords.events`` writes by name (lots, cards, colours, companies, spaces)
_NAMED = frozenset(("lot", "from_lot", "moved_from", "casino", "lots", "card", "cards", "colour",
                    "old_colour", "company", "rolls", "from_space", "to_space"))
_EVENT_FIELDS: dict[type, tuple[str, tuple[tuple[str, bool], ...]]] = {}
_EVENTS = {cls.__name__: cls for cls in vars(E).values()
           if isinstance(cls, type) and issubclass(cls, E.Event) and cls is not E.Event}


def event_to_wire(e: Any) -> dict:
    """``e.to_dict()``, the same dict, for less (the fields of each event class looked up once;
    plain numbers passed as they are)."""
    spec = _EVENT_FIELDS.get(type(e))
    if spec is None:
        spec = _EVENT_FIELDS[type(e)] = (type(e).__name__, tuple((n, n in _NAMED) for n in e.__slots__))
    name, fields = spec
    d = {"event": name}
    for n, named in fields:
        v = getattr(e, n)
        d[n] = _named(n, v) if named or type(v) is tuple else v
    return d


def _tuples(v: Any) -> Any:
    return tuple(_tuples(x) for x in v) if isinstance(v, list) else v


def _unnamed(name: str, v: Any) -> Any:
    if name in ("lot", "from_lot", "moved_from", "casino"):
        return -1 if v is None else LOT_INDEX[v]
    if name == "lots":
        return tuple(LOT_INDEX[x] for x in v)
    if name == "card":
        return CARD_INDEX[v]
    if name == "cards":
        return tuple(CARD_INDEX[c] for c in v)
    if name in ("colour", "old_colour"):
        return _COLOUR[v]
    if name == "company":
        return COMPANY_NAMES.index(v)
    if name == "rolls":
        return tuple((LOT_INDEX[a], b, c) for a, b, c in v)
    if name in ("from_space", "to_space"):
        return TRACK.index(v)
    return _tuples(v)


def event_from_wire(d: dict) -> E.Event:
    """The engine's event from its wire form; ``ValueError`` for another shape."""
    cls = _EVENTS.get(d.get("event")) if isinstance(d, dict) else None  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"not a Lords of Vegas event: {str(d)[:60]}")
    try:
        return cls(**{n: _unnamed(n, d[n]) for n in cls.__slots__ if n in d})
    except (KeyError, TypeError, ValueError, IndexError) as e:
        raise ValueError(f"{d.get('event')}: {e}") from None


__all__ = ["TRADE_TYPES", "TYPES", "WireError", "event_from_wire", "event_to_wire", "from_wire", "to_wire"]
