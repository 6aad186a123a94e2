"""Escape during a game: resume, how to play, settings, save and quit to title."""

from __future__ import annotations

import pygame

from ..kit import art
from ..kit.i18n import _
from ..kit.scene import Scene
from ..kit.widgets import Button, FocusList, draw_dialog


class PauseScene(Scene):
    opaque = False

    def __init__(self, app, leave, rules: str = "rules") -> None:
        super().__init__(app)
        self.leave = leave
        #: the How to play pages of the game being played
        self.rules_scene = rules
        self.box = pygame.Rect(440, 150, 400, 420)
        x, w = self.box.x + 50, 300
        items = [(_("Resume"), self.resume), (_("How to play"), self.rules), (_("Settings"), self.settings),
                 (_("Save and quit to title"), self.quit_to_title)]
        self.buttons = [Button((x, self.box.y + 110 + i * 70, w, 54), label, fn,
                               style="primary" if i == 0 else "normal", size=24)
                        for i, (label, fn) in enumerate(items)]
        #: keyboard and controller: Up/Down, Return (Resume is focused first)
        self.nav = FocusList(lambda: self.buttons)
        self.nav.active = True

    def resume(self) -> None:
        self.app.pop()

    def rules(self) -> None:
        self.app.show(self.rules_scene)

    def settings(self) -> None:
        self.app.show("settings")

    def quit_to_title(self) -> None:
        """The game is kept (its autosave) and the title opens."""
        self.leave()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume()
            return
        if self.nav.handle(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def draw(self, surface) -> None:
        b = self.box
        draw_dialog(surface, b, alpha=240, radius=18)
        t = art.glow_text(_("Paused"), "display", 48, art.NEON[0], 6)
        surface.blit(t, t.get_rect(midtop=(b.centerx, b.y + 16)))
        self.nav.mark()
        for btn in self.buttons:
            btn.draw(surface)
