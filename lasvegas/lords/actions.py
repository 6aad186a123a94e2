"""Lords of Vegas actions: what a seat decides.  Frozen dataclasses of ints.

Lots are board indices (``board.LOT_NAMES``), colours tile-colour indices
(``board.COLOURS``), seats indices into the game's seats.  A casino is named
by any one of its lots.  ``to_dict`` / ``action_from_dict`` give the JSON form
used by records and the network (lots and colours by name); ``action_from_dict``
checks the whole shape of untrusted input and raises ``IllegalAction``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Union

from .refusals import refuse
from .board import COLOURS, LOT_NAMES, N_LOTS, lot_id


@dataclass(frozen=True, slots=True)
class Build:
    """Build a tile of ``colour`` on ``lot`` (marked by the seat); ``take_from``: the seat's
    tile whose die moves here when all 12 dice are on the board (else -1)."""
    seat: int
    lot: int
    colour: int
    take_from: int = -1


@dataclass(frozen=True, slots=True)
class Sprawl:
    """Sprawl the casino holding ``casino`` (the seat is its boss) onto the empty ``lot``."""
    seat: int
    casino: int
    lot: int
    take_from: int = -1


@dataclass(frozen=True, slots=True)
class Remodel:
    """Change every tile of the casino holding ``casino`` to ``colour`` ($5 a tile)."""
    seat: int
    casino: int
    colour: int


@dataclass(frozen=True, slots=True)
class Reorganize:
    """Re-roll every die of the casino holding ``casino`` ($1 a pip)."""
    seat: int
    casino: int


@dataclass(frozen=True, slots=True)
class Gamble:
    """Bet ``bet`` dollars at the casino holding ``casino`` (bossed by another seat)."""
    seat: int
    casino: int
    bet: int


@dataclass(frozen=True, slots=True)
class LayOff:
    """The boss's answer before a gamble's roll: lay half of it off to the bank or not."""
    seat: int
    lay_off: bool


@dataclass(frozen=True, slots=True)
class PlaceDice:
    """After a reorganize: the seat's new values, one per tile it holds in that casino,
    in lot order (a permutation of the values its dice rolled)."""
    seat: int
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MoveMarker:
    """D1: the drawer has no marker left; move the one on ``from_lot`` to the drawn lot."""
    seat: int
    from_lot: int


@dataclass(frozen=True, slots=True)
class MoveDie:
    """D2: the drawer has no die left for a take-over; move the one on ``from_lot``."""
    seat: int
    from_lot: int


@dataclass(frozen=True, slots=True)
class Offer:
    """One side of a trade: money, marked lots, lots whose tile carries the giver's die."""
    money: int = 0
    lots: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()

    def is_empty(self) -> bool:
        return not (self.money or self.lots or self.dice)


NO_OFFER = Offer()


@dataclass(frozen=True, slots=True)
class Propose:
    """``seat`` offers ``give`` to ``to`` against ``get``; ``action``: an action of the active
    seat performed at acceptance (Build, Sprawl, Remodel, Reorganize or Gamble), or None."""
    seat: int
    to: int
    give: Offer = field(default=NO_OFFER)
    get: Offer = field(default=NO_OFFER)
    action: Build | Sprawl | Remodel | Reorganize | Gamble | None = None


@dataclass(frozen=True, slots=True)
class Accept:
    seat: int
    proposer: int


@dataclass(frozen=True, slots=True)
class Reject:
    seat: int
    proposer: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    seat: int


Action = Union[Build, Sprawl, Remodel, Reorganize, Gamble, LayOff, PlaceDice, MoveMarker,
               MoveDie, Propose, Accept, Reject, Withdraw, EndTurn]
#: actions a trade may bundle (D13)
BUNDLABLE = (Build, Sprawl, Remodel, Reorganize, Gamble)

_NAMES = {Build: "build", Sprawl: "sprawl", Remodel: "remodel", Reorganize: "reorganize",
          Gamble: "gamble", LayOff: "lay_off", PlaceDice: "place_dice", MoveMarker: "move_marker",
          MoveDie: "move_die", Propose: "propose", Accept: "accept", Reject: "reject",
          Withdraw: "withdraw", EndTurn: "end_turn"}
_TYPES = {v: k for k, v in _NAMES.items()}
_LOT_FIELDS = ("lot", "casino", "take_from", "from_lot")


def offer_to_dict(o: Offer) -> dict:
    return {"money": o.money, "lots": [LOT_NAMES[i] for i in o.lots],
            "dice": [LOT_NAMES[i] for i in o.dice]}


