"""Play online: host a game on this computer (the game — Las Vegas or Lords of Vegas — and its
options, then the lobby) or join one (found on the local network, or an address plus a room
code: the room says which game it plays, and its table opens).  Lords of Vegas's setup opens
this scene with its game chosen."""

from __future__ import annotations

import errno

import pygame

from ...core.config import (
    CASINO_MINIMUM, MAX_NEUTRAL_SEATS, MAX_SEATS, MIN_SEATS, MINIMUM_BY_SEATS, default_minimum,
)
from .. import online, online_lords
from ..kit import art
from ..kit.art import INK, INK_DIM
from ..kit.fields import TextField, handle_fields
from ..kit.i18n import N_, _, money, ngettext
from ...games import registry
from ..kit.scene import Scene
from ..kit.widgets import Button, Choice, FocusList, draw_form
from ..lasvegas.names import ai_level_name, player_name


def _levels(game: str = "lasvegas") -> list[str]:
    """The AI levels a host offers for the game's seats: its book's but Random."""
    return [lv for lv in registry.levels(game) if lv != "random"] or ["random"]


#: the host's choices of the delay before the AI plays an away player's turn (seconds; or never)
AWAY_DELAYS = (15, 30, 60)
#: a correspondence game's choices: the days the server keeps it after its last move (0: a live game)
KEEP_DAYS = (1, 3, 7, 14, 30)
#: Lords of Vegas: the choices of the time a seat has for a decision of its own before its default is played
DECIDE_SECONDS = (15, 30, 60, 120)
#: the host's options, top to bottom (a line on what some do below them: ``noted``)
OPT_Y, OPT_STEP, OPT_H, NOTE_H = 196, 32, 30, 15
#: the longest address list the join field takes (two long wss:// addresses and more)
ADDRESS_MAX = 240
#: the "Looking for games…" dots step every half second
DOTS = 0.5


def _row(i: int, x: int = 40, w: int = 560) -> tuple[int, int, int, int]:
    """A row of the host's side (placed again by :meth:`OnlineScene.layout`)."""
    return (x, OPT_Y + i * OPT_STEP, w, OPT_H)


def _place(choice: Choice, y: int) -> None:
    """Move a choice's row (and its arrows) to ``y``."""
    for r in (choice.rect, choice.value_rect, choice.left, choice.right):
        r.y = y


