"""Messages over any screen: what happened to the player's files.

The app opens this scene (by name, ``notice``) whenever ``lasvegas.store``
left messages for the player (a damaged file kept aside, a save that
failed): a box over the current screen, once.
"""

from __future__ import annotations

import pygame

from ..kit import art
from ..kit.art import INK
from ..kit.i18n import _
from ..kit.scene import Scene
from ..kit.widgets import Button, draw_dialog

BOX_W = 760


class _Box(Scene):
    """A box with lines of text and buttons, over the screen below."""

    opaque = False

    def __init__(self, app, title: str, paragraphs: list[str]) -> None:
        super().__init__(app)
        self.title = title
        self.paragraphs = paragraphs
        self.title_lines = art.wrap(title, "display", 30, BOX_W - 40)[:3]
        self.lines: list[list[str]] = [art.wrap(p, "body", 18, BOX_W - 60) for p in paragraphs]
        n = sum(len(x) for x in self.lines) + len(self.lines) - 1
        h = min(640, 150 + 24 * n + 38 * (len(self.title_lines) - 1))
        self.box = pygame.Rect(640 - BOX_W // 2, 360 - h // 2, BOX_W, h)
        self.buttons: list[Button] = []

    @property
    def text(self) -> str:
        """Everything the box says, as one text."""
        return "\n".join([self.title, *self.paragraphs])

    def handle(self, event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return

    def draw(self, surface) -> None:
        b = self.box
        draw_dialog(surface, b)
        y = b.y + 16
        for line in self.title_lines:
            art.blit_text(surface, line, (b.centerx, y), "display", 30, art.GOLD, anchor="midtop")
            y += 38
        y += 8
        for para in self.lines:
            for line in para:
                if y > b.bottom - 90:
                    break
                art.blit_text(surface, line, (b.x + 30, y), "body", 18, INK)
                y += 24
            y += 12
        for btn in self.buttons:
            btn.draw(surface)


class NoticeScene(_Box):
    """What the player must know about their files; OK (Enter, Escape, a click) closes it."""

    holds_notices = True

    def __init__(self, app, notices: list[str]) -> None:
        super().__init__(app, _("Please note"), notices)
        self.buttons = [Button((self.box.centerx - 90, self.box.bottom - 70, 180, 52), _("OK"), self.app.pop,
                               style="primary", size=24,
                               hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE))]
        self.buttons[0].focus_ring = True  # the one thing Enter (or A) does here


class ErrorScene(_Box):
    """An unexpected error inside a screen (never a refusal of the rules: those are answered where
    they were asked): "Something went wrong", where the error file is, Resume (back to the screen,
    which goes on) and Home (the title; a game on this computer keeps its save, written after every
    move).  Opaque: the screen that failed is not drawn under it."""

    opaque = True
    holds_notices = True
    #: the frame loop's guard does not catch an error of this screen itself (the launch reports it)
    is_error_screen = True

    def __init__(self, app, path=None) -> None:
        where = (_("The details were written to {path}.", path=str(path)) if path is not None
                 else _("The details could not be written to a file."))
        super().__init__(app, _("Something went wrong"),
                         [_("The game stopped what it was doing. Your saved game is kept."), where])
        self.path = path
        y = self.box.bottom - 70
        self.buttons = [
            Button((self.box.centerx - 200, y, 190, 52), _("Resume"), self.resume, style="primary", size=24,
                   hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE)),
            Button((self.box.centerx + 10, y, 190, 52), _("Home"), self.home, size=24, hotkeys=(pygame.K_h,)),
        ]
        self.buttons[0].focus_ring = True

    def resume(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def home(self) -> None:
        self.app.go("title")

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        super().draw(surface)
