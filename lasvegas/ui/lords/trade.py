"""The trade panel (D13, D14): the seat at the screen builds an offer to another seat: money each
way, marked lots and dice each way, and, when one side is the active seat, this turn's action
done at acceptance, chosen from a list (``trade_list``: the engine's actions, each with its
glyph, lot and price; its lot lit on the board).  The panel takes the right half: the board stays in view, its lots are picked
there (a click on one of your lots gives it, on the other player's asks for it, on a third
player's makes the offer to them), the lots of the offer lit.  Proposing sends it to the engine (its reason shown if refused); a human
recipient answers behind a pass screen, an AI seat answers at once with its reason in words."""

from __future__ import annotations

import pygame

from ...lords import actions as A
from ...lords.board import COST, LOT_NAMES, N_LOTS
from ...lords.queries import action_cost, trade_actions
from ..kit import art
from ..kit.art import DANGER, GOLD, INK, INK_DIM
from ..kit.i18n import _, money
from ..kit.scene import Scene
from ..kit.widgets import Button
from . import board, glyphs, menu, reasons, trade_pad
from .deal import action_lot
from .trade_list import ActionList, company, lots as action_lots
from . import layout as L

BOX = L.TRADE_BOX
CHIP_W, CHIP_H = 80, 30
#: chips per row, and the rows shown per side
PER_ROW, ROWS = 8, 3