class OnlineScene(Scene):
    def __init__(self, app, game: str = "lasvegas") -> None:
        super().__init__(app)
        self.message = ""
        self.browser = None
        self.found: list = []
        self.t = 0.0
        on_off = [(False, _("off")), (True, _("on"))]
        x = 40
        self.name = TextField((x + 250, 150, 300, 40), player_name(0))
        self.players = Choice(_row(0), _("Seats"), [(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)], 4,
                              self._players)
        self.neutral = Choice(_row(1), _("Neutral dice"), on_off, False)
        self.edition = Choice(_row(2), _("Bills"),
                              [("classic", _("classic 2012")), ("2018", _("2018 edition"))], "classic")
        #: the Las Vegas Boulevard options (docs/rules.md §10), as the setup offers them
        self.minimum = Choice(_row(3), _("Casino minimum"), self._minimums(4), "classic", value_w=270)
        self.hundreds = Choice(_row(4), _("$100,000 bills"), on_off, False)
        self.biggies = Choice(_row(5), _("Biggies"), on_off, False)
        self.hide = Choice(_row(6), _("Hide opponents' money"), on_off, False)
        levels = _levels()
        self.fill = Choice(_row(7), _("Empty seats"),
                           [(lv, _("AI · {level}", level=ai_level_name(lv))) for lv in levels],
                           levels[len(levels) // 2])
        #: a game that lasts for days (correspondence): kept that many days after its last move
        self.days = Choice(_row(8), _("Play over days"),
                           [(0, _("off")), *((n, ngettext("kept {n} day", "kept {n} days", n))
                                             for n in KEEP_DAYS)], 0, self._days)
        #: how long the server waits before its AI plays the turn of a player who is away
        self.away = Choice(_row(9), _("Away player: the AI plays after"),
                           [*((s, _("{n} s", n=s)) for s in AWAY_DELAYS), (None, _("never"))], 30)
        #: the game to host; Lords of Vegas's own options
        self.game = Choice(_row(0), _("Game"), list(online_lords.GAME_TITLES.items()),
                           game if game in online_lords.GAME_TITLES else "lasvegas", lambda _g: self.layout(),
                           value_w=270)
        self.lords_players = Choice(_row(1), _("Seats"), [(n, str(n)) for n in range(2, 5)], 4)
        lords_levels = _levels("lords")
        self.lords_fill = Choice(_row(2), _("Empty seats"),
                                 [(lv, _("AI · {level}", level=ai_level_name(lv))) for lv in lords_levels], "medium")
        #: how long a seat has for a lay-off, a placement after a reorganize, a forced move
        self.decide = Choice(_row(5), _("Time to decide"),
                             [(s, _("{n} s", n=s)) for s in DECIDE_SECONDS], 30)
        self._players(self.players.value)
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
    def lords(self) -> bool:
        return self.game.value == "lords"

    @property
    def options(self) -> list[Choice]:
        """The host's options for the game chosen, top to bottom."""
        if self.lords:
            return [self.game, self.lords_players, self.lords_fill, self.days, self.away, self.decide]
        return [self.game, self.players, self.neutral, self.edition, self.minimum, self.hundreds, self.biggies,
                self.hide, self.fill, self.days, self.away]

    @property
    def noted(self) -> list[Choice]:
        """The options with a line on what they do below them (``notes``, in order)."""
        return [self.decide] if self.lords else [self.neutral, self.minimum, self.hundreds, self.biggies]

    def layout(self) -> None:
        """Place the options of the game chosen one under another (a noted one leaves room for its line)."""
        y = OPT_Y
        for o in self.options:
            _place(o, y)
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
    def _players(self, n: int) -> None:
        self.neutral.enabled = n <= MAX_NEUTRAL_SEATS
        if n > MAX_NEUTRAL_SEATS:
            self.neutral.set_value(False)
        # the minimum by seats names its amount for this many seats; the seat count's default is kept
        # as the default (6 seats and more: by seats)
        was_default = self.minimum.value == default_minimum(getattr(self, "_seats", n))
        self.minimum.options = self._minimums(n)
        self.minimum.set_value(default_minimum(n) if was_default else self.minimum.value)
        self._seats = n

    @staticmethod
    def _minimums(n: int) -> list[tuple[str, str]]:
        return [("classic", money(CASINO_MINIMUM)),
                ("by-seats", _("by seats: {amount}", amount=money(MINIMUM_BY_SEATS[n])))]

    def notes(self) -> list[str]:
        """The line under each option that has one (``noted``), in order (as in the setup)."""
        if self.lords:
            return [_("Not answered in time (lay off half, place dice…): the default is played.")]
        n = self.players.value
        return [_("White dice nobody owns: they can win bills and break ties.") if n <= MAX_NEUTRAL_SEATS
                else _("Only with 2 to 6 seats."),
                _("Bills are dealt to each casino until it holds at least this much."),
                _("Five $100,000 bills are shuffled into the deck."),
                _("One of each seat's dice is big: it counts as two dice at payout.")]

    def _days(self, days: int) -> None:
        """A game over days has no time pressure: no AI ever plays for a player who is away, no
        decision has a deadline."""
        self.away.enabled = self.decide.enabled = not days

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
        if self.lords:
            self.host_lords(server.url, name)
            return
        n = self.players.value
        request = {"type": "create", "players": n, "neutral": bool(self.neutral.value and n <= MAX_NEUTRAL_SEATS),
                   "edition": self.edition.value, "hide_money": bool(self.hide.value),
                   "ai": [None] * n, "away_delay": self.away.value, "name": name}
        # the Boulevard options only when set: a server of an earlier build refuses fields it does not know
        if self.minimum.value != default_minimum(n):
            request["minimum"] = self.minimum.value
        for option in ("hundreds", "biggies"):
            if getattr(self, option).value:
                request[option] = True
        if self.days.value:
            request.update(correspondence=True, keep_days=self.days.value)
            del request["away_delay"]
        self.app.swap("lobby", lobby=online.Lobby(server.url, request), fill=self.fill.value)

    def host_lords(self, url: str, name: str) -> None:
        n = self.lords_players.value
        request = {"type": "create", "game": "lords", "players": n, "ai": [None] * n, "name": name}
        if self.days.value:
            request.update(correspondence=True, keep_days=self.days.value)
        else:
            request.update(away_delay=self.away.value, decision_seconds=self.decide.value)
        self.app.swap("lobby", lobby=online_lords.LordsLobby(url, request), fill=self.lords_fill.value)

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
