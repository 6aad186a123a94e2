"""The wire shape of a Lords of Vegas move: one msgspec struct per action, checked whole.

A client's ``act`` message (protocol version 2) carries ``action``: a JSON object
whose ``type`` names the action and whose other fields are exactly the
action's, lots by name ("C12") and tile colours by name ("gold"); the seat is
never sent (the server adds the connection's own).  :func:`read_action` checks
the whole shape (types, bounds, unknown fields, lot names, a lot named twice)
and answers a :class:`~lasvegas.net.protocol.ProtocolError` naming the field at
fault ("act.action.give.lots[0]: ..."); whether the action is legal now is the
rules engine's question, asked later (``illegal``).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, Union

import msgspec
from msgspec import Meta, Struct

from ...core.errors import IllegalAction
from ...lords import actions as A
from ...lords.board import COLOURS, N_LOTS
from ..protocol import ProtocolError

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
#: the action types, as ``type`` names them
TYPES = tuple(cls.__struct_config__.tag for cls in LordsAction.__args__)  # type: ignore[attr-defined]
#: the trade actions (rate-limited: docs/protocol.md)
TRADE_TYPES = ("propose", "accept", "reject", "withdraw")

_ERROR = re.compile(r"^(?P<what>.*?)(?: - at `\$(?P<path>[^`]*)`)?$", re.S)


def read_action(d: Any, seat: int, active: int) -> dict:
    """The engine's JSON form of the action ``d`` describes for ``seat`` (``lasvegas.lords.actions``
    reads it back; a trade's bundled action is the active seat's, ``active``); ``ProtocolError``
    (code ``field``) for any other shape."""
    if not isinstance(d, dict):
        raise ProtocolError("field", "act.action: expected an object", "act")
    kind = d.get("type")
    if kind not in TYPES:
        shown = repr(kind)[:24]
        raise ProtocolError("field", f"act.action.type: must be one of {', '.join(TYPES)}, not {shown}", "act")
    try:
        msgspec.convert(d, LordsAction, strict=True)
    except msgspec.ValidationError as e:
        m = _ERROR.match(str(e))
        where = "act.action" + (m["path"] or "")
        what = m["what"].replace("Object contains unknown field", "unknown field")
        raise ProtocolError("field", f"{where}: {what}"[:200], "act") from None
    if "seat" in d:
        raise ProtocolError("field", "act.action: unknown field `seat` (the server knows your seat)", "act")
    full = {**d, "seat": seat}
    if isinstance(d.get("action"), dict):
        if "seat" in d["action"]:
            raise ProtocolError("field", "act.action.action: unknown field `seat` (it is the active "
                                "player's action)", "act")
        full["action"] = {**d["action"], "seat": active}
    try:
        action = A.action_from_dict(full)
    except IllegalAction as e:  # a lot that does not exist (C13), a lot named twice
        raise ProtocolError("field", f"act.action: {e}"[:200], "act") from None
    return A.to_dict(action)

