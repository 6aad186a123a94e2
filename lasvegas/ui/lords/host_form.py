"""Lords of Vegas's options in the online scene's host form (the registry's ``host_form``): the
seats, the AI of the empty seats, the time a seat has to decide, and the room request they make."""

from __future__ import annotations

from ..kit.host_form import empty_seats, row
from ..kit.i18n import _
from ..kit.widgets import Choice

#: the choices of the time a seat has for a decision of its own before its default is played
DECIDE_SECONDS = (15, 30, 60, 120)


class LordsHostForm:
    def __init__(self) -> None:
        self.players = Choice(row(1), _("Seats"), [(n, str(n)) for n in range(2, 5)], 4)
        self.fill = empty_seats(2, "lords", "medium")
        #: how long a seat has for a lay-off, a placement after a reorganize, a forced move
        self.decide = Choice(row(5), _("Time to decide"), [(s, _("{n} s", n=s)) for s in DECIDE_SECONDS], 30)

    def rows(self, days: Choice, away: Choice) -> list[Choice]:
        """The game's options and the scene's own (``days``, ``away``), top to bottom."""
        return [self.players, self.fill, days, away, self.decide]

    @property
    def noted(self) -> list[Choice]:
        """The options with a line on what they do below them (``notes``, in order)."""
        return [self.decide]

    def notes(self) -> list[str]:
        return [_("Not answered in time (lay off half, place dice…): the default is played.")]

    def over_days(self, days: int) -> None:
        """A game over days has no deadline for a decision."""
        self.decide.enabled = not days

    def request(self, name: str, days: int, away: int | None) -> dict:
        """The room the host asks the server for."""
        n = self.players.value
        request = {"type": "create", "game": "lords", "players": n, "ai": [None] * n, "name": name}
        if days:
            request.update(correspondence=True, keep_days=days)
        else:
            request.update(away_delay=away, decision_seconds=self.decide.value)
        return request
