"""Who sits at the table: the seats (name, colour, human or AI level) and the table options.

A ``Session`` makes the core's ``Config`` and ``Game``; it is saved with the
autosave and remembered as "the last setup".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import COLOURS, Config, Game


@dataclass
class SeatInfo:
    name: str
    colour: str
    kind: str = "human"  # "human" or "ai"
    level: str = "random"

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def to_dict(self) -> dict:
        return {"name": self.name, "colour": self.colour, "kind": self.kind, "level": self.level}

    @classmethod
    def from_dict(cls, d: Any) -> "SeatInfo":
        if not isinstance(d, dict):
            raise ValueError("a seat must be an object")
        name, colour = str(d.get("name", ""))[:16], d.get("colour")
        kind = d.get("kind", "human")
        if colour not in COLOURS or kind not in ("human", "ai"):
            raise ValueError(f"bad seat {d!r}")
        return cls(name or colour.title(), colour, kind, str(d.get("level", "random")))


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

    def config(self) -> Config:
        if self.solo_level:
            return Config.solo(self.solo_level, self.seats[0].colour, rounds=self.rounds)
        return Config(seats=tuple(s.colour for s in self.seats), neutral=self.neutral,
                      edition=self.edition, rounds=self.rounds, first_seat=self.first_seat)

    def new_game(self, seed: int | None = None) -> Game:
        return Game(self.config(), seed)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_ai]

    def to_dict(self) -> dict:
        return {
            "seats": [s.to_dict() for s in self.seats], "neutral": self.neutral,
            "edition": self.edition, "first_seat": self.first_seat,
            "hide_money": self.hide_money, "handover": self.handover,
            "solo_level": self.solo_level, "rounds": self.rounds, "extra": dict(self.extra),
        }

    @classmethod
    def from_dict(cls, d: Any) -> "Session":
        if not isinstance(d, dict) or not isinstance(d.get("seats"), list):
            raise ValueError("a session must list its seats")
        s = cls(
            seats=[SeatInfo.from_dict(x) for x in d["seats"]],
            neutral=bool(d.get("neutral", False)), edition=str(d.get("edition", "classic")),
            first_seat=d.get("first_seat"), hide_money=bool(d.get("hide_money", False)),
            handover=bool(d.get("handover", True)), solo_level=d.get("solo_level"),
            rounds=int(d.get("rounds", 4)),
            extra=dict(d["extra"]) if isinstance(d.get("extra"), dict) else {},
        )
        s.config()  # raises ConfigError (a ValueError) when it makes no game
        return s


AI_NAMES = ("Ace", "Lady Luck", "High Roller", "Jackpot", "Snake Eyes")


def default_session(players: int = 3, humans: int = 1, level: str = "random") -> Session:
    seats = []
    for i in range(players):
        if i < humans:
            seats.append(SeatInfo(f"Player {i + 1}", COLOURS[i]))
        else:
            seats.append(SeatInfo(AI_NAMES[i], COLOURS[i], "ai", level))
    return Session(seats)
