"""What the table tells in words: a seat's name as shown, the solo margins after each round, the
move before the turn on show, the game log.  A part of ``TableScene`` (it reads the scene's match,
board and set-up)."""

from __future__ import annotations

from ....core import NEUTRAL
from ...kit.i18n import _, ngettext
from ..gamelog import GameLog
from ..names import colour_name, shown_seat_name


class Telling:
    """The table's words (mixed into ``TableScene``)."""

    def name_of(self, owner: str) -> str:
        if owner == NEUTRAL:
            return _("Neutral")
        for i, s in enumerate(self.match.seats):
            if s.colour == owner:
                return shown_seat_name(s.name, kind=s.kind, level=s.level, solo_player=self.solo and i == 0)
        return colour_name(owner)

    @property
    def round_margins(self) -> list[int]:
        """Solo: your margin against all the other colours together after each finished round."""
        me = self.cfg.seats[0]
        return [t.get(me, 0) - sum(m for o, m in t.items() if o != me)
                for t in list(self.past_totals) + self.board.round_totals]

    def last_move_text(self) -> str:
        """"Ann placed 3 dice on casino 5": the move before the turn on show."""
        last = self.board.last_move
        if last is None:
            return ""
        seat, casino, dice = last
        n = sum(k for _o, k in dice)
        return ngettext("{name} placed {n} die on casino {c}", "{name} placed {n} dice on casino {c}", n,
                        name=self.match.seats[seat].name, c=casino)

    def new_log(self, shown=()) -> GameLog:
        """The game log told from the events this screen presents (``shown``: those before it opened)."""
        log = GameLog(self.cfg, {s.colour: s.name for s in self.match.seats}, hide_money=self.match.hide_money)
        log.extend(shown)
        return log
