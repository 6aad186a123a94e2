"""The coach's review of a finished game: a progress bar while the coach rates the
moves (on a worker thread, cancellable), then each reviewed seat's summary and a
chart of the win chance over the game (docs/ai.md, Coach)."""

from __future__ import annotations

import pygame

from ....ai.coach import DEFAULT_WORK, LABEL_NAMES, ReviewCancelled, ReviewTask, cache_path
from ....kernel.errors import RecordError
from ....core import read_records
from ....match import CoachMark
from ....match.lasvegas.replay import open_record
from ...kit import art
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.i18n import _, ngettext, percent
from ...kit.scene import Scene
from ...kit.widgets import Button
from ...kit import rating_words
from ...kit.rating_words import LABEL_RGB, help_text, label_text  # noqa: F401 (read here by other screens)
from ..names import colour_name

SUMMARY = pygame.Rect(20, 84, 740, 520)
CHART = pygame.Rect(780, 84, 480, 520)
HELP = pygame.Rect(20, 614, 1030, 98)





def verdict_text(d: dict, name: str) -> str:
    """One reviewed move as the table shows it: the best value, and the label of the move made."""
    return _("Best: {best}. {name} placed the {value}s: {label}.", best=d["best"], name=name, value=d["chosen"],
             label=label_text(d["label"]))


def verdict_marks(decisions, name) -> dict:
    """Coach marks by turn for a replay: the coach's best casino glows, with the verdict on the move made
    (forced moves are not rated: no mark)."""
    return {d["turn"]: CoachMark(verdict_text(d, name(d["seat"])), "casino", d["best"])
            for d in decisions if d["label"] is not None}


def costliest_text(d: dict | None, name: str | None) -> str:
    """The costliest move in words (``name``: None for "your")."""
    if d is None:
        return _("No move to rate: every move was forced.")
    points = round(d["loss"])
    if points < 1:
        return _("No move gave away even one point of win chance.")
    fields = dict(round=d["round"], value=d["chosen"], points=points, best=d["best"])
    if name is None:
        return ngettext("Round {round}, your {value}s on casino {value} gave away {points} point; "
                        "{best}s were best.",
                        "Round {round}, your {value}s on casino {value} gave away {points} points; "
                        "{best}s were best.", points, **fields)
    return ngettext("Round {round}, {name} placed the {value}s on casino {value} and gave away {points} point; "
                    "{best}s were best.",
                    "Round {round}, {name} placed the {value}s on casino {value} and gave away {points} points; "
                    "{best}s were best.", points, name=name, **fields)


