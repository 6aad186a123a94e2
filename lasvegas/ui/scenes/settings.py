"""Settings: language, fullscreen, UI scale, animation speed, AI pace, volume, mute, confirm before placing."""

from __future__ import annotations

import pygame

from .. import art
from ..app import Scene
from ..art import INK_DIM
from ..i18n import PSEUDO, _, available, language, language_name, percent, pgettext
from ..settings import UI_SCALES
from ..widgets import Button, Choice, draw_backdrop


def ROW(k: int) -> int:
    """The top of settings row ``k``."""
    return 112 + 44 * k


class SettingsScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        # over a game it is an overlay; from the title it is a page of its own
        self.opaque = not app.in_game()
        s = app.settings
        x, w, h = 340, 600, 40
        on_off = [(False, _("off")), (True, _("on"))]
        languages = [(code, language_name(code)) for code in available()]
        if language() == PSEUDO:  # only from --lang or the settings file: never offered
            languages.append((PSEUDO, language_name(PSEUDO)))
        self.rows = [
            Choice((x, ROW(0), w, h), _("Language"), languages, language(), self._set_language),
            Choice((x, ROW(1), w, h), _("Fullscreen"), on_off, s.fullscreen,
                   lambda v: self._set("fullscreen", v), note=_("(also F11)")),
            Choice((x, ROW(2), w, h), _("UI scale"), [(v, percent(v)) for v in UI_SCALES],
                   min(UI_SCALES, key=lambda v: abs(v - s.ui_scale)), self._set_ui_scale),
            Choice((x, ROW(3), w, h), _("Animation speed"),
                   [("normal", pgettext("animation speed", "normal")), ("fast", pgettext("animation speed", "fast")),
                    ("instant", pgettext("animation speed", "instant"))], s.anim_speed,
                   lambda v: self._set("anim_speed", v)),
            Choice((x, ROW(4), w, h), _("AI pace"),
                   [("slow", pgettext("AI pace", "slow")), ("normal", pgettext("AI pace", "normal")),
                    ("fast", pgettext("AI pace", "fast"))], s.ai_pace,
                   lambda v: self._set("ai_pace", v)),
            Choice((x, ROW(5), w, h), _("Sound volume"), [(v, percent(v)) for v in range(0, 101, 10)],
                   s.volume - s.volume % 10, lambda v: self._set("volume", v)),
            Choice((x, ROW(6), w, h), _("Mute"), on_off, s.mute, lambda v: self._set("mute", v)),
            Choice((x, ROW(7), w, h), _("Confirm before placing"), on_off, s.confirm_place,
                   lambda v: self._set("confirm_place", v)),
            Choice((x, ROW(8), w, h), _("Unlock all solo levels"), on_off, self._solo().unlock_all,
                   self._set_unlock_all),
            Choice((x, ROW(9), w, h), _("Take back a move"), on_off, s.take_back,
                   lambda v: self._set("take_back", v), note=_("(practice)")),
        ]
        self.back = Button((640 - 110, 600, 220, 54), _("Done"), self.close, style="primary", size=26)

    def _set(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.settings.save()
        self.app.apply_settings()
        self.app.sounds.play("click")

    def _set_ui_scale(self, value) -> None:
        """The game is drawn at once at the new scale (a larger setting may make the window larger)."""
        self.app.settings.ui_scale = value
        self.app.settings.save()
        self.app.set_ui_scale(value)
        self.app.sounds.play("click")

    def _set_language(self, value) -> None:
        """Saved, and the whole game speaks it at once."""
        self.app.settings.language = value
        self.app.settings.save()
        self.app.set_language(value)
        self.app.sounds.play("click")

    def _solo(self):
        return self.app.services.progress

    def _set_unlock_all(self, value) -> None:
        """Kept with the solo progress (the ladder has the same switch)."""
        prog = self._solo()
        prog.unlock_all = bool(value)
        prog.save()  # a failure is a message for the player
        self.app.sounds.play("click")

    def close(self) -> None:
        self.app.pop()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            return
        self.back.handle(event)
        for r in self.rows:
            r.handle(event)

    def on_resume(self) -> None:
        self.rows[1].set_value(self.app.settings.fullscreen)

    def draw(self, surface) -> None:
        if self.opaque:
            surface.blit(art.felt(1280, 720), (0, 0))
        else:
            draw_backdrop(surface, 190)
        box = pygame.Rect(310, 26, 660, 654)
        surface.blit(art.panel(box.w, box.h, alpha=235, radius=18), box)
        t = art.glow_text(_("Settings"), "display", 52, art.NEON[1], 6)
        surface.blit(t, t.get_rect(midtop=(640, 28)))
        self.rows[1].set_value(self.app.settings.fullscreen)
        for r in self.rows:
            r.draw(surface)
        art.blit_text(surface, _("Saved for the next time you play."), (640, 574), "body", 15, INK_DIM,
                      anchor="center")
        self.back.draw(surface)
