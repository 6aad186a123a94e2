"""A profile's achievements: every one with its condition, the earned ones with the date of the game
that earned them (read from the records)."""

from __future__ import annotations

import pygame

from ...games import registry
from ...profiles import ACHIEVEMENTS
from ..kit import art, i18n
from ..kit.art import INK, INK_DIM
from ..kit.i18n import _
from ..kit.scene import Scene
from ..kit.widgets import Button
from ..profile_view import achievement_list, avatar, draw_medal

BOX = pygame.Rect(20, 96, 1240, 536)
COLS = 2
ROW_H = 58


class AchievementsScene(Scene):
    """``profile``: the id of the profile whose achievements are listed; ``game``: of which game
    (``lasvegas`` or ``lords``: Lords of Vegas's, with the progress of those earned step by step)."""

    def __init__(self, app, profile: str, game: str = "lasvegas") -> None:
        super().__init__(app)
        self.profile = app.services.profiles.get(profile)
        self.game = game
        self.list, self.earned, self.progress = (achievement_list(app.services, profile, game)
                                                 if self.profile else (ACHIEVEMENTS, {}, {}))
        self.back_button = Button((20, 646, 200, 56), _("Back"), self.app.pop, size=24,
                                  hotkeys=(pygame.K_ESCAPE,))

    def handle(self, event) -> None:
        self.back_button.handle(event)

    def cell(self, i: int) -> pygame.Rect:
        """The ``i``-th achievement's card: taller when the list is short (Lords of Vegas's), so that a
        long condition reads on two lines at the size of the others."""
        rows = -(-len(self.list) // COLS)
        col, row = divmod(i, rows)
        w = (BOX.w - 30) // COLS
        pitch = max(ROW_H, min(78, (BOX.h - 20) // rows))
        return pygame.Rect(BOX.x + 10 + col * (w + 10), BOX.y + 10 + row * pitch, w, pitch - 6)

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        head = _(registry.game(self.game).achievements_title)
        t = art.glow_text(head, "display", 52, art.NEON[2], 8)
        surface.blit(t, t.get_rect(midtop=(640, 10)))
        surface.blit(art.panel(BOX.w, BOX.h), BOX)
        if self.profile is not None:
            line = _("{name}: {n} of {total} earned", name=self.profile.name, n=len(self.earned),
                     total=len(self.list))
            w = art.measure(line, "bold", 20)[0]
            surface.blit(avatar(self.profile, 36), (640 - w // 2 - 46, 656))
            art.blit_text(surface, line, (640, 674), "bold", 20, INK, anchor="center")
        for i, a in enumerate(self.list):
            r = self.cell(i)
            got = self.earned.get(a.id)
            surface.blit(art.panel(r.w, r.h, (60, 48, 12) if got else (24, 36, 32), 255, None, 8), r)
            draw_medal(surface, (r.x + 26, r.centery), 16, got is not None)
            title, cond = _(a.title), _(a.condition)
            colour = INK if got else INK_DIM
            done = self.progress.get(a.id)
            if got:
                when = _("Earned {date}", date=i18n.date(got.when.date()))
            elif done is not None and done[1] > 1:
                when = _("{done} of {needed}", done=done[0], needed=done[1])
            else:
                when = _("Not yet")
            ww = art.measure(when, "body", 14)[0]
            art.blit_text(surface, title, (r.x + 52, r.y + 5), "bold", art.fit(title, "bold", 18, r.w - 70 - ww),
                          colour)
            # on two lines in a card tall enough for them (a short list's), rather than shrunk to 8 px
            art.blit_lines(surface, cond, (r.x + 52, r.y + 27, r.w - 62, r.h - 31), "body", 15, colour)
            art.blit_text(surface, when, (r.right - 10, r.y + 8), "body", 14, colour, anchor="topright")
        self.back_button.draw(surface)

