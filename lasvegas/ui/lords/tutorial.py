"""The Lords of Vegas tutorial: its first turns played on the real table (the draw, a build, a
payout, a reorganize, a gamble), with a coach's bubbles.

The game is ``match.lords.lesson.LordsLessonMatch`` (the engine's rules; a stacked deck, written
dice and a scripted AI seat).  This module writes the script and its texts and draws the coach:
a bubble over the log panel (never over the table's pieces) with an arrow and a ring on what to
click, a lot, a choice, a button.  A note waits for Enter, Space, A or a click on its button; a
task waits for the player: selecting another lot or choosing another choice is undone and
answered with why, and an action the lesson does not ask for is refused by the lesson match with
its why.  Everything the player does goes through the table's own input (mouse, keys,
controller).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from ...lords import actions as A
from ...lords.board import COLOURS, LOT_INDEX
from ...match.lords.lesson import LessonStep, LordsLessonMatch
from ..kit import art
from ..kit.art import GOLD, INK
from ..kit.i18n import _, money
from ..kit.seatnames import ai_seat_name, player_name
from . import layout as L, panels

#: where the coach's bubble stands: over the log panel, which the lesson never points at
BUBBLE = pygame.Rect(L.LOG.x, L.LOG.y - 6, L.LOG.w, L.LOG.h + 10)
#: a target's ring pulses three times when the bubble points at it (seconds), then stands still
PULSE = 3.0


@dataclass(frozen=True)
class Note:
    """A sentence and what it is about (``target(table)``: a rectangle or None); it waits for Go on."""

    text: str
    target: Callable | None = None


@dataclass(frozen=True)
class Task:
    """An action the lesson asks for: select ``lot`` (None: no lot, a button of the panel), choose the
    choice ``pick`` accepts, then confirm; each with its sentence and why another is not the lesson's."""

    step: LessonStep
    lot: str | None
    pick: Callable | None
    select_text: str
    choose_text: str
    confirm_text: str
    why_lot: str = ""
    why_pick: str = ""
    confirm: str = "confirm"  # the button the last bubble points at


@dataclass(frozen=True)
class Part:
    notes: tuple[Note, ...] = ()
    task: Task | None = None
    #: shown only once this holds (the AI's turn told, the next turn begun)
    when: Callable = field(default=lambda m: True)


def lot_target(name: str):
    return lambda t: L.lot_rect(LOT_INDEX[name])


def seat_target(seat: int):
    return lambda t: panels.seat_rects(t.match.n)[seat]


def option_index(t, pick) -> int | None:
    return next((i for i, o in enumerate(t.options) if pick(o)), None)


