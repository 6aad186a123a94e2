"""The match face (:mod:`lasvegas.match.face`) of every Las Vegas match, from its ``Match`` interface.

A Las Vegas match already tells a screen what it may see (``view``) and takes what a player asks
(``send``); :class:`LasVegasFace` gives the rest of the face both games share from them: ``act``
(an intent: place a value, ask the hint, leave), ``why_not``, the hint, ``over``, ``game_record``,
``save`` and ``query``, the read-only face the table draws from (:class:`LasVegasQuery`: the view,
the preview of a value, the totals by round).  No pygame here.
"""

from __future__ import annotations

from typing import Any

from ..base import AskHint, Leave, PlaceDice, TableView
from ..face import FaceBase


class LasVegasQuery:
    """What a Las Vegas table reads of its match: the table as one viewer may see it, what a value
    would do, the money after each round.  Read only."""

    __slots__ = ("_match",)

    def __init__(self, match: Any) -> None:
        self._match = match

    def view(self, viewer: int | None) -> TableView:
        return self._match.view(viewer)

    def preview(self, value: int) -> Any:
        return self._match.preview(value)

    def past_totals(self) -> list[dict[str, int]]:
        return self._match.past_totals()


class LasVegasFace(FaceBase):
    """The match face from a Las Vegas match's ``view``, ``send``, ``to_act``, ``seats_here`` and
    ``can_hint`` (see the module's text)."""

    def name(self, seat: int) -> str:
        return self.seats[seat].name  # type: ignore[attr-defined]

    def is_ai(self, seat: int) -> bool:
        return self.seats[seat].is_ai  # type: ignore[attr-defined]

    def act(self, action: Any) -> None:
        """Send one intent (``IllegalAction`` when refused); its events come from ``poll()``."""
        self.send(action)  # type: ignore[attr-defined]

    def why_not(self, action: Any) -> str | None:
        if isinstance(action, Leave):
            return None
        if isinstance(action, AskHint):
            return None if self.can_hint() else "no hint may be asked now"  # type: ignore[attr-defined]
        if not isinstance(action, PlaceDice):
            return f"{action!r} is not something a player can ask"
        seat = self.to_act  # type: ignore[attr-defined]
        if seat is None or seat not in self.seats_here:  # type: ignore[attr-defined]
            return "it is not the turn of a seat at this screen"
        if action.value not in self.view(seat).legal:  # type: ignore[attr-defined]
            return f"no die shows {action.value}"
        return None

    def hint_offered(self) -> bool:
        return False

    def ask_hint(self) -> bool:
        """Ask the hint for the seat to play here (it comes as ``HintReady`` from ``poll()``)."""
        if not self.can_hint():  # type: ignore[attr-defined]
            return False
        self.send(AskHint())  # type: ignore[attr-defined]
        return True

    @property
    def over(self) -> bool:
        return self.view(None).over  # type: ignore[attr-defined]

    def history(self) -> list:
        return []

    def game_record(self) -> dict | None:
        return None

    def save(self) -> bool:
        return False

    @property
    def query(self) -> LasVegasQuery:
        return LasVegasQuery(self)


__all__ = ["LasVegasFace", "LasVegasQuery"]
