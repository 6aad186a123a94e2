"""The match boundary: what a screen may know of a game and what it may ask of it.

A screen (the table) never holds the rules engine.  It holds a :class:`Match`,
which runs or relays a game from somewhere — the rules engine on this
computer, a server, a saved record, a scripted lesson — and gives the screen:

* ``view(viewer)``: the table as ``viewer`` may see it (never the deck order;
  others' money ``None`` when the table hides it);
* ``poll()``: the events since the last call, in order: the core's events
  and the few of the match's own (a hint is ready);
* ``to_act`` and ``seats_here``: whose decision the game waits for, and
  which seats this screen may act for;
* ``send(intent)``: what a player asks (place a value, a hint, leave).

Everything here is plain data; no pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol, runtime_checkable

from ..core import Config, Event

# ------------------------------------------------------------------ intents


@dataclass(frozen=True)
class PlaceDice:
    """Place every rolled die showing ``value`` (1–6) on casino ``value``."""

    value: int


@dataclass(frozen=True)
class AskHint:
    """Solo: what would the strongest AI play now, and the chance to win after it?"""


@dataclass(frozen=True)
class Leave:
    """The screen leaves the game (it is kept to be resumed where that applies)."""


Intent = PlaceDice | AskHint | Leave

# ------------------------------------------------------- the match's events

@dataclass(frozen=True)
class HintReady:
    """The hint asked for this turn: place the ``value``s; about ``chance`` to win after."""

    value: int
    chance: float


@dataclass(frozen=True)
class MatchNotice:
    """Something the players should read (a save failed, ...)."""

    text: str


#: The quick reactions a player may send in an online game: fixed phrases, by id (never free text).
REACTIONS = ("good-luck", "nice-move", "oops", "well-played", "hurry-up")


@dataclass(frozen=True)
class Reaction:
    """A player at ``seat`` sent a quick reaction (one of :data:`REACTIONS`)."""

    seat: int
    phrase: str


@dataclass(frozen=True)
class Reset:
    """The game jumped to another moment (a replay's seek): the screen drops what it
    was showing, rebuilds its board from ``view`` and takes ``opening()`` again.
    ``shown``: the events before that moment, for the game log."""

    shown: tuple = ()


@dataclass(frozen=True)
class CatchUp:
    """The next ``count`` events happened while this screen's player was away (a game that
    lasts for days): the screen plays them quickly under "Since your last turn", lets the
    player skip to the present (``view`` then shows it), and marks the moment it has caught up."""

    count: int


@runtime_checkable
class Controls(Protocol):
    """What a match that plays itself (a replay) lets the screen steer; optional:
    a match offers it as ``match.controls``.  Turns count the moves made (0: the first roll)."""

    playing: bool

    @property
    def turn(self) -> int: ...

    @property
    def turns(self) -> int: ...

    @property
    def round_starts(self) -> tuple[int, ...]: ...

    def step(self) -> None:
        """Make the next move (when the screen is idle), then stay paused."""

    def seek(self, turn: int) -> None:
        """Jump to just before move ``turn``, at once (a ``Reset`` event follows)."""


# -------------------------------------------------------------------- views


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat, as every screen may know it."""

    colour: str
    name: str
    kind: str  # "human" or "ai"
    level: str = ""

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"


@dataclass(frozen=True)
class TableView:
    """The table at one moment as one viewer may see it.

    ``money[owner]`` is ``None`` where the viewer may not see that total (the
    table hides opponents' money and the game is not over); ``bills`` (how many
    bills each owner holds) is always public.  ``roll`` is the current seat's
    roll as ``(owner, value)``; ``legal`` the values it may place.  The deck's
    order is never part of a view, only its size.
    """

    viewer: int | None
    round: int
    first_seat: int
    current: int | None
    over: bool
    casino_bills: tuple[tuple[int, ...], ...]
    casino_dice: tuple[dict[str, int], ...]
    deck_left: int
    hand: dict[str, int]
    neutral: tuple[int, ...]
    money: dict[str, int | None]
    bills: dict[str, int]
    roll: tuple[tuple[str, int], ...] = ()
    legal: tuple[int, ...] = ()
    #: Biggies (docs/rules.md §10): whose Biggie is on each casino (its die counts 2 in
    #: ``casino_dice``), the owners still holding theirs, the big dice's indices in ``roll``
    casino_big: tuple[tuple[str, ...], ...] = ()
    big_in_hand: tuple[str, ...] = ()
    roll_big: tuple[int, ...] = ()

    def money_shown(self, owner: str) -> bool:
        return self.money.get(owner) is not None


