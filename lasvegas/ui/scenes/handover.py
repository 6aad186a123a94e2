"""Hot-seat: "pass to <name>" between two human seats."""

from __future__ import annotations

import pygame

from .. import art
from ..app import Scene
from ..art import INK_DIM
from ..i18n import _
from ..widgets import Button, draw_backdrop


class HandoverScene(Scene):
    #: the table is not drawn under the pass screen (it covers the whole screen): nothing of it shows
    opaque = True

    def __init__(self, app, name: str, colour: str, on_confirm=None, note: str = "", on_pause=None) -> None:
        super().__init__(app)
        #: Escape: the pause menu (save and quit, settings) over this screen, no money shown
        self.on_pause = on_pause
        #: what happened just before ("Ann placed 3 dice on casino 5"), shown above the call
        self.note = note
        self.name = name
        self.colour = colour
        self.on_confirm = on_confirm
        self.button = Button((640 - 130, 420, 260, 60), _("I am {name}", name=name), self.confirm,
                             style="primary", size=26, hotkeys=(pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER))
        self.button.focus_ring = True  # the one thing Enter (or A) does here

    def confirm(self) -> None:
        """The player named on the screen has it now."""
        if self.app.top is self:
            self.app.pop()
            if self.on_confirm is not None:
                self.on_confirm()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_pause is not None:
            self.on_pause()
            return
        self.button.handle(event)

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        draw_backdrop(surface, 120)
        rgb = art.owner_rgb(self.colour)
        t = art.glow_text(_("Pass to {name}", name=self.name), "display", 60, rgb, 8)
        surface.blit(t, t.get_rect(center=(640, 270)))
        surface.blit(art.symbol(self.colour, 48), (616, 160))
        if self.note:
            art.blit_text(surface, _("{move}; your turn, {name}", move=self.note, name=self.name), (640, 118),
                          "bold", 24, art.GOLD, anchor="center")
        art.blit_text(surface, _("The others look away: the next turn is {name}'s.", name=self.name),
                      (640, 350), "body", 22, INK_DIM, anchor="center")
        self.button.draw(surface)
