"""The game log panel: the log's sentences, newest last, in a box over the table.

Opens and closes with L or its button; the mouse wheel (over the box) and
PageUp/PageDown scroll it; it follows the newest sentence unless scrolled
back.  The table and the results screens show it the same way.
"""

from __future__ import annotations

import pygame

from .. import art
from ..art import GOLD, INK, INK_DIM
from ..gamelog import GameLog
from ..i18n import _
from ..widgets import Button

LOG_RECT = pygame.Rect(855, 58, 412, 352)  # over casinos 5 and 6: the tray stays in view
SIZE, STEP = 15, 19


class LogPanel:
    def __init__(self, log: GameLog, rect=LOG_RECT, *, button_rect=(1008, 10, 110, 38), shown: bool = False) -> None:
        self.log = log
        self.rect = pygame.Rect(rect)
        self.shown = shown
        #: wrapped lines back from the newest (0: the newest shows at the bottom)
        self.scroll = 0
        self.button = Button(button_rect, _("Log (L)"), self.toggle, size=20)
        self._wrapped: list[list[str]] = []
        #: where the mouse is, in the table's coordinates (the app converts the events' positions)
        self.mouse = (0, 0)

    def toggle(self) -> None:
        self.shown = not self.shown
        self.scroll = 0

    def replace(self, log: GameLog) -> None:
        self.log = log
        self._wrapped = []
        self.scroll = 0

    # -------------------------------------------------------------- lines
    @property
    def page(self) -> int:
        return (self.rect.h - 52) // STEP

    def rows(self) -> list[str]:
        """Every sentence wrapped to the box's width (each line wrapped once)."""
        lines = self.log.lines
        if len(self._wrapped) > len(lines):
            self._wrapped = []
        width = self.rect.w - 28
        for s in lines[len(self._wrapped):]:
            self._wrapped.append(art.wrap(s, "body", SIZE, width))
        return [r for w in self._wrapped for r in w]

    def visible_rows(self) -> list[str]:
        rows = self.rows()
        self.scroll = max(0, min(self.scroll, len(rows) - self.page))
        end = len(rows) - self.scroll
        return rows[max(0, end - self.page):end]

    def scroll_by(self, n: int) -> None:
        self.scroll = max(0, self.scroll + n)

    # -------------------------------------------------------------- input
    def handle(self, event) -> bool:
        """The event was for the log (its button, L, or scrolling while it shows)."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if self.button.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle()
            return True
        if not self.shown:
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self.mouse):
                self.scroll_by(3 * event.y)
                return True
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(self.page - 1 if event.key == pygame.K_PAGEUP else 1 - self.page)
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and self.rect.collidepoint(event.pos):
            return True  # the wheel as buttons (older drivers): MOUSEWHEEL scrolls
        return False

    # --------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        self.button.draw(surface)
        if not self.shown:
            return
        r = self.rect
        surface.rect((8, 22, 17), r, border_radius=12)
        surface.rect((120, 200, 180), r, width=2, border_radius=12)
        head = art.blit_text(surface, _("Game log"), (r.x + 14, r.y + 10), "bold", 18, GOLD)
        keys = _("PgUp/PgDn, wheel · L closes")  # what is left beside the title (a long language, larger text)
        art.blit_text(surface, keys, (r.right - 14, r.y + 13), "body",
                      art.fit(keys, "body", 13, r.right - 14 - head.right - 12, 8), INK_DIM, anchor="topright")
        rows = self.visible_rows()
        y = r.y + 40
        for row in rows:
            art.blit_text(surface, row, (r.x + 14, y), "body", SIZE, INK)
            y += STEP
        if not rows:
            art.blit_text(surface, _("Nothing has happened yet."), (r.x + 14, y), "body", SIZE, INK_DIM)
        if self.scroll:
            art.blit_text(surface, _("More below: PgDn"), (r.centerx, r.bottom - 8), "body", 13, INK_DIM,
                          anchor="midbottom")