@dataclass(frozen=True)
class Outcome:
    """A finished game, for the results screens (everything is public by then)."""

    config: Config
    seats: tuple[Seat, ...]
    seed: int | None
    money: dict[str, int]
    bills: dict[str, int]
    winners: tuple[str, ...]
    solo_won: bool | None
    ranking: tuple[tuple[int, str], ...]
    #: each owner's money at the start and after every round
    money_by_round: dict[str, tuple[int, ...]]
    #: the bills each owner won, highest first
    won: dict[str, tuple[int, ...]]
    #: what the mode keeps with the game (solo: hints used, the daily challenge's date)
    extra: dict[str, Any] = field(default_factory=dict)
    #: where the game's record was saved (None: not saved, or not known)
    record: str | None = None

    def name(self, owner: str) -> str:
        for s in self.seats:
            if s.colour == owner:
                return s.name
        return owner.title()


# ------------------------------------------------------------ the interface


@runtime_checkable
class Match(Protocol):
    """One game as a screen sees it; see the module's documentation."""

    config: Config
    seats: tuple[Seat, ...]
    #: the table hides opponents' money (bill counts only)
    hide_money: bool
    #: the players asked for a "pass to …" screen between two humans
    handover: bool
    #: what the mode shows beside the game (solo: hints used, the daily challenge's date, practice)
    extra: dict[str, Any]

    def view(self, viewer: int | None) -> TableView: ...

    @property
    def query(self) -> Any:
        """What the table reads (``view``, ``preview``, ``past_totals``): ``LasVegasQuery``, the
        game's part of the match face of both games (:mod:`lasvegas.match.face`)."""

    def opening(self) -> list[Event]:
        """The events that bring an empty table to ``view``'s state's turn (a new
        game: the deal and the first roll; a resumed one: the current roll)."""

    def poll(self) -> list[Event]: ...

    # optional: ``history() -> [Event]``, the events before ``opening()``'s (a resumed
    # game's past, for the game log); ``controls`` (:class:`Controls`), a replay's steering;
    # ``connected`` (a bool per seat: its player is connected now), an online game's presence;
    # ``reactions`` (the ids of :data:`REACTIONS` this seat may send now) with ``react(phrase)``,
    # an online game's quick reactions (they come back as :class:`Reaction` from ``poll``)

    @property
    def seats_here(self) -> frozenset[int]: ...

    @property
    def to_act(self) -> int | None: ...

    def send(self, intent: Intent) -> None: ...

    def preview(self, value: int) -> Any:
        """What placing the current roll's ``value`` would do at that casino now
        (the core's ``Preview``), or None when it is not a legal choice."""

    def can_hint(self) -> bool: ...

    @property
    def hints_used(self) -> int: ...

    def update(self, screen_idle: bool = True) -> None:
        """Called every frame: let workers, sockets or a script move the game on.

        ``screen_idle``: the screen has shown every event so far.  A source that
        paces itself by the screen (seats played on this computer, a replay
        playing) moves on only then, so what it keeps is what the players saw."""

    def outcome(self) -> Outcome | None:
        """The finished game (None before the end)."""

    def past_totals(self) -> list[dict[str, int]]:
        """Money after each round finished so far, where the table does not hide it (else [])."""

    def rematch(self) -> Any:
        """The set-up to play the same table again (None where the source cannot)."""

    def close(self) -> None:
        """The screen is gone: stop thinking, keep what must be kept."""


def humans_here(match: Match) -> list[int]:
    return [i for i in sorted(match.seats_here) if not match.seats[i].is_ai]


def screen_owner(match: Match, confirmed: int | None, turn: int | None) -> int | None:
    """Whose eyes the screen is for: the only human seat here; else the human who
    confirmed the pass screen, and only while that human's own turn is on show and not
    yet played (``turn``: the seat whose turn is on show and waits for its move; None
    once the dice are placed, during payouts, summaries and between turns); else nobody
    (the public view).  A confirmation never outlives its turn, whatever follows it."""
    humans = humans_here(match)
    if len(humans) == 1:
        return humans[0]
    return confirmed if confirmed in humans and confirmed == turn else None


def needs_pass_screen(match: Match, seat: int, owner: int | None, handover: bool) -> bool:
    """Before ``seat``'s turn: does the screen change hands?  With two or more
    humans here, always when money is hidden (a human's own money appears only
    behind their pass screen), else when the players asked for the screen."""
    humans = humans_here(match)
    if seat not in humans or len(humans) < 2 or owner == seat:
        return False
    return match.hide_money or handover


def money_visible(config: Config, hide_money: bool, over: bool, viewer_colour: str | None,
                  owner: str) -> bool:
    """The one rule for hidden money: public unless the table hides it; hidden
    money is seen by its owner only, and by everyone once the game is over."""
    if not hide_money or config.is_solo or over:
        return True
    return viewer_colour is not None and viewer_colour == owner


def seats_of(session_seats: Iterable[Any]) -> tuple[Seat, ...]:
    return tuple(Seat(s.colour, s.name, s.kind, s.level if s.is_ai else "") for s in session_seats)
