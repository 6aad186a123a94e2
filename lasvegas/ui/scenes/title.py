"""Title: resume, new game, solo challenges, how to play, settings, quit; the version; the
player's online games (whose turn it is in each, asked of their servers without waiting)."""

from __future__ import annotations

import math

import pygame

from ... import __version__
from .. import art, online, save, tutorial
from ..app import Scene
from ..art import GOLD, INK, INK_DIM
from ..i18n import _
from ..widgets import Button, draw_menu, handle_menu


#: the online games the title lists at most (the latest), and where
MAX_SHOWN = 5
GAMES_X, GAMES_Y, GAMES_W, GAMES_STEP = 950, 262, 300, 80


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
        #: the seats kept for online games, the latest first; where each stands is asked of its
        #: server on a thread (building the title never waits on the network)
        self.games = online.kept_games()[:MAX_SHOWN]
        self.kept = self.games[0] if self.games else None
        self.status = online.GamesStatus(self.games) if self.games else None
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
        # with online games listed on the right, the column moves left to make room
        cx = 640 if not self.games else 190 + width // 2 + (120 if not self.saved else 0)
        self.buttons = [Button((cx - width // 2, y0 + i * step, width, h), label, fn, style=style,
                               size=24 if n <= 6 else 22 if n <= 8 else 20)
                        for i, (label, fn, style) in enumerate(items)]
        for slot, b in zip(self.saved, self.buttons):
            self.resume_buttons[slot] = b
        #: one button per online game (opening it takes the seat up again)
        self.game_buttons = [Button((GAMES_X, GAMES_Y + i * GAMES_STEP, GAMES_W, 44), self.opponents(g),
                                    lambda g=g: self.resume_online(g), size=18)
                             for i, g in enumerate(self.games)]
        self.resume_online_button = self.game_buttons[0] if self.game_buttons else None
        self.buttons += self.game_buttons
        self.focus = 0
        #: the players' profiles, in the corner (the column is full when games are saved); P opens it too
        self.profiles_button = Button((20, 16, 220, 50), _("Profiles"), self.profiles, size=22, hotkeys=(pygame.K_p,))
        #: the first start's offer of the tutorial (answered once, remembered in the settings)
        self.offer = not app.settings.tutorial_offered
        self.offer_box = pygame.Rect(945, 100, 320, 224)
        self.offer_buttons = [
            Button((self.offer_box.x + 15, self.offer_box.bottom - 104, 290, 46), _("Play the tutorial"),
                   self.tutorial, style="primary", size=20, hotkeys=(pygame.K_t,)),
            Button((self.offer_box.x + 15, self.offer_box.bottom - 50, 290, 38), _("Not now"),
                   self.dismiss_offer, size=18)]
        self._place_games()

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

    def resume_online(self, kept: dict | None = None) -> None:
        kept = kept or self.kept
        online.reachable(kept)  # a server this game hosted is started again (the lobby says if none answers)
        self.app.show("lobby", lobby=online.Lobby(kept["url"], online.resume_request(kept)))

    # ------------------------------------------------------- online games
    def _names(self, kept: dict) -> list[str]:
        """The names at the game's seats: the server's when it has answered, else those kept."""
        ans = self.status.get(kept) if self.status is not None else None
        if ans is not None and "seats" in ans:
            return [online.shown_name(s) for s in ans["seats"]]
        return [online.shown_kept_name(n) for n in kept.get("names") or []]

    def opponents(self, kept: dict) -> str:
        """"Ann, Bob": the other players of a kept game (its room code when their names are not known)."""
        names = [n for i, n in enumerate(self._names(kept)) if i != kept["seat"] and n]
        return ", ".join(names) if names else _("Room {code}", code=kept["room"])

    def game_status(self, kept: dict) -> tuple[str, bool]:
        """What the list says of a kept game, and whether it is the player's turn."""
        ans = self.status.get(kept) if self.status is not None else None
        if ans is None:
            return _("Asking its server…"), False
        if ans.get("unreachable"):
            if kept.get("host_port"):
                return _("Hosted here: open it to play on"), False
            return _("Its server does not answer"), False
        if "gone" in ans:
            return _("No longer on its server"), False
        if ans["over"]:
            return _("Game over: open it for the results"), False
        if not ans["started"] or ans["to_act"] is None:
            return _("Waiting for players"), False
        if ans["to_act"] == kept["seat"]:
            return _("Your turn"), True
        name = online.shown_name(ans["seats"][ans["to_act"]])
        return _("{name}'s turn", name=name or "?"), False

    def _place_games(self) -> tuple[int, int]:
        """Where the online games' list starts and how many it shows: below the tutorial's offer
        while it is up (the latest three), else from the top (the latest five)."""
        y0, shown = (self.offer_box.bottom + 68, 3) if self.offer else (GAMES_Y, MAX_SHOWN)
        for i, b in enumerate(self.game_buttons):
            b.rect.y = y0 + i * GAMES_STEP
            b.visible = b.enabled = i < shown
        return y0, min(shown, len(self.games))

    def draw_games(self, surface) -> None:
        """The "Your online games" list on the right: who plays in each and whose turn it is."""
        y0, shown = self._place_games()
        box = pygame.Rect(GAMES_X - 16, y0 - 52, GAMES_W + 32, shown * GAMES_STEP + 56)
        surface.blit(art.panel(box.w, box.h), box.topleft)
        title = _("Your online games")
        art.blit_text(surface, title, (box.centerx, y0 - 28), "display", art.fit(title, "display", 22, GAMES_W),
                      INK, anchor="center")
        for g, b in list(zip(self.games, self.game_buttons))[:shown]:
            b.label = self.opponents(g)
            b.size = art.fit(b.label, "bold", 18, GAMES_W - 24)
            text, mine = self.game_status(g)
            b.style = "primary" if mine else "normal"
            y = b.rect.bottom + 12
            art.blit_text(surface, text, (b.rect.x + 6, y), "bold" if mine else "body",
                          art.fit(text, "body", 15, GAMES_W - 80), GOLD if mine else INK_DIM, anchor="midleft")
            art.blit_text(surface, g["room"], (b.rect.right - 4, y), "body", 13, INK_DIM, anchor="midright")

    def play_online(self) -> None:
        self.app.show("online")

    def new_game(self) -> None:
        self.app.show("setup")

    def solo(self) -> None:
        self.app.show("solo")

    def records(self) -> None:
        self.app.show("records")

    def profiles(self) -> None:
        self.app.show("profile")

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
        if self.profiles_button.handle(event):
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
            wobble = 0.0 if art.look().reduced_motion else 15 * math.sin(self.t * 0.8 + i)
            ang = (i * 37 + wobble) % 360
            d = art.die_rotated(o, (i % 6) + 1, 56, ang)
            if i >= 3 and self.games:
                continue  # the online games' list takes the right
            x = 150 + (i % 2) * 60 if i < 3 else 1130 - (i % 2) * 60
            y = 360 + (i % 3) * 110
            surface.blit(art.die_shadow(56), art.die_shadow(56).get_rect(center=(x + 4, y + 5)))
            surface.blit(d, d.get_rect(center=(x, y)))
        if self.games:
            self.draw_games(surface)
        draw_menu(surface, self.buttons, self.focus)
        self.profiles_button.draw(surface)
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
