"""A game played by guests, on its results (both games): the line saying a profile would have
counted it, and the button that makes their profiles and counts the game for them.

``GuestOffer.offer`` is given the guest seats (``Guest``: the seat's key for the screen, its
colour in the record, its name, the colour its profile would best take); pressing the button
gives each guest a profile of its name (the one already called so, when there is one; a seat
stays a guest when the book is full), then ``count(claims)`` names them on the record (seat
colour -> profile id, ``profiles.claim``).  Once it has, the offer is gone and ``done()`` is called.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from ...profiles.book import COLOURS, PIPS  # the profiles' colours and pips
from .i18n import and_list, ngettext
from .widgets import Button


class Guest(NamedTuple):
    key: object  #: the seat as the screen knows it (an index, a colour)
    colour: str  #: the seat's colour in the record
    name: str
    shade: str = ""  #: the colour its profile would best take (one of the profiles' colours)


class GuestOffer:
    def __init__(self, app, rect, count: Callable[[dict[str, str]], bool], done: Callable[[], None]) -> None:
        self.app = app
        self.count = count
        self.done = done
        self.seats: list[Guest] = []
        self.button = Button(rect, "", self.press, size=20)
        self.button.visible = False

    def offer(self, seats: list[Guest]) -> None:
        self.seats = list(seats)
        self.button.label = ngettext("Make {names}'s profile and count this game",
                                     "Make profiles for {names} and count this game", len(self.seats),
                                     names=and_list([g.name for g in self.seats]))
        self.button.visible = bool(self.seats)

    def line(self) -> str:
        """What the results say while the offer stands ("" once it is taken, or with no guest)."""
        if not self.seats:
            return ""
        return ngettext("{names} played as a guest: a profile would have counted this game "
                        "(statistics, achievements).",
                        "{names} played as guests: a profile would have counted this game "
                        "(statistics, achievements).", len(self.seats),
                        names=and_list([g.name for g in self.seats]))

    def press(self) -> None:
        book = self.app.services.profiles
        claims = {}
        for g in self.seats:
            name = g.name.strip()
            p = next((q for q in book.profiles if q.name.casefold() == name.casefold()), None)
            if p is None:
                taken = {q.colour for q in book.profiles}
                colour = g.shade if g.shade in COLOURS and g.shade not in taken else \
                    next((c for c in COLOURS if c not in taken), COLOURS[0])
                try:
                    p = book.create(name, colour, PIPS[COLOURS.index(colour) % len(PIPS)],
                                    self.app.services.today())
                except ValueError:  # no name, or the book is full: that seat stays a guest
                    continue
            claims[g.colour] = p.id
        book.save()  # a failure is a message for the player (lasvegas.store)
        if claims and self.count(claims):
            self.seats = []
            self.button.visible = False
            self.done()


__all__ = ["Guest", "GuestOffer"]
