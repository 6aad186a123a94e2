"""The Lords of Vegas lesson: a real game on the rules engine, its deck stacked and its dice written
in advance, so that the tutorial's first turns go as its script says (the draw, a build, a payout,
a reorganize, a gamble).

The rules stay the engine's: the lesson only chooses the order of the cards (``Game(deck=...)``),
what the dice show (``ScriptedDice``) and the moves of the AI seat.  The human's actions are asked
for in order (``LessonStep``): another action, even a legal one, is not played; it is refused
with the step's words saying why (already translated: the script's texts live with the screens,
``ui/lords/tutorial.py``), and the same step waits.  Nothing is saved and no record is written.
Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...kernel.errors import IllegalAction
from ...lords import actions as A
from ...lords.board import COLOURS, LOT_INDEX, N_LOTS
from ...lords.dice import ScriptedDice
from ...lords.game import Game
from .local import LordsLocalMatch, LordsSeat

#: the first cards, in dealing order: Ann's two lots, Vic's two, then the draws of the turns
#: (the rest of the deck follows in lot order; none of these is in block F)
DECK_TOP = ("A5", "C4", "B5", "D2", "A1", "C2", "C1")
#: the dice: who starts (Ann 6+5, Vic 1+2), the reorganize's re-roll, the gamble's two dice
DICE = (6, 5, 1, 2, 6, 4, 5)
SEED = 26


def deck() -> list[int]:
    top = [LOT_INDEX[n] for n in DECK_TOP]
    return top + [i for i in range(N_LOTS) if i not in top]


@dataclass(frozen=True)
class LessonStep:
    """One action the lesson asks of the human seat: its type and the fields that must match
    (``lot``/``casino`` by name, ``colour`` by name), and why another action is not the lesson's."""

    kind: type
    fields: dict = field(default_factory=dict)
    why: str = ""

    def matches(self, action: Any, game: Game) -> bool:
        if type(action) is not self.kind:
            return False
        for name, want in self.fields.items():
            got = getattr(action, name, None)
            if name in ("lot", "casino", "take_from") and isinstance(want, str):
                want = LOT_INDEX[want]
            elif name == "colour" and isinstance(want, str):
                want = COLOURS.index(want)
            if name == "casino" and isinstance(got, int):  # any lot of the casino names it
                if not 0 <= got < N_LOTS or game.tile[got] < 0 or want not in game.casino_of(got):
                    return False
                continue
            if got != want:
                return False
        return True


#: the AI seat's moves, turn by turn: it builds a purple casino on B5 and ends its turn, then
#: keeps the whole bet when the human gambles at it
AI_MOVES = (A.Build(1, LOT_INDEX["B5"], COLOURS.index("purple"), -1), A.EndTurn(1), A.LayOff(1, False))


class LordsLessonMatch(LordsLocalMatch):
    """The tutorial's game: the human ``you`` (seat 0) against a scripted AI seat (seat 1)."""

    def __init__(self, you: str, them: str, steps: list[LessonStep], over: str = "the lesson is over") -> None:
        game = Game(2, SEED, dice=ScriptedDice(DICE), deck=deck())
        super().__init__([LordsSeat(you, "blue", "human"), LordsSeat(them, "green", "ai", "easy")], game=game)
        self.steps = list(steps)
        self.step = 0
        #: the answer to an action once every step is played (in the player's language)
        self.over_words = over
        self._ai_moves = list(AI_MOVES)

    @property
    def done(self) -> bool:
        """Every step the lesson asks for was played."""
        return self.step >= len(self.steps)

    def expected(self) -> LessonStep | None:
        return None if self.done else self.steps[self.step]

    def act(self, action: Any) -> list:
        want = self.expected()
        if want is None:
            raise IllegalAction(self.over_words)
        if not want.matches(action, self.game):
            raise IllegalAction(want.why)
        events = super().act(action)
        self.step += 1
        return events

    def ai_due(self) -> int | None:
        """The AI seat answers what it is asked (the lay-off); once the lesson is done it plays no turn."""
        if self.done and self.game.phase == "play":
            return None
        return super().ai_due()

    #: the scripted seat's moves are played in place (``ai_step``), never thought on a worker
    ai_start = None

    def ai_step(self) -> list:
        s = self.ai_due()
        if s is None:
            return []
        action = self._ai_moves.pop(0) if self._ai_moves else A.EndTurn(s)
        events = self.recorder.apply(action)
        self._after(events)
        return events

    def save(self) -> bool:  # a lesson is never saved
        return False

    def _finish(self) -> None:  # nor recorded
        return None
