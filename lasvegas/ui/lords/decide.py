"""Decisions other than a seat's own Step 2, in the table's actions panel: the forced marker and
die moves (D1, D2), the boss's lay-off (D12), placing re-rolled dice (D8), and answering a trade
(D13, D14).  The choices come from the engine (``legal_actions``); a refused one shows its reason.
Re-rolled dice are placed by swapping two tiles' values: the board shows each swap at once (the
game as the engine draws it with those values, ``Game.arranged``: no tie re-rolled before Enter),
and Backspace (or U, or the Undo button) takes the last swap back until the dice are placed."""

from __future__ import annotations

import pygame

from ...kernel.errors import IllegalAction
from ...lords import actions as A
from ...lords.board import LOT_NAMES
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.i18n import _
from . import deal, reasons, words


class DecisionPanel:
    def __init__(self, table) -> None:
        self.table = table
        #: the arrangement of a seat's re-rolled dice (D8) and the tile picked to swap
        self.values: list[int] | None = None
        self.picked: int | None = None
        #: the arrangements before each swap (undone one by one until the dice are placed)
        self.undo_stack: list[list[int]] = []

    @property
    def match(self):
        return self.table.match

    def reset(self) -> None:
        self.values = None
        self.picked = None
        self.undo_stack = []

    def kind(self) -> str | None:
        """What the viewer must decide now (None: nothing, or its own Step 2)."""
        t, m = self.table, self.table.match
        s = t.viewer
        due = None if s is None else m.human_due()  # an online match takes in the server's news here: read the game after it
        g = m.query
        if s is None or g.is_over or due != s:
            return None
        if g.phase == "play":
            if any(to == s for (_f, to) in g.proposals):
                return "trade"
            return None
        return g.phase

    def active(self) -> bool:
        return self.kind() is not None

    def why_passed(self, seat: int) -> str:
        g = self.match.query
        k = {"layoff": _("a lay-off to answer"), "place": _("re-rolled dice to place"),
             "marker": _("a marker to move"), "die": _("a die to move")}.get(g.phase)
        if g.phase == "play" and any(to == seat for (_f, to) in g.proposals):
            k = _("a trade offer to answer")
        return k or ""

    def title(self) -> str:
        k = self.kind()
        who = self.table.name(self.table.viewer)
        g = self.match.query
        if k == "marker":
            return _("{who}: all your markers are out; pick the one that moves to {lot}", who=who,
                     lot=LOT_NAMES[g.pending_lot])
        if k == "die":
            return _("{who}: all your dice are out; pick the die that moves to {lot}", who=who,
                     lot=LOT_NAMES[g.pending_lot])
        if k == "layoff":
            return _("{who}: lay off half of the bet to the bank?", who=who)
        if k == "place":
            return _("{who}: place your re-rolled dice", who=who)
        if k == "trade":
            return _("{who}: a trade offer", who=who)
        return ""

    # ------------------------------------------------------------- choices
    def targets(self) -> list[int]:
        k = self.kind()
        s = self.table.viewer
        if k in ("marker", "die"):
            return [a.from_lot for a in self.match.legal(s)]
        if k == "place":
            return list(self.match.query.placing[s][0])
        if k == "trade":  # the lots of the deal, highlighted while the player answers
            p = self.proposal()
            return deal.lots(p) if p is not None else []
        return []

    def _place_state(self) -> tuple[tuple[int, ...], list[int]]:
        s = self.table.viewer
        lots, vals = self.match.query.placing[s]
        if self.values is None or sorted(self.values) != sorted(vals):
            self.values = list(self.match.query.default_placement(s).values)
            self.undo_stack = []
        return lots, self.values

    def shown_game(self):
        """The game the board draws: while the viewer places re-rolled dice, with its dice as placed so
        far (their values and the casinos' bosses); else the game as it is."""
        g = self.match.query
        if self.kind() != "place":
            return g
        _lots, vals = self._place_state()
        return g.arranged(self.table.viewer, vals)

    def undo(self) -> bool:
        """Take the last swap of the dice being placed back (False: none to take back)."""
        if self.kind() != "place" or not self.undo_stack:
            return False
        self.values = self.undo_stack.pop()
        self.picked = None
        return True

    def lot(self, lot: int) -> None:
        k = self.kind()
        s = self.table.viewer
        if k in ("marker", "die") and lot not in self.targets():
            # not one of the lit lots (the engine's moves): said here, nothing asked of the engine
            self.table.message = (_("{lot} holds no marker of yours: pick one of the lit lots", lot=LOT_NAMES[lot])
                                  if k == "marker" else
                                  _("{lot} holds no die of yours to move: pick one of the lit lots", lot=LOT_NAMES[lot]))
            return
        if k == "marker":
            self.table.act(A.MoveMarker(s, lot))
        elif k == "die":
            self.table.act(A.MoveDie(s, lot))
        elif k == "place":
            lots, vals = self._place_state()
            if lot not in lots:
                return
            i = lots.index(lot)
            if self.picked is None:
                self.picked = i
            else:
                if self.picked != i and vals[self.picked] != vals[i]:
                    self.undo_stack.append(list(vals))
                vals[self.picked], vals[i] = vals[i], vals[self.picked]
                self.picked = None

    def buttons(self) -> dict[str, pygame.Rect]:
        box = self.table_box()
        k = self.kind()
        y = box.y + 150
        if k == "layoff":
            return {"yes": pygame.Rect(box.x + 12, y, 300, 40), "no": pygame.Rect(box.x + 330, y, 300, 40)}
        if k == "place":
            return {"place": pygame.Rect(box.x + 12, y + 40, 220, 40), "undo": pygame.Rect(box.x + 250, y + 40, 220, 40)}
        if k == "trade":
            return {"accept": pygame.Rect(box.x + 12, y + 40, 200, 40), "reject": pygame.Rect(box.x + 230, y + 40, 200, 40)}
        return {}

    @staticmethod
    def table_box():
        from .layout import ACTIONS
        return ACTIONS

    def proposal(self):
        g = self.match.query
        s = self.table.viewer
        asked = sorted(f for (f, to) in g.proposals if to == s)
        return g.proposals[(asked[0], s)] if asked else None

    def press(self, name: str) -> None:
        s = self.table.viewer
        if name in ("yes", "no"):
            self.table.act(A.LayOff(s, name == "yes"))
        elif name == "place":
            _lots, vals = self._place_state()
            self.table.act(A.PlaceDice(s, tuple(vals)))
        elif name == "undo":
            self.undo()
        elif name in ("accept", "reject"):
            p = self.proposal()
            if p is not None:
                self.table.act(A.Accept(s, p.seat) if name == "accept" else A.Reject(s, p.seat))

    def click(self, pos) -> bool:
        if not self.active() or self.table.busy:
            return False
        for name, r in self.buttons().items():
            if r.collidepoint(pos):
                self.press(name)
                return True
        return False

    def key(self, event) -> bool:
        k = self.kind()
        if k is None:
            return False
        key = event.key
        if k == "layoff" and key in (pygame.K_y, pygame.K_n):
            self.press("yes" if key == pygame.K_y else "no")
            return True
        if k == "trade" and key in (pygame.K_a, pygame.K_r):
            self.press("accept" if key == pygame.K_a else "reject")
            return True
        if k == "place" and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.press("place")
            return True
        if k == "place" and key in (pygame.K_BACKSPACE, pygame.K_u):
            self.undo()
            return True
        if k in ("marker", "die", "place") and key == pygame.K_SPACE:
            self.lot(self.table.cursor)
            return True
        return key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_ESCAPE,
                           pygame.K_t, pygame.K_l, pygame.K_h)

    # ------------------------------------------------------------- drawing
    def draw(self, surface, box) -> None:
        k = self.kind()
        g = self.match.query
        y = box.y + 44
        if k in ("marker", "die"):
            text = _("Click one of the highlighted lots (or move the cursor and press Space).")
            art.blit_text(surface, text, (box.x + 12, y), "body", art.fit(text, "body", 15, box.w - 24), INK)
        elif k == "layoff":
            lot, bet, _boss = g.gamble
            text = _("{who} bets ${bet} at your casino at {lot}. With a lay-off the bank takes half of what "
                     "changes hands.", who=self.table.name(g.active), bet=bet, lot=LOT_NAMES[lot])
            art.blit_wrapped(surface, text, (box.x + 12, y), box.w - 24, "body", 15, INK)
        elif k == "place":
            lots, vals = self._place_state()
            text = _("Click two of your tiles to swap their values, then Place dice (Enter).")
            art.blit_text(surface, text, (box.x + 12, y), "body", art.fit(text, "body", 15, box.w - 24), INK)
            x = box.x + 12
            for i, (lot, v) in enumerate(zip(lots, vals)):
                d = art.die(self.table.colour_of(self.table.viewer), v, 34)
                surface.blit(d, (x, y + 30))
                if i == self.picked:
                    surface.rect(GOLD, (x - 3, y + 27, 40, 40), width=2, border_radius=6)
                art.blit_text(surface, LOT_NAMES[lot], (x + 17, y + 74), "bold", 13, INK_DIM, anchor="center")
                x += 52
        elif k == "trade":
            p = self.proposal()
            if p is not None:
                d = A.to_dict(p)
                text = _("{frm} offers {give} for {get}.", frm=self.table.name(p.seat),
                         give=words.offer_words(d["give"]), get=words.offer_words(d["get"]))
                extra = deal.action_line(self.match, p)  # the action that comes with it: the whole deal
                if extra:
                    text += " " + extra
                below = art.blit_wrapped(surface, text, (box.x + 12, y), box.w - 24, "body", 15, INK)
                told = deal.offer_why(self.table, p)  # an AI's offer: why it makes it
                if told:
                    below = art.blit_wrapped(surface, told, (box.x + 12, below + 2), box.w - 24, "body", 15, INK_DIM)
                why = reasons.say(g.trade_problem(p), self.table.name)
                if why:
                    art.blit_text(surface, why, (box.x + 12, max(y + 82, below + 2)), "body", 14, (200, 120, 110))
        labels = {"yes": _("Lay off half (Y)"), "no": _("Keep the whole bet (N)"), "place": _("Place dice (Enter)"),
                  "accept": _("Accept (A)"), "reject": _("Reject (R)"), "undo": _("Undo a swap (Backspace)")}
        for name, r in self.buttons().items():
            on = name != "undo" or bool(self.undo_stack)
            surface.rect((20, 42, 36) if on else (30, 36, 34), r, border_radius=8)
            surface.rect((120, 200, 180) if on else (70, 80, 76), r, width=2, border_radius=8)
            art.blit_text(surface, labels[name], r.center, "bold", art.fit(labels[name], "bold", 16, r.w - 10),
                          INK if on else (110, 118, 112), anchor="center")



__all__ = ["DecisionPanel", "IllegalAction"]
