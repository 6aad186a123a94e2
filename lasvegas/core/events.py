"""Events: what happened, in order.  ``Game.apply`` returns a list of them.

The UI animates them, the game log and the tests read them.  Owners are
colour names, or ``"neutral"`` for the neutral dice; seats are indices into
``Config.seats``; casinos are numbered 1 to 6; money is in whole dollars.

Biggies (docs/rules.md §10): ``DiceRolled.big`` and ``DicePlaced.big`` say which
dice are big.  They are optional fields: empty in every game without Biggies,
and left out of ``to_dict`` when empty, so such events read as they always did.

Events are immutable named tuples (cheaper to build than frozen dataclasses,
which matters in the simulation and AI loops); two events are equal only
when they are of the same kind with the same fields.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any


class Event:
    """Base of every event: immutable, comparable, convertible to a dict."""

    __slots__ = ()
    _fields: tuple[str, ...]
    #: fields left out of ``to_dict`` when they hold their default (empty)
    _optional: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[arg-type]

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(self)))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        d = {"event": type(self).__name__}
        d.update(zip(self._fields, self))  # type: ignore[call-overload]
        for name in self._optional:
            if not d[name]:
                del d[name]
        return d


def _event(name: str, fields: str, doc: str, optional: str = "") -> type:
    """An event class; ``optional`` fields come last and default to ``()``."""
    extra = optional.split()
    base = namedtuple("_" + name, fields.split() + extra, defaults=[()] * len(extra))
    return type(name, (Event, base), {"__slots__": (), "__doc__": doc,
                                      "_optional": tuple(extra)})


RoundStarted = _event("RoundStarted", "round first_seat",
                      "A round begins (``round`` counts from 0).")
BillsDealt = _event("BillsDealt", "round casinos deck_left",
                    "Bills laid at the 6 casinos, each tuple highest first.")
DicePreplaced = _event("DicePreplaced", "owner values",
                       "Dice rolled and placed before the first turn of a round: the "
                       "3-player neutral pre-roll, or a solo pre-placed opponent colour.")
DiceRolled = _event("DiceRolled", "seat owners values",
                    "Seat ``seat``'s turn starts with this roll: die ``i`` belongs to "
                    "``owners[i]`` and shows ``values[i]``; ``big`` holds the indices of "
                    "the big dice (Biggies) in the roll: ``(0,)`` when the seat still "
                    "holds its Biggie (always rolled first), else ``()``.",
                    optional="big")
DicePlaced = _event("DicePlaced", "seat value dice",
                    "Dice placed on casino ``value``; ``dice`` is ``(owner, count)``, "
                    "counting dice (a Biggie is one die here); ``big`` names the owners "
                    "whose Biggie is among them.",
                    optional="big")
CasinoPaid = _event("CasinoPaid", "casino dice cancelled awards returned",
                    "``dice`` (owner, count) present, the count being the scoring count "
                    "(a Biggie counts 2); ``cancelled`` owners that tie; "
                    "``awards`` (owner, bill) in rank order; ``returned`` bills going "
                    "under the deck, highest first.")
RoundEnded = _event("RoundEnded", "round won money",
                    "``won``: (owner, money won this round); ``money``: totals after it.")
GameEnded = _event("GameEnded", "winners money bills solo_won",
                   "Final result; ``solo_won`` is None outside solo mode.")