def to_dict(a: Action) -> dict:
    """The JSON form of an action."""
    d: dict[str, Any] = {"type": _NAMES[type(a)]}
    for name in a.__slots__:  # type: ignore[union-attr]
        v = getattr(a, name)
        if name in _LOT_FIELDS:
            d[name] = LOT_NAMES[v] if v >= 0 else None
        elif name == "colour":
            d[name] = COLOURS[v]
        elif name in ("give", "get"):
            d[name] = offer_to_dict(v)
        elif name == "action":
            d[name] = None if v is None else to_dict(v)
        elif name == "values":
            d[name] = list(v)
        else:
            d[name] = v
    return d


def _int(d: dict, key: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if type(v) is not int or not lo <= v <= hi:
        raise refuse("shape.int", key=key, lo=lo, hi=hi, value=repr(v))
    return v


def _lot(d: dict, key: str, optional: bool = False) -> int:
    v = d.get(key)
    if v is None and optional:
        return -1
    if not isinstance(v, str):
        raise refuse("shape.lot_name", key=key, value=repr(v))
    try:
        return lot_id(v)
    except ValueError:
        raise refuse("shape.lot_unknown", key=key, value=repr(v)) from None


def _lots(v: Any, key: str) -> tuple[int, ...]:
    if not isinstance(v, list) or len(v) > N_LOTS:
        raise refuse("shape.lot_list", key=key)
    out = []
    for x in v:
        if not isinstance(x, str) or x not in LOT_NAMES:
            raise refuse("shape.not_a_lot", key=key, value=repr(x))
        out.append(lot_id(x))
    if len(set(out)) != len(out):
        raise refuse("shape.lot_twice", key=key)
    return tuple(out)


def _offer(v: Any, key: str) -> Offer:
    if not isinstance(v, dict) or not set(v) <= {"money", "lots", "dice"}:
        raise refuse("shape.offer", key=key)
    money = _int(v, "money", 0, 10**9) if "money" in v else 0
    return Offer(money, _lots(v.get("lots", []), f"{key}.lots"), _lots(v.get("dice", []), f"{key}.dice"))


def action_from_dict(d: Any, *, nested: bool = False) -> Action:
    """The action a JSON object describes; ``IllegalAction`` for any other shape."""
    if not isinstance(d, dict) or not isinstance(d.get("type"), str) or d["type"] not in _TYPES:
        raise refuse("shape.not_action", value=repr(str(d)[:80]))
    cls = _TYPES[d["type"]]
    expected = set(cls.__slots__) | {"type"}  # type: ignore[attr-defined]
    if any(not isinstance(k, str) for k in d) or set(d) - expected:
        raise refuse("shape.unknown_fields", type=d["type"], fields=", ".join(sorted(map(str, set(d) - expected))))
    seat = _int(d, "seat", 0, 3)
    if cls is Build:
        return Build(seat, _lot(d, "lot"), _colour(d), _lot(d, "take_from", True))
    if cls is Sprawl:
        return Sprawl(seat, _lot(d, "casino"), _lot(d, "lot"), _lot(d, "take_from", True))
    if cls is Remodel:
        return Remodel(seat, _lot(d, "casino"), _colour(d))
    if cls is Reorganize:
        return Reorganize(seat, _lot(d, "casino"))
    if cls is Gamble:
        return Gamble(seat, _lot(d, "casino"), _int(d, "bet", 1, 10**6))
    if cls is LayOff:
        if type(d.get("lay_off")) is not bool:
            raise refuse("shape.lay_off")
        return LayOff(seat, d["lay_off"])
    if cls is PlaceDice:
        vals = d.get("values")
        if not isinstance(vals, list) or not 1 <= len(vals) <= 12 or any(
                type(v) is not int or not 1 <= v <= 6 for v in vals):
            raise refuse("shape.values")
        return PlaceDice(seat, tuple(vals))
    if cls is MoveMarker:
        return MoveMarker(seat, _lot(d, "from_lot"))
    if cls is MoveDie:
        return MoveDie(seat, _lot(d, "from_lot"))
    if cls is Propose:
        if nested:
            raise refuse("shape.nested_trade")
        bundled = d.get("action")
        act = None
        if bundled is not None:
            act = action_from_dict(bundled, nested=True)
            if not isinstance(act, BUNDLABLE):
                raise refuse("trade.bundle")
        return Propose(seat, _int(d, "to", 0, 3), _offer(d.get("give", {}), "give"),
                       _offer(d.get("get", {}), "get"), act)
    if cls is Accept:
        return Accept(seat, _int(d, "proposer", 0, 3))
    if cls is Reject:
        return Reject(seat, _int(d, "proposer", 0, 3))
    if cls is Withdraw:
        return Withdraw(seat, _int(d, "to", 0, 3))
    return EndTurn(seat)


def _colour(d: dict) -> int:
    v = d.get("colour")
    if v not in COLOURS:
        raise refuse("shape.colour", colours=", ".join(COLOURS), value=repr(v))
    return COLOURS.index(v)
