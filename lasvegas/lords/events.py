"""Lords of Vegas events: what happened, in order.  ``Game.apply`` returns a list of them.

Frozen dataclasses of ints and tuples.  Seats are indices into the game's
seats, lots board indices, colours tile-colour indices, cards card indices
(48 = the End card), companies 0..4 (tile colours) or 5 (the Strip).  Money
per seat is a tuple indexed by seat.  ``to_dict`` names lots, cards and
colours for logs, records and the network.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .board import CARD_NAMES, COLOURS, COMPANY_NAMES, LOT_NAMES, TRACK


class Event:
    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"event": type(self).__name__}
        for name in self.__slots__:  # type: ignore[attr-defined]
            d[name] = _named(name, getattr(self, name))
        return d


def _named(name: str, v: Any) -> Any:
    if name in ("lot", "from_lot", "moved_from", "casino"):
        return LOT_NAMES[v] if v >= 0 else None
    if name == "lots":
        return [LOT_NAMES[i] for i in v]
    if name == "card":
        return CARD_NAMES[v]
    if name == "cards":
        return [CARD_NAMES[i] for i in v]
    if name in ("colour", "old_colour"):
        return COLOURS[v]
    if name == "company":
        return COMPANY_NAMES[v]
    if name == "rolls":  # (lot, owner, value)
        return [[LOT_NAMES[a], b, c] for a, b, c in v]
    if name in ("from_space", "to_space"):
        return TRACK[v]
    if isinstance(v, tuple):
        return [list(x) if isinstance(x, tuple) else x for x in v]
    return v


def _ev(cls):
    return dataclass(frozen=True, slots=True)(cls)


@_ev
class Dealt(Event):
    """Set-up: ``seat`` got ``cards`` (a marker on each) and ``money``; ``skipped``: F cards
    discarded with no effect at a 2-player set-up (D7)."""
    seat: int
    cards: tuple
    money: int
    skipped: tuple = ()


@_ev
class EndCardPlaced(Event):
    """The End card lies under ``above`` cards (D4); ``deck_size`` cards with it."""
    above: int
    deck_size: int


@_ev
class FirstPlayerRoll(Event):
    """One round of the first-player roll-off: ``rolls`` = ((seat, die, die), ...)."""
    rolls: tuple


@_ev
class TurnStarted(Event):
    seat: int
    turn: int


@_ev
class CardDrawn(Event):
    seat: int
    card: int
    company: int
    left: int


@_ev
class MarkerPlaced(Event):
    """``seat`` marks ``lot``; ``moved_from``: the lot its marker left (D1), else -1."""
    seat: int
    lot: int
    moved_from: int = -1


@_ev
class TakeOver(Event):
    """``seat``'s die showing ``value`` now stands on ``lot``; ``previous``: the seat whose die
    it replaced (-1: the tile was dieless); ``moved_from``: D2's tile left dieless, else -1."""
    seat: int
    lot: int
    previous: int
    value: int
    moved_from: int = -1


@_ev
class Paid(Event):
    """A card's payout: ``money`` per seat (lots and casinos together), ``lot_money`` per seat
    (the $1 per marker), ``casinos`` = ((lots, boss, size), ...) that paid."""
    card: int
    company: int
    money: tuple
    lot_money: tuple
    casinos: tuple


@_ev
class Scored(Event):
    """A boss's VP for one casino (smallest first): ``points`` spent from ``from_space``."""
    seat: int
    lots: tuple
    points: int
    from_space: int
    to_space: int


@_ev
class Built(Event):
    """``took``: the seats whose casinos the new tile joined and ``seat`` now bosses (a take-over;
    a tie for boss is told by the ``TieReroll`` that follows)."""
    seat: int
    lot: int
    colour: int
    cost: int
    value: int
    moved_from: int = -1
    took: tuple = ()


@_ev
class Sprawled(Event):
    """``took``: as for ``Built``."""
    seat: int
    lot: int
    colour: int
    cost: int
    value: int
    moved_from: int = -1
    took: tuple = ()


@_ev
class Remodelled(Event):
    """``took``: the seats whose casinos the remodelled one merged with and ``seat`` now bosses."""
    seat: int
    lots: tuple
    old_colour: int
    colour: int
    cost: int
    took: tuple = ()


@_ev
class Reorganized(Event):
    """Every die of ``lots`` re-rolled for ``cost``: ``rolled`` = ((owner, value), ...), rolled in
    the order of the dice's lots; ``waiting``: the owners who now place their values (D8)."""
    seat: int
    lots: tuple
    cost: int
    rolled: tuple
    waiting: tuple


@_ev
class DicePlaced(Event):
    """After a reorganize, ``seat``'s ``values`` on its tiles ``lots`` (in that order)."""
    seat: int
    lots: tuple
    values: tuple


@_ev
class Gambled(Event):
    seat: int
    boss: int
    casino: int
    bet: int


@_ev
class GambleRolled(Event):
    """The gamble's roll and what changed hands: ``gambler`` and ``boss`` are money deltas;
    ``bank`` what the bank paid (+) or took (-)."""
    seat: int
    boss: int
    lay_off: bool
    dice: tuple
    bet: int
    gambler: int
    boss_money: int
    bank: int


@_ev
class TieReroll(Event):
    """Boss tie in the casino ``lots``: the tied top dice re-rolled, ``rolls`` = ((lot, owner, value), ...)."""
    lots: tuple
    rolls: tuple


@_ev
class TradeProposed(Event):
    seat: int
    to: int
    give: dict
    get: dict
    action: Any


@_ev
class TradeAccepted(Event):
    """``seat`` accepted ``proposer``'s proposal: ``give`` went from the proposer to ``seat``,
    ``get`` from ``seat`` to the proposer (JSON forms), then the bundled ``action`` if any."""
    seat: int
    proposer: int
    give: dict
    get: dict
    action: Any = None


@_ev
class TradeClosed(Event):
    """A proposal from ``seat`` to ``to`` is gone: ``why`` = rejected, withdrawn, lapsed."""
    seat: int
    to: int
    why: str


@_ev
class TurnEnded(Event):
    seat: int


@_ev
class GameEnded(Event):
    """``why``: "end card" or "90"; ``winners`` (several = shared win), final VP and money."""
    why: str
    winners: tuple
    vp: tuple
    money: tuple
