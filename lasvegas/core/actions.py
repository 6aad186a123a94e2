"""The one action a seat takes: place all rolled dice of one value.

A turn's roll is the engine's own chance step: when a turn starts the game
rolls the seat's dice at once (``DiceRolled``), so the state a seat decides
on always shows its dice, and the only choice is which value to place.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..kernel.errors import IllegalAction, WireError


@dataclass(frozen=True, slots=True)
class Place:
    """Place all rolled dice showing ``value`` on casino ``value``.

    ``value`` is an integer from 1 to 6: anything else (``True``, ``3.0``,
    ``7``) raises ``IllegalAction``.
    """

    value: int

    def __post_init__(self) -> None:
        if type(self.value) is not int or not 1 <= self.value <= 6:
            raise IllegalAction(f"casinos are numbered 1 to 6, not {self.value!r}")

    def to_dict(self) -> dict:
        return {"type": "place", "value": self.value}


Action = Place

#: Shared instances, so hot loops do not build new action objects.
PLACE: dict[int, Place] = {v: Place(v) for v in range(1, 7)}


def to_wire(a: Action) -> dict:
    """The wire form of a move: the ``place`` message of protocol version 1 without its move number
    (a client sends ``place`` with ``value`` and ``turn``; the server reads it in one pass,
    ``net.protocol.decode``)."""
    return {"type": "place", "value": a.value}


def from_wire(d: object) -> Action:
    """The move a ``place`` message's wire form describes; ``WireError`` naming the field otherwise."""
    if not isinstance(d, dict) or d.get("type") != "place":
        raise WireError(f"place: expected {{\"type\": \"place\", \"value\": 1 to 6}}, not {str(d)[:40]}")
    value = d.get("value")
    if type(value) is not int or value not in PLACE:  # not True, not 3.0
        raise WireError(f"place.value: expected a whole number from 1 to 6, not {str(value)[:20]}")
    return PLACE[value]


def action_from_dict(d: dict) -> Action:
    value = d.get("value") if isinstance(d, dict) and d.get("type") == "place" else None
    if type(value) is int and value in PLACE:  # not True, not 3.0
        return PLACE[value]
    raise IllegalAction(f"unknown action {d!r}")
