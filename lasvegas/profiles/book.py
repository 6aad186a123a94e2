"""The players' profiles on this computer: a name, a favourite colour and a pip shape.

Kept in ``profiles.json`` in the user's data folder, read and written through
``lasvegas.store``: the whole file is checked before use; a damaged one is
moved aside (``profiles.damaged-<time>.json``, never deleted), the game starts
without profiles and the player is told once.  A profile holds no statistics:
they are computed from the game records (``lasvegas.profiles.history``), so
nothing here can drift from the games played.
"""

from __future__ import annotations

import datetime as _dt
import secrets
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .. import store
from ..core import COLOURS
from ..store.paths import data_dir
from ..store import N_
from ..store.shape import Date, List, Null, Obj, ShapeError, Str, Const

FORMAT = "lasvegas-profiles/1"
#: the pip shapes a profile may pick (the dice's own shapes, one per colour)
PIPS = ("circle", "square", "diamond", "triangle", "ring", "star", "heart", "plus")
#: at most this many profiles (a family, a club)
MAX_PROFILES = 24
NAME_LEN = 16
_ID_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789"


@dataclass(frozen=True)
class Profile:
    """One player: the id records name them by, and what the player chose."""

    id: str
    name: str
    colour: str
    pip: str
    created: str  #: YYYY-MM-DD

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "colour": self.colour, "pip": self.pip, "created": self.created}


def _id(v: Any, where: str) -> str:
    v = Str(40, empty=False)(v, where)
    if not set(v) <= set(_ID_CHARS + "-"):
        raise ShapeError(where, "an id of lower-case letters, digits and dashes", v)
    return v


def _name(v: Any, where: str) -> str:
    v = Str(40)(v, where).strip()
    if not v:
        raise ShapeError(where, "a name", v)
    return v[:NAME_LEN]


def _lenient(choices: tuple, default: str):
    """A text; one of ``choices`` is kept, another (a newer version's colour) becomes ``default``."""
    def check(v: Any, where: str) -> str:
        return v if Str(20)(v, where) in choices else default
    return check


_PROFILE = Obj({"id": _id, "name": _name}, {
    "colour": (_lenient(COLOURS, COLOURS[0]), COLOURS[0]), "pip": (_lenient(PIPS, PIPS[0]), PIPS[0]),
    "created": (Date(), "2000-01-01")})


def _file(data: Any) -> dict:
    d = Obj({"format": Const(FORMAT)}, {"profiles": (List(_PROFILE, max_len=MAX_PROFILES), []),
                                        "solo": (Null(_id), None)})(data, "")
    ids = [p["id"] for p in d["profiles"]]
    if len(set(ids)) != len(ids):
        raise ShapeError("profiles", "profiles with different ids", "the same id twice")
    return d


PROFILES = store.FileKind("profiles", N_("Your profiles"),
                          N_("the game starts without profiles (your game records are untouched)"), _file)


def new_id() -> str:
    """A fresh random profile id (it never changes, so records keep naming the same player)."""
    return "".join(secrets.choice(_ID_CHARS) for _ in range(10))


class ProfileBook:
    """Every profile on this computer, and which one solo games count for."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / "profiles.json"
        self.profiles: list[Profile] = []
        #: the profile the solo games (ladder, daily challenge) count for; None: nobody's
        self.solo: str | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> tuple["ProfileBook", str | None]:
        """The saved profiles and, if the file was unusable (now kept aside), a message for the player."""
        book = cls(path)
        data, message = store.recover(PROFILES, book.path)
        if data is not None:
            book.profiles = [Profile(**p) for p in data["profiles"]]
            book.solo = data["solo"] if book.get(data["solo"]) else None
        return book, message

    def save(self) -> bool:
        """Write the profiles atomically; False (and a message for the player) when it failed."""
        return store.try_write(PROFILES, self.path, self.to_dict())

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "profiles": [p.to_dict() for p in self.profiles], "solo": self.solo}

    # ------------------------------------------------------------ profiles
    def get(self, pid: str | None) -> Profile | None:
        return next((p for p in self.profiles if p.id == pid), None)

    @property
    def full(self) -> bool:
        return len(self.profiles) >= MAX_PROFILES

    def create(self, name: str, colour: str, pip: str, today: _dt.date) -> Profile:
        """A new profile (``ValueError`` when the name is empty, taken, or the book is full)."""
        name = name.strip()[:NAME_LEN]
        if not name:
            raise ValueError("a profile needs a name")
        if any(p.name.casefold() == name.casefold() for p in self.profiles):
            raise ValueError(f"a profile is already called {name}")
        if self.full:
            raise ValueError(f"at most {MAX_PROFILES} profiles")
        taken = {p.id for p in self.profiles}
        pid = new_id()
        while pid in taken:
            pid = new_id()
        profile = Profile(pid, name, colour if colour in COLOURS else COLOURS[0], pip if pip in PIPS else PIPS[0],
                          today.isoformat())
        self.profiles.append(profile)
        if self.solo is None:
            self.solo = pid
        return profile

    def remove(self, pid: str) -> Profile:
        """Take a profile out of the book (the player asked, and confirmed).  Its games stay in the
        records, which are never touched; the solo games then count for the first profile left."""
        old = self.get(pid)
        if old is None:
            raise ValueError("no such profile")
        self.profiles.remove(old)
        if self.solo == pid:
            self.solo = self.profiles[0].id if self.profiles else None
        return old

    def update(self, pid: str, **changes: str) -> Profile:
        """Change a profile's name, colour or pip (its id and statistics stay)."""
        old = self.get(pid)
        if old is None:
            raise ValueError("no such profile")
        new = replace(old, **changes)
        self.profiles[self.profiles.index(old)] = new
        return new