class LordsTradeScene(Scene):
    opaque = False

    def __init__(self, app, table, seat: int) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        self.seat = seat
        others = [s for s in range(self.match.n) if s != seat]
        self.to = others[0]
        self.give_money = 0
        self.get_money = 0
        self.give: set[int] = set()
        self.get: set[int] = set()
        self.chosen = None  # the action chosen in the list (None: no action)
        self.bets: dict[int, int] = {}  # a gamble's bet chosen in the list, by its casino's lot
        self._acts: list | None = None  # ``actions()`` as this frame draws them (made again at each draw)
        self._after = None  # the game they are priced on: the trade done (``queries.trade_actions``)
        self.list = ActionList(self)  # the actions a trade may bring, chosen from a list
        self.message = ""
        self.buttons = [Button((BOX.x + 20, BOX.bottom - 60, 240, 44), _("Propose (Enter)"), self.propose,
                               style="primary", size=20, hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER)),
                        Button((BOX.right - 200, BOX.bottom - 60, 180, 44), _("Close (Esc)"), self.close, size=20,
                               hotkeys=(pygame.K_ESCAPE,))]
        self.withdraw_button = Button((BOX.x + 280, BOX.bottom - 60, 260, 44), _("Withdraw my offer"),
                                      self.withdraw, size=18)

    # ------------------------------------------------------------- the offer
    def actions(self) -> list:
        """``None`` (no action) and the actions the engine allows the active seat once the offer
        has changed hands (the money it brings in counts, a lot it buys may be built on: D13 checks
        the action at acceptance), as the last frame drew them: asked of the engine once a frame,
        not by each row of the list."""
        if self._acts is not None:
            return self._acts
        g = self.match.query
        out: list = [None]
        self._after, priced = trade_actions(g, self.offer())
        if g.active in (self.seat, self.to):
            for a, _c in priced:
                if type(a) is A.Gamble:  # the engine's largest bet, or the smaller one chosen in the list
                    a = A.Gamble(a.seat, a.casino, max(1, min(a.bet, self.bets.get(a.casino, a.bet))))
                out.append(a)
        self._acts = out
        return out

    @property
    def action_i(self) -> int:
        """The row of the action chosen (0: no action, or the chosen one no longer possible with
        the offer as it now stands)."""
        acts = self.actions()
        c = self.chosen
        for i, a in enumerate(acts):
            if a is not None and c is not None and (a == c or type(a) is type(c) is A.Gamble
                                                    and a.casino == c.casino):
                return i
        return 0

    @action_i.setter
    def action_i(self, i: int) -> None:
        acts = self.actions()
        self.chosen = acts[i % len(acts)]

    def change_bet(self, i: int, d: int) -> None:
        """The bet of the gamble at row ``i`` of the actions, ``d`` dollars more or less: from $1 to
        the engine's largest (nothing for another action)."""
        acts = self.actions()
        a = acts[i % len(acts)]
        if type(a) is not A.Gamble:
            return
        g = self._after or self.match.query
        top = next((b for k, b in g.gamble_options(g.active) if k[0] == a.casino), a.bet)
        self.bets[a.casino] = max(1, min(top, a.bet + d))
        self._acts = None

    def price(self, a) -> int:
        """What the action costs the active seat (the engine's price; a gamble: its largest bet)."""
        try:
            return action_cost(self._after or self.match.query, a)
        except (IndexError, TypeError, ValueError):  # its casino gone meanwhile: the engine refuses it
            return 0

    def action_effect(self, a) -> str:
        """What the chosen action makes of its casino, as the engine plays it on a copy (a merge, its
        size, its boss); a gamble: against whom; a reorganize: its dice re-rolled ("": none)."""
        g = self.match.query
        at = action_lot(a) if a is not None else None
        if at is None:
            return ""
        if type(a) in (A.Build, A.Sprawl, A.Remodel):
            return menu.casino_line(self.match, self.seat, at, a, share=self.seat != g.active)
        if type(a) is A.Gamble:
            return _("against {boss}", boss=menu.boss_name(self.match, g.boss(g.casino_of(a.casino))))
        if type(a) is A.Reorganize:
            return _("all the casino's dice re-rolled")
        return ""

    def offer(self) -> A.Propose:
        """What changes hands, without the action."""
        g = self.match.query
        give = A.Offer(self.give_money, tuple(sorted(i for i in self.give if g.marker[i] == self.seat)),
                       tuple(sorted(i for i in self.give if g.owner[i] == self.seat)))
        get = A.Offer(self.get_money, tuple(sorted(i for i in self.get if g.marker[i] == self.to)),
                      tuple(sorted(i for i in self.get if g.owner[i] == self.to)))
        return A.Propose(self.seat, self.to, give, get)

    def proposal(self) -> A.Propose:
        acts = self.actions()
        p = self.offer()
        return A.Propose(p.seat, p.to, p.give, p.get, acts[self.action_i % len(acts)])

    def blocked(self) -> str | None:
        """Why the offer as it stands cannot be proposed, in the player's words (None: it can): an
        empty offer says what to add; any other, the engine's reason (tried on a copy, nothing sent:
        the engine's refusal at proposing stays the last guard)."""
        p = self.proposal()
        if p.action is None and p.give.is_empty() and p.get.is_empty():
            return _("Nothing in the offer yet: add money, a lot or an action")
        return reasons.say(self.match.why_not(p), self.match.name)

    def propose(self) -> None:
        why = self.blocked()
        if why:  # the button is greyed and says why: nothing is sent
            self.message = why
            return
        if self.table.act(self.proposal()):
            self.close()
        else:
            self.message = self.table.message

    def withdraw(self) -> None:
        if (self.seat, self.to) in self.match.query.proposals:
            self.table.act(A.Withdraw(self.seat, self.to))

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def items(self, seat: int) -> list[int]:
        g = self.match.query
        return [i for i in range(N_LOTS) if g.marker[i] == seat or g.owner[i] == seat]

    def chip_rects(self, seat: int, x: int, y: int) -> list[tuple[int, pygame.Rect]]:
        out = []
        for j, lot in enumerate(self.items(seat)[:PER_ROW * ROWS]):
            out.append((lot, pygame.Rect(x + (j % PER_ROW) * (CHIP_W + 6), y + (j // PER_ROW) * (CHIP_H + 6),
                                         CHIP_W, CHIP_H)))
        return out

    @staticmethod
    def side_y(side: str) -> int:
        """The top of a side's part of the panel ("give" above, "get" below)."""
        return BOX.y + (60 if side == "give" else 250)

    def origin(self, side: str) -> tuple[int, int]:
        """Where a side's chips start."""
        return BOX.x + 16, self.side_y(side) + 72

    def controls(self) -> dict[str, pygame.Rect]:
        x0 = BOX.x + 16
        gy, ty = self.side_y("give") + 30, self.side_y("get") + 30
        return {"to": pygame.Rect(BOX.right - 290, BOX.y + 12, 274, 34),
                "give-": pygame.Rect(x0 + 110, gy, 34, 30), "give+": pygame.Rect(x0 + 230, gy, 34, 30),
                "get-": pygame.Rect(x0 + 110, ty, 34, 30), "get+": pygame.Rect(x0 + 230, ty, 34, 30),
                "act": pygame.Rect(x0, BOX.y + 450, BOX.w - 32, 34)}

    def pick(self, lot: int) -> bool:
        """A lot clicked on the board: yours goes in (or out of) what you give, the other player's in
        what you ask for; a third player's makes the offer to them.  False: nobody's lot."""
        g = self.match.query
        owner = g.marker[lot] if g.marker[lot] >= 0 else g.owner[lot]
        if owner < 0:
            return False
        if owner == self.seat:
            self.give.symmetric_difference_update({lot})
        else:
            if owner != self.to:
                self.to = owner
                self.get, self.get_money, self.action_i = set(), 0, 0
            self.get.symmetric_difference_update({lot})
        return True

    def handle(self, event) -> None:
        self._acts = None  # the offer may change: its actions are asked again
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            self.message = ""  # what was refused before is not this offer's problem any more
        if self.list.handle(event):  # the list of actions, while open, takes every key and click
            return
        if trade_pad.handle(self, event):  # keys and a controller: the ring (ui/lords/trade_pad.py)
            return
        for b in self.buttons + [self.withdraw_button]:
            if b.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.next_to()
            return
        if event.type != pygame.MOUSEBUTTONUP or event.button != 1:
            return
        pos = event.pos
        g = self.match.query
        lot = L.lot_at(pos) if not BOX.collidepoint(pos) else None
        if lot is not None:
            self.pick(lot)
            return
        for name, r in self.controls().items():
            if r.collidepoint(pos):
                if name == "to":
                    self.next_to()
                elif name == "give-":
                    self.give_money = max(0, self.give_money - 1)
                elif name == "give+":
                    self.give_money = min(g.money[self.seat], self.give_money + 1)
                elif name == "get-":
                    self.get_money = max(0, self.get_money - 1)
                elif name == "get+":
                    self.get_money = min(g.money[self.to], self.get_money + 1)
                elif name == "act":
                    self.list.show()
                return
        for seat, chosen, side in ((self.seat, self.give, "give"), (self.to, self.get, "get")):
            for lot, r in self.chip_rects(seat, *self.origin(side)):
                if r.collidepoint(pos):
                    chosen.symmetric_difference_update({lot})
                    return

    def next_to(self) -> None:
        others = [s for s in range(self.match.n) if s != self.seat]
        self.to = others[(others.index(self.to) + 1) % len(others)]
        self.get = set()
        self.get_money = 0
        self.action_i = 0

    def draw(self, surface) -> None:
        m, g = self.match, self.match.query
        self._acts = None  # the game may have moved since the last frame
        # the board stays in view: the lots of the offer lit, the ones that may join it outlined
        board.highlight(surface, [i for i in self.items(self.seat) + self.items(self.to)
                                  if i not in self.give and i not in self.get], (200, 220, 210), 1)
        board.highlight(surface, sorted(self.give), art.owner_rgb(m.colour(self.seat)), 4)
        board.highlight(surface, sorted(self.get), GOLD, 4)
        act = self.list.lit()  # the action's lot (its casino), in its company's colour
        tint, lit = company(g, act), action_lots(g, act)
        for lot in lit:  # a dark ring around it: silver and gold stand out from the lots' paper
            surface.rect((16, 18, 20), L.lot_rect(lot).inflate(12, 12), width=4, border_radius=8)
        board.highlight(surface, lit, glyphs.COMPANY_RGB[tint] if tint >= 0 else INK, 5)
        surface.rect((14, 26, 22), BOX, border_radius=16)  # opaque: nothing of the table shows through
        surface.blit(art.panel(BOX.w, BOX.h, alpha=250, border=(255, 255, 255, 60), radius=16), BOX)
        title = _("Trade: {who} offers…", who=m.name(self.seat))
        art.blit_text(surface, title, (BOX.x + 16, BOX.y + 12), "display", art.fit(title, "display", 26, 380), GOLD)
        c = self.controls()
        x0 = BOX.x + 16
        art.blit_text(surface, _("To"), (c["to"].x - 10, c["to"].centery), "bold", 17, INK, anchor="midright")
        surface.rect((20, 42, 36), c["to"], border_radius=8)
        label = _("{name} (Tab)", name=m.name(self.to))
        art.blit_text(surface, label, c["to"].center, "bold", art.fit(label, "bold", 17, c["to"].w - 10), GOLD,
                      anchor="center")
        if not self.list.open:  # the open list covers the offer's two sides: drawn once it closes
            for side, cash, seat in (("give", self.give_money, self.seat), ("get", self.get_money, self.to)):
                y = self.side_y(side)
                head = _("You give") if side == "give" else _("You get")
                art.blit_text(surface, head, (x0, y), "display", 20, INK)
                art.blit_text(surface, _("Money"), (x0, y + 45), "bold", 16, INK_DIM, anchor="midleft")
                art.blit_text(surface, money(cash), (x0 + 187, y + 45), "display", 22, GOLD, anchor="center")
                hint = _("Click lots on the board or here to add them")
                art.blit_text(surface, hint, (x0 + 290, y + 45), "body", art.fit(hint, "body", 14, BOX.right - x0 - 306),
                              INK_DIM, anchor="midleft")
                chosen = self.give if side == "give" else self.get
                for lot, r in self.chip_rects(seat, *self.origin(side)):
                    self.draw_chip(surface, r, lot, seat, lot in chosen)
            for name in ("give-", "give+", "get-", "get+"):
                r = c[name]
                surface.rect((20, 42, 36), r, border_radius=6)
                surface.rect((120, 200, 180), r, width=1, border_radius=6)
                art.blit_text(surface, "−" if name.endswith("-") else "+", r.center, "bold", 20, INK, anchor="center")
        self.list.draw_line(surface, c["act"])
        acts = self.actions()
        effect = self.action_effect(acts[self.action_i % len(acts)])
        if effect:  # the whole deal on the offer's side too: what the action makes of the casino
            art.blit_text(surface, effect, (x0, c["act"].bottom + 16), "body",
                          art.fit(effect, "body", 15, BOX.w - 32), INK_DIM, anchor="midleft")
        why = self.blocked()
        self.buttons[0].enabled = why is None
        # proposable, but not to be carried out as it stands (checked again at acceptance): said too
        later = None if why else reasons.say(g.trade_problem(self.proposal()), m.name)
        note = self.message or why or later or ""
        if note:
            art.blit_text(surface, note, (x0, BOX.bottom - 100), "bold", art.fit(note, "bold", 15, BOX.w - 32), DANGER)
        for b in self.buttons:
            b.draw(surface)
        self.withdraw_button.visible = (self.seat, self.to) in g.proposals
        self.withdraw_button.draw(surface)
        trade_pad.draw(self, surface)
        self.list.draw(surface)

    def draw_chip(self, surface, r, lot: int, seat: int, on: bool) -> None:
        """A marked lot (its marker and price) or a die (its value) of ``seat``, lit when in the offer."""
        g = self.match.query
        surface.rect(GOLD if on else (30, 50, 44), r, border_radius=6)
        colour = self.match.colour(seat)
        marker = g.marker[lot] == seat
        icon = glyphs.marker(colour, 22) if marker else art.die(colour, g.value[lot], 22)
        surface.blit(icon, (r.x + 4, r.y + 4))
        ink = (20, 20, 20) if on else INK
        art.blit_text(surface, LOT_NAMES[lot], (r.x + 30, r.y + 8), "bold", 13, ink, anchor="midleft")
        sub = money(COST[lot]) if marker else _("die {v}", v=g.value[lot])
        art.blit_text(surface, sub, (r.x + 30, r.bottom - 8), "body", art.fit(sub, "body", 12, r.w - 34), ink,
                      anchor="midleft")
