"""The Lords of Vegas table's input: mouse, keys and the actions panel's rows and buttons.

A mixin of :class:`lasvegas.ui.lords.table.LordsTableScene`: it reads and sets the table's
state (selection, choice, bet, cursor) and calls its actions (select, choose, confirm, end
turn, trade); it decides no rule (the choices are the engine's)."""

from __future__ import annotations

import pygame

from ...lords.board import BOARD_POS, N_LOTS
from ..kit.i18n import _
from . import layout as L, pad


class TableInput:
    # ------------------------------------------------- the choices on show
    def state_key(self) -> tuple:
        """What the listed choices were asked of: the game as it stands (money, tiles, dice, pending trades)."""
        g = self.match.query
        return (g.turn, g.phase, g.active, tuple(g.money), tuple(g.tile), tuple(g.owner), tuple(g.value),
                tuple(sorted(g.proposals)))

    def still_current(self) -> bool:
        """The choices on show are the game's now; else (a trade accepted, an AI's move, a resume under
        them) they are asked again, nothing stale is sent, and the player is told."""
        if not self.options and self.chosen is None or getattr(self, "options_at", None) == self.state_key():
            return True
        self.chosen, self.targets = None, []
        self.refresh()
        self.message = _("The game moved on: these are your choices now.")
        return False

    # ------------------------------------------------------------- input
    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.passing:
            return
        if self.coach is not None and self.coach.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.busy:
                return
            if self.decide.click(event.pos):
                return
            if self.click_panel(event.pos):
                return
            lot = L.lot_at(event.pos)
            if lot is not None:
                if self.decide.active():
                    self.decide.lot(lot)
                else:
                    self.select(lot)

    def handle_key(self, event) -> None:
        k = event.key
        if k == pygame.K_l:
            self.show_log = not self.show_log
            return
        if self.busy:
            if k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.skip()
                self.hurried_at = self.t
            return
        if k == pygame.K_SPACE and (not self.decide.active() or self.t - getattr(self, "hurried_at", -1.0) < 0.5):
            return  # Space only hurries the events: it never opens the lot under the board cursor (nor, just
            # after it hurried them, takes the cursor's lot for a decision)
        if pad.handle(self, event):  # a controller's LB / RB / A: the ring through the panel
            return
        if k == pygame.K_ESCAPE:
            if self.show_log:
                self.show_log = False
            elif self.chosen is not None:
                self.chosen = None
                self.targets = []
            elif self.selected is not None:
                self.select(None)
            else:
                self.leave()
            return
        if self.decide.key(event):
            return
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            if self.chosen is not None and self.chosen.mode == "bet" and k in (pygame.K_LEFT, pygame.K_RIGHT):
                self.change_bet(-1 if k == pygame.K_LEFT else 1)
                return
            self.move_cursor(k)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.chosen is not None and self.chosen.mode in ("sprawl", "pick_die"):
                self.select(self.cursor)
            elif self.chosen is not None:
                self.confirm()
            else:
                self.select(self.cursor)
        elif pygame.K_1 <= k <= pygame.K_9:
            self.choose(k - pygame.K_1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_PAGEDOWN):
            self.change_bet(-1)
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_PAGEUP):
            self.change_bet(1)
        elif k == pygame.K_e:
            self.end_turn()
        elif k == pygame.K_t:
            self.open_trade()
        elif k == pygame.K_h:
            self.hint.ask()

    def change_bet(self, d: int) -> None:
        o = self.chosen
        if o is not None and o.mode == "bet":
            self.bet = max(1, min(o.data["top"], self.bet + d))

    def move_cursor(self, key) -> None:
        """The board cursor to the nearest lot that way (the display grid; streets and the Strip skipped)."""
        r, c = BOARD_POS[self.cursor]
        dr, dc = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}[key]
        where = {BOARD_POS[i]: i for i in range(N_LOTS)}
        for step in range(1, 10):
            rr, cc = r + dr * step, c + dc * step
            if (rr, cc) in where:
                self.cursor = where[(rr, cc)]
                return

    # ------------------------------------------------------------- the actions panel
    def rows(self) -> list[pygame.Rect]:
        """One row a choice, between the lot's line and the buttons: taller when there are few (the five
        builds' effects then read on two lines at a reading size), 29 apart at the least."""
        box = L.ACTIONS
        n = len(self.options)
        pitch = max(29, min(44, (box.h - 62 - 46) // n)) if n else 29
        return [pygame.Rect(box.x + 10, box.y + 62 + i * pitch, box.w - 20, pitch - 2) for i in range(n)]

    def buttons(self) -> dict[str, pygame.Rect]:
        box = L.ACTIONS
        y = box.bottom - 40
        wide = self.trade_in_their_turn()  # its button says in whose turn the trade is made
        out = {"end": pygame.Rect(box.right - 160, y, 150, 32)}
        if self.decide.kind() != "trade":  # answering a trade: no second one offered in the middle of it
            out["trade"] = pygame.Rect(box.right - (420 if wide else 320), y, 250 if wide else 150, 32)
        if self.chosen is None and self.hint.offered():
            out["hint"] = pygame.Rect(box.x + 10, y, 150, 32)
        if self.chosen is not None:
            out["confirm"] = pygame.Rect(box.x + 10, y, 170, 32)
            out["cancel"] = pygame.Rect(box.x + 190, y, 120, 32)
            if self.chosen.mode == "bet":
                out["minus"] = pygame.Rect(box.x + 10, y - 40, 34, 30)
                out["plus"] = pygame.Rect(box.x + 250, y - 40, 34, 30)
        return out

    def trade_in_their_turn(self) -> bool:
        """A trade may be made now in another seat's Step 2 (D14: any pair, whoever's turn it is)."""
        g = self.match.query
        return self.viewer is not None and g.trade_window and not g.is_over and g.active != self.viewer

    def trade_label(self) -> str:
        """The Trade button's words: in another seat's turn, that the trade is made in their turn (the
        seat answering stops to answer, then the turn goes on)."""
        if self.trade_in_their_turn():
            return _("Trade in {who}'s turn (T)", who=self.name(self.match.query.active))
        return _("Trade (T)")

    def click_panel(self, pos) -> bool:
        if not L.ACTIONS.collidepoint(pos):
            return False
        for name, r in self.buttons().items():
            if r.collidepoint(pos):
                if name == "end":
                    self.end_turn()
                elif name == "trade":
                    self.open_trade()
                elif name == "hint":
                    self.hint.ask()
                elif name == "confirm":
                    self.confirm()
                elif name == "cancel":
                    self.chosen = None
                    self.targets = []
                elif name == "minus":
                    self.change_bet(-1)
                elif name == "plus":
                    self.change_bet(1)
                return True
        if self.chosen is None:
            for i, r in enumerate(self.rows()):
                if r.collidepoint(pos):
                    self.choose(i)
                    return True
        return True
