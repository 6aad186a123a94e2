"""Title: resume, new game, solo challenges, how to play, settings, quit; the version."""

from __future__ import annotations

import math

import pygame

from ... import __version__
from .. import art, online, save, tutorial
from ..app import Scene
from ..art import INK_DIM
from ..i18n import _
from ..widgets import Button, draw_menu, handle_menu


class TitleScene(Scene):
    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self.message = message
        self.t = 0.0
        #: the games in progress, one per slot (multiplayer, solo)
        self.saved = save.saved_games()
        self.resume_buttons: dict[str, Button] = {}
        items = []
        for slot, saved in self.saved.items():
            items.append((self._resume_label(saved), lambda slot=slot: self.resume(slot), "primary"))
        #: the seat kept for an online game (its server is asked only when the player resumes:
        #: building the title never waits on the network)
        self.kept = online.kept_seat()
        if self.kept is not None:
            items.append((_("Resume online game"), self.resume_online, "primary"))
        items += [(_("New game"), self.new_game, "normal" if self.saved else "primary"),
                  (_("Play online"), self.play_online, "normal"),
                  (_("Solo challenges"), self.solo, "normal"),
                  (_("Records"), self.records, "normal"),
                  (_("How to play"), self.rules, "normal"),
                  (_("Settings"), self.settings, "normal"),
                  (_("Quit"), self.app.quit, "normal")]
        # the column ends well above the credit line at the bottom (700), with or without Resume
        n = len(items)
        step, h = (58, 50) if n <= 6 else (54, 46) if n <= 8 else (46, 40)  # 9: a saved game and an online one
        y0 = 350 if len(items) <= 5 else 660 - (len(items) - 1) * step - h
        width = 300 if not self.saved else 580
        self.resume_online_button = None
        self.buttons = [Button((640 - width // 2, y0 + i * step, width, h), label, fn, style=style,
                               size=24 if n <= 6 else 22 if n <= 8 else 20)
                        for i, (label, fn, style) in enumerate(items)]
        for slot, b in zip(self.saved, self.buttons):
            self.resume_buttons[slot] = b
        if self.kept is not None:
            self.resume_online_button = self.buttons[len(self.saved)]
        self.focus = 0
        #: the first start's offer of the tutorial (answered once, remembered in the settings)
        self.offer = not app.settings.tutorial_offered
        self.offer_box = pygame.Rect(945, 100, 320, 224)
        self.offer_buttons = [
            Button((self.offer_box.x + 15, self.offer_box.bottom - 104, 290, 46), _("Play the tutorial"),
                   self.tutorial, style="primary", size=20, hotkeys=(pygame.K_t,)),
            Button((self.offer_box.x + 15, self.offer_box.bottom - 50, 290, 38), _("Not now"),
                   self.dismiss_offer, size=18)]

    def tutorial(self) -> None:
        tutorial.start(self.app)

    def dismiss_offer(self) -> None:
        self.offer = False
        tutorial.dismiss(self.app)

    @staticmethod
    def _resume_label(saved) -> str:
        label = _("Resume {what}", what=saved.describe())
        if art.measure(label, "display", 22)[0] <= 550:
            return label
        short = _("Resume the solo game") if saved.slot == "solo" else _("Resume the game")
        return short

    def resume(self, slot: str = "multi") -> None:
        saved = self.saved[slot]
        self.app.go("table", match=self.app.services.resume_match(saved.game, saved.session))

    def resume_online(self) -> None:
        kept = self.kept
        online.reachable(kept)  # a server this game hosted is started again (the lobby says if none answers)
        request = {"type": "resume", "room": kept["room"], "token": kept["token"]}
        self.app.show("lobby", lobby=online.Lobby(kept["url"], request))

    def play_online(self) -> None:
        self.app.show("online")

    def new_game(self) -> None:
        self.app.show("setup")

    def solo(self) -> None:
        self.app.show("solo")

    def records(self) -> None:
        self.app.show("records")

    def rules(self) -> None:
        self.app.show("rules")

    def settings(self) -> None:
        self.app.show("settings")

    def ask_to_quit(self) -> None:
        """Escape asks first: a second Escape (from the setup, say) answers no, never closes the game."""
        self.app.show("confirm", question=_("Quit Las Vegas?"), on_yes=self.app.quit)

    def handle(self, event) -> None:
        if self.offer and any(b.handle(event) for b in self.offer_buttons):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                self.focus = (self.focus + (1 if event.key == pygame.K_DOWN else -1)) % len(self.buttons)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].click()
                return
            if event.key == pygame.K_ESCAPE:
                self.ask_to_quit()
                return
        _taken, self.focus = handle_menu(self.buttons, event, self.focus)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        logo = art.logo(120)
        surface.blit(logo, logo.get_rect(midtop=(640, 20)))
        # a few dice of every colour, as a decoration
        for i, o in enumerate(("red", "blue", "green", "yellow", "purple", "neutral")):
            ang = (i * 37 + 15 * math.sin(self.t * 0.8 + i)) % 360
            d = art.die_rotated(o, (i % 6) + 1, 56, ang)
            x = 150 + (i % 2) * 60 if i < 3 else 1130 - (i % 2) * 60
            y = 360 + (i % 3) * 110
            surface.blit(art.die_shadow(56), art.die_shadow(56).get_rect(center=(x + 4, y + 5)))
            surface.blit(d, d.get_rect(center=(x, y)))
        draw_menu(surface, self.buttons, self.focus)
        if self.offer:
            self.draw_offer(surface)
        if self.message:
            lines = art.wrap(self.message, "bold", 17, 900)[:3]
            for i, line in enumerate(lines):
                art.blit_text(surface, line, (640, 318 - 22 * (len(lines) - i)), "bold", 17, art.DANGER,
                              anchor="center")
        art.blit_text(surface, _("A dice game by Rüdiger Dorn"), (640, 700), "body", 15, INK_DIM, anchor="center")
        art.blit_text(surface, _("version {v}", v=__version__), (1268, 700), "body", 14, INK_DIM, anchor="midright")


    def draw_offer(self, surface) -> None:
        box = self.offer_box
        surface.blit(art.panel(box.w, box.h, alpha=230, border=(*art.GOLD, 255)), box)
        art.blit_text(surface, _("New to Las Vegas?"), (box.x + 16, box.y + 12), "display", 22, art.GOLD)
        text = _("A short guided game teaches the rules while you play, in about {n} minutes.",
                 n=tutorial.MINUTES)
        for i, line in enumerate(art.wrap(text, "body", 16, box.w - 32)[:3]):
            art.blit_text(surface, line, (box.x + 16, box.y + 46 + i * 21), "body", 16, art.INK)
        for b in self.offer_buttons:
            b.draw(surface)