def script(you: str, them: str) -> list[Part]:
    gold = COLOURS.index("gold")

    def is_build_gold(o) -> bool:
        return isinstance(o.action, A.Build) and o.action.colour == gold

    def is_reorganize(o) -> bool:
        return isinstance(o.action, A.Reorganize)

    def is_gamble(o) -> bool:
        return o.mode == "bet"

    return [
        Part(notes=(
            Note(_("Welcome to Lords of Vegas! You are {you}, in blue; {them} plays green. Your turn began "
                   "with a card: A1, and your marker went on that lot.", you=you, them=them), lot_target("A1")),
            Note(_("Each of your markers pays you $1 whenever a card is drawn: three markers, $3. "
                   "Your money and points are on your mat."), seat_target(0)),
        ), task=Task(
            LessonStep(A.Build, {"lot": "A5", "colour": "gold"},
                       _("Not now: this lesson builds a gold casino on A5 first.")),
            "A5", is_build_gold,
            _("Build your first casino: click A5, a lot with your marker (die 3, cost {cost}).", cost=money(9)),
            _("Every colour costs the lot's price. Pick Build gold (or press its number): a gold card comes next."),
            _("Confirm the build (Enter)."),
            why_lot=_("Click A5: the lesson builds there."),
            why_pick=_("Pick gold for this lesson: the next card pays the gold casinos."))),
        Part(notes=(
            Note(_("A gold tile with your die, showing the lot's printed 3: a casino of one, and you are its "
                   "boss (the gold key)."), lot_target("A5")),
        ), task=Task(
            LessonStep(A.EndTurn, {}, _("Not now: end your turn, and watch what {them} draws.", them=them)),
            None, None, "", "", _("End your turn (E)."), confirm="end")),
        Part(when=lambda m: m.query.active == 0 and m.query.turn >= 3, notes=(
            Note(_("{them} drew C2, a Sphinx card: every gold casino pays. Yours paid $1 per pip of its die "
                   "to you ($3) and its size in points to its boss: 1 VP for you.", them=them), lot_target("A5")),
            Note(_("{them} built a purple casino on B5 and is its boss.", them=them), lot_target("B5")),
            Note(_("Your turn again: you drew C1. Your dice can be re-rolled: a reorganize."), lot_target("C1")),
        ), task=Task(
            LessonStep(A.Reorganize, {"casino": "A5"}, _("Not now: reorganize your casino on A5 first.")),
            "A5", is_reorganize,
            _("Click your casino on A5."),
            _("Pick Reorganize: $1 per pip of its dice, {cost} here, and every die of the casino is rolled "
              "again.", cost=money(3)),
            _("Confirm (Enter): the die is rolled."),
            why_lot=_("Click A5: the lesson reorganizes your casino there."),
            why_pick=_("Pick Reorganize for this lesson."))),
        Part(notes=(
            Note(_("A 6: your casino now pays twice as much on each gold card."), lot_target("A5")),
        ), task=Task(
            LessonStep(A.Gamble, {"casino": "B5"}, _("Not now: gamble at {them}'s casino on B5 first.", them=them)),
            "B5", is_gamble,
            _("Once a turn you may gamble at another boss's casino. Click {them}'s casino on B5.", them=them),
            _("Pick Gamble… The bet is up to $5 a tile."),
            _("Bet {bet} (arrows or + and −) and confirm (Enter). Two dice: 5 to 8 you lose, 2 or 12 win "
              "double, the rest win the bet.", bet=money(5)),
            why_lot=_("Click B5: the lesson gambles there."),
            why_pick=_("Pick Gamble for this lesson."))),
        Part(notes=(
            Note(_("4 and 5 make 9: {them} pays you the bet. A boss may lay off half of a bet to the bank "
                   "before the roll; {them} kept it all.", them=them), seat_target(0)),
            Note(_("That is the tutorial: a draw, a build, a payout, a reorganize and a gamble. Sprawl, "
                   "remodel and trades are in How to play. Start a real game now!")),
        )),
    ]


