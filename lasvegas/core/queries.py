"""What the game's queries return: small frozen dataclasses.

Owners are colour names (or ``"neutral"``), money is in whole dollars, as in
the events.  Mappings (owner -> count or money) are plain dicts, in the
order of ``Config.owners``; treat them as read-only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Payout:
    """What one casino pays (or would pay if the round ended now)."""

    #: owner -> scoring count there (owners with at least one die; a Biggie counts 2)
    dice: dict[str, int]
    #: (owner, bill) in rank order
    awards: tuple[tuple[str, int], ...]
    #: owners whose count ties another owner's: they get nothing
    cancelled: tuple[str, ...]
    #: bills nobody takes, highest first (they go under the deck)
    returned: tuple[int, ...]
    #: owners whose Biggie is among their dice there (games with Biggies only)
    big: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Preview:
    """What placing the rolled dice of one value would change at that casino."""

    casino: int
    #: owner -> scoring count this placement adds (a Biggie adds 2)
    placed: dict[str, int]
    before: Payout
    after: Payout
    #: owners that would start / stop cancelling there, sorted by name
    ties_created: tuple[str, ...]
    ties_broken: tuple[str, ...]
    #: owners whose Biggie this placement puts on the casino
    placed_big: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """Money, bills and winners (so far, or final when the game is over)."""

    money: dict[str, int]
    bills: dict[str, int]
    winners: tuple[str, ...]
    #: solo: did the player beat the other colours together?  None outside solo
    solo_won: bool | None = None


@dataclass(frozen=True, slots=True)
class RoundMoney:
    """One finished round: what each player colour won in it and had after it."""

    round: int
    won: dict[str, int]
    money: dict[str, int]
