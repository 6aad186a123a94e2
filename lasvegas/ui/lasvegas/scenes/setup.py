"""New game setup: 2–8 seats (human or AI level, name, colour) and the table options."""

from __future__ import annotations

import pygame

from ....ai import LEVELS
from ....core import COLOURS
from ....core.config import CASINO_MINIMUM, MAX_NEUTRAL_SEATS, MAX_SEATS, MINIMUM_BY_SEATS, MIN_SEATS, default_minimum
from ...kit import art
from ...kit.fields import TextField, focus_field, handle_fields
from ...kit.i18n import _, money
from ...kit.scene import Scene
from ...kit.session import SeatInfo, Session, default_session
from ...kit.settings import load_last_setup, save_last_setup
from ...kit import setup_form as form
from ...kit.widgets import Button, Choice, FocusList
from ...files.save_flow import start_or_ask
from ...kit.seatnames import ai_seat_label, human_seat_label
from .. import tutorial
from ..names import ai_seat_name, is_default_name, player_name


def ai_levels() -> list[str]:
    """The levels a seat may have here (the level book's offered ones; Random is the tests')."""
    return list(LEVELS.offered()) or list(LEVELS)


def last_session() -> Session:
    data = load_last_setup()
    levels = ai_levels()
    if data:
        try:
            s = Session.from_dict(data)
            if not s.solo_level and MIN_SEATS <= len(s.seats) <= MAX_SEATS:
                for seat in s.seats:
                    if seat.is_ai and seat.level not in levels:
                        seat.level = levels[0]
                return s
        except (ValueError, TypeError):
            pass
    s = default_session(3, 1, levels[len(levels) // 2])
    for i, seat in enumerate(s.seats):  # the names offered, in the player's language
        seat.name = ai_seat_name(i) if seat.is_ai else player_name(i)
    return s


#: the options (by their place in ``SetupScene.options``) with a line under them on what they do
NOTED = (0, 2, 3, 4, 5, 6, 7)


class SetupScene(Scene):
    def __init__(self, app, session: Session | None = None) -> None:
        super().__init__(app)
        self.session = session or last_session()
        self.levels = ai_levels()
        self.book = app.services.profiles
        for seat in self.session.seats:  # a profile removed since: a guest
            if seat.profile and (seat.is_ai or self.book.get(seat.profile) is None):
                seat.profile = None
        self._build()
        #: keyboard and controller: every widget in reading order (Return starts the game until
        #: an arrow moves the focus, then works the focused widget)
        self.nav = FocusList(lambda: [w for row in self.seat_widgets for w in row]
                             + [self.add_btn, *self.options, self.back_btn, self.rules_btn, self.tutorial_btn,
                                self.start_btn])

    # ---------------------------------------------------------- widgets
    def _build(self) -> None:
        if getattr(self, "seat_widgets", None):
            self.edit(None)  # the rows are made anew: no field is left typing
        s = self.session
        n = len(s.seats)
        self.seat_widgets = []
        row_h = self.row_h
        for i, seat in enumerate(s.seats):
            swatch, field, selector, cross = form.seat_rects(i, row_h)
            colour_btn = Button(swatch, "", lambda i=i: self.cycle_colour(i), size=18)
            name = TextField(field, seat.name, lambda v, i=i: self._rename(i, v))
            kind = form.kind_choice(selector, self.kinds(i), self.kind_of(seat), lambda v, i=i: self._set_kind(i, v))
            remove = form.remove_button(cross, lambda i=i: self.remove_seat(i))
            remove.enabled = n > MIN_SEATS
            self.seat_widgets.append((colour_btn, name, kind, remove))
        self.add_btn = Button(form.add_rect(n, row_h), _("+ Add a seat"), self.add_seat, size=20)
        self.add_btn.visible = n < MAX_SEATS
        firsts = [(None, _("random"))] + [(i, seat.name) for i, seat in enumerate(s.seats)]
        on_off = [(False, _("off")), (True, _("on"))]

        def row(i: int) -> tuple[int, int, int, int]:  # option i's rectangle (those in NOTED have a note below)
            return form.option_rect(i, NOTED)
        can_neutral = n <= MAX_NEUTRAL_SEATS
        self.neutral = Choice(row(0), _("Neutral dice"), on_off, s.neutral and can_neutral,
                              lambda v: setattr(s, "neutral", v))
        self.neutral.enabled = can_neutral
        if not can_neutral:
            s.neutral = False
        self.edition = Choice(row(1), _("Bills"),
                              [("classic", _("classic 2012")), ("2018", _("2018 edition"))], s.edition,
                              lambda v: setattr(s, "edition", v))
        self.minimum = Choice(row(2), _("Casino minimum"),
                              [("classic", money(CASINO_MINIMUM)),
                               ("by-seats", _("by seats: {amount}", amount=money(MINIMUM_BY_SEATS[n])))],
                              s.minimum or default_minimum(n), self._set_minimum, value_w=270)
        self.hundreds = Choice(row(3), _("$100,000 bills"), on_off, s.hundreds, lambda v: setattr(s, "hundreds", v))
        self.biggies = Choice(row(4), _("Biggies"), on_off, s.biggies, lambda v: setattr(s, "biggies", v))
        self.first = Choice(row(5), _("First player"), firsts,
                            s.first_seat if s.first_seat is None or s.first_seat < n else None,
                            lambda v: setattr(s, "first_seat", v))
        self.hide = Choice(row(6), _("Hide opponents' money"), on_off, s.hide_money,
                           lambda v: setattr(s, "hide_money", v))
        self.handover = Choice(row(7), _("'Pass to' screen"), on_off, s.handover,
                               lambda v: setattr(s, "handover", v))
        self.options = [self.neutral, self.edition, self.minimum, self.hundreds, self.biggies, self.first, self.hide,
                        self.handover]
        self.start_btn = form.start_button(_("Start"), self.start, hotkeys=(pygame.K_RETURN, pygame.K_KP_ENTER))
        self.back_btn = form.back_button(self.app.pop)
        #: the rules in pictures and the interactive tutorial, as on the Lords of Vegas setup
        self.rules_btn, self.tutorial_btn = form.bar_buttons((
            (_("How to play"), lambda: self.app.show("rules")), (_("Play the tutorial"), self.tutorial)))

    def kinds(self, i: int) -> list[tuple[str, str]]:
        """What seat ``i`` may be: a guest, a profile no other seat has, an AI level."""
        taken = {s.profile for j, s in enumerate(self.session.seats) if j != i}
        profiles = [(f"profile:{p.id}", _("Profile: {name}", name=p.name)) for p in self.book.profiles
                    if p.id not in taken]
        human = [("human", human_seat_label())]
        return human + profiles + [(f"ai:{lv}", ai_seat_label(lv)) for lv in self.levels]

    @staticmethod
    def kind_of(seat: SeatInfo) -> str:
        return f"ai:{seat.level}" if seat.is_ai else f"profile:{seat.profile}" if seat.profile else "human"

    @property
    def row_h(self) -> int:
        """How far apart the seat rows are: closer with more than five seats."""
        return form.row_height(len(self.session.seats))

    def _set_minimum(self, v: str) -> None:
        """The seat count's default is kept as "the default", so adding a seat keeps it right."""
        self.session.minimum = None if v == default_minimum(len(self.session.seats)) else v

    def notes(self) -> list[str]:
        """The line under each option that has one (``NOTED``), in order."""
        n = len(self.session.seats)
        return [_("White dice nobody owns: they can win bills and break ties.") if n <= MAX_NEUTRAL_SEATS
                else _("Only with 2 to 6 seats."),
                _("Bills are dealt to each casino until it holds at least this much."),
                _("Five $100,000 bills are shuffled into the deck."),
                _("One of each seat's dice is big: it counts as two dice at payout."),
                _("Who begins round 1; each round the next seat begins."),
                _("Each sees only their own total; bill counts are public."),
                _("Between two humans' turns: pass the game on first.")]

    def _rename(self, i: int, v: str) -> None:
        self.session.seats[i].name = v

    def _set_kind(self, i: int, v: str) -> None:
        seat = self.session.seats[i]
        was_default = is_default_name(seat.name) or self.book.get(seat.profile) is not None
        seat.profile = None
        if v.startswith("profile:"):
            self.pick_profile(i, v.split(":", 1)[1])
            return
        if v == "human":
            seat.kind = "human"
            if was_default:
                seat.name = player_name(i)
        else:
            seat.kind, seat.level = "ai", v.split(":", 1)[1]
            if was_default:
                seat.name = ai_seat_name(i)
        self.seat_widgets[i][1].value = seat.name

    def pick_profile(self, i: int, pid: str) -> None:
        """Seat ``i`` is played by the profile ``pid``: its name, its colour when free; no other seat has it."""
        profile = self.book.get(pid)
        if profile is None:
            return
        seats = self.session.seats
        for j, other in enumerate(seats):
            if j != i and other.profile == pid:
                other.profile = None
                other.name = player_name(j)
        seat = seats[i]
        seat.kind, seat.profile, seat.name = "human", pid, profile.name
        if profile.colour not in {s.colour for j, s in enumerate(seats) if j != i}:
            seat.colour = profile.colour
        self._build()

    def cycle_colour(self, i: int) -> None:
        seats = self.session.seats
        used = {s.colour for j, s in enumerate(seats) if j != i}
        k = COLOURS.index(seats[i].colour)
        for step in range(1, len(COLOURS)):
            c = COLOURS[(k + step) % len(COLOURS)]
            if c not in used:
                seats[i].colour = c
                break

    def add_seat(self) -> None:
        seats = self.session.seats
        if len(seats) >= MAX_SEATS:
            return
        colour = next(c for c in COLOURS if c not in {s.colour for s in seats})
        i = len(seats)
        seats.append(SeatInfo(ai_seat_name(i), colour, "ai", self.levels[len(self.levels) // 2]))
        self._build()

    def remove_seat(self, i: int) -> None:
        if len(self.session.seats) > MIN_SEATS:
            del self.session.seats[i]
            self.session.first_seat = None
            self._build()

    def start(self) -> None:
        """Start the game set up here, asking first if it would replace a saved game."""
        s = self.session
        for i, seat in enumerate(s.seats):
            seat.name = seat.name.strip() or player_name(i)
        start_or_ask(self.app, s, self._start)

    def tutorial(self) -> None:
        tutorial.start(self.app)

    def _start(self) -> None:
        save_last_setup(self.session.to_dict())
        self.app.go("table", match=self.app.services.new_match(self.session))

    # ------------------------------------------------------------ events
    @property
    def name_fields(self) -> list[TextField]:
        return [w[1] for w in self.seat_widgets]

    @property
    def editing(self) -> TextField | None:
        """The one name field being typed in, if any."""
        return next((f for f in self.name_fields if f.focused), None)

    def edit(self, field: TextField | None) -> None:
        """Type in ``field`` (None: in no field); every other field stops editing."""
        focus_field(self.name_fields, field)

    def handle(self, event) -> None:
        fields = self.name_fields
        if handle_fields(fields, event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.nav.handle(event):
            return
        for w in list(self.seat_widgets):
            for x in w:
                if x in fields and event.type != pygame.MOUSEMOTION:
                    continue  # the fields' clicks and keys are handled above
                if x.handle(event) and event.type != pygame.MOUSEMOTION:
                    return  # one widget takes the event (and the rows may have been rebuilt)
        for b in (self.add_btn, self.start_btn, self.back_btn, self.rules_btn, self.tutorial_btn, *self.options):
            if b.handle(event) and event.type != pygame.MOUSEMOTION:
                return

    def draw(self, surface) -> None:
        form.draw_frame(surface, _("Las Vegas: new game"), _("Seats, in playing order"), _("Options"),
                        _("Click a die to change colour; every colour has its own pip shape."))
        self.nav.mark()
        for i, (colour_btn, name, kind, remove) in enumerate(self.seat_widgets):
            seat = self.session.seats[i]
            form.draw_seat_number(surface, i, colour_btn.rect)
            colour_btn.draw(surface)
            surface.rect(art.owner_rgb(seat.colour), colour_btn.rect.inflate(-8, -8), border_radius=8)
            d = art.die(seat.colour, 5, colour_btn.rect.w - 14)
            surface.blit(d, d.get_rect(center=colour_btn.rect.center))
            name.draw(surface)
            kind.draw(surface)
            remove.draw(surface)
        self.add_btn.draw(surface)
        # the first-player choice follows the names as they are typed
        self.first.options = [(None, _("random"))] + [(i, seat.name or "…") for i, seat in
                                                      enumerate(self.session.seats)]
        for o in self.options:
            o.draw(surface)
        form.draw_notes(surface, self.options, NOTED, self.notes())
        self.start_btn.draw(surface)
        self.back_btn.draw(surface)
        self.rules_btn.draw(surface)
        self.tutorial_btn.draw(surface)
