"""Las Vegas's options in the online scene's host form (the registry's ``host_form``): the seats,
the neutral dice, the bills, the Las Vegas Boulevard options (docs/rules.md §10), hidden money and
the AI of the empty seats, and the room request they make."""

from __future__ import annotations

from ...core.config import CASINO_MINIMUM, MAX_NEUTRAL_SEATS, MAX_SEATS, MIN_SEATS, MINIMUM_BY_SEATS, default_minimum
from ..kit.host_form import empty_seats, row
from ..kit.i18n import _, money
from ..kit.widgets import Choice


class HostForm:
    def __init__(self) -> None:
        on_off = [(False, _("off")), (True, _("on"))]
        self.players = Choice(row(0), _("Seats"), [(n, str(n)) for n in range(MIN_SEATS, MAX_SEATS + 1)], 4,
                              self._players)
        self.neutral = Choice(row(1), _("Neutral dice"), on_off, False)
        self.edition = Choice(row(2), _("Bills"),
                              [("classic", _("classic 2012")), ("2018", _("2018 edition"))], "classic")
        #: the Las Vegas Boulevard options (docs/rules.md §10), as the setup offers them
        self.minimum = Choice(row(3), _("Casino minimum"), self._minimums(4), "classic", value_w=270)
        self.hundreds = Choice(row(4), _("$100,000 bills"), on_off, False)
        self.biggies = Choice(row(5), _("Biggies"), on_off, False)
        self.hide = Choice(row(6), _("Hide opponents' money"), on_off, False)
        self.fill = empty_seats(7, "lasvegas")
        self._players(self.players.value)

    def rows(self, days: Choice, away: Choice) -> list[Choice]:
        """The game's options and the scene's own (``days``, ``away``), top to bottom."""
        return [self.players, self.neutral, self.edition, self.minimum, self.hundreds, self.biggies, self.hide,
                self.fill, days, away]

    @property
    def noted(self) -> list[Choice]:
        """The options with a line on what they do below them (``notes``, in order)."""
        return [self.neutral, self.minimum, self.hundreds, self.biggies]

    def notes(self) -> list[str]:
        """The line under each option that has one (``noted``), in order (as in the setup)."""
        n = self.players.value
        return [_("White dice nobody owns: they can win bills and break ties.") if n <= MAX_NEUTRAL_SEATS
                else _("Only with 2 to 6 seats."),
                _("Bills are dealt to each casino until it holds at least this much."),
                _("Five $100,000 bills are shuffled into the deck."),
                _("One of each seat's dice is big: it counts as two dice at payout.")]

    def over_days(self, days: int) -> None:
        """A game over days: nothing of the game's own changes (the scene's away delay is off)."""

    def request(self, name: str, days: int, away: int | None) -> dict:
        """The room the host asks the server for."""
        n = self.players.value
        request = {"type": "create", "players": n, "neutral": bool(self.neutral.value and n <= MAX_NEUTRAL_SEATS),
                   "edition": self.edition.value, "hide_money": bool(self.hide.value),
                   "ai": [None] * n, "away_delay": away, "name": name}
        # the Boulevard options only when set: a server of an earlier build refuses fields it does not know
        if self.minimum.value != default_minimum(n):
            request["minimum"] = self.minimum.value
        for option in ("hundreds", "biggies"):
            if getattr(self, option).value:
                request[option] = True
        if days:
            request.update(correspondence=True, keep_days=days)
            del request["away_delay"]
        return request

    def _players(self, n: int) -> None:
        self.neutral.enabled = n <= MAX_NEUTRAL_SEATS
        if n > MAX_NEUTRAL_SEATS:
            self.neutral.set_value(False)
        # the minimum by seats names its amount for this many seats; the seat count's default is kept
        # as the default (6 seats and more: by seats)
        was_default = self.minimum.value == default_minimum(getattr(self, "_seats", n))
        self.minimum.options = self._minimums(n)
        self.minimum.set_value(default_minimum(n) if was_default else self.minimum.value)
        self._seats = n

    @staticmethod
    def _minimums(n: int) -> list[tuple[str, str]]:
        return [("classic", money(CASINO_MINIMUM)),
                ("by-seats", _("by seats: {amount}", amount=money(MINIMUM_BY_SEATS[n])))]
