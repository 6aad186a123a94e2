"""Play online: host a game on this computer (the game — Las Vegas or Lords of Vegas — and its
options, then the lobby) or join one (found on the local network, or an address plus a room
code: the room says which game it plays, and its table opens).  Lords of Vegas's setup opens
this scene with its game chosen."""

from __future__ import annotations

import errno

import pygame

from ..online import lobby as online
from ..lords import online as online_lords
from ...kernel.lazy import load
from ..kit import art
from ..kit.art import INK, INK_DIM
from ..kit.fields import TextField, handle_fields
from ..kit.host_form import NOTE_H, OPT_STEP, OPT_Y, place, row
from ..kit.i18n import N_, _, ngettext
from ...games import registry
from ..kit.scene import Scene
from ..kit.widgets import Button, Choice, FocusList, draw_form
from ..lasvegas.names import player_name

#: the host's choices of the delay before the AI plays an away player's turn (seconds; or never)
AWAY_DELAYS = (15, 30, 60)
#: a correspondence game's choices: the days the server keeps it after its last move (0: a live game)
KEEP_DAYS = (1, 3, 7, 14, 30)
#: the longest address list the join field takes (two long wss:// addresses and more)
ADDRESS_MAX = 240
#: the "Looking for games…" dots step every half second
DOTS = 0.5


