"""Profiles: the players on this computer (left) and the chosen one's statistics from the records (right),
with two charts: wins over time and the money won in each round on average."""

from __future__ import annotations

import datetime as _dt
from importlib import import_module

import pygame

from ...games import registry
from ...profiles import ACHIEVEMENTS, compute, earned
from ...solo import LEVEL_NAMES
from ..kit import art, i18n
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _, money, money_short, ngettext
from ..kit.scene import Scene
from ..kit.widgets import Button
from ..lasvegas.names import ai_level_name
from ..profile_view import achievement_list, avatar, draw_figures

LIST = pygame.Rect(20, 96, 300, 530)
MAIN = pygame.Rect(336, 96, 924, 530)
ROW_H = 50
ROWS = (LIST.h - 80) // ROW_H


def _wins(t) -> str:
    return _("{games} · {wins}", games=ngettext("{n} game", "{n} games", t.games),
             wins=ngettext("{n} win", "{n} wins", t.wins))


class ProfileScene(Scene):
    """``profile``: the id of the profile shown first (None: the solo one, else the first)."""

    def __init__(self, app, profile: str | None = None) -> None:
        super().__init__(app)
        self.book = app.services.profiles
        self.top = 0
        self.new_button = Button((LIST.x + 12, LIST.bottom - 62, LIST.w - 24, 50), _("+ New profile"),
                                 self.create, size=20)
        self.back_button = Button((20, 646, 200, 56), _("Back"), self.app.pop, size=24, hotkeys=(pygame.K_ESCAPE,))
        self.edit_button = Button((MAIN.right - 470, MAIN.y + 14, 140, 44), _("Edit"), self.edit, size=20)
        self.achievements_button = Button((MAIN.right - 320, MAIN.y + 14, 306, 44), "", self.achievements,
                                          size=20, hotkeys=(pygame.K_a,))
        self.solo_button = Button((940, 646, 320, 56), "", self.count_solo, size=20)
        #: which game's statistics the page shows ("lasvegas" or "lords"; G or a click switches)
        self.game = "lasvegas"
        #: the statistics of the game's own page, for a game that has one (Lords of Vegas's)
        self.page_stats = None
        self.game_button = Button((MAIN.right - 470, MAIN.y + 60, 456, 30), "", self.switch_game, size=16,
                                  hotkeys=(pygame.K_g,))
        self.selected = profile or self.book.solo or (self.book.profiles[0].id if self.book.profiles else None)
        self._refresh()

    # ------------------------------------------------------------- state
    def _refresh(self) -> None:
        """Read the chosen profile's games from the records (files already read are not read again)."""
        if self.book.get(self.selected) is None:
            self.selected = self.book.profiles[0].id if self.book.profiles else None
        games = self.app.services.profile_games(self.selected) if self.selected else []
        self.stats = compute(games)
        self.earned = earned(games)
        self.new_button.enabled = not self.book.full
        has = self.selected is not None
        for b in (self.edit_button, self.achievements_button, self.solo_button, self.game_button):
            b.visible = has
        entry = registry.game(self.game)
        page = import_module(entry.profile_page) if entry.profile_page else None  # the game's own page
        self.page_stats = page.page_stats(self.selected) if page is not None and self.selected else None
        self.game_button.label = _(entry.showing)
        if self.selected:
            listed, got, _progress = achievement_list(self.app.services, self.selected, self.game)
        else:
            listed, got = ACHIEVEMENTS, self.earned
        self.achievements_button.label = _("Achievements {n}/{total}", n=len(got), total=len(listed))
        p = self.book.get(self.selected)
        if p is not None:
            mine = self.book.solo == p.id
            self.solo_button.label = _("Solo games count for {name}", name=p.name) if mine else \
                _("Count solo games for {name}", name=p.name)
            self.solo_button.enabled = not mine

    def on_resume(self) -> None:
        self._refresh()  # a profile made or changed, a game played

    def select(self, pid: str) -> None:
        self.selected = pid
        self._refresh()

    def switch_game(self) -> None:
        names = registry.names()
        self.game = names[(names.index(self.game) + 1) % len(names)]
        self._refresh()

    def create(self) -> None:
        self.app.show("profile-edit")

    def edit(self) -> None:
        if self.selected:
            self.app.show("profile-edit", profile=self.selected)

    def achievements(self) -> None:
        if self.selected:
            self.app.show("achievements", profile=self.selected, game=self.game)

    def count_solo(self) -> None:
        """The solo ladder's and the daily challenge's games count for the profile shown."""
        self.book.solo = self.selected
        self.book.save()
        self._refresh()

    def row_rect(self, k: int) -> pygame.Rect:
        return pygame.Rect(LIST.x + 10, LIST.y + 14 + k * ROW_H, LIST.w - 20, ROW_H - 6)

    # ------------------------------------------------------------- input
    def handle(self, event) -> None:
        for b in (self.new_button, self.back_button, self.edit_button, self.achievements_button, self.solo_button,
                  self.game_button):
            if b.handle(event):
                return
        ids = [p.id for p in self.book.profiles]
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for k in range(ROWS):
                if self.top + k < len(ids) and self.row_rect(k).collidepoint(event.pos):
                    self.select(ids[self.top + k])
                    return
        elif event.type == pygame.MOUSEWHEEL and LIST.collidepoint(self.app.to_logical(pygame.mouse.get_pos())):
            self.top = max(0, min(self.top - event.y, max(0, len(ids) - ROWS)))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and ids:
            i = ids.index(self.selected) if self.selected in ids else 0
            i = max(0, min(len(ids) - 1, i + (1 if event.key == pygame.K_DOWN else -1)))
            self.top = max(min(self.top, i), i - ROWS + 1)
            self.select(ids[i])

    # -------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        t = art.glow_text(_("Profiles"), "display", 52, art.NEON[5], 8)
        surface.blit(t, t.get_rect(midtop=(640, 10)))
        surface.blit(art.panel(LIST.w, LIST.h), LIST)
        surface.blit(art.panel(MAIN.w, MAIN.h), MAIN)
        for k, p in enumerate(self.book.profiles[self.top:self.top + ROWS]):
            r = self.row_rect(k)
            if p.id == self.selected:
                surface.rect((40, 80, 70), r, border_radius=8)
                surface.rect((120, 200, 180), r, width=2, border_radius=8)
            surface.blit(avatar(p, 34), (r.x + 8, r.y + 5))
            art.blit_text(surface, p.name, (r.x + 54, r.centery), "bold", 19, INK, anchor="midleft")
        self.new_button.draw(surface)
        self.back_button.draw(surface)
        p = self.book.get(self.selected)
        if p is None:
            art.blit_wrapped(surface, _("No profiles yet. A profile keeps your statistics and achievements "
                                        "from one game to the next: create one, then pick it for your seat "
                                        "when you set up a game."), (MAIN.x + 40, MAIN.y + 60), MAIN.w - 80,
                             "body", 20, INK_DIM)
            return
        self.draw_profile(surface, p)

    def draw_profile(self, surface, p) -> None:
        s = self.stats
        x, y = MAIN.x + 20, MAIN.y + 14
        surface.blit(avatar(p, 60), (x, y))
        art.blit_text(surface, p.name, (x + 76, y - 2), "display", 32, INK)
        try:
            since = i18n.date(_dt.date.fromisoformat(p.created))
        except ValueError:
            since = p.created
        art.blit_text(surface, _("Playing since {date}", date=since), (x + 78, y + 40), "body", 15, INK_DIM)
        self.edit_button.draw(surface)
        self.achievements_button.draw(surface)
        self.solo_button.draw(surface)
        self.game_button.draw(surface)
        if self.page_stats is not None:  # the game's own page (Lords of Vegas's)
            import_module(registry.game(self.game).profile_page).draw(surface, MAIN, self.page_stats)
            return
        # the figures, two columns
        rows = [
            (_("Games"), str(s.games)),
            (_("Wins"), f"{s.wins}" + (f" ({i18n.percent(100 * s.wins / s.games)})" if s.games else "")),
            (_("Average money"), money(s.average_money) if s.games else "—"),
            (_("Best game"), money(s.best.money) if s.best else "—"),
            (_("Biggest bill won"), money(s.biggest_bill) if s.biggest_bill else "—"),
            (_("Ties you caused"), str(s.ties_caused)),
            (_("Ties you suffered"), str(s.ties_suffered)),
            (_("Solo games"), _("{games}, {wins} won", games=s.solo_games, wins=s.solo_wins)),
            (_("Daily challenges"), _("{games}, {wins} won", games=s.daily_played, wins=s.daily_won)),
        ]
        if self.book.solo == p.id:
            beaten = sum(self.app.services.progress.state(lv) == "beaten" for lv in LEVEL_NAMES)
            rows.append((_("Solo ladder"), _("{n} of {total} levels beaten", n=beaten, total=len(LEVEL_NAMES))))
        top = MAIN.y + 92
        draw_figures(surface, rows, x, top)
        col = x + 360
        art.blit_text(surface, _("By table size"), (col, top), "bold", 16, GOLD)
        yy = top + 24
        for n, tally in list(s.by_seats.items())[:4]:
            _label_and_value(surface, ngettext("{n} player", "{n} players", n), _wins(tally), col, col + 250, yy)
            yy += 21
        art.blit_text(surface, _("Against the AI"), (col + 280, top), "bold", 16, GOLD)
        yy2 = top + 24
        book = registry.levels("lasvegas")  # the strengths in order, Random (a baseline) last
        for level in [lv for lv in book if lv != "random"] + ["random"]:
            tally = s.by_level.get(level)
            if tally is None:
                continue
            _label_and_value(surface, ai_level_name(level), _wins(tally), col + 280, MAIN.right - 20, yy2)
            yy2 += 21
        # casinos won, by value
        cy = max(yy, yy2) + 8
        art.blit_text(surface, _("Highest bills taken, casino by casino"), (col, cy), "bold", 16, GOLD)
        for c in range(6):
            cx = col + c * 88
            surface.blit(art.die("neutral", c + 1, 30), (cx, cy + 24))
            art.blit_text(surface, f"× {s.casinos_won[c]}", (cx + 36, cy + 30), "bold", 16, INK)
        chart_y = MAIN.y + 370
        self.draw_wins_chart(surface, pygame.Rect(x, chart_y, 430, 140))
        self.draw_round_chart(surface, pygame.Rect(x + 470, chart_y, 410, 140))

    def draw_wins_chart(self, surface, box) -> None:
        """The share of games won so far, after each game (a line)."""
        art.blit_text(surface, _("Wins over time"), box.topleft, "bold", 16, GOLD)
        # the plot starts below the title (taller with a larger text setting), its "100%" too
        head = art.measure(_("Wins over time"), "bold", 16)[1]
        top = box.y + max(26, head + art.measure("100%", "body", 12)[1] // 2 + 2)
        plot = pygame.Rect(box.x + 44, top, box.w - 50, box.bottom - 18 - top)
        surface.rect((8, 22, 18), plot)
        for frac in (0, 0.5, 1):
            yy = plot.bottom - frac * plot.h
            surface.line((40, 70, 60), (plot.x, yy), (plot.right, yy))
            art.blit_text(surface, i18n.percent(frac * 100), (plot.x - 6, yy), "body", 12, INK_DIM, anchor="midright")
        pts = self.stats.wins_over_time
        if not pts:
            art.blit_text(surface, _("No games yet"), plot.center, "body", 15, INK_DIM, anchor="center")
            return
        n = len(pts)
        line = [(plot.x + (plot.w * i / (n - 1) if n > 1 else plot.w / 2), plot.bottom - plot.h * wins / games)
                for i, (_day, games, wins) in enumerate(pts)]
        if len(line) > 1:
            surface.lines(GOLD, False, line, 3)
        for pt in line[-1:]:
            surface.circle(GOLD, pt, 5)
        first, last = pts[0][0], pts[-1][0]
        art.blit_text(surface, i18n.date(first), (plot.x, plot.bottom + 2), "body", 12, INK_DIM)
        if last != first:
            art.blit_text(surface, i18n.date(last), (plot.right, plot.bottom + 2), "body", 12, INK_DIM,
                          anchor="topright")

    def draw_round_chart(self, surface, box) -> None:
        """The money won in each round, averaged over the games (bars, the amount written on each)."""
        art.blit_text(surface, _("Money won per round (average)"), box.topleft, "bold", 16, GOLD)
        plot = pygame.Rect(box.x + 10, box.y + 26, box.w - 20, box.h - 44)
        surface.rect((8, 22, 18), plot)
        values = self.stats.money_by_round
        if not values:
            art.blit_text(surface, _("No games yet"), plot.center, "body", 15, INK_DIM, anchor="center")
            return
        top = max(values) or 1
        w = plot.w // len(values)
        for i, v in enumerate(values):
            h = int((plot.h - 22) * v / top)
            bar = pygame.Rect(plot.x + i * w + 10, plot.bottom - h, w - 20, h)
            surface.rect((60, 150, 120), bar, border_radius=4)
            art.blit_text(surface, money_short(v), (bar.centerx, bar.y - 2), "bold", 13, INK, anchor="midbottom")
            art.blit_text(surface, _("Round {n}", n=i + 1), (bar.centerx, plot.bottom + 2), "body", 12, INK_DIM,
                          anchor="midtop")


def _label_and_value(surface, label: str, value: str, x: int, right: int, y: int) -> None:
    """A label at ``x`` and its value ending at ``right``, apart by at least 10 px (smaller if they must be:
    the label keeps a third of the room, « 2 joueurs » is not shrunk for a long value)."""
    lsize = art.fit(label, "body", 15, (right - x) // 3, 10)
    lwidth = art.measure(label, "body", lsize)[0]
    vsize = art.fit(value, "body", 15, right - x - lwidth - 10, 10)
    art.blit_text(surface, value, (right, y), "body", vsize, INK, anchor="topright")
    art.blit_text(surface, label, (x, y), "body", lsize, INK_DIM)
