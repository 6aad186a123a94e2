"""Setting up a game of Lords of Vegas: 2 to 4 seats, each a guest, a profile (picked from the
list, as the Las Vegas setup does: its name and colour come with it, no other seat has it; the
record keeps its id, its statistics are read by it) or an AI of a level, with a name and a colour
(its pip shape with it); Start, Back, and Resume when a game is saved (then the
default button, and Start asks "Abandon …?" with Keep it focused before anything replaces the
saved game); Play online (the online scene, Lords of Vegas chosen: host a room or join one)."""

from __future__ import annotations

import pygame

from ... import paths, store
from ...store.shape import List, Obj, Str
from ...match.lords.local import SHOWN_COLOURS, LordsLocalMatch, LordsSeat, read_save
from ..kit import art
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.fields import TextField, handle_fields, release_fields
from ..kit.i18n import N_, _
from ..kit.scene import Scene
from ..kit.widgets import Button, Choice, FocusList
from .saved import describe

KIND_LABELS = {"human": N_("Human"), "random": N_("AI: Random"), "easy": N_("AI: Easy"), "medium": N_("AI: Medium"),
               "hard": N_("AI: Hard"), "off": N_("Empty seat")}
COLOUR_LABELS = {"blue": N_("Blue"), "green": N_("Green"), "red": N_("Red"), "yellow": N_("Yellow"),
                 "purple": N_("Purple"), "orange": N_("Orange"), "pink": N_("Pink"), "black": N_("Black")}
DEFAULT = (("human", "Ann"), ("human", "Bob"), ("medium", "Vega Vic"), ("off", "Dora"))
ROW_Y, ROW_H = 190, 76

#: the last setup started, remembered (each row's kind, colour and name): the next setup starts from it
_LAST_SHAPE = Obj({"seats": List(Obj({"kind": Str(10, choices=tuple(KIND_LABELS)),
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


class LordsSetupScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.saved = read_save()
        self.book = app.services.profiles
        self.kinds: list[Choice] = []
        self.colours: list[Choice] = []
        self.fields: list[TextField] = []
        rows = last_setup() or [{"kind": k, "colour": SHOWN_COLOURS[i], "name": n} for i, (k, n) in enumerate(DEFAULT)]
        for i, row in enumerate(rows):
            y = ROW_Y + i * ROW_H
            kind = row["kind"] if i >= 2 or row["kind"] != "off" else DEFAULT[i][0]
            pid = row.get("profile", "")
            if kind == "human" and pid and self._profile(pid) is not None:  # a profile removed since: a guest
                kind = "profile:" + pid
            self.kinds.append(Choice((360, y, 300, 44), "", self.kind_options(i), kind, value_w=300,
                                     on_change=lambda v, i=i: self.kind_changed(i, v)))
            self.colours.append(Choice((680, y, 220, 44), "", [(c, _(v)) for c, v in COLOUR_LABELS.items()],
                                       row["colour"], value_w=220))
            self.fields.append(TextField((920, y, 240, 44), row["name"], max_len=16))
        for i, k in enumerate(self.kinds):  # a profile remembered on two rows: the first keeps it
            if k.value.startswith("profile:") and any(o.value == k.value for o in self.kinds[:i]):
                k.set_value("human")
        self.offer_profiles()
        #: Enter presses Resume when a game is saved, Start otherwise
        enter = (pygame.K_RETURN, pygame.K_KP_ENTER)
        saved = self.saved is not None
        self.start_button = Button((640 - 200, 540, 190, 54), _("Start"), self.start,
                                   style="normal" if saved else "primary", hotkeys=() if saved else enter)
        self.back_button = Button((640 + 10, 540, 190, 54), _("Back"), self.back, hotkeys=(pygame.K_ESCAPE,))
        label = _("Resume {what}", what=describe(self.saved)) if saved else ""
        self.resume_button = Button((640 - 200, 610, 690, 48), label, self.resume, style="primary",
                                    size=art.fit(label, "bold", 20, 660, 12) if saved else 20,
                                    hotkeys=enter if saved else ())
        self.resume_button.visible = saved
        #: the rules in pictures and the interactive tutorial (ui/lords/rules_pages.py, tutorial.py)
        self.rules_button = Button((150, 540, 260, 54), _("How to play"), lambda: self.app.show("lords-rules"),
                                   size=20)
        self.tutorial_button = Button((870, 540, 260, 54), _("Play the tutorial"), self.tutorial, size=20)
        self.online_button = Button((150, 610, 260, 48), _("Play online"),
                                    lambda: self.app.show("online", game="lords"), size=20)
        self.problem = ""
        #: keys and a controller: Up/Down through the rows in reading order, Left/Right change a choice
        self.focus = FocusList(self.reading_order)

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
        human = [("human", _("Guest") if profiles else _(KIND_LABELS["human"]))]
        mine = [(f"profile:{p.id}", _("Profile: {name}", name=p.name)) for p in profiles
                if f"profile:{p.id}" not in taken]
        rest = [(k, _(v)) for k, v in KIND_LABELS.items() if k != "human" and (i >= 2 or k != "off")]
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
        rows = [w for i in range(4) for w in (self.kinds[i], self.colours[i], self.fields[i])]
        return rows + [self.rules_button, self.start_button, self.back_button, self.tutorial_button,
                       self.online_button, self.resume_button]

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
        return [*self.kinds, *self.colours, *self.fields, self.start_button, self.back_button, self.resume_button,
                self.rules_button, self.tutorial_button, self.online_button]

    def handle(self, event) -> None:
        if handle_fields(self.fields, event):
            return
        if self.focus.handle(event):
            return
        for w in self.widgets():
            if w.handle(event):
                return

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        title = _("Lords of Vegas: new game")
        t = art.glow_text(title, "display", 46, (255, 70, 160), 6)
        surface.blit(t, t.get_rect(midtop=(640, 30)))
        sub = _("2 to 4 players, humans at this screen (passing it) and AI seats.")
        art.blit_text(surface, sub, (640, 116), "body", art.fit(sub, "body", 18, 1100), INK_DIM, anchor="center")
        for label, x in ((_("Seat"), 120), (_("Player"), 370), (_("Colour"), 690), (_("Name"), 930)):
            art.blit_text(surface, label, (x, 156), "bold", 16, INK_DIM)
        for i in range(4):
            y = ROW_Y + i * ROW_H
            art.blit_text(surface, _("Seat {n}", n=i + 1), (120, y + 22), "display", 22, INK, anchor="midleft")
            on = self.kinds[i].value != "off"
            if on:
                sym = art.symbol(self.colours[i].value, 30)
                surface.blit(sym, (300, y + 7))
            self.colours[i].enabled = on
        self.focus.mark()
        for w in self.widgets():
            w.draw(surface)
        if self.problem:
            art.blit_text(surface, self.problem, (640, 510), "bold", 17, art.DANGER, anchor="center")
        else:
            n = len(self.seats())
            line = _("{n} players; the first player is rolled for.", n=n)
            art.blit_text(surface, line, (640, 510), "body", 16, GOLD, anchor="center")

