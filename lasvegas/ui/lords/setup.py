"""Setting up a game of Lords of Vegas, in the Las Vegas setup's layout (kit/setup_form.py): the
seats in playing order on the left, 2 to 4 (× removes one, "+ Add a seat" adds one), each with
its colour (a marker with its shape: a click gives the next colour no other seat has), its name
and who plays it: a guest, a profile (picked from the list, as the Las Vegas setup does: its
name and colour come with it, no other seat has it; the record keeps its id, its statistics are
read by it) or an AI of a level; the options on the right (the first player is rolled for), and
Resume there when a game is saved (then the default button, and Start asks "Abandon …?" with
Keep it focused before anything replaces the saved game); the bottom bar: Back, How to play,
Play the tutorial, Play online (the online scene, Lords of Vegas chosen), Start."""

from __future__ import annotations

import pygame

from ...store import paths
from ... import store
from ...store.shape import List, Obj, Str
from ...lords.levels import LEVELS
from ...match.lords.local import SHOWN_COLOURS, LordsLocalMatch, LordsSeat, read_save
from ..kit import art
from ..kit import setup_form as form
from ..kit.art import GOLD, INK_DIM
from ..kit.fields import TextField, focus_field, handle_fields, release_fields
from ..kit.i18n import N_, _
from ..kit.scene import Scene
from ..kit.seatnames import ai_seat_label, human_seat_label
from ..kit.widgets import Button, Choice, FocusList, draw_focus_ring
from .saved import describe

#: what a seat may be besides an AI level of the game's book (``lords.levels``), each labelled "AI · Hard"
KIND_LABELS = {"human": N_("Human"), "off": N_("Empty seat")}
COLOUR_LABELS = {"blue": N_("Blue"), "green": N_("Green"), "red": N_("Red"), "yellow": N_("Yellow"),
                 "purple": N_("Purple"), "orange": N_("Orange"), "pink": N_("Pink"), "black": N_("Black")}
DEFAULT = (("human", "Ann"), ("human", "Bob"), ("medium", "Vega Vic"), ("off", "Dora"))
#: the seats at most and at least
MAX_ROWS, MIN_ROWS = 4, 2

#: the last setup started, remembered (each row's kind, colour and name): the next setup starts from it
_LAST_SHAPE = Obj({"seats": List(Obj({"kind": Str(10, choices=("human", *LEVELS, "off")),
                                      "colour": Str(10, choices=tuple(COLOUR_LABELS)), "name": Str(16)},
                                     {"profile": (Str(40), "")}),
                                 min_len=4, max_len=4)})
LAST_SETUP = store.FileKind("lords-last-setup", N_("The remembered Lords of Vegas setup"),
                            N_("the Lords of Vegas setup starts from the usual seats"),
                            lambda data: _LAST_SHAPE(data, ""))


def last_setup_path():
    return paths.config_dir() / "lords_last_setup.json"


def last_setup() -> list[dict] | None:
    """The rows of the last setup started (None: none, or damaged: kept aside, the player told)."""
    d = store.load(LAST_SETUP, last_setup_path())
    return None if d is None else d["seats"]


class KindChoice(Choice):
    """Who plays a seat: the arrows go through the kinds but "off" (a seat is removed with its ×)."""

    def step(self, d: int) -> None:
        if not self.enabled or not self.options:
            return
        for _k in range(len(self.options)):
            self.index = (self.index + d) % len(self.options)
            if self.value != "off":
                break
        if self.on_change:
            self.on_change(self.value)


class Swatch(Choice):
    """A seat's colour: a marker with the colour's shape; a click (or Left/Right) gives the next
    colour no other seat has."""

    def __init__(self, rect, value, taken) -> None:
        super().__init__(rect, "", [(c, _(v)) for c, v in COLOUR_LABELS.items()], value)
        self.taken = taken
        self.left = pygame.Rect(self.rect.x, self.rect.y, 0, self.rect.h)  # a click anywhere: the next one
        self.right = pygame.Rect(self.rect)

    def step(self, d: int) -> None:
        used = self.taken(self)
        for _k in range(len(self.options) - 1):
            self.index = (self.index + d) % len(self.options)
            if self.value not in used:
                return

    def draw(self, surface) -> None:
        if not self.visible:
            return
        surface.rect((40, 70, 64) if self.hover else (20, 42, 36), self.rect, border_radius=10)
        surface.rect((120, 200, 180) if self.hover else (70, 120, 108), self.rect, width=2, border_radius=10)
        if self.focus_ring:
            draw_focus_ring(surface, self.rect)
        sym = art.symbol(self.value, self.rect.w - 16)
        surface.blit(sym, sym.get_rect(center=self.rect.center))


class LordsSetupScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved = read_save()
        self.book = app.services.profiles
        self.kinds: list[Choice] = []
        self.colours: list[Choice] = []
        self.fields: list[TextField] = []
        self.removes: list[Button] = []
        rows = last_setup() or [{"kind": k, "colour": SHOWN_COLOURS[i], "name": n} for i, (k, n) in enumerate(DEFAULT)]
        rows = sorted(rows, key=lambda r: r["kind"] == "off")  # the seats in play first, in their order
        for i, row in enumerate(rows):
            swatch, field, selector, cross = form.seat_rects(i, form.ROW_H)
            kind = row["kind"] if i >= MIN_ROWS or row["kind"] != "off" else DEFAULT[i][0]
            pid = row.get("profile", "")
            if kind == "human" and pid and self._profile(pid) is not None:  # a profile removed since: a guest
                kind = "profile:" + pid
            self.kinds.append(form.kind_choice(selector, self.kind_options(i), kind,
                                               lambda v, i=i: self.kind_changed(i, v), KindChoice))
            self.colours.append(Swatch(swatch, row["colour"], self._taken))
            self.fields.append(TextField(field, row["name"], max_len=16))
            self.removes.append(form.remove_button(cross, lambda i=i: self.remove_seat(i)))
        for i, k in enumerate(self.kinds):  # a profile remembered on two rows: the first keeps it
            if k.value.startswith("profile:") and any(o.value == k.value for o in self.kinds[:i]):
                k.set_value("human")
        self.offer_profiles()
        self.add_button = Button(form.add_rect(MAX_ROWS, form.ROW_H), _("+ Add a seat"), self.add_seat, size=20)
        self.first = Choice(form.option_rect(0, (0,)), _("First player"), [(None, _("rolled for"))], None,
                            value_w=200)
        self.first.enabled = False  # nothing to choose: told, with its note
        #: Enter presses Resume when a game is saved, Start otherwise
        enter = (pygame.K_RETURN, pygame.K_KP_ENTER)
        saved = self.saved is not None
        self.start_button = form.start_button(_("Start"), self.start, primary=not saved,
                                              hotkeys=() if saved else enter)
        self.back_button = form.back_button(self.back, hotkeys=(pygame.K_ESCAPE,))
        label = _("Resume {what}", what=describe(self.saved)) if saved else ""
        box = form.OPTIONS_PANEL
        self.resume_button = Button((box.x + 20, box.bottom - 80, box.w - 40, 56), label, self.resume,
                                    style="primary", size=art.fit(label, "bold", 20, box.w - 70, 12) if saved else 20,
                                    hotkeys=enter if saved else ())
        self.resume_button.visible = saved
        #: the rules in pictures, the interactive tutorial (ui/lords/rules_pages.py, tutorial.py), online play
        self.rules_button, self.tutorial_button, self.online_button = form.bar_buttons((
            (_("How to play"), lambda: self.app.show("lords-rules")), (_("Play the tutorial"), self.tutorial),
            (_("Play online"), lambda: self.app.show("online", game="lords"))))
        self.problem = ""
        #: keys and a controller: Up/Down through the widgets in reading order, Left/Right change a choice
        self.focus = FocusList(self.reading_order)
        self.lay_out()

    # ------------------------------------------------------------- the rows
    def playing(self) -> list[int]:
        """The rows of the seats in play (the others are "off", after them)."""
        return [i for i, k in enumerate(self.kinds) if k.value != "off"]

    def lay_out(self) -> None:
        """The rows in play shown, one under the other; × while more than two; "+ Add a seat" under them."""
        on = self.playing()
        for i in range(MAX_ROWS):
            shown = i in on
            rects = form.seat_rects(on.index(i) if shown else i, form.ROW_H)
            for w, r in zip((self.colours[i], self.fields[i], self.kinds[i], self.removes[i]), rects):
                w.visible = shown
                dx, dy = r.x - w.rect.x, r.y - w.rect.y
                w.rect = pygame.Rect(r)
                for part in ("value_rect", "left", "right"):
                    if hasattr(w, part):
                        getattr(w, part).move_ip(dx, dy)
            self.removes[i].enabled = len(on) > MIN_ROWS
        self.add_button.rect = form.add_rect(len(on), form.ROW_H)
        self.add_button.visible = len(on) < MAX_ROWS

    def _rows(self) -> list[tuple]:
        return [(k.value, c.value, f.value) for k, c, f in zip(self.kinds, self.colours, self.fields)]

    def _set_rows(self, rows: list[tuple]) -> None:
        for (kind, colour, name), k, c, f in zip(rows, self.kinds, self.colours, self.fields):
            k.options, k.index = [(kind, "")], 0  # each row's list again below, this value kept
            c.set_value(colour)
            f.value = name
        self.offer_profiles()
        self.lay_out()

    def remove_seat(self, i: int) -> None:
        """Seat ``i`` leaves the table; the seats after it move up (its row kept, off, at the end)."""
        rows = self._rows()
        if len(self.playing()) <= MIN_ROWS or rows[i][0] == "off":
            return
        kind, colour, name = rows.pop(i)
        focus_field(self.fields, None)  # the names move up: no field is left typing
        self._set_rows(rows + [("off", colour, name)])

    def add_seat(self) -> None:
        """The first row off comes in play: an AI of the middle level, in a colour no seat has."""
        off = [i for i in range(MAX_ROWS) if i not in self.playing()]
        if not off:
            return
        i = off[0]
        self.kinds[i].set_value("medium")
        if self.colours[i].value in self._taken(self.colours[i]):
            self.colours[i].step(1)
        self.offer_profiles()
        self.lay_out()

    def _taken(self, swatch) -> set:
        return {c.value for c, k in zip(self.colours, self.kinds) if c is not swatch and k.value != "off"}

    # ------------------------------------------------------------- profiles
    def _profiles(self) -> list:
        try:
            return list(self.book.profiles)
        except AttributeError:  # no profiles could be read: every human seat is a guest
            return []

    def _profile(self, pid: str):
        return next((p for p in self._profiles() if p.id == pid), None)

    def kind_options(self, i: int) -> list[tuple[str, str]]:
        """What seat ``i`` may be: a guest (a human of no profile), a profile no other seat has, an AI
        level, empty."""
        profiles = self._profiles()
        taken = {k.value for j, k in enumerate(self.kinds) if j != i}
        human = [("human", human_seat_label())]
        mine = [(f"profile:{p.id}", _("Profile: {name}", name=p.name)) for p in profiles
                if f"profile:{p.id}" not in taken]
        rest = [(name, ai_seat_label(name)) for name in LEVELS.offered()]
        rest += [("off", _(KIND_LABELS["off"]))] if i >= 2 else []
        return human + mine + rest

    def offer_profiles(self) -> None:
        """Each seat's list again: the profiles no other seat has (each keeps its own choice)."""
        for j, choice in enumerate(self.kinds):
            keep = choice.value
            choice.options = self.kind_options(j)
            choice.index = next((n for n, (v, _l) in enumerate(choice.options) if v == keep), 0)

    def kind_changed(self, i: int, value) -> None:
        """A profile picked for seat ``i``: its name and (when free) its colour; the other seats' lists
        no longer offer it (and offer again the one seat ``i`` had)."""
        self.offer_profiles()
        if not str(value).startswith("profile:"):
            return
        profile = self._profile(str(value).split(":", 1)[1])
        if profile is None:
            return
        self.fields[i].value = profile.name[:16]
        taken = {c.value for j, (c, k) in enumerate(zip(self.colours, self.kinds)) if j != i and k.value != "off"}
        if profile.colour in COLOUR_LABELS and profile.colour not in taken:
            self.colours[i].set_value(profile.colour)

    def reading_order(self):
        rows = [w for i in self.playing() for w in (self.colours[i], self.fields[i], self.kinds[i], self.removes[i])]
        return rows + [self.add_button, self.resume_button, self.back_button, self.rules_button,
                       self.tutorial_button, self.online_button, self.start_button]

    def seats(self) -> list[LordsSeat]:
        out = []
        for kind, colour, field in zip(self.kinds, self.colours, self.fields):
            k = kind.value
            if k == "off":
                continue
            name = field.value.strip() or _(COLOUR_LABELS[colour.value])
            if k.startswith("profile:"):  # the record keeps the profile's id: its statistics
                out.append(LordsSeat(name[:16], colour.value, "human", "", k.split(":", 1)[1]))
                continue
            out.append(LordsSeat(name[:16], colour.value, "human" if k == "human" else "ai",
                                 "" if k == "human" else k))
        return out

    def start(self) -> None:
        """A new game; when a game is saved, only once the player has said to abandon it."""
        if self.problem_with(self.seats()):
            return
        saved = read_save()
        if saved is None:
            self.start_now()
            return
        self.app.show("confirm", question=_("Abandon {what}?", what=describe(saved)),
                      detail=_("A new game takes the place of the saved one: it cannot be resumed afterwards."),
                      yes=_("Abandon it"), no=_("Keep it"), on_yes=self.start_now, default_no=True)

    def problem_with(self, seats: list[LordsSeat]) -> str:
        """Why these seats cannot start a game ("" when they can), shown on the setup."""
        self.problem = ""
        if len({s.colour for s in seats}) != len(seats):
            self.problem = _("Two seats have the same colour: give each its own.")
        elif not 2 <= len(seats) <= 4:
            self.problem = _("Lords of Vegas is for 2 to 4 players.")
        return self.problem

    def start_now(self) -> None:
        seats = self.seats()
        if self.problem_with(seats):
            return
        store.try_write(LAST_SETUP, last_setup_path(), {"seats": [
            {"kind": "human" if k.value.startswith("profile:") else k.value, "colour": c.value,
             "name": f.value.strip()[:16], "profile": k.value.split(":", 1)[1] if k.value.startswith("profile:") else ""}
            for k, c, f in zip(self.kinds, self.colours, self.fields)]})
        match = LordsLocalMatch(seats, self.app.seed, autosave=True)
        match.save()
        self.app.go("lords-table", match=match)

    def resume(self) -> None:
        if self.saved is not None:
            self.saved.autosave = True
            self.app.go("lords-table", match=self.saved)

    def back(self) -> None:
        self.app.pop()

    def tutorial(self) -> None:
        from . import tutorial

        tutorial.start(self.app)

    def exit(self) -> None:
        release_fields(self)

    def widgets(self):
        return [*self.kinds, *self.colours, *self.fields, *self.removes, self.add_button, self.start_button,
                self.back_button, self.resume_button, self.rules_button, self.tutorial_button, self.online_button]

    def handle(self, event) -> None:
        if handle_fields(self.fields, event):
            return
        if self.focus.handle(event):
            return
        for w in self.widgets():
            if w.handle(event) and event.type != pygame.MOUSEMOTION:
                return  # one widget takes the event (and the rows may have moved)

    def draw(self, surface) -> None:
        self.lay_out()  # the rows in play, as their kinds say now
        if self.problem:
            foot, ink = self.problem, art.DANGER
        else:
            foot, ink = _("Click a marker to change colour; every colour has its own shape."), INK_DIM
        form.draw_frame(surface, _("Lords of Vegas: new game"), _("Seats, in playing order"), _("Options"), foot, ink)
        self.focus.mark()
        for n, i in enumerate(self.playing()):
            form.draw_seat_number(surface, n, self.colours[i].rect)
        for w in self.widgets():
            w.draw(surface)
        self.first.draw(surface)
        form.draw_notes(surface, [self.first], (0,),
                        [_("{n} players; the first player is rolled for.", n=len(self.playing()))])
        box = form.OPTIONS_PANEL
        sub = _("2 to 4 players, humans at this screen (passing it) and AI seats.")
        art.blit_wrapped(surface, sub, (box.x + 20, self.first.rect.bottom + 40), box.w - 40, "body", 16, GOLD)
