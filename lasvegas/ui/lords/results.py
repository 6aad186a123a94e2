"""The end of a Lords of Vegas game: the final standing (each seat's VP, money and casinos), the
winner and the tie-break in words (the most VP wins; tied on VP, the most money; tied on both, a
shared win: D18), the VP of every seat over the game, the game's best moments, the achievements
the game earned its players (a toast), and Review: the coach's review of the game (``review``).
Home is focused: Enter, Enter from the table never starts a new game by mistake."""

from __future__ import annotations

from pathlib import Path

import pygame

from ...kernel.errors import RecordError
from ...lords.board import CARD_NAMES, END
from ...profiles.lords.achievements import LORDS_BY_ID, lords_earned
from ...profiles.lords.stats import count_for_profile, games_in_lords_file, lords_games
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.felt import mat
from ..kit.i18n import _, and_list, money, ngettext, ordinal
from ..kit.scene import Scene
from ..kit import podium
from ..kit.guests import Guest, GuestOffer
from ..kit.widgets import FocusList
from ..profile_view import Toast
from .naming import lot
from .story import Story, story_of

LEFT = pygame.Rect(20, 128, 720, 504)
CHART = pygame.Rect(760, 128, 500, 504)


def tie_break_words(match) -> str:
    """Why the winner won, in words."""
    rows = match.standings()
    g = match.query
    names = [match.name(r["seat"]) for r in rows if r["won"]]
    who = and_list(names)
    if g.end_reason == "90":
        first = _("{who} reached 90 VP: the jackpot ends the game at once.", who=who)
    else:
        first = _("The End card was drawn and paid.")
    top = rows[0]["vp"]
    tied = [r for r in rows if r["vp"] == top]
    if len(names) > 1:
        return _("{first} {then}", first=first, then=_("{who} are tied on VP and money: a shared win.", who=who))
    if len(tied) > 1:
        return _("{first} {then}", first=first, then=_("Tied on {vp} VP, {who} wins with more money.", vp=top, who=who))
    return _("{first} {then}", first=first, then=_("{who} wins with the most VP.", who=who))


def new_lords_achievements(services, record_path) -> list[tuple[str, str]]:
    """(player's name, achievement id) for every Lords of Vegas achievement the game of the record
    ``record_path`` earned its players' profiles."""
    path = Path(record_path)
    out = []
    for game in games_in_lords_file(path):
        profile = services.profiles.get(game.profile)
        if profile is None:
            continue
        for e in lords_earned(lords_games(path.parent, game.profile)).values():
            if e.record is not None and Path(e.record).resolve() == path.resolve():
                out.append((profile.name, e.id))
    return out


class LordsToast(Toast):
    """The achievement toast, for Lords of Vegas's achievements."""

    def lines(self) -> tuple[str, str]:
        name, aid = self.notes[0]
        a = LORDS_BY_ID[aid]
        return (_("Achievement for {name}: {title}", name=name, title=_(a.title)), _(a.condition))


