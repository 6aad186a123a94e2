"""Small widgets with ``rect``, ``handle(event)`` and ``draw(surface)``."""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from . import art
from .art import GOLD, INK, INK_DIM
from .canvas import new_img

NEON_BTN = (60, 220, 255)


class Widget:
    def __init__(self, rect) -> None:
        self.rect = pygame.Rect(rect)
        self.hover = False
        self.enabled = True
        self.visible = True

    def handle(self, event) -> bool:
        return False

    def draw(self, surface) -> None:
        pass


class Button(Widget):
    def __init__(self, rect, label: str, on_click: Callable[[], None] | None = None, *,
                 style: str = "normal", size: int = 24, hotkeys: Sequence[int] = ()) -> None:
        super().__init__(rect)
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
        surface.rect(bg, r, border_radius=10)
        surface.rect(border, r, width=2, border_radius=10)
        role = "display" if primary or self.size >= 24 else "bold"
        art.blit_text(surface, self.label, r.center, role, self.size, fg, anchor="center")


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
        art.blit_text(surface, self.label, (self.rect.x + 8, self.rect.centery), "bold", 20, fg, anchor="midleft")
        if self.note:
            lw = art.measure(self.label, "bold", 20)[0]
            art.blit_text(surface, self.note, (self.rect.x + 20 + lw, self.rect.centery + 1), "body", 15,
                          INK_DIM, anchor="midleft")
        vr = self.value_rect
        surface.rect((20, 42, 36) if self.enabled else (30, 36, 34), vr, border_radius=8)
        surface.rect((70, 120, 108) if self.enabled else (60, 70, 66), vr, width=1, border_radius=8)
        value = self.options[self.index][1]
        art.blit_text(surface, value, vr.center, "bold", art.fit(value, "bold", 18, vr.w - 52),
                      GOLD if self.enabled else (120, 120, 110), anchor="center")
        if self.enabled:
            art.blit_text(surface, "‹", self.left.center, "display", 24, INK_DIM, anchor="center")
            art.blit_text(surface, "›", self.right.center, "display", 24, INK_DIM, anchor="center")


class TextField(Widget):
    """A one-line name field: click to edit, type, Enter or click elsewhere to finish."""

    def __init__(self, rect, value: str, on_change: Callable[[str], None] | None = None, max_len: int = 14):
        super().__init__(rect)
        self.value = value
        self.on_change = on_change
        self.max_len = max_len
        self.focused = False
        self.blink = 0.0

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            inside = self.rect.collidepoint(event.pos)
            if inside != self.focused:
                self.set_focus(inside)
            return inside
        elif self.focused and event.type == pygame.TEXTINPUT:
            if len(self.value) < self.max_len:
                self.value += event.text[: self.max_len - len(self.value)]
                self._changed()
            return True
        elif self.focused and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self._changed()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.set_focus(False)
            return True
        return False

    def set_focus(self, on: bool) -> None:
        self.focused = on
        try:
            (pygame.key.start_text_input if on else pygame.key.stop_text_input)()
        except pygame.error:
            pass

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.value)

    def draw(self, surface) -> None:
        r = self.rect
        surface.rect((6, 14, 12), r, border_radius=6)
        surface.rect(NEON_BTN if self.focused else ((90, 140, 128) if self.hover else (50, 80, 72)),
                         r, width=2 if self.focused else 1, border_radius=6)
        t = art.text(self.value or " ", "bold", 19, INK)
        surface.blit(t, t.get_rect(midleft=(r.x + 8, r.centery)))
        if self.focused:
            x = r.x + 9 + (t.get_width() if self.value else 0)
            surface.line(NEON_BTN, (x, r.y + 7), (x, r.bottom - 7), 2)


def focus_field(fields: Sequence[TextField], field: TextField | None) -> None:
    """Type in ``field`` (None: in no field); every other field stops editing."""
    for f in fields:
        if f is not field and f.focused:
            f.set_focus(False)
    if field is not None and not field.focused:
        field.set_focus(True)


def handle_fields(fields: Sequence[TextField], event) -> bool:
    """A form's text fields: a click in one edits it (elsewhere: none), and while one is typed
    in the keyboard belongs to it alone (Tab: the next).  True when the fields took the event."""
    editing = next((f for f in fields if f.focused), None)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        hit = next((f for f in fields if f.rect.collidepoint(event.pos)), None)
        focus_field(fields, hit)
        return hit is not None
    if editing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            i = list(fields).index(editing) + 1
            focus_field(fields, fields[i] if i < len(fields) else None)
        else:
            editing.handle(event)
        return True
    return event.type == pygame.TEXTINPUT


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
    """The buttons, the focused one lit as if the mouse were over it."""
    for i, b in enumerate(buttons):
        hover = b.hover
        b.hover = hover or i == focus
        b.draw(surface)
        b.hover = hover


def draw_backdrop(surface, alpha: int = 170) -> None:
    veil = _veil(surface.get_size(), alpha, art.scale())
    surface.blit(veil, (0, 0))


def draw_dialog(surface, box, *, alpha: int = 245, radius: int = 16) -> None:
    """A dialog's box over the veiled screen below."""
    draw_backdrop(surface, 170)
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
