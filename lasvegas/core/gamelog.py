"""Reading a game's log: the events it emitted, in order, from ``RoundStarted(0)`` on.

The record (``recording``), the saved state's history (``state``) and the
money after each round are all read from this one log.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .events import (
    BillsDealt, CasinoPaid, DicePlaced, DicePreplaced, DiceRolled, Event, RoundEnded,
    RoundStarted,
)
from .queries import RoundMoney


class LoggedRound:
    """One round of a log: its set-up, its turns and its payouts, as events."""

    __slots__ = ("first_seat", "casinos", "preplaced", "turns", "payouts")

    def __init__(self, first_seat: int) -> None:
        self.first_seat = first_seat
        self.casinos: tuple[tuple[int, ...], ...] = ()
        self.preplaced: list[DicePreplaced] = []
        #: (the roll, the value placed from it)
        self.turns: list[tuple[DiceRolled, int]] = []
        self.payouts: list[CasinoPaid] = []


def rounds_of(log: Iterable[Event]) -> Iterator[LoggedRound]:
    """The rounds of a complete log, in order (the last one may be unfinished)."""
    rnd: LoggedRound | None = None
    roll: DiceRolled | None = None
    for ev in log:
        kind = type(ev)
        if kind is DiceRolled:
            roll = ev
        elif kind is DicePlaced:
            rnd.turns.append((roll, ev.value))  # type: ignore[union-attr]
        elif kind is CasinoPaid:
            rnd.payouts.append(ev)  # type: ignore[union-attr]
        elif kind is RoundStarted:
            if rnd is not None:
                yield rnd
            rnd = LoggedRound(ev.first_seat)
        elif kind is BillsDealt:
            rnd.casinos = ev.casinos  # type: ignore[union-attr]
        elif kind is DicePreplaced:
            rnd.preplaced.append(ev)  # type: ignore[union-attr]
    if rnd is not None:
        yield rnd


def money_by_round(log: Iterable[Event]) -> tuple[RoundMoney, ...]:
    """Each finished round's winnings and each player colour's money after it."""
    return tuple(RoundMoney(ev.round, dict(ev.won), dict(ev.money))
                 for ev in log if type(ev) is RoundEnded)


def turns_this_round(log: list[Event]) -> int:
    """Placements made since the current round started."""
    n = 0
    for ev in reversed(log):
        kind = type(ev)
        if kind is DicePlaced:
            n += 1
        elif kind is RoundStarted:
            break
    return n


def is_complete(log: list[Event]) -> bool:
    """Does the log start at the beginning of the game (not a copy made without it)?"""
    return bool(log) and type(log[0]) is RoundStarted and log[0].round == 0
