"""Settings, on four pages: the game (language, full screen, speeds, confirm, solo levels, take back;
over a Lords of Vegas game its own options instead of Las Vegas's: the hint), display (UI scale,
text size, theme, colour vision, motion), sound (effects, music, mute) and controls (the keys of
both games and Lords of Vegas's own, rebound by pressing the new one).  Over a game the page is
opaque: the table's text does not show through."""

from __future__ import annotations

import pygame

from ...games import registry
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.controls import ACTIONS, key_name
from ..kit.i18n import PSEUDO, _, available, language, language_name, percent, pgettext
from ..kit.scene import Scene
from ..kit.settings import UI_SCALES
from ..kit.widgets import Button, Choice, FocusList, draw_backdrop, draw_focus_ring

BOX = pygame.Rect(250, 24, 780, 672)
X, W = 290, 700
PAGES = ("game", "display", "sound", "controls")


#: the Controls page: its two columns of keys (every screen's, Lords of Vegas's own), their rows
COL_X, COL_W = (270, 650), 360
KEYS_Y, KEY_STEP = 190, 40


def ROW(k: int) -> int:
    """The top of settings row ``k``."""
    return 168 + 50 * k


class KeyRow(Button):
    """One action and its key on the Controls page: pressed, it waits for the new key."""

    def __init__(self, rect, action, on_click) -> None:
        super().__init__(rect, _(action.label), on_click, size=18)
        self.action = action
        self.key_text = ""
        self.waiting = False

    def draw(self, surface) -> None:
        r = self.rect
        if self.hover:
            surface.rect((26, 52, 44), r, border_radius=8)
        if self.focus_ring:
            draw_focus_ring(surface, r, 8)
        vw = min(240, r.w // 3)
        room = r.w - vw - 20
        art.blit_text(surface, self.label, (r.x + 8, r.centery), "bold", art.fit(self.label, "bold", 19, room, 11),
                      INK, anchor="midleft")
        vr = pygame.Rect(r.right - vw, r.y + 2, vw, r.h - 4)
        surface.rect((20, 42, 36), vr, border_radius=8)
        surface.rect(GOLD if self.waiting else (70, 120, 108), vr, width=2 if self.waiting else 1, border_radius=8)
        shown = _("press a key…") if self.waiting else self.key_text
        art.blit_text(surface, shown, vr.center, "bold", art.fit(shown, "bold", 18, vr.w - 12, 11),
                      GOLD, anchor="center")


class SettingsScene(Scene):
    def __init__(self, app, page: str = "game") -> None:
        super().__init__(app)
        # over a game it is an overlay; from the title it is a page of its own
        self.opaque = not app.in_game()
        titles = {"game": _("Game"), "display": _("Display"), "sound": _("Sound"), "controls": _("Controls")}
        tw = (BOX.w - 80 - 3 * 10) // 4
        self.tabs = [Button((BOX.x + 40 + i * (tw + 10), 104, tw, 44), titles[p], lambda p=p: self.show_page(p),
                            size=20) for i, p in enumerate(PAGES)]
        self.back = Button((640 - 110, 624, 220, 54), _("Done"), self.close, style="primary", size=26)
        #: the action waiting for its new key (Controls page)
        self.capturing: KeyRow | None = None
        self.pages = self._build()
        self.page = page if page in PAGES else "game"
        self.nav = FocusList(lambda: [*self.tabs, *self.rows, self.back])

    def _build(self) -> dict[str, list]:
        s = self.app.settings
        on_off = [(False, _("off")), (True, _("on"))]
        languages = [(code, language_name(code)) for code in available()]
        if language() == PSEUDO:  # only from --lang or the settings file: never offered
            languages.append((PSEUDO, language_name(PSEUDO)))
        volumes = [(v, percent(v)) for v in range(0, 101, 10)]

        def row(k, label, options, value, name, **kw):
            return Choice((X, ROW(k), W, 44), label, options, value, lambda v: self._set(name, v), value_w=260,
                          **kw)
        game = [
            Choice((X, ROW(0), W, 44), _("Language"), languages, language(), self._set_language, value_w=260),
            row(1, _("Fullscreen"), on_off, s.fullscreen, "fullscreen", note=_("(also F11)")),
            row(2, _("Animation speed"),
                [("normal", pgettext("animation speed", "normal")), ("fast", pgettext("animation speed", "fast")),
                 ("instant", pgettext("animation speed", "instant"))], s.anim_speed, "anim_speed"),
            row(3, _("AI pace"), [("slow", pgettext("AI pace", "slow")), ("normal", pgettext("AI pace", "normal")),
                                  ("fast", pgettext("AI pace", "fast"))], s.ai_pace, "ai_pace"),
        ]
        own = {  # each game's own options (the registry's ``settings``), by name
            "confirm_place": lambda k: row(k, _("Confirm before placing"), on_off, s.confirm_place, "confirm_place"),
            "unlock_all": lambda k: Choice((X, ROW(k), W, 44), _("Unlock all solo levels"), on_off,
                                           self._solo().unlock_all, self._set_unlock_all, value_w=260),
            "take_back": lambda k: row(k, _("Take back a move"), on_off, s.take_back, "take_back",
                                       note=_("(practice)")),
            # one name in both Settings (the title's and the game's)
            "lords_hint": lambda k: row(k, _("Lords of Vegas: hint (H)"), on_off, s.lords_hint, "lords_hint",
                                        note=_("(practice)")),
        }
        over = self.app.keys_game()  # over a game's table: its own options; from the title: every game's
        names = registry.game(over).settings if over else [n for g in registry.GAMES.values() for n in g.settings]
        game += [own[name](4 + i) for i, name in enumerate(names)]
        display = [
            Choice((X, ROW(0), W, 44), _("UI scale"), [(v, percent(v)) for v in UI_SCALES],
                   min(UI_SCALES, key=lambda v: abs(v - s.ui_scale)), self._set_ui_scale, value_w=260),
            row(1, _("Text size"), [("normal", pgettext("text size", "normal")), ("large", _("large")),
                                    ("larger", _("larger"))], s.text_size, "text_size"),
            row(2, _("Theme"), [("normal", pgettext("theme", "normal")), ("high-contrast", _("high contrast"))],
                s.theme, "theme"),
            row(3, _("Colour vision"), [("normal", pgettext("colour vision", "usual")),
                                        ("protanopia", _("protanopia")), ("deuteranopia", _("deuteranopia")),
                                        ("tritanopia", _("tritanopia"))], s.colour_vision, "colour_vision"),
            row(4, _("Reduced motion"), on_off, s.reduced_motion, "reduced_motion"),
        ]
        sound = [
            row(0, _("Effects volume"), volumes, s.volume - s.volume % 10, "volume"),
            row(1, _("Music"), on_off, s.music, "music", note=_("(a casino-lounge loop)")),
            row(2, _("Music volume"), volumes, s.music_volume - s.music_volume % 10, "music_volume"),
            row(3, _("Mute"), on_off, s.mute, "mute"),
        ]
        # two columns: the keys of every screen, and Lords of Vegas's table's own
        shared = [a for a in ACTIONS if not a.game]
        own = [a for a in ACTIONS if a.game]
        controls = [KeyRow((COL_X[0], KEYS_Y + KEY_STEP * k, COL_W, 36), a, None) for k, a in enumerate(shared)]
        controls += [KeyRow((COL_X[1], KEYS_Y + KEY_STEP * k, COL_W, 36), a, None) for k, a in enumerate(own)]
        for r in controls:
            r.on_click = lambda r=r: self._capture(r)
        controls.append(Button((COL_X[1] + COL_W - 240, KEYS_Y + KEY_STEP * max(len(shared), len(own)) - 40, 240,
                                36), _("Default keys"), self._reset_keys, size=18))
        self._show_keys(controls)
        return {"game": game, "display": display, "sound": sound, "controls": controls}

    @property
    def rows(self) -> list:
        return self.pages[self.page]

    def show_page(self, page: str) -> None:
        self.page = page
        self.capturing = None
        self.app.sounds.play("click")

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

    # ---------------------------------------------------------------- keys
    @property
    def raw_keys(self) -> bool:
        """While a new key is awaited the app hands over the key pressed, not its action."""
        return self.capturing is not None

    def _capture(self, row: KeyRow) -> None:
        self.capturing = row
        row.waiting = True

    def _show_keys(self, rows=None) -> None:
        for r in rows or self.pages["controls"]:
            if isinstance(r, KeyRow):
                r.key_text = key_name(self.app.bindings.keys[r.action.id])
                r.waiting = r is self.capturing

    def _bind(self, key: int) -> None:
        row, self.capturing = self.capturing, None
        if key != pygame.K_ESCAPE:  # Escape gives up
            self.app.bindings.bind(row.action.id, key)
            self.app.bindings.save()
            self.app.sounds.play("click")
        self._show_keys()

    def _reset_keys(self) -> None:
        self.app.bindings.reset()
        self.app.bindings.save()
        self._show_keys()
        self.app.sounds.play("click")

    def close(self) -> None:
        self.app.pop()

    def handle(self, event) -> None:
        if self.capturing is not None:
            if event.type == pygame.KEYDOWN and event.key not in (pygame.K_F11,):
                self._bind(event.key)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
                return
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self._turn(1 if event.key == pygame.K_PAGEDOWN else -1)
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.nav.active and self.nav.current in self.tabs:
                self._turn(1 if event.key == pygame.K_RIGHT else -1)
                self.nav.focus(self.tabs[PAGES.index(self.page)])
                return
            if self.nav.handle(event):
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
                return
        elif self.nav.handle(event):
            return
        if self.back.handle(event):
            return
        for t in self.tabs:
            if t.handle(event):
                return
        for r in self.rows:
            if r.handle(event):
                return

    def _turn(self, d: int) -> None:
        self.show_page(PAGES[(PAGES.index(self.page) + d) % len(PAGES)])

    def on_resume(self) -> None:
        self.pages["game"][1].set_value(self.app.settings.fullscreen)

    def draw(self, surface) -> None:
        if self.opaque:
            surface.blit(art.felt(1280, 720), (0, 0))
        else:
            draw_backdrop(surface, 190)
            surface.rect((14, 26, 22), BOX, border_radius=18)  # opaque: the table's text does not show through
        surface.blit(art.panel(BOX.w, BOX.h, alpha=235, radius=18), BOX)
        t = art.glow_text(_("Settings"), "display", 48, art.NEON[1], 6)
        surface.blit(t, t.get_rect(midtop=(640, 34)))
        self.pages["game"][1].set_value(self.app.settings.fullscreen)
        for tab, p in zip(self.tabs, PAGES):
            tab.style = "primary" if p == self.page else "normal"
        self._show_keys()
        self.nav.mark()
        for w in (*self.tabs, *self.rows):
            w.draw(surface)
        shown = self.tabs[PAGES.index(self.page)].rect  # the page shown: a bar below its tab, not colour alone
        surface.rect(INK, (shown.x + 24, shown.bottom + 4, shown.w - 48, 4), border_radius=2)
        if self.page == "display":
            self._draw_dice(surface)
        if self.page == "controls":
            for x, head in zip(COL_X, (_("Both games"), _("Lords of Vegas table"))):
                art.blit_text(surface, head, (x + 8, KEYS_Y - 14), "bold", art.fit(head, "bold", 16, COL_W - 16),
                              INK_DIM, anchor="midleft")
        note = _("Saved for the next time you play.")
        # beside « Done », on two lines rather than shrunk against it
        b = self.back.rect
        art.blit_lines(surface, note, (BOX.x + 24, b.y, b.x - 16 - BOX.x - 24, b.h), "body", 15, INK_DIM,
                       centre=True)
        self.back.draw(surface)

    def _draw_dice(self, surface) -> None:
        """The dice of every colour as they are drawn now: the palette and the pip shapes."""
        owners = ("red", "blue", "green", "yellow", "purple", "neutral")
        y = ROW(5) + 24
        art.blit_text(surface, _("The dice as they look now:"), (X + 8, y), "body", 17, INK_DIM, anchor="midleft")
        for i, o in enumerate(owners):
            d = art.die(o, 5, 56)
            surface.blit(d, d.get_rect(center=(X + 60 + i * 104, y + 62)))
