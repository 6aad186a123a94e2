"""Small widgets with ``rect``, ``handle(event)`` and ``draw(surface)``."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from . import art
from .art import GOLD, INK, INK_DIM
from .canvas import new_img

NEON_BTN = (60, 220, 255)
#: the ring around the widget that the keyboard or a controller works
FOCUS_RING = (255, 230, 90)


def draw_focus_ring(surface, rect, radius: int = 12) -> None:
    """A bright double ring around ``rect``: seen on any background, without colour alone."""
    r = pygame.Rect(rect).inflate(10, 10)
    surface.rect((0, 0, 0), r.inflate(4, 4), width=2, border_radius=radius + 2)
    surface.rect(FOCUS_RING, r, width=3, border_radius=radius)


class Widget:
    def __init__(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.hover = False
        self.enabled = True
        self.visible = True
        #: the keyboard or a controller works this widget (a ring is drawn around it)
        self.focus_ring = False

    def handle(self, event) -> bool:
        return False

    def draw(self, surface) -> None:
        pass


class Button(Widget):
    def __init__(self, rect, label: str, on_click: Callable[[], None] | None = None, *,
                 style: str = "normal", size: int = 24, hotkeys: Sequence[int] = (), ring: bool = False) -> None:
        super().__init__(rect)
        self.focus_ring = ring  # the one thing the keys work on its screen: the ring always shows
        self.label = label
        self.on_click = on_click
        self.style = style
        self.size = size
        self.hotkeys = tuple(hotkeys)
        self._pressed = False

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self._pressed
            self._pressed = False
            if was and self.rect.collidepoint(event.pos):
                self.click()
                return True
        elif event.type == pygame.KEYDOWN and event.key in self.hotkeys:
            self.click()
            return True
        return False

    def click(self) -> None:
        if self.enabled and self.on_click:
            self.on_click()

    def draw(self, surface) -> None:
        if not self.visible:
            return
        r = self.rect
        primary = self.style == "primary"
        if not self.enabled:
            bg, fg, border = (30, 36, 34), (110, 118, 112), (70, 80, 76)
        elif primary:
            bg = (150, 30, 90) if self.hover else (110, 20, 70)
            fg, border = INK, (255, 110, 190)
        else:
            bg = (40, 70, 64) if self.hover else (20, 42, 36)
            fg, border = INK, (120, 200, 180) if self.hover else (70, 120, 108)
        width = 2
        if art.look().high_contrast and self.enabled:
            if primary:  # the main action keeps an accent: a bright, thicker border on a dark tint
                bg, border, width = (70, 0, 42) if not self.hover else (100, 0, 60), (255, 120, 200), 3
            else:
                bg, border = (0, 0, 0) if not self.hover else (40, 40, 40), (255, 255, 255)
        surface.rect(bg, r, border_radius=10)
        surface.rect(border, r, width=width, border_radius=10)
        if self.focus_ring:
            draw_focus_ring(surface, r)
        role = "display" if primary or self.size >= 24 else "bold"
        size = art.fit(self.label, role, self.size, r.w - 8) if self.label else self.size  # larger text still fits
        art.blit_text(surface, self.label, r.center, role, size, fg, anchor="center")


class Choice(Widget):
    """A labelled row that cycles through options with ‹ › (click or arrows)."""

    def __init__(self, rect, label: str, options: Sequence[tuple[object, str]], value: object,
                 on_change: Callable[[object], None] | None = None, note: str = "", value_w: int = 200) -> None:
        super().__init__(rect)
        self.label = label
        self.options = list(options)
        self.on_change = on_change
        self.note = note
        self.index = next((i for i, (v, _) in enumerate(self.options) if v == value), 0)
        w = value_w
        self.value_rect = pygame.Rect(self.rect.right - w, self.rect.y, w, self.rect.h)
        self.left = pygame.Rect(self.value_rect.x, self.rect.y, 30, self.rect.h)
        self.right = pygame.Rect(self.value_rect.right - 30, self.rect.y, 30, self.rect.h)

    @property
    def value(self):
        return self.options[self.index][0]

    def set_value(self, value) -> None:
        for i, (v, _) in enumerate(self.options):
            if v == value:
                self.index = i

    def step(self, d: int) -> None:
        if not self.enabled or not self.options:
            return
        self.index = (self.index + d) % len(self.options)
        if self.on_change:
            self.on_change(self.value)

    def handle(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.step(-1 if self.left.collidepoint(event.pos) else 1)
            return True
        return False

    def draw(self, surface) -> None:
        if not self.visible:
            return
        fg = INK if self.enabled else (110, 118, 112)
        if self.hover and self.enabled:
            surface.rect((26, 52, 44), self.rect, border_radius=8)
        if self.focus_ring:
            draw_focus_ring(surface, self.rect, 8)
        art.blit_text(surface, self.label, (self.rect.x + 8, self.rect.centery), "bold", 20, fg, anchor="midleft")
        if self.note:
            lw = art.measure(self.label, "bold", 20)[0]
            room = self.value_rect.x - 8 - (self.rect.x + 20 + lw)  # the note stops short of the value
            art.blit_text(surface, self.note, (self.rect.x + 20 + lw, self.rect.centery + 1), "body",
                          art.fit(self.note, "body", 15, room, 12), INK_DIM, anchor="midleft")
        vr = self.value_rect
        surface.rect((20, 42, 36) if self.enabled else (30, 36, 34), vr, border_radius=8)
        surface.rect((70, 120, 108) if self.enabled else (60, 70, 66), vr, width=1, border_radius=8)
        value = self.options[self.index][1]
        art.blit_text(surface, value, vr.center, "bold", art.fit(value, "bold", 18, vr.w - 52),
                      GOLD if self.enabled else (120, 120, 110), anchor="center")
        if self.enabled:
            art.blit_text(surface, "‹", self.left.center, "display", 24, INK_DIM, anchor="center")
            art.blit_text(surface, "›", self.right.center, "display", 24, INK_DIM, anchor="center")


def draw_form(surface, title: str, left: pygame.Rect, right: pygame.Rect) -> None:
    """A form's screen: the felt, the glowing title, two panels."""
    surface.blit(art.felt(1280, 720), (0, 0))
    t = art.glow_text(title, "display", 52, art.NEON[0], 6)
    surface.blit(t, t.get_rect(midtop=(640, 14)))
    surface.blit(art.panel(left.w, left.h), left)
    surface.blit(art.panel(right.w, right.h), right)