class OnlineScene(Scene):
    def __init__(self, app, game: str = "lasvegas") -> None:
        super().__init__(app)
        self.message = ""
        self.browser = None
        self.found: list = []
        self.t = 0.0
        x = 40
        self.name = TextField((x + 250, 150, 300, 40), player_name(0))
        #: the game to host, and each game's own options (the registry's ``host_form`` of each)
        titles = [(name, entry.title) for name, entry in registry.GAMES.items()]
        self.game = Choice(row(0), _("Game"), titles, game if game in registry.GAMES else registry.names()[0],
                           lambda _g: self.layout(), value_w=270)
        self.forms = {name: load(entry.host_form)() for name, entry in registry.GAMES.items()}
        #: a game that lasts for days (correspondence): kept that many days after its last move
        self.days = Choice(row(8), _("Play over days"),
                           [(0, _("off")), *((n, ngettext("kept {n} day", "kept {n} days", n))
                                             for n in KEEP_DAYS)], 0, self._days)
        #: how long the server waits before its AI plays the turn of a player who is away
        self.away = Choice(row(9), _("Away player: the AI plays after"),
                           [*((s, _("{n} s", n=s)) for s in AWAY_DELAYS), (None, _("never"))], 30)
        self.layout()
        self.host_btn = Button((x + 390, 102, 170, 44), _("Host"), self.host, style="primary", size=26)
        jx = 680
        self.address = TextField((jx + 200, 440, 360, 44), "", max_len=ADDRESS_MAX)
        self.code = TextField((jx + 200, 494, 160, 44), "", self._code, max_len=6)
        self.join_btn = Button((jx + 330, 548, 230, 58), _("Join"), self.join, style="primary", size=28)
        self.back_btn = Button((30, 630, 160, 62), _("Back"), self.app.pop, size=24)
        self.found_btns: list[Button] = []
        #: keyboard and controller: every field, choice and button in reading order
        self.nav = FocusList(lambda: [self.name, *self.options, self.host_btn, *self.found_btns, self.address,
                                      self.code, self.join_btn, self.back_btn])

    @property
    def form(self):
        """The options of the game chosen (its ``host_form``)."""
        return self.forms[self.game.value]

    @property
    def options(self) -> list[Choice]:
        """The host's options for the game chosen, top to bottom."""
        return [self.game, *self.form.rows(self.days, self.away)]

    @property
    def noted(self) -> list[Choice]:
        """The options with a line on what they do below them (``notes``, in order)."""
        return self.form.noted

    def layout(self) -> None:
        """Place the options of the game chosen one under another (a noted one leaves room for its line)."""
        y = OPT_Y
        for o in self.options:
            place(o, y)
            y += OPT_STEP + (NOTE_H if o in self.noted else 0)

    # ----------------------------------------------------------- life
    def enter(self) -> None:
        try:
            from ...net.discovery import Browser

            self.browser = Browser(online.INTERFACES)
        except Exception:  # no network at all: the address can still be typed
            self.browser = None

    def exit(self) -> None:
        if self.browser is not None:
            browser, self.browser = self.browser, None
            browser.close()

    def pause(self) -> None:
        pass

    # --------------------------------------------------------- actions
    def notes(self) -> list[str]:
        """The line under each option that has one (``noted``), in order (as in the setup)."""
        return self.form.notes()

    def _days(self, days: int) -> None:
        """A game over days has no time pressure: no AI ever plays for a player who is away, no
        decision has a deadline."""
        self.away.enabled = not days
        for form in self.forms.values():
            form.over_days(days)

    def _code(self, v: str) -> None:
        self.code.value = v.upper()

    def _player_name(self) -> str:
        return self.name.value.strip() or player_name(0)

    def host(self) -> None:
        name = self._player_name()
        try:
            server = online.host(_("{name}'s table", name=name), game=self.game.value)
        except OSError as e:
            self.message = _("The game could not be hosted here: {why}", why=hosting_failure(e))
            return
        request = self.form.request(name, self.days.value, self.away.value)
        lobby = load(registry.game(self.game.value).lobby)
        self.app.swap("lobby", lobby=lobby(server.url, request), fill=self.form.fill.value)

    def pick(self, found) -> None:
        self.address.value = found.url.removeprefix("ws://")

    def join(self) -> None:
        url = online.address(self.address.value)
        code = self.code.value.strip().upper()
        if not url or not online.ROOM_CODE.match(code):
            self.message = _("Type the host's address and the room code.")
            return
        request = {"type": "join", "room": code, "name": self._player_name()}
        self.app.swap("lobby", lobby=online_lords.join(url, request))  # either game: the room says which

    # ---------------------------------------------------------- events
    @property
    def fields(self) -> list[TextField]:
        return [self.name, self.address, self.code]

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for f in self.fields:
                f.handle(event)  # lit under the mouse
        if handle_fields(self.fields, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.nav.handle(event):
            return
        for w in (*self.options, *self.found_btns, self.host_btn, self.join_btn, self.back_btn):
            if w.handle(event) and event.type != pygame.MOUSEMOTION:
                return

    def update(self, dt: float) -> None:
        self.t += dt
        if self.browser is None:
            return
        found = [f for f in self.browser.found() if f.compatible][:4]
        if found != self.found:
            self.redraw()
            self.found = found
            self.found_btns = [Button((700, 186 + i * 52, 520, 44), self.found_label(f), lambda f=f: self.pick(f),
                                      size=art.fit(self.found_label(f), "bold", 18, 500, 12))
                               for i, f in enumerate(found)]

    def wake_in(self) -> float | None:
        """While no game is found, the dots of "Looking for games…" step twice a second."""
        return DOTS - self.t % DOTS if not self.found_btns else None

    @staticmethod
    def found_label(found) -> str:
        """A server on the network as the list shows it: its name, and the game its host's room plays."""
        game = online_lords.GAME_TITLES.get(found.playing or "")
        return f"{found.name} · {game}" if game else found.name

    def draw(self, surface) -> None:
        draw_form(surface, _("Play online"), pygame.Rect(20, 96, 600, 520), pygame.Rect(660, 96, 600, 520))
        art.blit_text(surface, _("Host a game here"), (40, 110), "display", 24, INK)
        self.nav.mark()
        art.blit_text(surface, _("Your name"), (48, 170), "bold", 20, INK, anchor="midleft")
        self.name.draw(surface)
        for o in self.options:
            o.draw(surface)
        last = max((o.rect.bottom for o in self.options if o.visible), default=0)
        for o, note in zip(self.noted, self.notes()):  # one line each on what the option does
            r = o.rect
            if r.bottom >= last:  # under the last option nothing follows: two lines rather than 7 px
                art.blit_lines(surface, note, (r.x + 10, r.bottom, r.w - 20, 44), "body", 14, INK_DIM)
                continue
            size = art.fit(note, "body", 14, r.w - 20, 9)
            while size > 9 and art.measure(note, "body", size)[1] > NOTE_H + 3:  # clear of the next row
                size -= 1
            art.blit_text(surface, note, (r.x + 10, r.bottom), "body", size, INK_DIM)
        self.host_btn.draw(surface)
        art.blit_text(surface, _("Join a game"), (680, 110), "display", 24, INK)
        art.blit_text(surface, _("Games on your network"), (690, 156), "bold", 18, INK_DIM)
        for b in self.found_btns:
            b.draw(surface)
        if not self.found_btns:
            dots = "." * (1 + int(self.t * 2) % 3)
            art.blit_text(surface, _("Looking for games") + dots, (700, 200), "body", 16, INK_DIM)
        art.blit_text(surface, _("Address"), (688, 462), "bold", 20, INK, anchor="midleft")
        art.blit_text(surface, _("Room code"), (688, 516), "bold", 20, INK, anchor="midleft")
        self.address.draw(surface)
        self.code.draw(surface)
        self.join_btn.draw(surface)
        if self.message:
            art.blit_wrapped(surface, self.message, (220, 632), 780, "bold", 16, art.DANGER)
        self.back_btn.draw(surface)


#: why a game could not be hosted on this computer, for the usual causes (others: the system's words)
HOSTING_FAILURES = {errno.EADDRINUSE: N_("another program already uses its port"),
                    errno.EACCES: N_("this computer does not allow it to listen on its port"),
                    errno.EADDRNOTAVAIL: N_("this computer has no network address to offer"),
                    errno.ENETUNREACH: N_("this computer has no network address to offer")}


def hosting_failure(e: OSError) -> str:
    why = HOSTING_FAILURES.get(e.errno or 0)
    return _(why) if why else str(e)
