"""Title: resume, new game, solo challenges, how to play, settings, quit; the version; the
player's online games (whose turn it is in each, asked of their servers without waiting)."""

from __future__ import annotations

import math

import pygame

from ... import __version__
from ...kernel.lazy import load
from ..online import lobby as online
from ..files import save
from .. import home
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _, pgettext
from ..kit.scene import Scene
from ..kit.widgets import Button, draw_menu, handle_menu
from ..lasvegas import tutorial
from ..lords import tutorial as lords_tutorial


#: the online games the title lists at most (the latest, as many as fit), and where
MAX_SHOWN = 5
#: the home's regions: the logo, the games' cards, the right column (the tutorial's offer, the
#: saved games, the online games) and the row of the other entries
LOGO_SIZE, LOGO_Y = 80, -4
CARD_W, CARD_H, CARDS_Y = 290, 306, 158
COLUMN = pygame.Rect(670, 158, 570, 312)
TILE_H, TILE_GAP, GAME_STEP = 96, 10, 62
ENTRIES_Y, ENTRY_W, ENTRY_H, ENTRY_GAP, GROUP_GAP = 520, 140, 104, 8, 26
#: the other entries, in groups (play / your games / help and settings / leave)
GROUPS = (("online", "solo"), ("records", "profiles"), ("rules", "settings"), ("quit",))
#: the dice beside the logo rock for these seconds after the title shows, less and less, then
#: stand still (a waiting title draws nothing: docs/benchmarks.md, "A waiting game")
SETTLE = 5.0


class Tile(Button):
    """An entry of the home drawn as a card or a tile (``paint(surface, tile)``); keys, clicks and
    the focus work as on any button."""

    def __init__(self, rect, label: str, on_click, paint, **kw) -> None:
        super().__init__(rect, label, on_click, **kw)
        self.paint = paint

    def draw(self, surface) -> None:
        if self.visible:
            self.paint(surface, self)


def entry_painter(name: str):
    return lambda surface, b: home.entry_tile(surface, b.rect, name, b.label, focused=b.focus_ring, hover=b.hover)


