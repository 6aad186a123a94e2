"""The coach's review of a finished Lords of Vegas game (``lords-review``), opened by Review on the results.

The Lords coach (``lords.coach``) rates every decision of the reviewed seats on a worker
thread (a progress bar; Escape cancels it), then the screen lists each rated decision of one
seat: its turn, the choice in words, its label (best … blunder, the labels of the Las Vegas
coach: ``ratings``) and the best alternative found, with both chances to win.  Several seats
reviewed (several players at this computer): Tab, or a click on a name, shows another's.
Enter (or a second click on a row, or On the table) opens the game's replay paused at that
decision, the coach's verdict told at each rated one (N / P: the next / previous one).

A finished review is kept beside the game's record (``<record>.review.json``, as the Las Vegas
coach keeps its own: never listed in Records, ``kit.recordfiles.is_review``), and read back at
once the next time for the same seats and budget; a kept review that does not check is put aside
(the player told) and the game reviewed again.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

import pygame

from ...lords import coach as lords_coach
from ...kernel.background import BackgroundTask
from ...kernel.errors import RecordError
from ...lords import actions as A
from ...match.lords.replay import LordsReplayMatch
from ...kernel.ratings import LABEL_NAMES
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _, money, ngettext, percent
from ..kit.scene import Scene
from ..kit.seatnames import ai_seat_label
from ..kit.widgets import Button
from ..kit import rating_words
from ..kit.rating_words import LABEL_RGB, help_text, label_text  # noqa: F401 (the replay reads LABEL_RGB here)
from .naming import colour, lot, tile_colour
from .words import offer_words
from .review_kept import KEPT, KEPT_KIND, keep, kept_path, read_kept, review_key  # noqa: F401 (the review's file)

#: the coach's budget on this screen: (worlds per alternative, alternatives shortlisted in Step 2);
#: None: the coach's own (``lords_coach.WORLDS``, ``SHORTLIST``)
BUDGET: tuple[int, int] | None = None

LIST = pygame.Rect(20, 150, 1240, 416)
HELP = pygame.Rect(20, 574, 1040, 136)





def choice_words(action: Any, name: Callable[[int], str]) -> str:
    """A decision (an action's JSON form, as the review keeps it) in the reader's language; None
    stands for making no offer, or keeping one made."""
    if action is None:
        return _("Leave the offers as they are")
    try:
        a = A.action_from_dict(action)
    except (ValueError, KeyError, TypeError):
        return "?"
    t = type(a)
    if t is A.Build:
        # TRANSLATORS: {colour} agrees with a tile (context "a tile's colour": French *violette*)
        return _("Build {colour} on {lot}", colour=tile_colour(a.colour), lot=lot(a.lot))
    if t is A.Sprawl:
        return _("Sprawl from {casino} onto {lot}", casino=lot(a.casino), lot=lot(a.lot))
    if t is A.Remodel:
        return _("Remodel the casino at {lot} to {colour}", lot=lot(a.casino), colour=colour(a.colour))
    if t is A.Reorganize:
        return _("Reorganize the casino at {lot}", lot=lot(a.casino))
    if t is A.Gamble:
        return _("Bet {money} at {lot}", money=money(a.bet), lot=lot(a.casino))
    if t is A.EndTurn:
        return _("End the turn")
    if t is A.LayOff:
        return _("Lay off half the bet") if a.lay_off else _("Keep the whole bet")
    if t is A.PlaceDice:
        return _("Place the dice {values}", values=", ".join(map(str, a.values)))
    if t is A.MoveMarker:
        return _("Move the marker from {lot}", lot=lot(a.from_lot))
    if t is A.MoveDie:
        return _("Move the die from {lot}", lot=lot(a.from_lot))
    if t is A.Accept:
        return _("Accept {who}'s offer", who=name(a.proposer))
    if t is A.Reject:
        return _("Refuse {who}'s offer", who=name(a.proposer))
    if t is A.Withdraw:
        return _("Withdraw the offer to {who}", who=name(a.to))
    return _("Offer {who} {give} for {get}", who=name(a.to), give=offer_words(A.offer_to_dict(a.give)),
             get=offer_words(A.offer_to_dict(a.get)))


def has_better(d: dict) -> bool:
    """The coach found a better choice than this decision's, worth telling."""
    return (d.get("best") is not None and d.get("label") != "best"
            and percent(100 * d["best_chance"]) != percent(100 * d["chance"]))


def better_text(d: dict, name: Callable[[int], str]) -> str:
    """The best alternative of a rated decision and both chances, or that it was the best found (a
    choice rated "Best move", or one whose chance reads the same as the best's, is never told a
    better one: the review does not contradict itself)."""
    if not has_better(d):
        return _("The best choice the coach found ({chance} to win).", chance=percent(100 * d["chance"]))
    return _("Better: {choice}, {best} to win instead of {chance}.", choice=choice_words(d.get("best_action"), name),
             best=percent(100 * d["best_chance"]), chance=percent(100 * d["chance"]))


def verdict_text(d: dict, name: Callable[[int], str]) -> str:
    """A rated decision as the replay tells it: who, what, its label, the better choice."""
    return _("Turn {n}, {who}: {choice} ({label}). {better}", n=max(1, d["turn"]), who=name(d["seat_index"]),
             choice=choice_words(d["action"], name), label=label_text(d["label"]), better=better_text(d, name))


class ReviewCancelled(Exception):
    """The player left the review before it ended."""


def start_review(record: dict, colours: list[str], budget: tuple[int, int] | None = None
                 ) -> tuple[BackgroundTask, list[int]]:
    """The coach's review of ``colours`` of ``record`` on a worker thread, and its progress
    ``[done, total]`` (the task's ``cancel()`` ends it after the decision being rated)."""
    progress = [0, 0]
    budget = budget or BUDGET
    rater = lords_coach.Rater(*budget) if budget else None

    def work(cancel: threading.Event):
        def step(done: int, total: int) -> None:
            progress[:] = [done, total]
            if cancel.is_set():
                raise ReviewCancelled()
        return lords_coach.review(record, colours, rater=rater, progress=step)
    return BackgroundTask(work, "lords-review"), progress


class LordsReviewScene(Scene):
    """``record``: the finished game's ``lords-record/1``; ``colours``: the seats reviewed (the
    players at this computer); ``names``: each seat's name, by seat number; ``budget``: the
    coach's (worlds, shortlist), its own by default (``BUDGET``); ``record_path``: the record's
    file, beside which the review is kept (None: not kept)."""

    ROW = 52

    def __init__(self, app, record: dict, colours: list[str], names: list[str],
                 budget: tuple[int, int] | None = None, record_path: Any = None) -> None:
        super().__init__(app)
        self.record = record
        self.names = list(names)
        self.seats = list(record.get("seats", [])) if isinstance(record, dict) else []
        self.colours = [c for c in colours if c in self.seats] or self.seats[:1]
        self.error: str | None = None
        self.result = None
        self.button = Button((1080, 650, 180, 56), _("Cancel"), self.back, size=24, hotkeys=(pygame.K_ESCAPE,))
        budget = budget or BUDGET
        self.kept = kept_path(record_path) if record_path is not None else None
        self.key = review_key(record, self.colours, budget)
        if self.kept is not None:
            self.result = read_kept(self.kept, self.key)
        self.task: BackgroundTask | None = None
        self.progress = [0, 0]
        if self.result is None:
            self.task, self.progress = start_review(record, self.colours, budget)
        else:
            self._ready()
        self.table_button = Button((1030, 16, 230, 50), _("On the table (T)"), self.on_table, size=20,
                                   hotkeys=(pygame.K_t,))
        self.shown = 0  #: the seat whose decisions are listed (an index into ``colours``)
        self.selected = 0
        self.first_row = 0
        self.list_rows: list[tuple[pygame.Rect, int]] = []
        self.tabs: list[tuple[pygame.Rect, int]] = []

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else "?"

    # ------------------------------------------------------------- the review
    def _ready(self) -> None:
        for d in self.result.decisions:
            d["seat_index"] = self.seats.index(d["seat"])
        self.button.label = _("Back")

    def update(self, dt: float) -> None:
        t = self.task
        if t is not None and self.result is None and self.error is None and t.done:
            if t.error is None:
                self.result = t.result
                self._ready()
                if self.kept is not None:
                    keep(self.kept, self.key, self.result)
            elif not isinstance(t.error, ReviewCancelled):
                self.error = str(t.error) if isinstance(t.error, (RecordError, ValueError)) else type(t.error).__name__
        if self.result is not None or self.error is not None:
            self.button.label = _("Back")

    def wake_in(self) -> float | None:
        """While the coach works, drawn four times a second (its progress); then still."""
        return 0.25 if self.result is None and self.error is None else None

    def back(self) -> None:
        self.exit()
        if self.app.top is self:
            self.app.pop()

    def exit(self) -> None:
        if self.task is not None:
            self.task.cancel()

    def rated(self, colour: str | None = None) -> list[dict]:
        """The rated (not forced) decisions of one reviewed seat, in the order they were made."""
        if self.result is None:
            return []
        c = colour or self.colours[self.shown]
        return [d for d in self.result.decisions if d["seat"] == c and d["label"] is not None]

    def marks(self) -> dict[int, tuple[str, str]]:
        """The rated decisions of every reviewed seat by move: (label, verdict) for the replay."""
        if self.result is None:
            return {}
        return {d["move"]: (d["label"], verdict_text(d, self.name))
                for d in self.result.decisions if d["label"] is not None}

    def on_table(self, move: int | None = None) -> None:
        """The game's replay, paused at the selected rated decision (``move``: at that one)."""
        rated = self.rated()
        if self.result is None or not rated:
            return
        if move is None:
            move = rated[max(0, min(self.selected, len(rated) - 1))]["move"]
        try:
            match = LordsReplayMatch(self.record, ai_name=ai_seat_label)
        except RecordError as e:
            self.error = str(e)
            return
        self.app.show("lords-replay", match=match, at=move, marks=self.marks())

    # ------------------------------------------------------------- input
    def handle(self, event) -> None:
        if self.table_button.handle(event):
            return
        rated = self.rated()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and len(self.colours) > 1:
            self.show_seat((self.shown + 1) % len(self.colours))
            return
        if rated and event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.selected = max(0, min(len(rated) - 1, self.selected + (1 if event.key == pygame.K_DOWN else -1)))
            return
        if rated and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_table(rated[self.selected]["move"])
            return
        if rated and event.type == pygame.MOUSEWHEEL:
            self.selected = max(0, min(len(rated) - 1, self.selected - event.y))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, k in self.tabs:
                if r.collidepoint(event.pos):
                    self.show_seat(k)
                    return
            for r, i in self.list_rows:
                if r.collidepoint(event.pos):
                    if i == self.selected:  # a second click on the row: that decision on the table
                        self.on_table(rated[i]["move"])
                    self.selected = i
                    return
        self.button.handle(event)

    def show_seat(self, k: int) -> None:
        self.shown = k
        self.selected = self.first_row = 0

    # ------------------------------------------------------------- drawing
    def draw(self, surface) -> None:
        rating_words.draw_frame(surface, self.error)
        if self.error is None and self.result is None:
            rating_words.draw_progress(surface, *self.progress)
        elif self.error is None:
            self.draw_seats(surface)
            self.draw_list(surface)
            surface.blit(art.panel(HELP.w, HELP.h), HELP)
            art.blit_wrapped(surface, help_text(), (HELP.x + 14, HELP.y + 8), HELP.w - 28, "body", 14, INK_DIM)
        self.button.draw(surface)
        self.table_button.visible = self.result is not None and bool(self.rated())
        self.table_button.draw(surface)

    def draw_seats(self, surface) -> None:
        """One tab per reviewed seat: its name, its accuracy and its labels counted."""
        self.tabs = []
        w = min(620, (1240 - 10 * (len(self.colours) - 1)) // len(self.colours))
        for k, c in enumerate(self.colours):
            s = self.result.summary[c]
            r = pygame.Rect(20 + k * (w + 10), 70, w, 72)
            self.tabs.append((r, k))
            on = k == self.shown
            surface.blit(art.panel(r.w, r.h, (70, 56, 12) if on else (30, 48, 42), 255, None, 10), r)
            if on:
                surface.rect(GOLD, r, width=2, border_radius=10)
            seat = self.seats.index(c)
            surface.blit(art.symbol(c, 20), (r.x + 12, r.y + 10))
            who = self.name(seat)
            art.blit_text(surface, who, (r.x + 40, r.y + 6), "display", art.fit(who, "display", 22, w // 2 - 40), INK)
            acc = _("Accuracy {pct}", pct=percent(s["accuracy"])) if s["accuracy"] is not None else _("Accuracy —")
            art.blit_text(surface, acc, (r.right - 12, r.y + 6), "display", art.fit(acc, "display", 22, w // 2 - 20),
                          GOLD, anchor="topright")
            _tally(surface, r, s["labels"])

    def draw_list(self, surface) -> None:
        """The rated decisions, two lines each: the turn, the choice and its label; the better choice."""
        area = LIST
        surface.blit(art.panel(area.w, area.h), area)
        head = _("Rated moves: Up/Down to browse, Enter shows one on the table")
        art.blit_text(surface, head, (area.x + 14, area.y + 8), "bold", art.fit(head, "bold", 15, area.w - 180), GOLD)
        rated = self.rated()
        top = area.y + 34
        rows = max(1, (area.bottom - 8 - top) // self.ROW)
        self.selected, self.first_row = rating_words.keep_in_view(self.selected, self.first_row, len(rated), rows)
        self.list_rows = []
        if not rated:
            art.blit_text(surface, _("No move to rate: every move was forced."), (area.x + 14, top), "body", 15,
                          INK_DIM)
            return
        for k, d in enumerate(rated[self.first_row:self.first_row + rows]):
            i = self.first_row + k
            r = pygame.Rect(area.x + 8, top + k * self.ROW, area.w - 16, self.ROW - 4)
            self.list_rows.append((r, i))
            if i == self.selected:
                surface.rect((30, 60, 52), r, border_radius=6)
                surface.rect(GOLD, r, width=1, border_radius=6)
            turn = _("Turn {n}", n=max(1, d["turn"]))
            art.blit_text(surface, turn, (r.x + 10, r.y + 4), "bold", art.fit(turn, "bold", 16, 100), INK_DIM)
            label = label_text(d["label"])
            lw = art.measure(label, "bold", 16)[0]
            art.blit_text(surface, label, (r.right - 10, r.y + 4), "bold", 16, LABEL_RGB[d["label"]],
                          anchor="topright")
            points = round(d["loss"])
            lost = ngettext("−{n} point", "−{n} points", points) if points else "—"
            art.blit_text(surface, lost, (r.right - 10, r.y + 26), "body", 14, INK_DIM, anchor="topright")
            choice = choice_words(d["action"], self.name)
            art.blit_text(surface, choice, (r.x + 120, r.y + 4), "body", art.fit(choice, "body", 16, r.w - 150 - lw),
                          INK)
            better = better_text(d, self.name)
            art.blit_text(surface, better, (r.x + 120, r.y + 26), "body", art.fit(better, "body", 14, r.w - 240, 10),
                          INK_DIM)
        if len(rated) > rows:
            more = _("{first}–{last} of {n}", first=self.first_row + 1,
                     last=min(len(rated), self.first_row + rows), n=len(rated))
            art.blit_text(surface, more, (area.right - 14, area.y + 8), "body", 13, INK_DIM, anchor="topright")


def stage(app, scene: str, seed: int, players: int) -> None:
    """The review of a finished game (``review``), or its replay paused at the first rated decision
    (``coach-replay``), the coach at a small budget (screenshots, layout checks)."""
    from ...match.lords.local import LordsLocalMatch
    from .stage_match import DT, seats

    auto = LordsLocalMatch(seats(players, 0), seed)
    while not auto.over:
        auto.ai_step()
    m = auto.with_seats(seats(players, 1))
    app.go("lords-results", match=m)
    rv = app.show("lords-review", record=m.record(), colours=["blue"], names=[m.name(s) for s in range(m.n)],
                  budget=(1, 1))
    rv.task.wait(120)
    app.step(DT)
    if scene == "coach-replay":
        rv.on_table()
    app.step(DT)


def _tally(surface, r: pygame.Rect, labels: dict) -> None:
    """Each label counted on a seat's tab, its count then its word: one after the other, each word as
    wide as it is, at the largest size where all five fit (« Meilleur coup » drawn at 7 px beside counts
    at 18 in equal columns); in equal columns, made smaller, when the tab is too narrow for that."""
    counts = [str(labels[label]) for label in LABEL_NAMES]
    gaps = [art.measure(n, "bold", 17)[0] + 5 for n in counts]
    words = [label_text(label) for label in LABEL_NAMES]
    for size in (14, 13, 12):
        widths = [art.measure(w, "body", size)[0] for w in words]
        spare = r.w - 24 - sum(gaps) - sum(widths)
        if spare >= 12 * (len(words) - 1):
            x, space = r.x + 12, spare // (len(words) - 1)
            for label, n, gap, w, ww in zip(LABEL_NAMES, counts, gaps, words, widths):
                art.blit_text(surface, n, (x, r.y + 40), "bold", 17, LABEL_RGB[label])
                art.blit_text(surface, w, (x + gap, r.y + 43), "body", size, INK)
                x += gap + ww + space
            return
    chip = (r.w - 24) // len(LABEL_NAMES)
    size = min(art.fit(w, "body", 14, chip - gap - 8, 9) for w, gap in zip(words, gaps))
    for i, (label, n, gap, w) in enumerate(zip(LABEL_NAMES, counts, gaps, words)):
        x = r.x + 12 + i * chip
        art.blit_text(surface, n, (x, r.y + 40), "bold", 17, LABEL_RGB[label])
        art.blit_text(surface, w, (x + gap, r.y + 43), "body", size, INK)
