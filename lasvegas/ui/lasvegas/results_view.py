"""The results screen shared by the multiplayer and solo results: ranking with the tie-break explained, each seat's bills, money after each round."""

from __future__ import annotations

import pygame

from ..kit import art
from ..kit import money as paper
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _, and_list, money, money_short, ngettext, ordinal
from ..kit.scene import Scene
from ..kit.session import Session
from ..kit import podium
from ...profiles.history import count_las_vegas, las_vegas_guests
from ..kit.guests import Guest, GuestOffer
from ..kit.widgets import Button, FocusList
from ..profile_view import Toast, new_achievements
from ..files.save_flow import start_or_ask
from .names import colour_name
from .paint import celebrate
from .table.logpanel import LogPanel
from .totals import total


#: seconds after the results appear during which keys do nothing
KEY_GRACE = 1.0
#: the keys that press the focused button (the ones mashed to skip animations)
GRACE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class ResultsView(Scene):
    """``outcome``: the finished game (``lasvegas.match.Outcome``); ``rematch``: the set-up
    to play again (None: no "Play again"); ``announce``: tell the achievements the game's record
    earned (not for a replay)."""

    #: where the achievement toast shows (top-left corner, widest): between the Log button and the others
    TOAST_AT = (236, 642, 510)
    #: whether guests' seats are offered profiles that would count the game (not a solo game: its
    #: ladder keeps its own counts)
    OFFERS_PROFILES = True

    def __init__(self, app, outcome, rematch=None, log=None, announce: bool = True) -> None:
        super().__init__(app)
        self.outcome = outcome
        self.rematch = rematch
        self.config = outcome.config
        self.rank = list(outcome.ranking)
        self.chart = {o: list(v) for o, v in outcome.money_by_round.items()}
        self.names = {s.colour: s.name for s in outcome.seats}
        self.buttons = []
        next_label = getattr(rematch, "start_label", "")  # a lesson's next part
        if next_label:
            self.buttons.append(Button((690, 640, 310, 58), next_label, self.again, style="primary", size=20))
        elif rematch is not None:
            self.buttons.append(podium.again_button(self.again))
        self.title_button = podium.home_button(self.title)
        self.buttons.append(self.title_button)
        self.review_button = podium.review_button(self.review) if outcome.record else None
        #: the human seats that played without a profile: a line says a profile would have counted
        #: the game, and a button makes their profiles and counts it (a game just played here only)
        x, y, w = self.TOAST_AT
        self.offer = GuestOffer(app, (x, 646, w, 56), lambda claims: count_las_vegas(outcome.record, claims),
                                self.counted)
        if outcome.record and announce and self.OFFERS_PROFILES:
            self.offer.offer([Guest(c, c, self.name(c), c) for c in las_vegas_guests(outcome.record)])
        self.t = 0.0
        #: keyboard and controller: Left/Right along the buttons, Return presses (the first is focused)
        self.nav = FocusList(lambda: [*([self.offer.button] if self.offer.button.visible else []), *self.buttons,
                                      *([self.review_button] if self.review_button else [])], row=True)
        # the keys mashed to hurry the last moves must not start a new game: Review (or Title) is
        # focused, and keys do nothing for a moment after the screen appears
        self.nav.focus(self.review_button or self.title_button)
        #: the game log of the game just shown (None: opened without one)
        self.log_panel = LogPanel(log, pygame.Rect(760, 130, 500, 496), button_rect=(20, 646, 200, 56)) \
            if log is not None else None
        #: the achievements this game earned its players' profiles, told one after the other
        x, y, w = self.TOAST_AT
        self.toast = Toast(new_achievements(app.services, outcome.record) if outcome.record and announce else [],
                           (x, y), w)

    def counted(self) -> None:
        """The guests' profiles made and named on the record: the game counts, its achievements told."""
        self.nav.focus(self.review_button or self.title_button)
        self.toast.notes = new_achievements(self.app.services, self.outcome.record)
        self.redraw()

    def name(self, o: str) -> str:
        return self.names.get(o) or colour_name(o)

    def again(self) -> None:
        """The same table again; where its save slot holds a game in progress, ask first."""
        def start() -> None:
            self.app.go("table", match=self.app.services.new_match(self.rematch, None))
        if isinstance(self.rematch, Session):
            start_or_ask(self.app, self.rematch, start)
        else:
            start()

    def title(self) -> None:
        self.app.go("title")

    def review(self) -> None:
        """The coach's review of the game, over this screen (its record was saved)."""
        res = self.outcome
        humans = [s.colour for s in res.seats if not s.is_ai] or [self.config.seats[0]]
        self.app.show("review", record_path=res.record, seats=humans,
                      names={c: self.name(c) for c in self.config.seats})

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in GRACE_KEYS and self.t < KEY_GRACE:
            return  # a key mashed to hurry the game's last moves (or a controller's A)
        if self.log_panel is not None and self.log_panel.handle(event):
            return
        if self.review_button is not None and self.review_button.handle(event) or self.offer.button.handle(event):
            return
        if self.nav.handle(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def update(self, dt: float) -> None:
        self.t += dt
        self.toast.update(dt)

    def wake_in(self) -> float | None:
        """Every frame while the confetti falls or an achievement's note shows; then nothing moves."""
        falls = self.outcome.winners and self.t < celebrate.SETTLE and not art.look().reduced_motion
        return 0.0 if falls or self.toast.showing else None

    def headline(self) -> str:
        res = self.outcome
        if self.config.is_solo:
            return _("You beat the house!") if res.solo_won else _("The house wins")
        w = res.winners
        if len(w) > 1:
            return _("Shared victory!")
        return _("{name} wins!", name=self.name(w[0]))

    def explanation(self) -> str:
        res = self.outcome
        m, b = res.money, res.bills
        w = res.winners
        if self.config.is_solo:
            me = self.config.seats[0]
            others = sum(v for k, v in m.items() if k != me)
            return _("Your {mine} against {theirs} for the other colours together (you need strictly more).",
                     mine=money(m[me]), theirs=money(others))
        if len(w) > 1:
            return _("{names} have the same money and the same number of bills: the victory is shared.",
                     names=and_list(self.name(o) for o in w))
        rivals = [c for c in self.config.seats if c not in w and m[c] == m[w[0]]]
        if rivals:
            return _("{a} and {b} both have {amount}: {a} wins with more bills ({x} against {y}).",
                     a=self.name(w[0]), b=self.name(rivals[0]), amount=money(m[w[0]]),
                     x=b[w[0]], y=b[rivals[0]])
        return _("Most money wins; on equal money, more bills; still equal, the victory is shared.")

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        self.draw_celebration(surface)
        t = art.glow_text(self.headline(), "display", 56, art.NEON[2], 8)
        surface.blit(t, t.get_rect(midtop=(640, 8)))
        art.blit_text(surface, self.explanation(), (640, 100), "body", 18, INK, anchor="center")
        line = self.offer.line()
        if line:
            art.blit_text(surface, line, (640, 119), "body", art.fit(line, "body", 14, 1240, 10), GOLD, anchor="center")
        left = pygame.Rect(20, 130, 720, 496)
        surface.blit(art.panel(left.w, left.h), left)
        res = self.outcome
        rows = self.rank if not self.config.is_solo else \
            [(i + 1, o) for i, o in enumerate(sorted(res.money, key=lambda o: -res.money[o]))]
        h = min(92, (left.h - 20) // max(1, len(rows)))
        compact = h < 80  # six to eight seats: smaller lines, the bills under the name
        for i, (place, o) in enumerate(rows):
            r = pygame.Rect(left.x + 12, left.y + 10 + i * h, left.w - 24, h - 8)
            win = o in res.winners
            surface.blit(art.panel(r.w, r.h, (70, 56, 12) if win else (30, 48, 42), 255, None, 10), r)
            if win:
                surface.rect(GOLD, r, width=2, border_radius=10)
            top, big, bills_y, bh = (r.y + 2, 22, r.y + 30, 16) if compact else (r.y + 10, 26, r.y + 46, 20)
            art.blit_text(surface, ordinal(place), (r.x + 14, top), "display", big + 4, GOLD if win else INK_DIM)
            surface.blit(art.symbol(o, big), (r.x + 60, top + 4))
            art.blit_text(surface, self.name(o), (r.x + 94, top), "display", big, INK)
            art.blit_text(surface, total(o, res.money[o], "results"), (r.right - 14, top), "display", big + 2, GOLD,
                          anchor="topright")
            art.blit_text(surface, ngettext("{n} bill", "{n} bills", res.bills[o]), (r.right - 14, bills_y),
                          "body", 13 if compact else 15, INK_DIM, anchor="topright")
            bills = list(res.won.get(o, ()))
            bw = 46
            for k, b in enumerate(bills[:11]):
                surface.blit(paper.bill(b, bw, bh), (r.x + 94 + k * (bw + 3), bills_y))
            if len(bills) > 11:
                art.blit_text(surface, f"+{len(bills) - 11}", (r.x + 94 + 11 * (bw + 3), bills_y + 2), "body", 14,
                              INK_DIM)
        used = 10 + len(rows) * h
        rounds_box = pygame.Rect(left.x + 12, left.y + used + 8, left.w - 24, left.bottom - left.y - used - 20)
        if rounds_box.h >= 64 + 30 * len(rows):  # room left (2 or 3 seats): what each won round by round
            self.draw_rounds(surface, rounds_box, [o for _p, o in rows])
        self.draw_chart(surface, pygame.Rect(760, 130, 500, 496))
        self.nav.mark()
        for b in self.buttons:
            b.draw(surface)
        self.draw_log(surface)

    def draw_celebration(self, surface) -> None:
        """The winner's moment: light behind the headline, their medal either side of it, confetti."""
        winners = list(self.outcome.winners)
        if not winners:
            return
        colour = art.owner_rgb(winners[0])
        surface.blit(celebrate.rays(1280, 240, colour), (0, 0))
        still = art.look().reduced_motion
        celebrate.confetti(surface, (0, 0, 1280, 84), self.t, self.config.seats, still)
        width = art.glow_text(self.headline(), "display", 56, art.NEON[2], 8).get_width()
        podium.draw_medals(surface, winners[0], width, 52)

    def draw_log(self, surface) -> None:
        if self.review_button is not None:
            self.review_button.draw(surface)
        self.offer.button.draw(surface)
        if self.log_panel is not None:
            self.log_panel.draw(surface)
        self.toast.draw(surface)

    def draw_rounds(self, surface, box, owners: list[str]) -> None:
        """A table: what each seat won in each round, and where it stood after it."""
        art.blit_text(surface, _("Won in each round"), (box.x + 4, box.y), "display", 22, INK)
        n = max(len(v) for v in self.chart.values()) - 1
        col = (box.w - 200) // max(1, n)
        y = box.y + 36
        for k in range(n):
            art.blit_text(surface, _("R{n}", n=k + 1), (box.x + 200 + col * k + col - 8, y), "bold", 14, INK_DIM,
                          anchor="topright")
        for o in owners:
            y += 30
            vals = self.chart[o]
            surface.blit(art.symbol(o, 16), (box.x + 4, y + 2))
            art.blit_text(surface, self.name(o), (box.x + 28, y), "body", 17, INK)
            for k in range(n):
                won = vals[k + 1] - vals[k]
                art.blit_text(surface, "+" + money(won) if won else "—", (box.x + 200 + col * k + col - 8, y),
                              "bold", 16, art.NEON[3] if won else INK_DIM, anchor="topright")

    LEGEND_STEP = 20

    def legend_rows(self, box) -> list[list[tuple[str, int]]]:
        """The chart's legend: (owner, x) in rows as wide as ``box`` (two rows with many seats)."""
        rows: list[list[tuple[str, int]]] = [[]]
        x = box.x + 16
        for o in self.chart:
            w = 30 + art.measure(self.name(o), "body", 14)[0]
            if rows[-1] and x + w - 12 > box.right - 8:
                rows.append([])
                x = box.x + 16
            rows[-1].append((o, x))
            x += w
        return rows

    def chart_plot(self, box) -> pygame.Rect:
        """The plotting area of the chart in ``box`` (axis labels to its left and below, then the legend)."""
        more = (len(self.legend_rows(box)) - 1) * self.LEGEND_STEP
        return pygame.Rect(box.x + 74, box.y + 56, box.w - 100, box.h - 116 - more)

    def chart_top(self) -> int:
        """The money at the top of the chart's scale."""
        top = max(1, max(max(v) for v in self.chart.values()))
        step = self.chart_step()
        return ((top + step - 1) // step) * step

    def chart_step(self) -> int:
        return 250_000 if max(max(v) for v in self.chart.values()) > 1_000_000 else 100_000

    def chart_bars(self, box) -> dict[str, pygame.Rect]:
        """After a single round there is no line to draw: each colour's money is a bar."""
        plot, top = self.chart_plot(box), self.chart_top()
        slot = plot.w / max(1, len(self.chart))
        w = int(min(64, slot * 0.6))
        bars = {}
        for i, (o, vals) in enumerate(self.chart.items()):
            h = round(plot.h * vals[-1] / top)
            bars[o] = pygame.Rect(round(plot.x + slot * (i + 0.5) - w / 2), plot.bottom - h, w, h)
        return bars

    def draw_chart(self, surface, box) -> None:
        surface.blit(art.panel(box.w, box.h), box)
        series = self.chart
        n = max(len(v) for v in series.values())
        one_round = n <= 2
        art.blit_text(surface, _("Money after the round") if one_round else _("Money after each round"),
                      (box.x + 16, box.y + 10), "display", 22, INK)
        plot = self.chart_plot(box)
        top, step = self.chart_top(), self.chart_step()
        k = 0
        while k <= top:
            y = plot.bottom - plot.h * k / top
            surface.line((40, 64, 56), (plot.x, y), (plot.right, y))
            label = money_short(k)
            art.blit_text(surface, label, (plot.x - 8, y), "body", art.fit(label, "body", 13, plot.x - 8 - box.x - 6),
                          INK_DIM, anchor="midright")
            k += step
        if one_round:
            for o, r in self.chart_bars(box).items():
                if r.h:
                    surface.rect(art.owner_rgb(o), r, border_top_left_radius=6,
                                     border_top_right_radius=6)
                art.blit_text(surface, total(o, series[o][-1], "results"), (r.centerx, r.y - 4), "bold", 14, GOLD,
                              anchor="midbottom")
                s = art.symbol(o, 16)
                surface.blit(s, s.get_rect(center=(r.centerx, plot.bottom + 20)))
        else:
            self.draw_lines(surface, plot, top, n)
        # legend
        rows = self.legend_rows(box)
        for k, row in enumerate(rows):
            y = box.bottom - 26 - (len(rows) - 1 - k) * self.LEGEND_STEP
            for o, x in row:
                surface.blit(art.symbol(o, 14), (x, y))
                art.blit_text(surface, self.name(o), (x + 18, y - 2), "body", 14, INK)

    def draw_lines(self, surface, plot, top: int, n: int) -> None:
        series = self.chart
        for i in range(n):
            x = plot.x + plot.w * i / max(1, n - 1)
            label = _("start") if i == 0 else _("R{n}", n=i)
            art.blit_text(surface, label, (x, plot.bottom + 20), "body", 13, INK_DIM, anchor="center")
        for o, vals in series.items():
            pts = [(plot.x + plot.w * i / max(1, n - 1), plot.bottom - plot.h * v / top) for i, v in enumerate(vals)]
            if len(pts) > 1:
                surface.lines(art.owner_rgb(o), False, pts, 3)
            for p in pts:
                s = art.symbol(o, 16)
                surface.blit(s, s.get_rect(center=(int(p[0]), int(p[1]))))
