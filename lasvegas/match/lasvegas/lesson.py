"""A lesson: a real game on the rules engine whose dice, deck and AI moves are
scripted, with coach marks for the screen (the interactive first game).

The rules stay the core's: the lesson only chooses what the dice show
(:class:`~lasvegas.kernel.dice.ScriptedDice`), the order of the deck and the moves of
the AI seats, and says which value the player is asked to place.  The marks
travel in the event stream, where they belong: after the roll of the turn they
are about, after a move, before a casino pays, before the round ends — so a
screen shows each one at the moment it is about, never earlier.

A wrong choice is not played: the match answers it with the turn's gentle
pointer (a :class:`CoachMark` again), and the same roll waits.

The texts are given already translated (the tutorial's script lives with the
screens, ``lasvegas/ui/lasvegas/tutorial.py``); nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core import PLACE, CasinoPaid, Config, DicePlaced, DiceRolled, Event, Game, Phase, RoundEnded, edition_bills
from ...kernel.errors import IllegalAction, StateError
from ...kernel.dice import ScriptedDice
from ..base import Intent, Leave, PlaceDice, Seat
from .local import EngineMatch

#: what a mark may point at: the roll button, a group of rolled dice (``value``: its face),
#: a casino (``value``: 1–6), a seat's panel (``value``: the seat), the deck; "" nothing
TARGETS = ("", "roll", "dice", "casino", "panel", "deck")


@dataclass(frozen=True)
class CoachMark:
    """A short sentence and the thing on the table it is about.

    ``wait``: the screen holds here (nothing moves on) until the player goes on.
    ``then``: for a mark on the roll button, the mark once the dice are rolled."""

    text: str
    target: str = ""
    value: int = 0
    wait: bool = False
    then: "CoachMark | None" = None

    def __post_init__(self) -> None:
        if self.target not in TARGETS:
            raise ValueError(f"a coach mark points at one of {TARGETS}, not {self.target!r}")


@dataclass(frozen=True)
class LessonTurn:
    """One turn of the script: the dice it rolls (the seat's own dice first, then its
    neutral dice, as the core rolls them) and the value the seat places."""

    rolled: tuple[int, ...]
    value: int
    #: shown with the turn's roll (for the player's turn: first on the roll button, ``then`` on the dice)
    mark: CoachMark | None = None
    #: shown when the player picks another value (the same roll waits)
    nudge: CoachMark | None = None
    #: shown once the move is on the table
    after: tuple[CoachMark, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """One part of a lesson: a whole (short) game and its marks."""

    title: str
    config: Config
    seats: tuple[Seat, ...]
    #: the top of the deck, in dealing order (the rest of the edition's bills follow)
    deck_top: tuple[int, ...]
    turns: tuple[LessonTurn, ...]
    #: casino -> the mark shown just before it pays
    payout_marks: dict[int, CoachMark] = field(default_factory=dict)
    #: shown when every die is placed and paid, before the round's summary
    end_marks: tuple[CoachMark, ...] = ()
    #: the part that follows (the results' button)
    next: "Lesson | None" = None
    #: the label of the results' button that opens this part (after the part before it)
    start_label: str = ""

    def deck(self) -> list[int]:
        rest = edition_bills(self.config.edition)
        for b in self.deck_top:
            rest.remove(b)
        return list(self.deck_top) + rest

    def new_game(self) -> Game:
        dice = [v for t in self.turns for v in t.rolled]
        return Game(self.config, dice=ScriptedDice(dice), deck=self.deck())


def check_lesson(lesson: Lesson) -> None:
    """Play the script through on the engine: every roll comes up as written, every
    scripted value is legal, and the game ends with the last turn.  ``ValueError`` if not."""
    try:
        game = lesson.new_game()
        for i, turn in enumerate(lesson.turns):
            if game.phase is not Phase.PLACE:
                raise ValueError(f"turn {i}: the game is already over")
            rolled = next(e for e in reversed(game.log) if isinstance(e, DiceRolled))
            if tuple(rolled.values) != tuple(turn.rolled):
                raise ValueError(f"turn {i}: the seat rolls {rolled.values}, the script says {turn.rolled}")
            if turn.value not in game.legal_values():
                raise ValueError(f"turn {i}: {turn.value} is not among the rolled values {game.legal_values()}")
            if not lesson.seats[game.current].is_ai and turn.mark is None:
                raise ValueError(f"turn {i}: the player's turn has no mark")
            game.apply(PLACE[turn.value])
    except StateError as e:  # the dice ran out, a wrong deck
        raise ValueError(f"the script does not make a game: {e}") from None
    if not game.is_over:
        raise ValueError("the game goes on after the script's last turn")


class LessonMatch(EngineMatch):
    """The match boundary over a scripted lesson game: the player's seat is asked for
    the script's value (another one gets the turn's pointer), the AI seats play
    the script's moves when the screen is idle, and marks come with the events."""

    def __init__(self, lesson: Lesson) -> None:
        check_lesson(lesson)
        self.lesson = lesson
        self.config = lesson.config
        self.seats = lesson.seats
        self.game = lesson.new_game()
        self.hide_money = False
        self.handover = False
        self.extra: dict[str, Any] = {"lesson": lesson.title}
        #: what heads the coach marks; the screen offers to skip a lesson at any moment
        self.coach_title = lesson.title
        self.skippable = True
        self._fresh = True
        self._pending: list[Any] = []
        self._moves = 0
        self._here = frozenset(i for i, s in enumerate(self.seats) if not s.is_ai)
        self._opening = self._with_marks(list(self.game.opening_events))
        self._closed = False

    # ------------------------------------------------------------- queries
    @property
    def seats_here(self) -> frozenset[int]:
        return self._here

    @property
    def hints_used(self) -> int:
        return 0

    def can_hint(self) -> bool:
        return False

    @property
    def expected(self) -> int | None:
        """The value the script asks for now (None: the game is over)."""
        return self.lesson.turns[self._moves].value if self._moves < len(self.lesson.turns) else None

    def opening(self) -> list[Any]:
        return list(self._opening)

    def rematch(self) -> Lesson | None:
        return self.lesson.next

    # -------------------------------------------------------------- events
    def send(self, intent: Intent) -> None:
        if isinstance(intent, Leave):
            self.close()
            return
        if not isinstance(intent, PlaceDice):
            raise IllegalAction(f"{intent!r} is not something a player can ask here")
        if self._closed:
            return
        seat = self.to_act
        if seat is None or seat not in self._here:
            raise IllegalAction("it is not the turn of a seat at this screen")
        turn = self.lesson.turns[self._moves]
        if intent.value != turn.value:
            if intent.value not in self.game.legal_values():
                raise IllegalAction(f"no die shows {intent.value}")
            self._pending.append(turn.nudge or turn.mark)
            return
        self._place(turn.value)

    def update(self, screen_idle: bool = True) -> None:
        seat = self.to_act
        if self._closed or not screen_idle or seat is None or seat in self._here:
            return
        self._place(self.lesson.turns[self._moves].value)

    def close(self) -> None:
        self._closed = True

    # ------------------------------------------------------------ helpers
    def _place(self, value: int) -> None:
        events = self.game.apply(PLACE[value])
        self._pending.extend(self._with_marks(events))

    def _with_marks(self, events: list[Event]) -> list[Any]:
        """The events with the lesson's marks put where they belong."""
        lesson, out = self.lesson, []
        for ev in events:
            if isinstance(ev, CasinoPaid) and ev.casino in lesson.payout_marks:
                out.append(lesson.payout_marks[ev.casino])
            elif isinstance(ev, RoundEnded):
                out.extend(lesson.end_marks)
            out.append(ev)
            if isinstance(ev, DiceRolled) and self._moves < len(lesson.turns):
                mark = lesson.turns[self._moves].mark
                if mark is not None:
                    out.append(mark)
            elif isinstance(ev, DicePlaced):
                out.extend(lesson.turns[self._moves].after)
                self._moves += 1
        return out


__all__ = ["TARGETS", "CoachMark", "Lesson", "LessonMatch", "LessonTurn", "check_lesson"]
