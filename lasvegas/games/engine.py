"""The one face of a game's rules engine that shared code (the tournaments, the searches, the
conformance test) may rely on, whichever game it is: whose turn, what a seat may do, an action's
events, a copy, a world a seat cannot tell from the real one, the end and who won, and the game's
record.  Both games' ``Game`` satisfy it (``tests/games/test_engine_face.py`` plays random games of
every registered game through it, and replays their records).  Knows no game."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Generic, Protocol, Sequence, TypeVar, runtime_checkable

ActionT = TypeVar("ActionT")
EventT = TypeVar("EventT", covariant=True)


@dataclass(frozen=True)
class Outcome:
    #: the seats (from 0) that won: several for a shared victory, none while the game goes on
    winners: tuple[int, ...]
    #: each seat's score as the game ranks them (money, victory points...), seat by seat
    scores: tuple


@runtime_checkable
class Engine(Protocol, Generic[ActionT, EventT]):  # type: ignore[misc]
    @property
    def to_act(self) -> int | None:
        """The seat whose decision the game waits for; None once it is over."""

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int) -> Sequence[ActionT]:
        """What ``seat`` may do now (nothing when it is not its decision)."""

    def apply(self, action: ActionT) -> list[EventT]:
        """Perform a legal ``action``; its events (an illegal one raises and changes nothing)."""

    def copy(self) -> "Engine[ActionT, EventT]":
        """An independent copy: the same moves played on it give the same events."""

    def determinize(self, rng: random.Random) -> "Engine[ActionT, EventT]":
        """A copy whose hidden parts (deck order, dice to come) are drawn again from ``rng``: a
        world consistent with everything the seats can see, for searches that must not peek."""

    def outcome(self) -> Outcome:
        """Who won and each seat's score (so far, or final once over)."""

    def record(self) -> dict:
        """The game so far as a record in the game's own format (JSON-ready): its set-up and every
        move; a finished game's record, the game's ``replay`` (``games.registry``) plays again to
        the same game."""