def handle_menu(buttons: Sequence[Button], event, focus: int) -> tuple[bool, int]:
    """A column or row of buttons: the event to each in turn (True if one took it) and the
    focused one, which follows the mouse."""
    for i, b in enumerate(buttons):
        if b.handle(event):
            return True, focus
        if event.type == pygame.MOUSEMOTION and b.hover:
            focus = i
    return False, focus


def draw_menu(surface, buttons: Sequence[Button], focus: int) -> None:
    """The buttons, the focused one lit as if the mouse were over it, with the focus ring."""
    for i, b in enumerate(buttons):
        hover = b.hover
        b.hover = hover or i == focus
        b.focus_ring = i == focus
        b.draw(surface)
        b.hover = hover
        b.focus_ring = False


def draw_backdrop(surface, alpha: int = 170) -> None:
    veil = _veil(surface.get_size(), alpha, art.scale())
    surface.blit(veil, (0, 0))


def draw_dialog(surface, box, *, alpha: int = 245, radius: int = 16) -> None:
    """A dialog's box over the veiled screen below; the box is opaque (nothing of the screen
    below shows through it, whatever the panel's own alpha)."""
    draw_backdrop(surface, 170)
    surface.rect((14, 26, 22), box, border_radius=radius)
    surface.blit(art.panel(box.w, box.h, alpha=alpha, border=(255, 255, 255, 60), radius=radius), box)


_veils: dict = {}


def _veil(size, alpha, k):
    v = _veils.get((size, alpha, k))
    if v is None:
        if len(_veils) > 16:
            _veils.clear()
        v = new_img(size, k)
        v.fill((0, 0, 0, alpha))
        _veils[(size, alpha, k)] = v
    return v


#: the keys that move the focus of a form (the controller's D-pad and stick arrive as these)
_NEXT = (pygame.K_DOWN, pygame.K_TAB)
_PREV = (pygame.K_UP,)
_PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class FocusList:
    """Keyboard (and controller) play of a screen's widgets, in reading order.

    Up/Down (Tab) move the focus, Left/Right step a ``Choice`` (or move along a
    row of buttons), Return/Space press a ``Button`` or start typing in a
    ``TextField``.  The ring shows once a key has moved the focus; a click hides
    it.  ``widgets`` is called each time: a form that rebuilds its rows is followed.
    """

    def __init__(self, widgets: Callable[[], Sequence[Widget]], *, row: bool = False) -> None:
        self.widgets = widgets
        #: the widgets sit side by side: Left/Right move the focus too
        self.row = row
        self.index = 0
        self.active = False

    def _usable(self) -> list[Widget]:
        return [w for w in self.widgets() if w.visible and w.enabled]

    @property
    def current(self) -> Widget | None:
        ws = self._usable()
        if not ws:
            return None
        self.index %= len(ws)
        return ws[self.index]

    def focus(self, widget: Widget) -> None:
        """Put the focus on ``widget`` (shown)."""
        ws = self._usable()
        if widget in ws:
            self.index = ws.index(widget)
            self.active = True

    def handle(self, event) -> bool:
        """True when the event moved the focus or worked the focused widget."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.active = False
            return False
        if event.type != pygame.KEYDOWN:
            return False
        ws = self._usable()
        if not ws:
            return False
        key = event.key
        step = 1 if key in _NEXT else -1 if key in _PREV else 0
        if self.row and key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
        if step:
            if self.active:
                self.index = (self.index + step) % len(ws)
            self.active = True
            return True
        if not self.active:
            return False
        w = self.current
        if isinstance(w, Choice) and key in (pygame.K_LEFT, pygame.K_RIGHT):
            w.step(1 if key == pygame.K_RIGHT else -1)
            return True
        if key in _PRESS:
            if isinstance(w, Button):
                w.click()
                return True
            if hasattr(w, "set_focus"):  # a text field (fields.TextField): Enter types in it
                w.set_focus(True)
                return True
        return False

    def mark(self) -> None:
        """Before drawing: the ring on the focused widget only."""
        cur = self.current if self.active else None
        for w in self.widgets():
            w.focus_ring = w is cur