class LordsResultsScene(Scene):
    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.again_button = podium.again_button(self.again)
        self.home_button = podium.home_button(self.home)
        self.review_button = podium.review_button(self.review)
        #: the human seats that played without a profile (their game counted for nobody), and the
        #: button that makes their profiles and counts the game for them
        self.offer = GuestOffer(app, (20, 644, 720, 52), lambda claims: count_for_profile(match.record_path, claims),
                                self.counted)
        self.guest_button = self.offer.button
        #: Left/Right (Tab) along the buttons, Enter presses the focused one: Home at first
        self.nav = FocusList(lambda: [b for b in (self.again_button, self.home_button, self.review_button,
                                                  self.guest_button) if b.visible], row=True)
        self.nav.focus(self.home_button)
        #: the game told from its record (None: the record not here yet, online, or not checking)
        self.story: Story | None = None
        self.toast = LordsToast([], (20, 646), 720)
        self._told = False
        self._look()

    def _look(self) -> None:
        """Once the game's record is here, once: its story (None when it does not check), and the
        achievements it earned (a record kept at this computer)."""
        m = self.match
        rec = m.record() if m.over else None
        self.review_button.visible = rec is not None
        if rec is None:
            return
        self._told = True
        try:
            self.story = story_of(rec)
        except (RecordError, ValueError, KeyError, TypeError):
            self.story = None
        path = getattr(m, "record_path", None)
        if path is not None:
            self.toast.notes = new_lords_achievements(self.app.services, path)
            players = rec.get("players") or {}
            if not rec.get("practice"):
                self.offer.offer([Guest(i, rec["seats"][i], m.name(i), m.colour(i)) for i in m.humans
                                  if not (players.get(rec["seats"][i]) or {}).get("profile")])

    @property
    def guests(self) -> list[int]:
        """The human seats that played without a profile (their game counted for nobody)."""
        return [g.key for g in self.offer.seats]

    def counted(self) -> None:
        """The guests' profiles made and named on the record: the game counts, its achievements told."""
        self.nav.focus(self.home_button)
        self.toast.notes = new_lords_achievements(self.app.services, self.match.record_path)
        self.redraw()

    def again(self) -> None:
        self.app.go("title")
        self.app.show("lords-setup")

    def home(self) -> None:
        self.app.go("title")

    def review(self) -> None:
        """The coach's review of the players at this computer (the first seat when none is)."""
        m = self.match
        rec = m.record()
        if rec is None:
            return
        colours = [rec["seats"][s] for s in m.humans] or list(rec["seats"][:1])
        self.app.show("lords-review", record=rec, colours=colours, names=[m.name(s) for s in range(m.query.n)],
                      record_path=getattr(m, "record_path", None))

    def update(self, dt: float) -> None:
        if getattr(self.match, "online", False):  # the server's record may still be on its way
            if self.match.poll():
                self.redraw()
            if not self._told:
                self._look()
        self.toast.update(dt)

    def wake_in(self) -> float | None:
        """While an achievement's note shows, every frame; online, each second until the server's
        record has come; else nothing moves."""
        if self.toast.showing:
            return 0.0
        waits = getattr(self.match, "online", False) and getattr(self.match, "record_data", None) is None
        return 1.0 if waits else None

    def exit(self) -> None:
        if getattr(self.match, "online", False):  # an online game's connection ends with its results
            self.match.close()

    def handle(self, event) -> None:
        if self.review_button.handle(event) or self.guest_button.handle(event):
            return
        if self.nav.handle(event):
            return
        for b in (self.again_button, self.home_button):
            if b.handle(event):
                return

    # ------------------------------------------------------------- drawing
    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        m = self.match
        rows = m.standings()
        winners = [m.name(r["seat"]) for r in rows if r["won"]]
        title = _("{who} wins!", who=and_list(winners)) if len(winners) == 1 else \
            _("{who} share the win!", who=and_list(winners))
        t = art.glow_text(title, "display", art.fit(title, "display", 46, 860), GOLD, 8)
        surface.blit(t, t.get_rect(midtop=(640, 4)))
        if len(winners) == 1:  # the winner's medal either side, as in Las Vegas
            podium.draw_medals(surface, m.colour(next(r["seat"] for r in rows if r["won"])), t.get_width(), 44, 48)
        why = tie_break_words(m)
        art.blit_text(surface, why, (640, 78), "body", art.fit(why, "body", 18, 1240), INK, anchor="midtop")
        rule = _("The most VP wins; tied on VP, the most money; tied on both, the win is shared.")
        art.blit_text(surface, rule, (640, 104), "body", art.fit(rule, "body", 15, 1240), INK_DIM, anchor="midtop")
        surface.blit(art.panel(LEFT.w, LEFT.h), LEFT)
        bottom = self.draw_standing(surface, rows)
        self.draw_moments(surface, pygame.Rect(LEFT.x + 12, bottom + 6, LEFT.w - 24, LEFT.bottom - bottom - 16))
        self.draw_chart(surface, CHART)
        self.nav.mark()
        for b in (self.again_button, self.home_button, self.review_button, self.guest_button):
            b.draw(surface)
        line = self.offer.line()
        if line:
            art.blit_text(surface, line, (LEFT.x + 16, LEFT.bottom - 30), "body",
                          art.fit(line, "body", 16, LEFT.w - 32, 11), GOLD)
        self.toast.draw(surface)

    def draw_standing(self, surface, rows: list[dict]) -> int:
        """Each seat, best first: place, name, VP, money and casinos; the bottom of the last row."""
        m = self.match
        h = 76 if len(rows) <= 3 else 72
        place, prev = 0, None
        y = LEFT.y + 10
        for i, r in enumerate(rows):
            key = (r["vp"], r["money"])
            if key != prev:
                place, prev = i + 1, key
            box = pygame.Rect(LEFT.x + 12, y, LEFT.w - 24, h - 8)
            c = m.colour(r["seat"])
            surface.blit(mat(box.w, box.h, c, True), box)
            if r["won"]:
                surface.rect(GOLD, box.inflate(4, 4), width=3, border_radius=12)
            art.blit_text(surface, ordinal(place), (box.x + 16, box.y + 8), "display", 30, GOLD if r["won"] else INK)
            surface.blit(art.symbol(c, 24), (box.x + 70, box.y + 12))
            name = m.name(r["seat"])
            art.blit_text(surface, name, (box.x + 104, box.y + 6), "display", art.fit(name, "display", 26, 300), INK)
            if self.story is not None:
                n, tiles = self.story.casinos[r["seat"]]
                cas = ngettext("{n} casino", "{n} casinos", n) if n else _("no casino")
                if n:
                    cas = _("{casinos}: {tiles}", casinos=cas,
                            tiles=ngettext("{n} tile", "{n} tiles", tiles))
                art.blit_text(surface, cas, (box.x + 104, box.y + 38), "body", art.fit(cas, "body", 15, 300), INK_DIM)
            vp = _("{n} VP", n=r["vp"])
            art.blit_text(surface, vp, (box.x + 530, box.centery), "display", 28, INK, anchor="midright")
            art.blit_text(surface, money(r["money"]), (box.right - 16, box.centery), "display", 28, GOLD,
                          anchor="midright")
            y += h
        return y

    def moments(self) -> list[tuple[str, str]]:
        """The game's best moments in words: (what, who did it and where)."""
        st, m = self.story, self.match
        if st is None:
            return []
        out = []
        if st.largest is not None:
            x = st.largest
            out.append((_("Largest casino"), ngettext("{who}: {n} tile at {lot}, turn {turn}",
                                                      "{who}: {n} tiles at {lot}, turn {turn}", x.amount,
                                                      who=m.name(x.seat), lot=lot(x.where), turn=x.turn)))
        if st.payout is not None:
            x = st.payout
            card = _("the End card") if x.where == END else CARD_NAMES[x.where]
            out.append((_("Biggest payout"), _("{who}: {money} from {card}, turn {turn}", who=m.name(x.seat),
                                              money=money(x.amount), card=card, turn=x.turn)))
        if st.gamble is not None:
            x = st.gamble
            out.append((_("Best gamble"), _("{who}: bet {bet} at {lot} and won {money}, turn {turn}",
                                           who=m.name(x.seat), bet=money(x.bet), lot=lot(x.where),
                                           money=money(x.amount), turn=x.turn)))
        else:
            out.append((_("Best gamble"), _("No gamble was won.")))
        return out

    def draw_moments(self, surface, box: pygame.Rect) -> None:
        moments = self.moments()
        if not moments or box.h < 60:
            return
        surface.line((60, 90, 80), (box.x, box.y), (box.right, box.y))
        art.blit_text(surface, _("Best moments"), (box.x + 4, box.y + 6), "display", 22, INK)
        step = min(32, (box.h - 40) // len(moments))
        for k, (what, text) in enumerate(moments):
            y = box.y + 40 + k * step
            art.blit_text(surface, what, (box.x + 4, y), "bold", art.fit(what, "bold", 16, 200), GOLD)
            art.blit_text(surface, text, (box.x + 210, y), "body", art.fit(text, "body", 16, box.w - 214), INK)

    def draw_chart(self, surface, box: pygame.Rect) -> None:
        """Each seat's VP after every turn, a line of its colour (its symbol at the end)."""
        surface.blit(art.panel(box.w, box.h), box)
        head = _("VP over the game")
        art.blit_text(surface, head, (box.x + 16, box.y + 10), "display", art.fit(head, "display", 22, box.w - 32), INK)
        st, m = self.story, self.match
        if st is None:
            wait = _("The game's record is on its way…")
            art.blit_wrapped(surface, wait, (box.x + 16, box.y + 60), box.w - 32, "body", 16, INK_DIM)
            return
        plot = pygame.Rect(box.x + 56, box.y + 56, box.w - 80, box.h - 130)
        top = max(10, max(max(v) for v in st.vp))
        step = 10 if top <= 50 else 20
        top = -(-top // step) * step
        for k in range(0, top + 1, step):
            y = plot.bottom - plot.h * k / top
            surface.line((40, 64, 56), (plot.x, y), (plot.right, y))
            art.blit_text(surface, str(k), (plot.x - 8, y), "body", 13, INK_DIM, anchor="midright")
        n = max(len(v) for v in st.vp)
        every = 5 if n <= 40 else 10
        for i in range(0, n, every):
            x = plot.x + plot.w * i / max(1, n - 1)
            label = _("start") if i == 0 else str(i)
            art.blit_text(surface, label, (x, plot.bottom + 14), "body", 13, INK_DIM, anchor="center")
        art.blit_text(surface, _("Turn"), (plot.right, plot.bottom + 30), "body", 13, INK_DIM, anchor="topright")
        for s, vals in enumerate(st.vp):
            c = m.colour(s)
            pts = [(plot.x + plot.w * i / max(1, n - 1), plot.bottom - plot.h * v / top) for i, v in enumerate(vals)]
            if len(pts) > 1:
                surface.lines(art.owner_rgb(c), False, pts, 3)
            sym = art.symbol(c, 16)
            surface.blit(sym, sym.get_rect(center=(int(pts[-1][0]), int(pts[-1][1]))))
        x = box.x + 16
        for s in range(len(st.vp)):
            c = m.colour(s)
            surface.blit(art.symbol(c, 14), (x, box.bottom - 26))
            lab = art.text(m.name(s), "body", 14, INK)
            surface.blit(lab, (x + 18, box.bottom - 28))
            x += 30 + lab.get_width()
