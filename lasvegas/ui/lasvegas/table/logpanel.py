"""The game log panel: the log's sentences, newest last, in a box.

Opens and closes with L (or the key the player bound to the log) or its button;
the mouse wheel (over the box) and PageUp/PageDown scroll it; it follows the
newest sentence unless scrolled back.  On the table it is docked: the table is
drawn smaller beside it (:data:`DOCK_SCALE`), so no casino, bill or die is
hidden under the log; the results screen shows it in a box of its own.
"""

from __future__ import annotations

import pygame

from ...kit import art
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.canvas import LOGICAL, Canvas, Recording, as_img
from ...kit.controls import key_name
from ...kit.i18n import _
from ...kit.widgets import Button
from ..gamelog import GameLog
from ..totals import report

#: the table drawn beside the docked log: this much of its size, at the left, centred in height
DOCK_SCALE = 0.72
DOCK_ORIGIN = (0, round(720 * (1 - DOCK_SCALE) / 2))


def docked_to_table(pos) -> tuple[int, int]:
    """A point on the screen, on the table drawn smaller beside the docked log."""
    return (int((pos[0] - DOCK_ORIGIN[0]) / DOCK_SCALE), int((pos[1] - DOCK_ORIGIN[1]) / DOCK_SCALE))
#: the docked log: the strip right of the smaller table, the whole height of the screen
DOCK_RECT = pygame.Rect(930, 10, 340, 700)
SIZE, STEP = 15, 19


def step() -> int:
    """A row's height: the text's under the text size setting, and a gap."""
    return max(STEP, art.scaled(SIZE) + 4)


def log_key_name(bindings=None) -> str:
    """The key that opens the log, as the player reads it (the player's own binding)."""
    key = bindings.keys.get("log", pygame.K_l) if bindings is not None else pygame.K_l
    return key_name(key)


