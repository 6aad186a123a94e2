"""Text fields and the forms they make: a one-line name field, and the rules a form's fields
share (one field typed in at a time, Tab to the next; while one is typed in, keys are letters).
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from . import art
from .art import INK
from .widgets import NEON_BTN, Widget, draw_focus_ring


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
        if not self.visible:  # a field not shown takes no click or key
            return False
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
        (_typing.add if on else _typing.discard)(id(self))
        try:
            (pygame.key.start_text_input if on else pygame.key.stop_text_input)()
        except pygame.error:
            pass

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.value)

    def draw(self, surface) -> None:
        if not self.visible:
            return
        r = self.rect
        surface.rect((6, 14, 12), r, border_radius=6)
        surface.rect(NEON_BTN if self.focused else ((90, 140, 128) if self.hover else (50, 80, 72)),
                         r, width=2 if self.focused else 1, border_radius=6)
        if self.focus_ring and not self.focused:
            draw_focus_ring(surface, r, 6)
        room = r.w - 18
        # a long value (several server addresses) shrinks, then scrolls: its end shows while typing
        t = art.text(self.value or " ", "bold", art.fit(self.value or " ", "bold", 19, room, 13), INK)
        shown = min(t.get_width(), room)
        left = t.get_width() - shown if self.focused else 0
        surface.blit(t, (r.x + 8, r.centery - t.get_height() // 2), area=pygame.Rect(left, 0, shown, t.get_height()))
        if self.focused:
            x = r.x + 9 + (shown if self.value else 0)
            surface.line(NEON_BTN, (x, r.y + 7), (x, r.bottom - 7), 2)


_typing: set[int] = set()


def typing() -> bool:
    """A text field is being typed in: keys are letters, not commands."""
    return bool(_typing)


def release_fields(owner) -> None:
    """Unfocus the text fields ``owner`` (a scene leaving the stack) holds, as attributes or in lists."""
    for v in vars(owner).values():
        for f in (v if isinstance(v, (list, tuple)) else (v,)):
            if isinstance(f, TextField) and f.focused:
                f.set_focus(False)


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
        hit = next((f for f in fields if f.visible and f.rect.collidepoint(event.pos)), None)
        focus_field(fields, hit)
        return hit is not None
    if editing is not None and event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            after = list(fields)[list(fields).index(editing) + 1:]
            focus_field(fields, next((f for f in after if f.visible), None))
        else:
            editing.handle(event)
        return True
    return event.type == pygame.TEXTINPUT
