"""A profile's Lords of Vegas statistics, read from the Lords of Vegas records (``records/lords/``; no pygame).

A game counts for a profile when its record names the profile on a human seat
(``players.<colour>.profile``) and the record checks whole (the rules replay
it); a damaged record counts for nothing (the Records screen says what is wrong).
Only finished games count.  The facts of a file are kept by its name, size and
modification time, so a second look reads only new files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from ...kernel.errors import RecordError
from ...core import read_records

from ...lords.record import RECORD_FORMAT, replay
from ..claim import claim_seats
from ..history import is_practice, record_files, record_time, remembered
from .achievements import Facts, SeatFacts


@dataclass(frozen=True)
class LordsGame:
    """One finished Lords of Vegas game as one profile played it."""
    path: str
    profile: str
    seats: int
    won: bool
    shared: bool
    vp: int
    money: int
    place: int
    why: str  #: "90" (the jackpot) or "end" (the End card)
    facts: SeatFacts = field(default_factory=SeatFacts)  #: what the seat did (its achievements)
    ai_levels: tuple = ()  #: the levels of the AI seats it played against
    when: datetime | None = None  #: the record's time


@dataclass
class LordsStats:
    games: int = 0
    wins: int = 0
    shared: int = 0
    jackpots: int = 0  #: wins by reaching 90 VP
    total_vp: int = 0
    total_money: int = 0
    best_vp: int = 0
    best_money: int = 0
    by_seats: dict[int, list[int]] = field(default_factory=dict)  #: seats -> [games, wins]
    games_played: list = field(default_factory=list)  #: the games counted, oldest first

    @property
    def average_vp(self) -> float:
        return self.total_vp / self.games if self.games else 0.0

    @property
    def average_money(self) -> float:
        return self.total_money / self.games if self.games else 0.0


def games_of_lords_record(rec: dict, path: Path, facts: Facts | None = None,
                          when: datetime | None = None) -> list[LordsGame]:
    """The profiles' games of one checked, finished ``lords-record/1`` record (``facts``: its
    seats' facts gathered by its replay)."""
    players = rec.get("players")
    result = rec.get("result")
    if not isinstance(players, dict) or not isinstance(result, dict) or is_practice(rec):
        return []  # a practice game (a hint was asked) counts in no statistic and no achievement
    seats = rec["seats"]
    vp, money, winners = result["vp"], result["money"], result["winners"]
    out = []
    levels = tuple(str(p.get("level")) for p in players.values() if isinstance(p, dict) and p.get("kind") == "ai")
    for k, colour in enumerate(seats):
        who = players.get(colour)
        pid = who.get("profile") if isinstance(who, dict) and who.get("kind") == "human" else None
        if not pid:
            continue
        mine = (vp[colour], money[colour])
        place = 1 + sum(1 for c in seats if (vp[c], money[c]) > mine)
        out.append(LordsGame(str(path), pid, len(seats), colour in winners, colour in winners and len(winners) > 1,
                             vp[colour], money[colour], place, str(result["why"]),
                             facts.seats[k] if facts is not None else SeatFacts(), levels, when))
    return out


_seen: dict[tuple, list[LordsGame]] = {}


def _read_lords(path: Path) -> list[LordsGame]:
    try:
        for _where, rec in read_records(path):
            if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
                return []
            facts = Facts(len(rec["seats"])) if isinstance(rec.get("seats"), list) else None
            final = replay(rec, facts.watch if facts is not None else None)  # checked whole
            return games_of_lords_record(rec, path, facts, record_time(path)) if final.is_over else []
    except (RecordError, ValueError):
        return []
    return []


def games_in_lords_file(path: Path) -> list[LordsGame]:
    """The profiles' games of one Lords of Vegas record file (none when it does not check)."""
    return remembered(path, _seen, _read_lords)


def lords_games(folder: Path, profile: str) -> list[LordsGame]:
    """The finished Lords of Vegas games of ``profile`` in the records of ``folder`` (oldest first)."""
    return [g for p in record_files(Path(folder)) for g in games_in_lords_file(p) if g.profile == profile]


def compute_lords(games: list[LordsGame]) -> LordsStats:
    s = LordsStats(games_played=list(games))
    for g in games:
        s.games += 1
        s.wins += g.won
        s.shared += g.shared
        s.jackpots += g.won and g.why == "90"
        s.total_vp += g.vp
        s.total_money += g.money
        s.best_vp = max(s.best_vp, g.vp)
        s.best_money = max(s.best_money, g.money)
        tally = s.by_seats.setdefault(g.seats, [0, 0])
        tally[0] += 1
        tally[1] += g.won
    s.by_seats = dict(sorted(s.by_seats.items()))
    return s


__all__ = ["LordsGame", "LordsStats", "games_of_lords_record", "lords_games", "compute_lords"]


def count_for_profile(path: Path, claims: dict[str, str]) -> bool:
    """Name profiles on guest seats of the finished Lords record at ``path`` (``claims``: seat
    colour -> profile id), so that its game counts for them (``claim.claim_seats``)."""
    return claim_seats(path, claims, lambda rec: not is_practice(rec) and replay(rec).is_over)
