"""A new profile, or a profile changed: its name, favourite colour and pip shape (a dialog); or
removed, after a question (its games stay in the records)."""

from __future__ import annotations

import pygame

from ...core import COLOURS
from ...profiles import PIPS, Profile
from ...profiles.book import NAME_LEN
from ..kit import art
from ..kit.art import DANGER, INK, INK_DIM
from ..kit.fields import TextField, handle_fields
from ..kit.i18n import _
from ..kit.scene import Scene
from ..kit.widgets import Button, Choice, draw_dialog
from ..lasvegas.names import colour_name
from ..profile_view import avatar, pip_name

BOX = pygame.Rect(290, 110, 700, 500)


class ProfileEditScene(Scene):
    """``profile``: the id of the profile to change (None: a new one)."""

    opaque = False

    def __init__(self, app, profile: str | None = None) -> None:
        super().__init__(app)
        self.book = app.services.profiles
        self.profile = self.book.get(profile)
        taken = {p.colour for p in self.book.profiles}
        p = self.profile
        colour = p.colour if p else next((c for c in COLOURS if c not in taken), COLOURS[0])
        self.colour, self.pip = colour, p.pip if p else PIPS[COLOURS.index(colour) % len(PIPS)]
        x, w = BOX.x + 40, BOX.w - 80
        self.name = TextField((x + w - 300, BOX.y + 100, 300, 48), p.name if p else "", max_len=NAME_LEN)
        self.colour_choice = Choice((x, BOX.y + 170, w, 48), _("Favourite colour"),
                                    [(c, colour_name(c)) for c in COLOURS], self.colour,
                                    lambda v: setattr(self, "colour", v), value_w=300)
        self.pip_choice = Choice((x, BOX.y + 230, w, 48), _("Pips"), [(s, pip_name(s)) for s in PIPS], self.pip,
                                 lambda v: setattr(self, "pip", v), value_w=300)
        self.save_button = Button((BOX.right - 250, BOX.bottom - 80, 210, 54), _("Save"), self.save,
                                  style="primary", size=24, hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self.cancel_button = Button((BOX.x + 40, BOX.bottom - 80, 210, 54), _("Cancel"), self.app.pop, size=24,
                                    hotkeys=(pygame.K_ESCAPE,))
        self.remove_button = Button((BOX.centerx - 90, BOX.bottom - 80, 180, 54), _("Remove…"), self.ask_remove,
                                    size=22)
        self.remove_button.visible = p is not None
        self.message = ""
        if p is None:
            self.name.set_focus(True)

    def save(self) -> None:
        name = self.name.value.strip()
        if not name:
            self.message = _("Type a name for the profile.")
            return
        if any(q.name.casefold() == name.casefold() and q is not self.profile for q in self.book.profiles):
            self.message = _("Another profile is already called {name}.", name=name)
            return
        if self.profile is None:
            created = self.book.create(name, self.colour, self.pip, self.app.services.today())
            pid = created.id
        else:
            pid = self.book.update(self.profile.id, name=name, colour=self.colour, pip=self.pip).id
        self.book.save()  # a failure is a message for the player (lasvegas.store)
        self.app.pop()
        below = self.app.top
        if hasattr(below, "select"):
            below.select(pid)

    def ask_remove(self) -> None:
        """Remove the profile once the player says yes (No is the answer Enter gives first)."""
        p = self.profile
        if p is None:
            return
        self.app.show("confirm", question=_("Remove the profile {name}?", name=p.name), on_yes=self.remove,
                      yes=_("Remove"), no=_("Keep"), default_no=True,
                      detail=_("Its games stay in Records. Its statistics and achievements are no longer shown, "
                               "and a new profile with the same name starts afresh."))

    def remove(self) -> None:
        self.book.remove(self.profile.id)
        self.book.save()  # a failure is a message for the player (lasvegas.store)
        if self.app.top is self:
            self.app.pop()

    def handle(self, event) -> None:
        if (self.name.focused and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.name.set_focus(False)  # Enter in the name field saves, as the Save button's key does
            self.save()
            return
        if handle_fields([self.name], event):
            self.message = ""
            return
        for w in (self.colour_choice, self.pip_choice, self.save_button, self.cancel_button, self.remove_button):
            if w.handle(event):
                return

    def draw(self, surface) -> None:
        draw_dialog(surface, BOX, alpha=255, radius=18)
        title = _("Change the profile") if self.profile else _("New profile")
        art.blit_text(surface, title, (BOX.centerx, BOX.y + 40), "display", 34, INK, anchor="center")
        art.blit_text(surface, _("Name"), (BOX.x + 48, BOX.y + 124), "bold", 20, INK, anchor="midleft")
        self.name.draw(surface)
        self.colour_choice.draw(surface)
        self.pip_choice.draw(surface)
        preview = Profile("", "", self.colour, self.pip, "")
        d = avatar(preview, 64)
        surface.blit(d, d.get_rect(center=(BOX.centerx, BOX.y + 330)))
        note = _("Your picture on the profile screens; at the table every colour keeps its own pips.")
        art.blit_text(surface, note, (BOX.centerx, BOX.y + 378), "body", art.fit(note, "body", 15, BOX.w - 60),
                      INK_DIM, anchor="center")
        if self.message:
            art.blit_text(surface, self.message, (BOX.centerx, BOX.y + 404), "bold", 16, DANGER, anchor="center")
        self.save_button.draw(surface)
        self.cancel_button.draw(surface)
        self.remove_button.draw(surface)
