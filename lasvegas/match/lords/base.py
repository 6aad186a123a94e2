"""What every Lords of Vegas match answers the same way, wherever the game runs.

:class:`LordsMatch` is the base of the Lords matches (at this computer, on a server, a replay, the
lesson): the match face (:mod:`lasvegas.match.face`) from the engine the match keeps as ``game``,
and the questions a table asks of it: whom the game waits on (``deciders``), why an action is not
legal now (``why_not``), what it would do (``preview``), the standings at the end, and ``query``,
the read-only face the table draws from (:class:`~lasvegas.match.lords.query.LordsQuery`; the
engine itself never reaches a screen).  No pygame here.
"""

from __future__ import annotations

from typing import Any

from ...kernel.errors import IllegalAction
from ...lords import refusals
from ...lords.game import PLAY
from ..face import FaceBase
from .query import LordsQuery


class LordsMatch(FaceBase):
    """The shared part of the Lords matches; a subclass keeps the engine as ``game`` (None before
    the game starts) and says who sits here (``humans``)."""

    game: Any
    humans: list[int]
    _query: LordsQuery | None = None

    # ----------------------------------------------------------------- the face
    @property
    def query(self) -> LordsQuery | None:
        """The game as a table may read it (None before the game starts)."""
        g = self.game
        if g is None:
            return None
        q = self._query
        if q is None or not q.of(g):
            q = self._query = LordsQuery(g)
        return q

    @property
    def seats_here(self) -> frozenset[int]:
        return frozenset(self.humans)

    @property
    def to_act(self) -> int | None:
        """The first seat the game waits on (trade answers first), None when none."""
        d = self.deciders()
        return d[0] if d else None

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.is_over

    def outcome(self) -> list[dict] | None:
        """The standings of the finished game (None before the end)."""
        return self.standings() if self.over else None

    def game_record(self) -> dict | None:
        """The finished game's record (None before the end: it holds the deck)."""
        return self.record() if self.over else None  # type: ignore[attr-defined]

    def hint_offered(self) -> bool:
        return False

    def ask_hint(self) -> bool:
        return False

    def close(self) -> None:
        return None

    # ----------------------------------------------------------------- asking the engine
    def deciders(self) -> list[int]:
        """The seats the game waits on now, trade answers first (D14: a proposal to answer)."""
        g = self.game
        if g is None or g.is_over:
            return []
        if g.phase == PLAY and g.proposals:
            return sorted({to for (_frm, to) in g.proposals})
        return list(g.waiting_on)

    def why_not(self, action: Any) -> str | None:
        """None when ``action`` is legal now, else the engine's reason in its words."""
        g = self.game.copy()
        try:
            g.apply(action)
        except IllegalAction as e:
            return refusals.of(e)  # its code and fields go with it (refusals.Reason)
        except (TypeError, ValueError, IndexError) as e:  # a malformed action from a screen
            return str(e)
        return None

    def preview(self, action: Any) -> LordsQuery | None:
        """The game as it would be after ``action`` (a copy, read only; None when illegal): a
        remodel's merge and new boss, a build's casino.  Random results (reorganize, gamble) are
        not previewed."""
        g = self.game.copy()
        try:
            g.apply(action)
        except (IllegalAction, TypeError, ValueError, IndexError):
            return None
        return LordsQuery(g)

    # ----------------------------------------------------------------- the end
    def standings(self) -> list[dict]:
        """Each seat's VP and money, best first (VP, then money: D18), with whether it won."""
        from ...lords.board import TRACK

        g = self.game
        rows = [{"seat": s, "vp": TRACK[g.chip[s]], "money": g.money[s], "won": s in g.winners}
                for s in range(g.n)]
        rows.sort(key=lambda r: (-r["vp"], -r["money"], r["seat"]))
        return rows

    def waiting_kind(self) -> str:
        g = self.game
        if g.is_over:
            return "over"
        if g.phase == PLAY and g.proposals:
            return "trade"
        return g.phase


__all__ = ["LordsMatch"]