class ReviewScene(Scene):
    """``record_path``: the saved record (its first game); ``seats``: the colours reviewed;
    ``names``: each colour's player name.  Escape (or the button) cancels a review
    under way — what was rated is kept beside the record — and goes back."""

    def __init__(self, app, record_path: str, seats=None, names=None) -> None:
        super().__init__(app)
        self.names = dict(names or {})
        self.error: str | None = None
        self.task: ReviewTask | None = None
        self.turns = 1
        try:
            record = next(iter(read_records(record_path)))[1]
            self.turns = max(1, sum(len(r["turns"]) for r in record["rounds"]))
            seats = list(seats) if seats else None
            work = app.services.review_work or DEFAULT_WORK
            self.task = ReviewTask(record, seats, work=work, cache=cache_path(record_path)).start()
        except (RecordError, StopIteration, KeyError, TypeError, ValueError) as e:
            self.error = str(e)
        self.button = Button((1080, 646, 180, 56), _("Cancel"), self.back, size=24, hotkeys=(pygame.K_ESCAPE,))
        self.record_path = record_path
        #: the game replayed on the table with the coach's verdicts (once the review is done)
        self.table_button = Button((1030, 16, 230, 50), _("On the table (T)"), self.on_table, size=20,
                                   hotkeys=(pygame.K_t,))
        #: the rated moves' list under the summary: the selected row (Up/Down, a click) and the first shown
        self.selected = 0
        self.first_row = 0
        self.list_rows: list[tuple[pygame.Rect, int]] = []

    @property
    def review(self):
        return self.task.result if self.task is not None else None

    def back(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.app.top is self:
            self.app.pop()

    def exit(self) -> None:
        if self.task is not None:
            self.task.cancel()

    @property
    def rated(self) -> list[dict]:
        """The rated moves of the reviewed seats, in the order they were played (forced moves are not rated)."""
        if self.review is None:
            return []
        return sorted((d for d in self.review.decisions if d["label"] is not None), key=lambda d: d["turn"])

    def on_table(self, turn: int | None = None) -> None:
        """The game replayed on the table, paused at the first reviewed move (``turn``: at that move): at
        each one the coach's best value glows, with the label of the move made."""
        if self.review is None:
            return
        try:
            match = open_record(self.record_path)
        except RecordError as e:
            self.error = str(e)
            return
        match.annotate(verdict_marks(self.review.decisions, self.name), _("The coach"))
        first = turn if turn is not None else next((d["turn"] for d in self.review.decisions
                                                     if d["label"] is not None), None)
        if first:
            match.seek(first)
        match.playing = False
        self.app.go("table", match=match)

    def handle(self, event) -> None:
        if self.table_button.handle(event):
            return
        rated = self.rated
        if rated and event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.selected = max(0, min(len(rated) - 1, self.selected + (1 if event.key == pygame.K_DOWN else -1)))
            return
        if rated and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.on_table(rated[self.selected]["turn"])
            return
        if rated and event.type == pygame.MOUSEWHEEL:
            self.selected = max(0, min(len(rated) - 1, self.selected - event.y))
            return
        if rated and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for r, i in self.list_rows:
                if r.collidepoint(event.pos):
                    if i == self.selected:  # a second click on the row: that move on the table
                        self.on_table(rated[i]["turn"])
                    self.selected = i
                    return
        self.button.handle(event)

    def update(self, dt: float) -> None:
        t = self.task
        if t is not None and t.finished and self.error is None and t.result is None:
            if not isinstance(t.error, ReviewCancelled):
                self.error = str(t.error)
        if self.review is not None or self.error is not None:
            self.button.label = _("Back")

    def wake_in(self) -> float | None:
        """While the review is worked out, drawn four times a second (its progress); then still."""
        return 0.25 if self.review is None and self.error is None else None

    # ------------------------------------------------------------------- draw
    def name(self, colour: str) -> str:
        return self.names.get(colour) or colour_name(colour)

    def draw(self, surface) -> None:
        rating_words.draw_frame(surface, self.error)
        if self.error is None and self.review is None:
            t = self.task
            rating_words.draw_progress(surface, t.done if t is not None else 0, t.total if t is not None else 0)
        elif self.error is None:
            self.draw_summary(surface)
            self.draw_chart(surface)
            surface.blit(art.panel(HELP.w, HELP.h), HELP)
            art.blit_wrapped(surface, help_text(), (HELP.x + 14, HELP.y + 8), HELP.w - 28, "body", 15, INK_DIM)
        self.button.draw(surface)
        self.table_button.visible = self.review is not None
        self.table_button.draw(surface)

    def draw_summary(self, surface) -> None:
        box = SUMMARY
        surface.blit(art.panel(box.w, box.h), box)
        seats = list(self.review.seats.items())
        # each seat's summary, then the list of the rated moves to browse
        h = min(104, (box.h - 150) // max(1, len(seats)))
        chip = (box.w - 40) // len(LABEL_NAMES)
        for i, (colour, s) in enumerate(seats):
            y = box.y + 10 + i * h
            surface.blit(art.symbol(colour, 22), (box.x + 16, y + 4))
            art.blit_text(surface, self.name(colour), (box.x + 46, y), "display", art.fit(self.name(colour),
                          "display", 24, 360), INK)
            acc = _("Accuracy {pct}", pct=percent(s["accuracy"])) if s["accuracy"] is not None else _("Accuracy —")
            art.blit_text(surface, acc, (box.right - 16, y), "display", art.fit(acc, "display", 24, 300), GOLD,
                          anchor="topright")
            # each count then its word, the words all at one size (the longest word decides it)
            counts = [str(s["labels"][label]) for label in LABEL_NAMES]
            gaps = [art.measure(n, "bold", 20)[0] + 6 for n in counts]
            wsize = min(art.fit(label_text(label), "body", 15, chip - gap - 10, 9)
                        for label, gap in zip(LABEL_NAMES, gaps))
            for k, (label, n, gap) in enumerate(zip(LABEL_NAMES, counts, gaps)):
                x = box.x + 20 + k * chip
                art.blit_text(surface, n, (x, y + 32), "bold", 20, LABEL_RGB[label])
                art.blit_text(surface, label_text(label), (x + gap, y + 36), "body", wsize, INK)
            line = costliest_text(s["costliest"], None if len(seats) == 1 else self.name(colour))
            size = 15 if h >= 100 else 13
            end = art.blit_wrapped(surface, line, (box.x + 20, y + 60), box.w - 40, "body", size, INK_DIM)
        top = max(box.y + 14 + len(seats) * h, end + 10 if seats else 0)
        self.draw_moves(surface, pygame.Rect(box.x + 10, top, box.w - 20, box.bottom - 10 - top))

    ROW = 24

    def draw_moves(self, surface, area: pygame.Rect) -> None:
        """The rated moves, one a row: round, who, the value placed, the label, the best value, the points
        given away; the selected one ringed (Enter, or a second click, shows it on the table)."""
        surface.line((60, 90, 80), (area.x, area.y - 4), (area.right, area.y - 4))
        head = _("Rated moves: Up/Down to browse, Enter shows one on the table")
        art.blit_text(surface, head, (area.x + 6, area.y), "bold", art.fit(head, "bold", 15, area.w - 130), GOLD)
        rated = self.rated
        top = area.y + 24
        rows = max(1, (area.bottom - top) // self.ROW)
        self.selected, self.first_row = rating_words.keep_in_view(self.selected, self.first_row, len(rated), rows)
        self.list_rows = []
        if not rated:
            art.blit_text(surface, _("No move to rate: every move was forced."), (area.x + 6, top), "body", 15,
                          INK_DIM)
            return
        cols = (0, 50, 230, 360, 490, 610)
        for k, d in enumerate(rated[self.first_row:self.first_row + rows]):
            i = self.first_row + k
            r = pygame.Rect(area.x, top + k * self.ROW, area.w, self.ROW - 2)
            self.list_rows.append((r, i))
            if i == self.selected:
                surface.rect((30, 60, 52), r, border_radius=6)
                surface.rect(GOLD, r, width=1, border_radius=6)
            points = round(d["loss"])
            cells = [(_("R{n}", n=d["round"]), INK_DIM), (self.name(d["seat"]), INK),
                     (_("placed the {value}s", value=d["chosen"]), INK),
                     (label_text(d["label"]), LABEL_RGB[d["label"]]),
                     (_("best: the {best}s", best=d["best"]), INK_DIM),
                     (ngettext("−{n} point", "−{n} points", points) if points else "—", INK_DIM)]
            for c, (text, col) in enumerate(cells):
                x = r.x + 8 + cols[c]
                room = (cols[c + 1] - cols[c] - 8) if c + 1 < len(cols) else r.right - 8 - x
                art.blit_text(surface, text, (x, r.centery), "body", art.fit(text, "body", 15, room, 10), col,
                              anchor="midleft")
        if len(rated) > rows:
            more = _("{first}–{last} of {n}", first=self.first_row + 1,
                     last=min(len(rated), self.first_row + rows), n=len(rated))
            art.blit_text(surface, more, (area.right - 6, area.y), "body", 13, INK_DIM, anchor="topright")

    def draw_chart(self, surface) -> None:
        box = CHART
        surface.blit(art.panel(box.w, box.h), box)
        art.blit_text(surface, _("Chance to win after each move"), (box.x + 16, box.y + 10), "display",
                      art.fit(_("Chance to win after each move"), "display", 22, box.w - 32), INK)
        plot = pygame.Rect(box.x + 60, box.y + 56, box.w - 80, box.h - 110)
        for k in range(0, 101, 25):
            y = plot.bottom - plot.h * k / 100
            surface.line((40, 64, 56), (plot.x, y), (plot.right, y))
            art.blit_text(surface, percent(k), (plot.x - 8, y), "body", 13, INK_DIM, anchor="midright")
        art.blit_text(surface, _("start"), (plot.x, plot.bottom + 16), "body", 13, INK_DIM, anchor="center")
        end = _("end")  # centred under the last move, but never past the panel's edge
        ex = min(plot.right, box.right - 10 - art.measure(end, "body", 13)[0] // 2)
        art.blit_text(surface, end, (ex, plot.bottom + 16), "body", 13, INK_DIM, anchor="center")
        x = box.x + 16
        for colour, s in self.review.seats.items():
            pts = [(plot.x + plot.w * turn / self.turns, plot.bottom - plot.h * chance) for turn, chance in
                   s["chances"]]
            if len(pts) > 1:
                surface.lines(art.owner_rgb(colour), False, pts, 3)
            for p in pts:
                surface.circle(art.owner_rgb(colour), (int(p[0]), int(p[1])), 4)
            surface.blit(art.symbol(colour, 14), (x, box.bottom - 26))
            lab = art.text(self.name(colour), "body", 14, INK)
            surface.blit(lab, (x + 18, box.bottom - 28))
            x += 30 + lab.get_width()