class Coach:
    """The script's bubbles over a table playing a ``LordsLessonMatch``."""

    def __init__(self, table, parts: list[Part], on_finish) -> None:
        self.table = table
        self.parts = parts
        self.part = 0
        self.note = 0
        self.on_finish = on_finish
        self.finished = False
        #: the step of the lesson match the current part's task is (tasks are the match's steps)
        self._tasks_before = 0
        #: what the bubble said last, and since when (the table's time): its target pulses a while
        self._said: tuple = ("", None)
        self._since = 0.0

    @property
    def match(self) -> LordsLessonMatch:
        return self.table.match

    def current(self) -> Part | None:
        return self.parts[self.part] if self.part < len(self.parts) else None

    def ready(self) -> bool:
        """The table is calm: the events told, no AI seat about to play."""
        t = self.table
        p = self.current()
        return (p is not None and not t.busy and self.match.ai_due() is None and p.when(self.match))

    def note_up(self) -> Note | None:
        p = self.current()
        if p is None or not self.ready() or self.note >= len(p.notes):
            return None
        return p.notes[self.note]

    def go_on(self) -> None:
        self.note += 1
        p = self.current()
        if p is not None and self.note >= len(p.notes) and p.task is None:
            self._next_part()

    def _next_part(self) -> None:
        self.part += 1
        self.note = 0
        if self.part >= len(self.parts):
            self.finished = True
            self.on_finish()

    # ------------------------------------------------------------- input
    def handle(self, event) -> bool:
        """True: the coach took the event (a note waiting, a trade the lesson has no room for)."""
        if self.note_up() is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.go_on()
                return True
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.button().collidepoint(event.pos):
                self.go_on()
                return True
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_l))
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t or (
                event.type == pygame.MOUSEBUTTONUP and event.button == 1
                and "trade" in self.table.buttons() and self.table.buttons()["trade"].collidepoint(event.pos)):
            self.table.message = _("Trades come after the tutorial (How to play explains them).")
            return True
        return False

    def pulsing(self) -> bool:
        """The bubble's target pulses: in its first seconds (then its ring stands still)."""
        said = self.say()
        if said[0] != self._said[0] or said[1] != self._said[1]:
            self._said, self._since = said, self.table.t
        return said[1] is not None and self.table.t - self._since < PULSE

    def update(self) -> None:
        """Keep the table on the script: a lot or a choice that is not the lesson's is undone, with why;
        a task done (the match's step went on) opens the next part."""
        p = self.current()
        if p is None or self.finished:
            return
        t = self.table
        if p.task is not None and self.match.step > self._tasks_before:
            self._tasks_before = self.match.step
            self._next_part()
            return
        if p.task is None or self.note < len(p.notes) or not self.ready():
            return
        task = p.task
        if task.lot is not None and t.selected is not None and t.selected != LOT_INDEX[task.lot]:
            t.select(None)
            t.message = task.why_lot
        elif task.pick is not None and t.chosen is not None and not task.pick(t.chosen):
            t.chosen = None
            t.targets = []
            t.message = task.why_pick

    # ------------------------------------------------------------- what the bubble says and points at
    def say(self) -> tuple[str, pygame.Rect | None]:
        note = self.note_up()
        t = self.table
        if note is not None:
            return note.text, note.target(t) if note.target else None
        p = self.current()
        if p is None or p.task is None or not self.ready():
            return "", None
        task = p.task
        if task.lot is not None and t.selected != LOT_INDEX[task.lot]:
            return task.select_text, L.lot_rect(LOT_INDEX[task.lot])
        if task.pick is not None and t.chosen is None:
            i = option_index(t, task.pick)
            rows = t.rows()
            return task.choose_text, rows[i] if i is not None and i < len(rows) else None
        return task.confirm_text, t.buttons().get(task.confirm)

    def button(self) -> pygame.Rect:
        return pygame.Rect(BUBBLE.right - 170, BUBBLE.bottom - 44, 160, 36)

    def draw(self, surface) -> None:
        text, target = self.say()
        if not text:
            return
        b = BUBBLE
        surface.rect((14, 20, 18), b, border_radius=12)  # the log under it does not show through
        surface.blit(art.panel(b.w, b.h, alpha=240, border=(*GOLD, 230)), b)
        note = self.note_up() is not None
        width = b.w - (200 if note else 28)
        art.blit_wrapped(surface, text, (b.x + 14, b.y + 10), width, "body", 17, INK)
        if note:
            r = self.button()
            surface.rect((90, 30, 70), r, border_radius=8)
            surface.rect(GOLD, r, width=2, border_radius=8)
            label = _("Go on (Enter)")
            art.blit_text(surface, label, r.center, "bold", art.fit(label, "bold", 16, r.w - 10), INK, anchor="center")
        if target is not None:
            pulsing = self.pulsing()
            pulse = abs(((self.table.t - self._since) * 2) % 2 - 1) if pulsing else 1.0
            ring = target.inflate(10 + 4 * pulse, 10 + 4 * pulse)
            surface.rect(GOLD, ring, width=3, border_radius=8)
            start = (max(b.x + 20, min(b.right - 20, target.centerx)), b.y)
            end = (ring.centerx, ring.bottom) if ring.bottom < b.y else (ring.left, ring.centery)
            surface.line(GOLD, start, end, 3)
            surface.circle(GOLD, end, 5)


def lesson_match() -> tuple[LordsLessonMatch, list[Part]]:
    you, them = player_name(0), ai_seat_name(1)
    parts = script(you, them)
    steps = [p.task.step for p in parts if p.task is not None]
    return LordsLessonMatch(you, them, steps, _("The tutorial is over: start a real game to play on.")), parts


def start(app):
    """The tutorial on the real Lords of Vegas table; at its end, the setup of a real game."""
    match, parts = lesson_match()
    table = app.go("lords-table", match=match)

    def finish() -> None:
        app.go("title")
        app.show("lords-setup")
    table.coach = Coach(table, parts, finish)
    return table


def stage(app) -> None:
    """The tutorial's first build asked for (``lasvegas screenshot --game lords --scene tutorial``)."""
    table = start(app)
    for _i in range(400):
        app.step(1 / 30)
        if table.coach.note_up() is not None:
            break
    table.coach.go_on()
    table.coach.go_on()
    table.select(LOT_INDEX["A5"])
    app.step(1 / 30)
