"""Who sits at the table: the seats (name, colour, human or AI level) and the table options.

A ``Session`` makes the core's ``Config`` and ``Game``; it is saved with the
autosave and remembered as "the last setup".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import COLOURS, EDITIONS, SOLO_LEVELS, Config, Game
from ..core.config import MAX_SEATS, MINIMUMS
from ..store.shape import Bool, Date, Int, List, Null, Obj, Str

#: the shape of a session as saved (autosave, last setup): every field checked before use
SEAT_SHAPE = Obj({"name": Str(40), "colour": Str(choices=COLOURS)},
                 {"kind": (Str(choices=("human", "ai")), "human"), "level": (Str(20), "random"),
                  "profile": (Null(Str(40)), None)})
EXTRA_SHAPE = Obj({}, {"hints": (Int(0, 1_000_000), 0), "daily": (Null(Date()), None),
                       "practice": (Bool(), False), "took_back": (Int(0, 1_000_000), 0)})
SESSION_SHAPE = Obj({"seats": List(SEAT_SHAPE, min_len=1, max_len=MAX_SEATS)}, {
    "neutral": (Bool(), False), "edition": (Str(choices=tuple(EDITIONS)), "classic"),
    "first_seat": (Null(Int(0, MAX_SEATS - 1)), None), "hide_money": (Bool(), False), "handover": (Bool(), True),
    "solo_level": (Null(Str(choices=[lv.name for lv in SOLO_LEVELS])), None), "rounds": (Int(1, 4), 4),
    "extra": (EXTRA_SHAPE, {}),
    "minimum": (Null(Str(choices=MINIMUMS)), None), "hundreds": (Bool(), False), "biggies": (Bool(), False),
})


@dataclass
class SeatInfo:
    name: str
    colour: str
    kind: str = "human"  # "human" or "ai"
    level: str = "random"
    #: the player's profile id (a human seat; None: a guest)
    profile: str | None = None

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def to_dict(self) -> dict:
        d = {"name": self.name, "colour": self.colour, "kind": self.kind, "level": self.level}
        if self.profile and not self.is_ai:
            d["profile"] = self.profile
        return d

    @classmethod
    def from_dict(cls, d: Any) -> "SeatInfo":
        x = SEAT_SHAPE(d, "seat")
        profile = x["profile"] if x["kind"] == "human" else None
        return cls(x["name"].strip()[:16] or x["colour"].title(), x["colour"], x["kind"], x["level"], profile)


@dataclass
class Session:
    seats: list[SeatInfo]
    neutral: bool = False
    edition: str = "classic"
    first_seat: int | None = None
    hide_money: bool = False
    handover: bool = True
    solo_level: str | None = None
    rounds: int = 4
    #: what a mode keeps with its game (solo: hints used, the daily challenge's date)
    extra: dict = field(default_factory=dict)
    #: the Boulevard options (docs/rules.md §10): the casino minimum (None: the seat count's
    #: default), five $100,000 bills, a Biggie per seat
    minimum: str | None = None
    hundreds: bool = False
    biggies: bool = False

    def config(self) -> Config:
        if self.solo_level:
            return Config.solo(self.solo_level, self.seats[0].colour, rounds=self.rounds)
        return Config(seats=tuple(s.colour for s in self.seats), neutral=self.neutral,
                      edition=self.edition, rounds=self.rounds, first_seat=self.first_seat,
                      minimum=self.minimum, hundreds=self.hundreds, biggies=self.biggies)

    def new_game(self, seed: int | None = None) -> Game:
        return Game(self.config(), seed)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def to_dict(self) -> dict:
        d = {
            "seats": [s.to_dict() for s in self.seats], "neutral": self.neutral,
            "edition": self.edition, "first_seat": self.first_seat,
            "hide_money": self.hide_money, "handover": self.handover,
            "solo_level": self.solo_level, "rounds": self.rounds, "extra": dict(self.extra),
        }
        # the Boulevard options only when chosen: older saves and setups read unchanged
        if self.minimum is not None:
            d["minimum"] = self.minimum
        if self.hundreds:
            d["hundreds"] = True
        if self.biggies:
            d["biggies"] = True
        return d

    @classmethod
    def from_dict(cls, d: Any) -> "Session":
        """A session from saved data; ``ShapeError`` or ``ConfigError`` (both ValueErrors) if it is wrong."""
        given = d.get("extra") if isinstance(d, dict) else None
        d = SESSION_SHAPE(d, "session")
        seats = [SeatInfo.from_dict(x) for x in d["seats"]]
        extra = {k: v for k, v in d["extra"].items() if isinstance(given, dict) and k in given}
        s = cls(seats=seats, neutral=d["neutral"], edition=d["edition"], first_seat=d["first_seat"],
                hide_money=d["hide_money"], handover=d["handover"], solo_level=d["solo_level"],
                rounds=d["rounds"], extra=extra, minimum=d["minimum"], hundreds=d["hundreds"],
                biggies=d["biggies"])
        s.config()  # raises ConfigError (a ValueError) when it makes no game
        return s


AI_NAMES = ("Ace", "Lady Luck", "High Roller", "Jackpot", "Snake Eyes", "Wild Card", "Full House",
            "Lucky Seven")


def default_session(players: int = 3, humans: int = 1, level: str = "random") -> Session:
    seats = []
    for i in range(players):
        if i < humans:
            seats.append(SeatInfo(f"Player {i + 1}", COLOURS[i]))
        else:
            seats.append(SeatInfo(AI_NAMES[i], COLOURS[i], "ai", level))
    return Session(seats)