class LogPanel:
    """``rect``: the box (None: docked beside the table, see :data:`DOCK_RECT`); ``bindings``:
    the player's keys (the labels name the key bound to the log)."""

    def __init__(self, log: GameLog, rect=None, *, button_rect=(1008, 10, 110, 38), shown: bool = False,
                 bindings=None) -> None:
        self.log = log
        self.docked = rect is None
        self.rect = pygame.Rect(DOCK_RECT if rect is None else rect)
        self.shown = shown
        #: wrapped lines back from the newest (0: the newest shows at the bottom)
        self.scroll = 0
        self.bindings = bindings
        self.home = pygame.Rect(button_rect)
        self.button = Button(button_rect, self.button_label(), self.toggle, size=20)
        self._place_button()
        self._wrapped: list[list[str]] = []
        #: where the mouse is, in the screen's coordinates (the app converts the events' positions)
        self.mouse = (0, 0)
        #: docked: the whole table's canvas, and the table last drawn on it (canvas, notes, scaled down)
        self._whole: Canvas | None = None
        self._docked: tuple | None = None

    @property
    def key(self) -> int:
        return self.bindings.keys.get("log", pygame.K_l) if self.bindings is not None else pygame.K_l

    def button_label(self) -> str:
        return _("Log ({key})", key=log_key_name(self.bindings))

    @property
    def docked_now(self) -> bool:
        """The log is docked and open: the table is drawn smaller beside it."""
        return self.docked and self.shown

    def _place_button(self) -> None:
        """Docked and open, the button sits in the log's own header; else where it was put."""
        if self.docked_now:  # lower than at home: it ends above the hint under the log's title
            self.button.rect = pygame.Rect(0, 0, self.home.w, min(self.home.h, 30))
            self.button.rect.topright = (self.rect.right - 10, self.rect.y + 5)
        else:
            self.button.rect = pygame.Rect(self.home)

    def toggle(self) -> None:
        self.shown = not self.shown
        self.scroll = 0
        self._place_button()

    def replace(self, log: GameLog) -> None:
        self.log = log
        self._wrapped = []
        self.scroll = 0

    # -------------------------------------------------------------- lines
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
        return [row for row, _i in self._visible()]

    def _visible(self) -> list[tuple[str, int]]:
        """The rows on show, each with the index of its sentence in the log."""
        self.rows()
        rows = [(r, i) for i, w in enumerate(self._wrapped) for r in w]
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
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:  # the app turns a bound key into L
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
    @property
    def top(self) -> int:
        """Where the first row is drawn (docked: below the header's button and hint)."""
        return self.rect.y + (64 if self.docked else 40)

    @property
    def page(self) -> int:
        return (self.rect.bottom - 12 - self.top) // step()

    def draw_beside(self, surface, draw_table) -> None:
        """The log docked: the whole table (``draw_table(canvas)``) drawn smaller at the left, the
        log beside it.  What the table draws is noted first, and drawn and scaled down again only
        when it differs from the last frame's (a table waiting for a move is the same picture
        frame after frame)."""
        whole = self._offscreen(surface)
        notes = Recording(whole)
        draw_table(notes)
        size = (surface.px(LOGICAL[0] * DOCK_SCALE), surface.px(LOGICAL[1] * DOCK_SCALE))
        kept = self._docked
        if kept is None or kept[0] is not whole or kept[1] != notes.calls:
            notes.play(whole)
            kept = self._docked = (whole, notes.calls,
                                   as_img(pygame.transform.smoothscale(whole.surface, size), surface.k))
        surface.blit(art.felt(*LOGICAL), (0, 0))
        surface.blit(kept[2], DOCK_ORIGIN)
        self.draw(surface)

    def _offscreen(self, surface) -> Canvas:
        """A whole table's canvas at the screen's scale, kept from frame to frame, in the display's own
        pixel format (drawing on it and scaling it down is then several times faster)."""
        w, h = surface.px(LOGICAL[0]), surface.px(LOGICAL[1])
        c = self._whole
        if c is None or c.k != surface.k or c.surface.get_size() != (w, h):
            img = pygame.Surface((w, h))
            if pygame.display.get_surface() is not None:
                img = img.convert()
            c = self._whole = Canvas(img, surface.k, size=LOGICAL)
        return c

    def draw(self, surface) -> None:
        label = self.button_label()
        if self.button.label != label:
            self.button.label = label
        if not self.shown:
            self.button.draw(surface)
            return
        r = self.rect
        surface.rect((8, 22, 17), r, border_radius=12)
        surface.rect((120, 200, 180), r, width=2, border_radius=12)
        title = _("Game log")
        room = (self.button.rect.x if self.docked_now else r.right) - 8 - (r.x + 14)  # beside the button
        head = art.blit_text(surface, title, (r.x + 14, r.y + 10), "bold", art.fit(title, "bold", 18, room), GOLD)
        hint = _("PgUp/PgDn, wheel · {key} closes", key=log_key_name(self.bindings))
        if self.docked:
            art.blit_text(surface, hint, (r.x + 14, r.y + 40), "body", art.fit(hint, "body", 13, r.w - 28, 10),
                          INK_DIM)
        else:  # what is left beside the title (a long language, larger text)
            art.blit_text(surface, hint, (r.right - 14, r.y + 13), "body",
                          art.fit(hint, "body", 13, r.right - 14 - head.right - 12, 8), INK_DIM, anchor="topright")
        self.button.draw(surface)
        rows = self._visible()
        y = self.top
        for row, _i in rows:
            art.blit_text(surface, row, (r.x + 14, y), "body", SIZE, INK)
            y += step()
        for i in sorted({i for _r, i in rows}):  # the totals those sentences tell are on screen now
            for owner, amount in self.log.totals.get(i, ()):
                report(owner, amount, "log")
        if not rows:
            art.blit_text(surface, _("Nothing has happened yet."), (r.x + 14, y), "body", SIZE, INK_DIM)
        if self.scroll:
            art.blit_text(surface, _("More below: PgDn"), (r.centerx, r.bottom - 8), "body", 13, INK_DIM,
                          anchor="midbottom")
