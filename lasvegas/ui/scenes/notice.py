"""Messages over any screen: what happened to the player's files, and "abandon this game?".

``show_notices(app)`` puts the messages ``lasvegas.store`` left for the
player (a damaged file kept aside, a save that failed) in a box over the
current screen, once; ``ConfirmScene`` asks before a new game replaces a
saved one.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ... import store
from .. import art
from ..app import Scene
from ..art import INK
from ..i18n import _
from ..widgets import Button, draw_backdrop

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
        draw_backdrop(surface, 170)
        b = self.box
        surface.blit(art.panel(b.w, b.h, alpha=245, border=(255, 255, 255, 60), radius=16), b)
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

    def __init__(self, app, notices: list[str]) -> None:
        super().__init__(app, _("Please note"), notices)
        self.buttons = [Button((self.box.centerx - 90, self.box.bottom - 70, 180, 52), _("OK"), self.app.pop,
                               style="primary", size=24,
                               hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE))]


class ConfirmScene(_Box):
    """A question with two answers; Escape is "no"."""

    def __init__(self, app, question: str, detail: str, yes: str, no: str,
                 on_yes: Callable[[], None]) -> None:
        super().__init__(app, question, [detail] if detail else [])
        self.on_yes = on_yes
        cx, y = self.box.centerx, self.box.bottom - 70
        self.yes_btn = Button((cx - 250, y, 240, 52), yes, self.accept, size=22)
        self.no_btn = Button((cx + 10, y, 240, 52), no, self.app.pop, style="primary", size=22,
                             hotkeys=(pygame.K_ESCAPE,))
        self.buttons = [self.yes_btn, self.no_btn]

    def accept(self) -> None:
        self.app.pop()
        self.on_yes()


def show_notices(app) -> None:
    """Show the messages left for the player, if any, in a box over the current screen."""
    if store.has_notices() and not isinstance(app.top, NoticeScene):
        app.push(NoticeScene(app, store.take_notices()))


def confirm_replace(app, saved, start: Callable[[], None]) -> None:
    """Start a new game, asking first when ``saved`` (a game in progress) would be replaced."""
    if saved is None:
        start()
        return
    app.push(ConfirmScene(
        app, _("Abandon {what}?", what=saved.describe()),
        _("A new game takes the place of the saved one: it cannot be resumed afterwards."),
        _("Abandon it"), _("Keep it"), start))