class TitleScene(Scene):
    def __init__(self, app, message: str = "") -> None:
        super().__init__(app)
        self.message = message
        self.t = 0.0
        #: the games in progress, one per slot (multiplayer, solo)
        self.saved = save.saved_games()
        self.resume_buttons: dict[str, Button] = {}
        #: the seats kept for online games, the latest first; where each stands is asked of its
        #: server on a thread (building the title never waits on the network)
        self.games = online.kept_games()[:MAX_SHOWN]
        self.kept = self.games[0] if self.games else None
        self.status = online.GamesStatus(self.games) if self.games else None
        #: the answers last drawn
        self._answers: list | None = None
        #: the first start's offer of the tutorial (answered once, remembered in the settings)
        self.offer = not app.settings.tutorial_offered
        self.offer_box = pygame.Rect(COLUMN.x, COLUMN.y, COLUMN.w, 124)
        # both games' tutorials, then Not now (each a third of the box)
        w = (self.offer_box.w - 30 - 20) // 3
        self.offer_buttons = [
            Button((self.offer_box.x + 15 + k * (w + 10), self.offer_box.bottom - 48, w, 38), label, fn,
                   style="primary" if k < 2 else "normal", size=18, **kw)
            for k, (label, fn, kw) in enumerate((
                (_("Las Vegas"), self.tutorial, {"hotkeys": (pygame.K_t,)}),
                (_("Lords of Vegas"), self.lords_tutorial, {}),
                (_("Not now"), self.dismiss_offer, {})))]
        # the right column: the offer, then a tile per saved game
        y = self.offer_box.bottom + TILE_GAP if self.offer else COLUMN.y
        self.buttons: list[Button] = []
        for slot, saved in self.saved.items():
            tile = Tile((COLUMN.x, y, COLUMN.w, TILE_H), self._resume_label(saved),
                        lambda slot=slot: self.resume(slot), self._paint_resume(saved), style="primary")
            self.resume_buttons[slot] = tile
            self.buttons.append(tile)
            y += TILE_H + TILE_GAP
        #: the Lords of Vegas game in progress: its tile resumes it (ui/home.py draws it)
        self.lords_saved = home.lords_saved()
        if self.lords_saved is not None:
            paint = home.lords_resume_painter(self.lords_saved)
            tile = Tile((COLUMN.x, y, COLUMN.w, TILE_H), paint.label, self.resume_lords, paint, style="primary")
            self.resume_buttons["lords"] = tile
            self.buttons.append(tile)
            y += TILE_H + TILE_GAP
        self.games_y = y
        # the games: Las Vegas and Lords of Vegas
        self.cards = (pygame.Rect(40, CARDS_Y, CARD_W, CARD_H), pygame.Rect(60 + CARD_W, CARDS_Y, CARD_W, CARD_H))
        self.new_button = Tile(self.cards[0], _("New game"), self.new_game, self._paint_las_vegas,
                               style="normal" if self.saved or self.lords_saved else "primary")
        self.buttons.append(self.new_button)
        #: Lords of Vegas: its setup (which also resumes its own saved game)
        self.lords_button = Tile(self.cards[1], _("New game or resume"), self.lords, self._paint_lords)
        self.buttons.append(self.lords_button)
        # the other entries, grouped in a row of tiles
        labels = {"online": (_("Play online"), self.play_online), "solo": (pgettext("home tile", "Las Vegas solo"), self.solo),
                  "records": (_("Records"), self.records), "profiles": (_("Profiles"), self.profiles),
                  "rules": (_("How to play"), self.rules), "settings": (_("Settings"), self.settings),
                  "quit": (_("Quit"), self.app.quit)}
        n = sum(len(g) for g in GROUPS)
        width = n * ENTRY_W + (n - len(GROUPS)) * ENTRY_GAP + (len(GROUPS) - 1) * GROUP_GAP
        x = 640 - width // 2
        self.entries: dict[str, Tile] = {}
        for group in GROUPS:
            for name in group:
                label, fn = labels[name]
                self.entries[name] = Tile((x, ENTRIES_Y, ENTRY_W, ENTRY_H), label, fn, entry_painter(name),
                                          hotkeys=(pygame.K_p,) if name == "profiles" else ())
                x += ENTRY_W + ENTRY_GAP
            x += GROUP_GAP - ENTRY_GAP
        order = ("online", "solo", "records", "rules", "settings", "profiles", "quit")
        self.buttons += [self.entries[name] for name in order]
        #: the players' profiles (P opens them too)
        self.profiles_button = self.entries["profiles"]
        #: one button per online game (opening it takes the seat up again)
        self.game_buttons = [Button((COLUMN.x + 10, 0, COLUMN.w - 20, 36), self.opponents(g),
                                    lambda g=g: self.resume_online(g), size=18)
                             for i, g in enumerate(self.games)]
        self.resume_online_button = self.game_buttons[0] if self.game_buttons else None
        self.buttons += self.game_buttons
        self.focus = 0
        self._place_games()

    # ------------------------------------------------------- the cards and tiles
    def _paint_las_vegas(self, surface, b) -> None:
        pic = home.las_vegas_art(CARD_W - 20, 170)
        home.game_card(surface, b.rect, _("Las Vegas"), b.label, pic, enabled=True, focused=b.focus_ring,
                       hover=b.hover)

    def _paint_lords(self, surface, b) -> None:
        home.game_card(surface, b.rect, _("Lords of Vegas"), b.label, home.lords_art(CARD_W - 20, 170), enabled=True,
                       focused=b.focus_ring, hover=b.hover)

    def lords(self) -> None:
        self.app.show("lords-setup")

    def _paint_resume(self, saved):
        game, session = saved.game, saved.session
        casinos = tuple((tuple(game.casino_bills[c - 1]), tuple(sorted(game.casino_counts(c).items())))
                        for c in range(1, 7))
        colour = None if game.is_over else game.current_colour
        if session.solo_level:
            line = _("Your turn")
        else:
            names = {s.colour: s.name for s in session.seats}
            line = _("{name}'s turn", name=names.get(colour, "?")) if colour else ""

        def paint(surface, b) -> None:
            home.continue_tile(surface, b.rect, b.label, line, home.thumbnail(casinos, 150, 76), colour,
                               focused=b.focus_ring, hover=b.hover)
        return paint

    def tutorial(self) -> None:
        tutorial.start(self.app)

    def lords_tutorial(self) -> None:
        """The Lords of Vegas tutorial; the first start's offer is answered."""
        tutorial.dismiss(self.app)
        lords_tutorial.start(self.app)

    def dismiss_offer(self) -> None:
        self.offer = False
        tutorial.dismiss(self.app)

    @staticmethod
    def _resume_label(saved) -> str:
        """The tile's words, the game's name first as on the Lords of Vegas tile."""
        label = _("Las Vegas") + " · " + _("Resume {what}", what=saved.describe())
        if len(art.wrap(label, "bold", 17, COLUMN.w - 190)) <= 2:  # the tile has two lines for it
            return label
        short = _("Resume the solo game") if saved.slot == "solo" else _("Resume the game")
        return _("Las Vegas") + " · " + short

    def resume(self, slot: str = "multi") -> None:
        saved = self.saved[slot]
        self.app.go("table", match=self.app.services.resume_match(saved.game, saved.session))

    def resume_lords(self) -> None:
        self.lords_saved.autosave = True
        self.app.go("lords-table", match=self.lords_saved)

    def resume_online(self, kept: dict | None = None) -> None:
        kept = kept or self.kept
        online.reachable(kept)  # a server this game hosted is started again (the lobby says if none answers)
        lobby = load(online.kept_game(kept).lobby)  # the game's own lobby (into the Lords of Vegas table)
        self.app.show("lobby", lobby=lobby(kept["url"], online.resume_request(kept)))

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
        """Where the online games' list starts (under the offer and the saved games, in the right
        column) and how many of them fit there (the latest first)."""
        y0 = self.games_y + 34
        shown = max(0, min(MAX_SHOWN, (COLUMN.bottom - y0) // GAME_STEP))
        for i, b in enumerate(self.game_buttons):
            b.rect.y = y0 + i * GAME_STEP
            b.visible = b.enabled = i < shown
        return y0, min(shown, len(self.games))

    def draw_games(self, surface) -> None:
        """"Your online games" in the right column: who plays in each and whose turn it is."""
        y0, shown = self._place_games()
        if not shown:
            return
        box = pygame.Rect(COLUMN.x, y0 - 34, COLUMN.w, shown * GAME_STEP + 34)
        surface.blit(art.panel(box.w, box.h), box.topleft)
        title = _("Your online games")
        art.blit_text(surface, title, (box.x + 12, y0 - 17), "display", art.fit(title, "display", 20, box.w - 24),
                      INK, anchor="midleft")
        for g, b in list(zip(self.games, self.game_buttons))[:shown]:
            b.label = self.opponents(g)
            b.size = art.fit(b.label, "bold", 18, b.rect.w - 24)
            text, mine = self.game_status(g)
            b.style = "primary" if mine else "normal"
            y = b.rect.bottom + 11
            game = online.kept_game(g)
            where = f"{game.title} · {g['room']}" if game.named_online else g["room"]
            room = art.measure(where, "body", 13)[0] + 14
            art.blit_text(surface, text, (b.rect.x + 6, y), "bold" if mine else "body",
                          art.fit(text, "body", 15, b.rect.w - room - 6), GOLD if mine else INK_DIM,
                          anchor="midleft")
            art.blit_text(surface, where, (b.rect.right - 4, y), "body", 13, INK_DIM, anchor="midright")

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
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_LEFT, pygame.K_RIGHT):
                step = 1 if event.key in (pygame.K_DOWN, pygame.K_RIGHT) else -1
                self.focus = (self.focus + step) % len(self.buttons)
                while not self.buttons[self.focus].visible:  # an online game the column has no room for
                    self.focus = (self.focus + step) % len(self.buttons)
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
        if self.status is not None:  # an online game's server answered: show where it stands
            answers = [self.status.get(g) for g in self.games]
            if answers != self._answers:
                self._answers = answers
                self.redraw()

    def wake_in(self) -> float | None:
        return 0.0 if self.t < SETTLE and not art.look().reduced_motion else None

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        logo = home.logo_line(LOGO_SIZE)
        surface.blit(logo, logo.get_rect(midtop=(640, LOGO_Y)))
        # dice either side of the logo, rocking gently (still with reduced motion)
        for i, (o, x) in enumerate((("red", 350), ("yellow", 410), ("blue", 870), ("green", 930))):
            rocking = 0.0 if art.look().reduced_motion else 12 * max(0.0, 1 - self.t / SETTLE)
            wobble = rocking * math.sin(self.t * 0.8 + i * 1.7)
            d = art.die_rotated(o, (i * 2) % 6 + 1, 46, (i * 37 + wobble) % 360)
            y = 56 + (i % 2) * 14
            surface.blit(art.die_shadow(46), art.die_shadow(46).get_rect(center=(x + 4, y + 5)))
            surface.blit(d, d.get_rect(center=(x, y)))
        if not self.saved and not self.lords_saved and not self.games:  # the column's room below the offer: what it is for
            hint = _("Pick a game on the left; saved games show here.")
            room = pygame.Rect(COLUMN.x, self.games_y, COLUMN.w, COLUMN.bottom - self.games_y)
            art.blit_text(surface, hint, room.center, "body", art.fit(hint, "body", 17, COLUMN.w), INK_DIM,
                          anchor="center")
        if self.games:
            self.draw_games(surface)
        draw_menu(surface, self.buttons, self.focus)
        if self.offer:
            self.draw_offer(surface)
        if self.message:
            lines = art.wrap(self.message, "bold", 17, 1180)[:2]
            for i, line in enumerate(lines):
                art.blit_text(surface, line, (640, ENTRIES_Y - 30 - 20 * (len(lines) - 1 - i)), "bold", 17,
                              art.DANGER, anchor="center")
        credits = _("Las Vegas by Rüdiger Dorn · Lords of Vegas by James Ernest and Mike Selinker")
        art.blit_text(surface, credits, (640, 700), "body", art.fit(credits, "body", 15, 900), INK_DIM, anchor="center")
        art.blit_text(surface, _("version {v}", v=__version__), (1262, 700), "body", 14, INK_DIM, anchor="midright")
        if not self.app.settings.fullscreen:  # the offer of full screen, on the home only (docs/art.md)
            art.blit_text(surface, _("F11: full screen"), (18, 700), "body", 14, INK_DIM, anchor="midleft")

    def draw_offer(self, surface) -> None:
        box = self.offer_box
        surface.blit(art.panel(box.w, box.h, alpha=230, border=(*art.GOLD, 255)), box)
        art.blit_text(surface, _("New to these games? Play a tutorial"), (box.x + 16, box.y + 6), "display", 22,
                      art.GOLD)
        text = _("A short guided game on the real table teaches each game's rules while you play.")
        # two lines rather than one shrunk to 7 px, above the buttons
        art.blit_lines(surface, text, (box.x + 16, box.y + 36, box.w - 32, box.h - 36 - 50), "body", 15, art.INK)
        for b in self.offer_buttons:
            b.draw(surface)
