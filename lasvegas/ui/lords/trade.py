"""The trade panel (D13, D14): the seat at the screen builds an offer to another seat: money each
way, marked lots and dice each way, and, when one side is the active seat, this turn's action
done at acceptance.  Proposing sends it to the engine (its reason shown if refused); a human
recipient answers behind a pass screen, an AI seat answers at once with its reason in words."""

from __future__ import annotations

import pygame

from ...lords import actions as A
from ...lords.board import LOT_NAMES, N_LOTS
from ...lords.queries import priced_actions
from ..kit import art
from ..kit.art import DANGER, GOLD, INK, INK_DIM
from ..kit.i18n import _, money
from ..kit.scene import Scene
from ..kit.widgets import Button, draw_dialog
from . import glyphs, reasons, trade_pad, words
from .deal import action_words
from . import layout as L

BOX = L.TRADE_BOX
CHIP_W, CHIP_H = 62, 28


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
        self.action_i = 0
        self.message = ""
        self.buttons = [Button((BOX.x + 20, BOX.bottom - 60, 240, 44), _("Propose (Enter)"), self.propose,
                               style="primary", size=20, hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER)),
                        Button((BOX.right - 200, BOX.bottom - 60, 180, 44), _("Close (Esc)"), self.close, size=20,
                               hotkeys=(pygame.K_ESCAPE,))]
        self.withdraw_button = Button((BOX.x + 280, BOX.bottom - 60, 260, 44), _("Withdraw my offer"),
                                      self.withdraw, size=18)

    # ------------------------------------------------------------- the offer
    def actions(self) -> list:
        g = self.match.game
        if g.active not in (self.seat, self.to):
            return [None]
        return [None] + [a for a, _c in priced_actions(g, g.active)][:40]

    def proposal(self) -> A.Propose:
        acts = self.actions()
        act = acts[self.action_i % len(acts)]
        g = self.match.game
        give = A.Offer(self.give_money, tuple(sorted(i for i in self.give if g.marker[i] == self.seat)),
                       tuple(sorted(i for i in self.give if g.owner[i] == self.seat)))
        get = A.Offer(self.get_money, tuple(sorted(i for i in self.get if g.marker[i] == self.to)),
                      tuple(sorted(i for i in self.get if g.owner[i] == self.to)))
        return A.Propose(self.seat, self.to, give, get, act)

    def propose(self) -> None:
        if self.table.act(self.proposal()):
            self.close()
        else:
            self.message = self.table.message

    def withdraw(self) -> None:
        if (self.seat, self.to) in self.match.game.proposals:
            self.table.act(A.Withdraw(self.seat, self.to))

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def items(self, seat: int) -> list[int]:
        g = self.match.game
        return [i for i in range(N_LOTS) if g.marker[i] == seat or g.owner[i] == seat]

    def chip_rects(self, seat: int, x: int, y: int) -> list[tuple[int, pygame.Rect]]:
        out = []
        for j, lot in enumerate(self.items(seat)):
            out.append((lot, pygame.Rect(x + (j % 8) * (CHIP_W + 6), y + (j // 8) * (CHIP_H + 6), CHIP_W, CHIP_H)))
        return out

    def controls(self) -> dict[str, pygame.Rect]:
        x0, x1 = BOX.x + 20, BOX.x + 560
        return {"to": pygame.Rect(x1 + 160, BOX.y + 16, 300, 34),
                "give-": pygame.Rect(x0 + 150, BOX.y + 110, 34, 30), "give+": pygame.Rect(x0 + 270, BOX.y + 110, 34, 30),
                "get-": pygame.Rect(x1 + 150, BOX.y + 110, 34, 30), "get+": pygame.Rect(x1 + 270, BOX.y + 110, 34, 30),
                "act": pygame.Rect(x0, BOX.bottom - 130, BOX.w - 40, 34)}

    def handle(self, event) -> None:
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
        g = self.match.game
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
                    self.action_i = (self.action_i + 1) % len(self.actions())
                return
        for seat, chosen, x in ((self.seat, self.give, BOX.x + 20), (self.to, self.get, BOX.x + 560)):
            for lot, r in self.chip_rects(seat, x, BOX.y + 180):
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
        draw_dialog(surface, BOX)
        m, g = self.match, self.match.game
        art.blit_text(surface, _("Trade: {who} offers…", who=m.name(self.seat)), (BOX.x + 20, BOX.y + 14), "display",
                      26, GOLD)
        c = self.controls()
        x0, x1 = BOX.x + 20, BOX.x + 560
        art.blit_text(surface, _("To"), (x1, c["to"].centery), "bold", 17, INK, anchor="midleft")
        surface.rect((20, 42, 36), c["to"], border_radius=8)
        label = _("{name} (Tab)", name=m.name(self.to))
        art.blit_text(surface, label, c["to"].center, "bold", 17, GOLD, anchor="center")
        for side, x, cash, seat in ((_("You give"), x0, self.give_money, self.seat),
                                     (_("You get"), x1, self.get_money, self.to)):
            art.blit_text(surface, side, (x, BOX.y + 82), "display", 20, INK)
            art.blit_text(surface, _("Money"), (x, BOX.y + 125), "bold", 16, INK_DIM, anchor="midleft")
            art.blit_text(surface, money(cash), (x + 228, BOX.y + 125), "display", 22, GOLD, anchor="center")
            art.blit_text(surface, _("Markers and dice (click to add)"), (x, BOX.y + 158), "body", 14, INK_DIM)
            chosen = self.give if seat == self.seat else self.get
            for lot, r in self.chip_rects(seat, x, BOX.y + 180):
                on = lot in chosen
                surface.rect(GOLD if on else (30, 50, 44), r, border_radius=6)
                colour = m.colour(seat)
                icon = glyphs.marker(colour, 20) if g.marker[lot] == seat else art.die(colour, g.value[lot], 20)
                surface.blit(icon, (r.x + 4, r.y + 4))
                art.blit_text(surface, LOT_NAMES[lot], (r.x + 27, r.centery), "bold", 14,
                              (20, 20, 20) if on else INK, anchor="midleft")
        for name in ("give-", "give+", "get-", "get+"):
            r = c[name]
            surface.rect((20, 42, 36), r, border_radius=6)
            surface.rect((120, 200, 180), r, width=1, border_radius=6)
            art.blit_text(surface, "−" if name.endswith("-") else "+", r.center, "bold", 20, INK, anchor="center")
        acts = self.actions()
        act = acts[self.action_i % len(acts)]
        text = _("This turn's action with it: {what} (click to change)",
                 what=action_words(act) if act is not None else _("none"))
        surface.rect((20, 42, 36), c["act"], border_radius=8)
        art.blit_text(surface, text, c["act"].center, "bold", art.fit(text, "bold", 16, c["act"].w - 10), INK,
                      anchor="center")
        why = reasons.say(g.trade_problem(self.proposal()), m.name)
        note = self.message or why or ""
        if note:
            art.blit_text(surface, note, (BOX.x + 20, BOX.bottom - 86), "bold", art.fit(note, "bold", 15, BOX.w - 40),
                          DANGER)
        for b in self.buttons:
            b.draw(surface)
        self.withdraw_button.visible = (self.seat, self.to) in g.proposals
        self.withdraw_button.draw(surface)
        trade_pad.draw(self, surface)
