"""The end of a solo game: won or lost and by how much, what the ladder (or the daily challenge) kept."""

from __future__ import annotations

import pygame

from ....core import SOLO_LEVELS
from ....solo import SoloResult, opens, parse_date
from ...kit import art
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.i18n import _, and_list, money, ngettext
from ...kit.i18n import date as long_date
from ...kit.widgets import Button
from ..names import colour_name
from ..results_view import ResultsView
from ..solo_flow import level_label, signed, start_solo

NAMES = [lv.name for lv in SOLO_LEVELS]


class SoloResultScene(ResultsView):
    #: the buttons fill the bottom: the achievement toast shows over the chart's legend for its seconds
    TOAST_AT = (770, 566, 480)
    OFFERS_PROFILES = False

    def __init__(self, app, outcome, rematch=None, *, record: bool = True, log=None, announce: bool = True) -> None:
        super().__init__(app, outcome, rematch, log, announce)
        cfg = outcome.config
        me = cfg.seats[0]
        self.me = me
        self.level = cfg.solo_level
        self.rounds = cfg.rounds
        self.mine = outcome.money[me]
        self.others = sum(m for o, m in outcome.money.items() if o != me)
        self.won = bool(outcome.solo_won)
        self.hints = int(outcome.extra.get("hints", 0))
        self.daily = outcome.extra.get("daily")
        self.notes: list[tuple[str, tuple]] = []
        series = self.chart  # each colour's money after each round
        self.margins = [series[me][k] - sum(v[k] for o, v in series.items() if o != me)
                        for k in range(1, len(series[me]))]
        i = NAMES.index(self.level)
        self.next_level = NAMES[i + 1] if i + 1 < len(NAMES) else None
        if record and outcome.extra.get("took_back"):
            self.notes.append((_("A move was taken back: this game is practice and does not count."), INK_DIM))
        elif record:
            self.record()
        prog = app.services.progress
        buttons = []
        show_next = (self.daily is None and self.won and self.next_level is not None
                     and prog.is_unlocked(self.next_level))
        if show_next:
            buttons.append((_("Next: {level}", level=level_label(self.next_level)), self.play_next, "primary"))
        buttons.append((_("Practice again") if self.daily else _("Play again"), self.again,
                        "normal" if show_next else "primary"))
        buttons.append((_("Ladder"), self.ladder, "normal"))
        buttons.append((_("Home"), self.title, "normal"))
        w = 236
        x0 = 1260 - len(buttons) * (w + 12) + 12
        self.buttons = [Button((x0 + k * (w + 12), 646, w, 56), label, fn, style=style, size=22,
                               hotkeys=(pygame.K_ESCAPE,) if label == _("Home") else ())
                        for k, (label, fn, style) in enumerate(buttons)]

    # ------------------------------------------------------------ record
    def record(self) -> None:
        """Count the game on the ladder (or as the day's result) and save the progress."""
        prog = self.app.services.progress
        res = SoloResult(self.level, self.rounds, self.mine, self.others, self.won, self.hints,
                         self.outcome.seed)
        if self.daily:
            date = parse_date(self.daily)
            if prog.record_daily(date, res):
                self.notes.append((_("Your result for the daily challenge of {date} is saved.",
                                     date=long_date(date)), GOLD))
            else:
                self.notes.append((_("Practice: your result for {date} was already saved.",
                                     date=long_date(date)), INK_DIM))
        else:
            closed = [lv for lv in opens(self.level) if not prog.is_unlocked(lv)]
            best = prog.record(res)
            if best:
                self.notes.append((_("New best result for {level}!", level=level_label(self.level)), GOLD))
            opened = [lv for lv in closed if prog.is_unlocked(lv)]
            if self.won and self.rounds == 1:
                self.notes.append((_("Quick wins are kept; a full game beats a level."), INK_DIM))
            elif opened:
                names = [level_label(lv) for lv in opened]
                listed = and_list(names)
                self.notes.append((ngettext("{levels} is now open!", "{levels} are now open!", len(names),
                                            levels=listed), art.NEON[3]))
            elif self.won and self.next_level is None:
                self.notes.append((_("You have beaten the whole ladder!"), art.NEON[3]))
        if prog.save():
            self.notes.append((_("Progress and game record saved."), INK_DIM))
        else:
            self.notes.append((_("Solo progress could not be saved (see the message)."), art.DANGER))

    # ----------------------------------------------------------- buttons
    def again(self) -> None:
        if self.daily:
            start_solo(self.app, self.level, daily=parse_date(self.daily))
        else:
            start_solo(self.app, self.level, self.rounds)

    def play_next(self) -> None:
        start_solo(self.app, self.next_level, self.rounds)

    def ladder(self) -> None:
        self.app.go("title")
        self.app.show("solo")

    # -------------------------------------------------------------- draw
    def headline(self) -> str:
        return _("You beat the house!") if self.won else _("The house wins")

    def margin_line(self) -> str:
        m = self.mine - self.others
        if m > 0:
            return _("Won by {amount}", amount=money(m))
        if m == 0:
            return _("Lost: level is not enough")
        return _("Lost by {amount}", amount=money(-m))

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        t = art.glow_text(self.headline(), "display", 48, art.NEON[3] if self.won else art.NEON[0], 8)
        surface.blit(t, t.get_rect(midtop=(640, 0)))
        art.blit_text(surface, self.margin_line(), (640, 104), "display", 28,
                      art.NEON[3] if self.won else art.DANGER, anchor="center")
        left = pygame.Rect(20, 130, 720, 500)
        surface.blit(art.panel(left.w, left.h), left)
        x, y, w = left.x + 20, left.y + 14, left.w - 40
        if self.daily:
            what = _("Daily challenge of {date} · {level}", date=long_date(parse_date(self.daily)), level=level_label(self.level))
        else:
            length = _("full game") if self.rounds == 4 else _("quick challenge")
            what = _("{level} · {length}", level=level_label(self.level), length=length)
        art.blit_text(surface, what, (x, y), "display", 24, INK)
        hints = _("no hints used") if not self.hints else ngettext("{n} hint used", "{n} hints used", self.hints)
        art.blit_text(surface, hints, (x + w, y + 6), "bold", 16, INK_DIM if not self.hints else GOLD,
                      anchor="topright")
        # you against the rest, with the bar
        y += 44
        art.blit_text(surface, _("You"), (x, y), "bold", 16, INK_DIM)
        art.blit_text(surface, _("All other colours"), (x + w, y), "bold", 16, INK_DIM, anchor="topright")
        y += 22
        art.blit_text(surface, money(self.mine), (x, y), "display", 30, art.lighter(art.owner_rgb(self.me), 0.3))
        art.blit_text(surface, money(self.others), (x + w, y), "display", 30, INK, anchor="topright")
        y += 44
        bar = pygame.Rect(x, y, w, 18)
        surface.rect((70, 76, 80), bar, border_radius=9)
        total = self.mine + self.others
        if total:
            part = pygame.Rect(x, y, round(w * self.mine / total), 18)
            if part.w:
                surface.rect(art.owner_rgb(self.me), part, border_radius=9)
        surface.line(GOLD, (bar.centerx, bar.y - 5), (bar.centerx, bar.bottom + 4), 2)
        y += 32
        # every colour
        res = self.outcome
        for o in sorted(res.money, key=lambda o: -res.money[o]):
            surface.blit(art.symbol(o, 20), (x, y + 2))
            art.blit_text(surface, self.name(o), (x + 30, y), "bold" if o == self.me else "body", 18, INK)
            art.blit_text(surface, ngettext("{n} bill", "{n} bills", res.bills[o]), (x + 330, y + 2), "body",
                          15, INK_DIM, anchor="topright")
            art.blit_text(surface, money(res.money[o]), (x + w, y), "bold", 18, GOLD, anchor="topright")
            y += 28
        # your margin after each round
        y += 4
        art.blit_text(surface, _("You against the rest after each round"), (x, y), "bold", 15, INK_DIM)
        y += 24
        for k, m in enumerate(self.margins):
            col = art.NEON[3] if m > 0 else art.DANGER
            art.blit_text(surface, _("Round {n}", n=k + 1), (x + k * 170, y), "body", 14, INK_DIM)
            art.blit_text(surface, signed(m), (x + k * 170, y + 18), "bold", 18, col)
        y += 52
        surface.line((70, 100, 90), (x, y), (x + w, y))
        y += 12
        for text, col in self.notes[:4]:
            art.blit_text(surface, text, (x, y), "bold", 17, col)
            y += 26
        self.draw_chart(surface, pygame.Rect(760, 130, 500, 500))
        self.nav.mark()
        for b in self.buttons:
            b.draw(surface)
        self.draw_log(surface)

    def name(self, o: str) -> str:
        return _("You") if o == self.me else colour_name(o)

