"""A yes/no question over the scene below: mouse, arrows, Enter, Escape (= no)."""

from __future__ import annotations

from typing import Callable

import pygame

from ..kit import art
from ..kit.art import INK
from ..kit.i18n import _
from ..kit.scene import Scene
from ..kit.widgets import Button, draw_dialog, draw_menu, handle_menu


BOX_W = 640


class ConfirmScene(Scene):
    """``question`` (and an optional ``detail``) with two answers; Escape is "no"."""

    opaque = False

    def __init__(self, app, question: str, on_yes: Callable[[], None], *, yes: str | None = None,
                 no: str | None = None, detail: str = "", default_no: bool = False) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        #: the question and the detail, wrapped to the box
        self.q_lines = art.wrap(question, "display", 34, BOX_W - 60)[:3]
        self.d_lines = art.wrap(detail, "body", 18, BOX_W - 60)[:6] if detail else []
        h = 150 + 44 * len(self.q_lines) + (24 * len(self.d_lines) + 10 if detail else 0)
        self.box = pygame.Rect(0, 0, BOX_W, h)
        self.box.center = (640, 360)
        w, h, gap = 180, 54, 24
        y = self.box.bottom - 30 - h
        x0 = self.box.centerx - w - gap // 2
        self.yes_btn = Button((x0, y, w, h), yes or _("Yes"), self.accept, style="primary", size=24)
        self.no_btn = Button((x0 + w + gap, y, w, h), no or _("No"), self.cancel, size=24)
        self.buttons = [self.yes_btn, self.no_btn]
        #: the button Enter presses; arrows and Tab move it
        self.focus = 1 if default_no else 0

    def accept(self) -> None:
        if self.app.top is self:
            self.app.pop()
        self.on_yes()

    def cancel(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = 1 - self.focus
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].click()
            return
        _taken, self.focus = handle_menu(self.buttons, event, self.focus)

    def draw(self, surface) -> None:
        b = self.box
        draw_dialog(surface, b, alpha=255, radius=18)
        y = b.y + 34
        for line in self.q_lines:
            art.blit_text(surface, line, (b.centerx, y), "display", 34, INK, anchor="center")
            y += 44
        y += 4
        for line in self.d_lines:
            art.blit_text(surface, line, (b.centerx, y), "body", 18, INK, anchor="center")
            y += 24
        draw_menu(surface, self.buttons, self.focus)
