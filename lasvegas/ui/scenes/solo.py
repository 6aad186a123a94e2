"""Solo challenges: pick a level of the ladder and play it on the same table."""

from __future__ import annotations

import pygame

from ...core import SOLO_LEVELS
from .. import art, save
from ..app import Scene
from ..art import INK, INK_DIM
from ..i18n import _, ngettext
from ..session import SeatInfo, Session
from ..widgets import Button


class SoloScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.buttons = []
        for i, lv in enumerate(SOLO_LEVELS):
            col, row = i % 3, i // 3
            self.buttons.append(Button((190 + col * 310, 170 + row * 110, 280, 80), _(lv.label),
                                       lambda lv=lv: self.start(lv.name), size=28,
                                       style="primary" if i == 0 else "normal"))
        self.back = Button((30, 640, 160, 58), _("Back"), self.app.pop, size=24, hotkeys=(pygame.K_ESCAPE,))
        self.notes = {lv.label: ngettext("{n} colour pre-placed", "{n} colours pre-placed", lv.preplaced)
                      + " · " + ngettext("{n} die for you", "{n} dice for you", lv.dice)
                      for lv in SOLO_LEVELS}

    def start(self, level: str) -> None:
        from .table import TableScene

        session = Session([SeatInfo(_("You"), "red")], edition="2018", solo_level=level, handover=False)
        game = session.new_game(getattr(self.app, "seed", None))
        save.write_autosave(game, session)
        self.app.reset(TableScene(self.app, game, session))

    def handle(self, event) -> None:
        for b in (*self.buttons, self.back):
            if b.handle(event):
                return

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        t = art.glow_text(_("Solo challenges"), "display", 52, art.NEON[4], 6)
        surface.blit(t, t.get_rect(midtop=(640, 14)))
        art.blit_text(surface, _("Your red dice against the four other colours: beat them all together."),
                      (640, 120), "body", 19, INK, anchor="center")
        for b, lv in zip(self.buttons, SOLO_LEVELS):
            b.draw(surface)
            art.blit_text(surface, self.notes[lv.label], (b.rect.centerx, b.rect.bottom + 12), "body", 14,
                          INK_DIM, anchor="center")
        self.back.draw(surface)
