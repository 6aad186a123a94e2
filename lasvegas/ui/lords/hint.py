"""The hint at the Lords of Vegas table (H): the Expert AI's choice for the seat at the screen, asked
of the match (``match.hint_start``: thought on a world that seat may see), said in one line with
why, and lit where it is taken: its lot or casino on the board, its row of choices, its button.
Offered in games against AI seats only, when the setting is on; a game with a hint is practice.
Nothing here decides: the choice is the AI's, its words are the player's language."""

from __future__ import annotations

import pygame

from ...lords import actions as A
from ...lords.board import LOT_NAMES
from ..kit import art
from ..kit.art import GOLD
from ..kit.controls import key_name
from ..kit.i18n import _, ngettext
from . import board, deal

#: the hint's colour on the board and around its choice
LIT = (255, 214, 90)


class Hint:
    """The hint of one table: asked, thought, shown until the game moves on."""

    def __init__(self, table) -> None:
        self.table = table
        #: the hint on show (``match.LordsHint``), the game's moves when it was asked, and thinking
        self.shown = None
        self.at = -1
        self.waiting = False

    @property
    def match(self):
        return self.table.match

    def offered(self) -> bool:
        """The game is one against AI seats (the match says) and the settings allow hints."""
        offered = getattr(self.match, "hint_offered", None)
        return bool(offered is not None and offered() and getattr(self.table.app.settings, "lords_hint", False))

    def label(self) -> str:
        """The hint button's words, with the key that asks for it (the player may have rebound it)."""
        return _("Hint ({key})", key=key_name(self.table.app.bindings.keys.get("hint", pygame.K_h)))

    def can_ask(self) -> bool:
        t = self.table
        return (self.offered() and not self.waiting and t.viewer is not None and not t.busy
                and self.match.can_hint(t.viewer))

    def ask(self) -> None:
        """H: the AI starts thinking (the table keeps drawing); a reason when none can be asked now."""
        t = self.table
        if getattr(self.match, "hint_offered", None) is None or not self.match.hint_offered():
            t.message = _("Hints are for games against AI players only.")
            return
        if not self.offered():
            t.message = _("Hints are off: turn them on in Settings (a game with a hint is practice).")
            return
        first = not self.match.practice
        if self.can_ask() and self.match.hint_start(t.viewer):
            self.waiting = True
            self.shown = None
            t.message = _("A game with a hint is practice: it counts in no statistic.") if first else ""

    def moves(self) -> int:
        return len(self.match.recorder.moves)

    def update(self) -> None:
        """The hint found is taken; one for a game that has moved on is forgotten."""
        if self.waiting and self.match.hint_ready():
            self.waiting = False
            self.shown = self.match.hint_result()
            self.at = self.moves()
            self.table.redraw()
        if self.shown is not None and self.at != self.moves():
            self.shown = None

    def cancel(self) -> None:
        stop = getattr(self.match, "hint_cancel", None)
        if stop is not None:
            stop()
        self.waiting = False

    # ------------------------------------------------------------- words
    def line(self) -> str:
        if self.waiting:
            return _("Hint: the Expert AI is thinking…")
        h = self.shown
        if h is None:
            return ""
        a = h.action
        what = deal.action_words(a)
        if h.kind == "end":
            return _("Hint: end the turn: nothing left is worth more to you than your money now.")
        if h.kind == "gain":
            if h.amount < 1:
                return _("Hint: {what}: a little better for you than anything else now.", what=what)
            return ngettext("Hint: {what}: worth about ${n} to you, by the Expert AI's reckoning.",
                            "Hint: {what}: worth about ${n} to you, by the Expert AI's reckoning.", h.amount,
                            what=what)
        if h.kind == "chance":
            return _("Hint: {what}: worth its risk, by the Expert AI's reckoning.", what=what)
        t = type(a)
        if t is A.LayOff:
            return (_("Hint: lay off half of the bet: a smaller swing is worth more to you.") if a.lay_off
                    else _("Hint: keep the whole bet: the odds are on your side."))
        if t is A.PlaceDice:
            lots = self.match.query.placing[h.seat][0]
            where = ", ".join(_("{v} on {lot}", v=v, lot=LOT_NAMES[lot]) for lot, v in zip(lots, a.values))
            return _("Hint: place {where}.", where=where)
        if t is A.MoveMarker:
            return _("Hint: move your marker from {lot}.", lot=LOT_NAMES[a.from_lot])
        if t is A.MoveDie:
            return _("Hint: move your die from {lot}.", lot=LOT_NAMES[a.from_lot])
        if t is A.Accept:
            return ngettext("Hint: accept: the trade is worth about ${n} to you.",
                            "Hint: accept: the trade is worth about ${n} to you.", max(0, h.amount))
        if t is A.Reject:
            return _("Hint: reject: the trade is not worth it to you.")
        return ""

    # ------------------------------------------------------------- where it is taken
    def lots(self) -> list[int]:
        """The lots of the hinted choice (lit on the board)."""
        h = self.shown
        if h is None:
            return []
        a, g = h.action, self.match.query
        if isinstance(getattr(a, "lot", None), int):
            return [a.lot]
        if isinstance(getattr(a, "casino", None), int) and g.tile[a.casino] >= 0:
            return list(g.casino_of(a.casino))
        if isinstance(getattr(a, "from_lot", None), int):
            return [a.from_lot]
        if type(a) is A.PlaceDice and h.seat in g.placing:
            return list(g.placing[h.seat][0])
        return []

    def rects(self) -> list[pygame.Rect]:
        """The row of choices or the button that takes the hinted choice, as the panel has them now."""
        h, t = self.shown, self.table
        if h is None:
            return []
        a = h.action
        if t.decide.active():
            name = {A.LayOff: "yes" if getattr(a, "lay_off", False) else "no", A.PlaceDice: "place",
                    A.Accept: "accept", A.Reject: "reject"}.get(type(a))
            r = t.decide.buttons().get(name) if name else None
            return [r] if r is not None else []
        if type(a) is A.EndTurn:
            return [t.buttons()["end"]]
        if t.chosen is None:
            return [r for o, r in zip(t.options, t.rows()) if _same(self.match.query, o.action, a)]
        ok = "confirm" in t.buttons() and _same(self.match.query, t.chosen.action, a)
        return [t.buttons()["confirm"]] if ok else []

    def draw(self, surface) -> None:
        t = self.table
        if t.busy or t.show_log:
            return
        board.highlight(surface, self.lots(), LIT, 3)
        for r in self.rects():
            surface.rect(LIT, r.inflate(4, 4), width=3, border_radius=8)
        text = self.line()
        if text:
            from . import layout as L

            box = L.ACTIONS
            betting = t.chosen is not None and t.chosen.mode == "bet"  # above the bet's slider then
            art.blit_text(surface, text, (box.x + 12, box.bottom - (112 if betting else 86)), "bold",
                          art.fit(text, "bold", 15, box.w - 24, 10), GOLD)


def _same(game, option_action, hinted) -> bool:
    """A row of choices takes the hinted action (a gamble's row: any bet at that casino; a build or
    sprawl needing a die moved: the same build or sprawl; a casino named by any of its lots)."""
    if option_action is None or type(option_action) is not type(hinted):
        return False
    for f in option_action.__slots__:
        mine, theirs = getattr(option_action, f), getattr(hinted, f)
        if f in ("take_from", "bet") or mine == theirs:
            continue
        if f != "casino" or game.tile[mine] < 0 or theirs not in game.casino_of(mine):
            return False
    return True
