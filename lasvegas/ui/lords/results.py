"""The end of a Lords of Vegas game: each seat's VP and money, the winner, and the tie-break in
words (the most VP wins; tied on VP, the most money; tied on both, a shared win: D18)."""

from __future__ import annotations

import pygame

from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.felt import mat
from ..kit.i18n import _, and_list, money
from ..kit.scene import Scene
from ..kit.widgets import Button, draw_menu, handle_menu


def tie_break_words(match) -> str:
    """Why the winner won, in words."""
    rows = match.standings()
    g = match.game
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


class LordsResultsScene(Scene):
    def __init__(self, app, match) -> None:
        super().__init__(app)
        self.match = match
        self.buttons = [Button((640 - 310, 620, 300, 54), _("New game"), self.again, style="primary"),
                        Button((640 + 10, 620, 300, 54), _("Home"), self.home, hotkeys=(pygame.K_ESCAPE,))]
        #: Home is focused: Enter, Enter from the table never starts a new game by mistake
        self.focus = 1

    def again(self) -> None:
        self.app.go("title")
        self.app.show("lords-setup")

    def update(self, dt: float) -> None:
        if getattr(self.match, "online", False):  # the server's record may still be on its way
            if self.match.poll():
                self.redraw()

    def wake_in(self) -> float | None:
        """Nothing moves; online, drawn again each second until the server's record has come."""
        waits = getattr(self.match, "online", False) and getattr(self.match, "record_data", None) is None
        return 1.0 if waits else None

    def exit(self) -> None:
        if getattr(self.match, "online", False):  # an online game's connection ends with its results
            self.match.close()

    def home(self) -> None:
        self.app.go("title")

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.buttons[self.focus].click()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.focus = 1 - self.focus
            return
        _taken, self.focus = handle_menu(self.buttons, event, self.focus)

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        m = self.match
        rows = m.standings()
        winners = [m.name(r["seat"]) for r in rows if r["won"]]
        title = _("{who} wins!", who=and_list(winners)) if len(winners) == 1 else \
            _("{who} share the win!", who=and_list(winners))
        t = art.glow_text(title, "display", art.fit(title, "display", 52, 1100), GOLD, 8)
        surface.blit(t, t.get_rect(midtop=(640, 24)))
        why = tie_break_words(m)
        art.blit_wrapped(surface, why, (140, 110), 1000, "body", 18, INK)
        art.blit_text(surface, _("Place"), (180, 186), "bold", 16, INK_DIM)
        art.blit_text(surface, _("Player"), (300, 186), "bold", 16, INK_DIM)
        art.blit_text(surface, _("VP"), (760, 186), "bold", 16, INK_DIM, anchor="topright")
        art.blit_text(surface, _("Money"), (960, 186), "bold", 16, INK_DIM, anchor="topright")
        place = 0
        prev = None
        for i, r in enumerate(rows):
            key = (r["vp"], r["money"])
            if key != prev:
                place = i + 1
                prev = key
            y = 214 + i * 96
            box = pygame.Rect(150, y, 980, 84)
            surface.blit(mat(box.w, box.h, m.colour(r["seat"]), True), box)
            if r["won"]:
                surface.rect(GOLD, box.inflate(6, 6), width=3, border_radius=14)
            art.blit_text(surface, str(place), (200, box.centery), "display", 40, GOLD if r["won"] else INK,
                          anchor="center")
            sym = art.symbol(m.colour(r["seat"]), 34)
            surface.blit(sym, (250, box.centery - 17))
            art.blit_text(surface, m.name(r["seat"]), (300, box.centery), "display", 30, INK, anchor="midleft")
            art.blit_text(surface, _("{n} VP", n=r["vp"]), (760, box.centery), "display", 30, INK, anchor="midright")
            art.blit_text(surface, money(r['money']), (960, box.centery), "display", 30, GOLD, anchor="midright")
        draw_menu(surface, self.buttons, self.focus)
