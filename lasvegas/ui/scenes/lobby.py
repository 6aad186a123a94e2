"""The lobby of an online room: the room code (big, to read aloud), the game it plays (Las Vegas or
Lords of Vegas), the seats (open, a player and whether they are connected, an AI level), and for
the host the Start button.  When the
game starts every player's table opens on the room's match."""

from __future__ import annotations

import pygame

from ...core.config import MINIMUM_BY_SEATS
from ..online import lobby as online
from ..lords.online import GAME_TITLES
from ..kit import art, serverwords
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _, money, ngettext
from ..kit.scene import Scene
from ..kit.widgets import Button, draw_form
from ..lasvegas.names import ai_level_name, colour_name, shown_seat_name


#: the "Connecting…" dots step every half second
DOTS = 0.5


class LobbyScene(Scene):
    def __init__(self, app, lobby: "online.Lobby", fill: str = "medium") -> None:
        super().__init__(app)
        self.lobby = lobby
        self.fill = fill
        self.t = 0.0
        self.opened = False
        self.start_btn = Button((1020, 630, 230, 62), _("Start"), self.start, style="primary", size=30,
                                hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self.back_btn = Button((30, 630, 160, 62), _("Leave"), self.leave, size=24)

    # --------------------------------------------------------- actions
    def start(self) -> None:
        if self.lobby.is_host:
            self.lobby.start(self.fill)

    def leave(self) -> None:
        self.lobby.leave()
        self.lobby.close()
        self.lobby.forget()
        self.app.go("title")

    def exit(self) -> None:
        if not self.opened:  # the game is closing: the link goes, the kept seat stays
            self.lobby.close()

    # ---------------------------------------------------------- events
    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        buttons = [self.back_btn] + ([self.start_btn] if self.lobby.is_host else [])
        for b in buttons:
            if b.handle(event) and event.type != pygame.MOUSEMOTION:
                return

    def update(self, dt: float) -> None:
        self.t += dt
        before = self.said()
        self.lobby.update()
        if self.lobby.handover is not None:  # a room joined by its code plays Las Vegas: its own lobby
            self.lobby = self.lobby.handover
            self.lobby.update()
        if self.said() != before:  # the server said something: the seats, the code, an error
            self.redraw()
        if self.lobby.match is not None and not self.opened:
            self.opened = True
            self.app.go(self.lobby.table, match=self.lobby.match)

    def said(self) -> tuple:
        """What the lobby shows of the server's messages (drawn again when it changes)."""
        lb = self.lobby
        return lb, lb.info, lb.seat, lb.error

    def wake_in(self) -> float | None:
        """While connecting, the dots of "Connecting…" step twice a second; else nothing moves."""
        return DOTS - self.t % DOTS if self.lobby.info is None and not self.lobby.error else None

    # ------------------------------------------------------------ draw
    def error_text(self) -> str:
        """What went wrong, in the player's language when the server's reason is a known one."""
        return serverwords.refusal(self.lobby.error_code)

    def seat_text(self, seat: dict) -> tuple[str, str]:
        """(name, state) of one seat as the lobby shows it."""
        if seat["kind"] == "open":
            return _("Open seat"), ""
        if seat["kind"] == "ai":
            return _("AI · {level}", level=ai_level_name(seat["level"])), ""
        name = shown_seat_name(seat["name"] or "", kind="human") or colour_name(seat["colour"])
        return name, _("connected") if seat.get("connected") else _("away")

    @staticmethod
    def table_options(options: dict) -> str:
        """The room's Las Vegas Boulevard options in one line ("" when none is on; a Lords of Vegas
        room: its time to decide), for whoever joins."""
        parts = []
        n = options.get("players")
        if options.get("minimum") == "by-seats" and n in MINIMUM_BY_SEATS:
            parts.append(_("{option}: {value}", option=_("Casino minimum"),
                           value=_("by seats: {amount}", amount=money(MINIMUM_BY_SEATS[n]))))
        if options.get("hundreds") is True:
            parts.append(_("$100,000 bills"))
        if options.get("biggies") is True:
            parts.append(_("Biggies"))
        seconds = options.get("decision_seconds")
        if online.kept_game(options).timed_decisions and isinstance(seconds, int) and not isinstance(seconds, bool):
            parts.append(_("{option}: {value}", option=_("Time to decide"), value=_("{n} s", n=seconds)))
        return " · ".join(parts)

    def draw(self, surface) -> None:
        draw_form(surface, _("Online room"), pygame.Rect(20, 96, 690, 520), pygame.Rect(720, 96, 540, 520))
        art.blit_text(surface, _("Seats"), (40, 110), "display", 24, INK)
        info = self.lobby.info
        if info is not None:  # the game the room plays
            game = GAME_TITLES.get(info.get("game", "lasvegas"), "")
            art.blit_text(surface, game, (690, 126), "display", 22, GOLD, anchor="midright")
        if info is not None:
            roomy = len(info["seats"]) <= 5  # up to 8 seats: closer rows, smaller dice
            step, size, die = (78, 24, 44) if roomy else (56, 21, 36)
            for i, seat in enumerate(info["seats"]):
                y = 160 + i * step if roomy else 136 + i * step
                d = art.die(seat["colour"], 5, die)
                surface.blit(d, d.get_rect(center=(80, y + 30)))
                name, state = self.seat_text(seat)
                art.blit_text(surface, name, (124, y + 30), "display", size, INK, anchor="midleft")
                if i == self.lobby.seat:
                    art.blit_text(surface, _("you"), (440, y + 30), "bold", 16, GOLD, anchor="midleft")
                if state:
                    on = bool(seat.get("connected"))
                    surface.circle((90, 220, 120) if on else (150, 150, 140), (530, y + 30), 7)
                    art.blit_text(surface, state, (546, y + 30), "body", 16, INK if on else INK_DIM,
                                  anchor="midleft")
        art.blit_text(surface, _("Room code"), (990, 130), "display", 24, INK, anchor="center")
        code = self.lobby.room or "……"
        art.blit_text(surface, " ".join(code), (990, 210), "display", 64, GOLD, anchor="center")
        server = online.hosted()
        if server is not None:
            from ...net.discovery import _lan_address

            where = f"{_lan_address()}:{server.port}"
            art.blit_text(surface, _("Address: {where}", where=where), (990, 290), "bold", 18, INK,
                          anchor="center")
        extras = self.table_options((info or {}).get("options") or {})
        if extras:
            art.blit_text(surface, extras, (990, 318), "bold", art.fit(extras, "bold", 17, 500, 12), GOLD,
                          anchor="center")
        dots = "." * (1 + int(self.t * 2) % 3)
        if self.lobby.error:
            art.blit_wrapped(surface, self.error_text(), (740, 340), 500, "bold", 16, art.DANGER)
        elif info is None:
            art.blit_text(surface, _("Connecting") + dots, (990, 360), "bold", 18, INK_DIM, anchor="center")
        elif self.lobby.is_host:
            text = _("Read the code to the other players. Seats still open when you start are played "
                     "by the AI ({level}).", level=ai_level_name(self.fill))
            art.blit_wrapped(surface, text, (740, 340), 500, "body", 16, INK_DIM)
        else:
            art.blit_text(surface, _("Waiting for the host to start") + dots, (990, 360), "bold", 18, INK_DIM,
                          anchor="center")
        options = (info or {}).get("options") or {}
        if options.get("correspondence"):
            days = options.get("keep_days", 7)
            art.blit_text(surface, _("A game over days"), (990, 470), "display", 22, GOLD, anchor="center")
            text = ngettext("Play your turns when you like: no AI plays for a player who is away. The server "
                            "keeps the game {n} day after its last move.",
                            "Play your turns when you like: no AI plays for a player who is away. The server "
                            "keeps the game {n} days after its last move.", days)
            art.blit_wrapped(surface, text, (740, 494), 500, "body", 16, INK_DIM)
        if self.lobby.is_host:
            self.start_btn.draw(surface)
        self.back_btn.draw(surface)
