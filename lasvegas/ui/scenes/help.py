"""The keys overlay (F1, "?" or the controller's Back): what each key and button does; over a Lords
of Vegas game its table's own keys too.  Opaque: the table's text does not show through."""

from __future__ import annotations

import pygame

from ...games import registry
from ..kit import art, i18n
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.controls import ACTIONS, EXTRA_BUTTONS, key_name
from ..kit.i18n import N_, _, pgettext
from ..kit.scene import Scene
from ..kit.widgets import Button, draw_dialog

#: the controller's buttons as the overlay names them (the letters printed on an Xbox-style pad)
DPAD = {"DPAD_UP": N_("D-pad up"), "DPAD_DOWN": N_("D-pad down"), "DPAD_LEFT": N_("D-pad left"),
        "DPAD_RIGHT": N_("D-pad right")}
BUTTON_NAMES = {"A": "A", "B": "B", "X": "X", "Y": "Y", "LEFTSHOULDER": "LB", "RIGHTSHOULDER": "RB"}


def button_name(button: str) -> str:
    if button in DPAD:
        return _(DPAD[button])
    if button == "BACK":
        return pgettext("controller button", "Back")
    if button == "START":
        return pgettext("controller button", "Start")
    return BUTTON_NAMES[button]


def button_names(action: str) -> str:
    """The controller's buttons for ``action`` ("D-pad ← / LB")."""
    names = [button_name(a.button) for a in ACTIONS if a.id == action and a.button]
    names += [button_name(b) for b, a in EXTRA_BUTTONS.items() if a == action]
    return " / ".join(names)


class HelpScene(Scene):
    opaque = False
    is_help = True

    def __init__(self, app) -> None:
        super().__init__(app)
        self.box = pygame.Rect(240, 14, 800, 692)
        self.button = Button((640 - 100, self.box.bottom - 74, 200, 54), _("Close"), self.close, size=24,
                             style="primary", hotkeys=(pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                       pygame.K_F1, pygame.K_SPACE))
        self.button.focus_ring = True
        self._notes: tuple = (None, 16)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle(self, event) -> None:
        self.button.handle(event)

    def _notes_size(self, notes: list[str], room: int) -> int:
        """The notes' text size: 16, smaller when a larger text setting would push them onto the Close
        button (worked out once for the look and language in force)."""
        key = (art.look(), i18n.language(), room)
        if self._notes[0] != key:
            size = 16
            while size > 11 and sum(4 + len(art.wrap(n, "body", size, self.box.w - 72)) * art.wrap_step("body", size)
                                    for n in notes) > room:
                size -= 1
            self._notes = (key, size)
        return self._notes[1]

    def rows(self) -> list[tuple[str, str, str]]:
        """(what the action does, its key, its controller buttons), in the order of ``ACTIONS``: every
        screen's, and the game's own of the game on show (the Lords of Vegas table's)."""
        keys, game = self.app.bindings.keys, self.app.keys_game()
        return [(_(a.label), key_name(keys[a.id]), button_names(a.id)) for a in ACTIONS if a.game in ("", game)]

    def draw(self, surface) -> None:
        b = self.box
        draw_dialog(surface, b, alpha=245, radius=18)
        surface.rect((14, 26, 22), b, border_radius=18)  # opaque: the table's text does not show through
        surface.blit(art.panel(b.w, b.h, alpha=245, border=(255, 255, 255, 60), radius=18), b)
        t = art.glow_text(_("Keys and buttons"), "display", 44, art.NEON[1], 6)
        surface.blit(t, t.get_rect(midtop=(b.centerx, b.y + 14)))
        x0, x1, x2 = b.x + 36, b.x + 410, b.x + 580
        y = b.y + 102
        art.blit_text(surface, _("Key"), (x1, y), "bold", 16, INK_DIM, anchor="midleft")
        art.blit_text(surface, _("Controller"), (x2, y), "bold", 16, INK_DIM, anchor="midleft")
        y += 30
        rows = self.rows()
        step = 34 if len(rows) <= 9 else 27  # the Lords of Vegas table's keys too: closer rows
        for label, key, pad in rows:
            size = art.fit(label, "body", 19, x1 - x0 - 16, 12)
            art.blit_text(surface, label, (x0, y), "body", size, INK, anchor="midleft")
            art.blit_text(surface, key, (x1, y), "bold", art.fit(key, "bold", 19, x2 - x1 - 12, 11), GOLD,
                          anchor="midleft")
            art.blit_text(surface, pad, (x2, y), "bold", art.fit(pad, "bold", 18, b.right - x2 - 20, 11), GOLD,
                          anchor="midleft")
            y += step
        notes = {  # by topic: each game's table shows its own (the registry's ``help_notes``), the title all
            "digits": _("Digits 1-6 pick a value at the table; F11: full screen; the mouse works everywhere too."),
            "replays": _("Replays: Space or A plays and pauses, [ ] or LB RB go a round back and on, "
                         "S or X changes the speed."),
            "reactions": _("Online tables: F1-F5, or X (again for the next) then A, send a quick reaction."),
            "pad": _("Lords of Vegas table: LB and RB ring a choice or a button, A takes it; the d-pad moves "
                     "over the board."),
        }
        over = self.app.keys_game()
        topics = registry.game(over).help_notes if over else tuple(notes)
        notes = [notes[t] for t in topics] + [_("Change the keys in Settings, page Controls.")]
        size = self._notes_size(notes, self.button.rect.top - 6 - y)
        for line in notes:
            y = art.blit_wrapped(surface, line, (x0, y + 4), b.w - 72, "body", size, INK_DIM)
        self.button.draw(surface)
