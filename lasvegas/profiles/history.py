"""A profile's games, read from the game records: the one source of statistics and achievements.

Every record file of the records folder that names a profile (its optional
``players`` field, see docs/records.md) is read with the records reader and
checked by replaying it through the rules; a file that does not check is left
out (the Records screen names its problem).  What a statistic or an
achievement needs of a game is taken from the checked record into one
``PlayedGame`` per profile seat.  Games marked as practice (``"practice":
true``, or a daily challenge played again) count for nothing.

The facts of a file are kept by its name, size and modification time, in
memory and, when a cache file is given, on disk (``profile_games.json``:
checked whole when read like every file of the player's; a damaged one is
kept aside and everything read again from the records).  A record that
changes or goes changes or drops its entry, so the cache can never say more
than the records; deleting it only costs the time to read them again.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .. import store
from ..kernel.errors import RecordError
from ..core import read_records, replay
from ..kernel.jsontext import JSONTextError, parse
from ..store import N_
from .claim import claim_seats, guest_colours
from ..store.shape import Bool, Const, Int, List, Map, Null, Obj, ShapeError, Str

_STAMP = re.compile(r"^(\d{8}-\d{6})")
#: at most this many record files are read (the newest)
MAX_FILES = 5000


def record_time(path: Path) -> _dt.datetime:
    """When a record was saved: the time its name starts with, else the file's modification time."""
    m = _STAMP.match(path.name)
    if m:
        try:
            return _dt.datetime.strptime(m.group(1), "%Y%m%d-%H%M%S")
        except ValueError:
            pass
    try:
        return _dt.datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return _dt.datetime.min


@dataclass(frozen=True)
class PlayedGame:
    """One finished game as one profile played it (everything taken from its record)."""

    path: str
    when: _dt.datetime
    profile: str
    colour: str
    mode: str  #: "multi" or "solo"
    seats: int  #: seats at the table (solo: 1)
    neutral: bool
    rounds: int
    ai_levels: tuple[str, ...]  #: the AI seats' levels (multi)
    won: bool  #: among the winners (solo: beat the level)
    shared: bool  #: the victory was shared
    money: int
    bills: int
    round_money: tuple[int, ...]  #: money won in each round
    ties_caused: int  #: casinos where this seat's move made the tie that cancelled it
    ties_suffered: int  #: casinos where another's move did
    biggest_bill: int  #: 0: no bill won
    top_bills: tuple[int, ...]  #: the casinos (values) whose highest bill this seat took
    single_die_tops: int  #: of them, taken with a single die
    tie_breaks: int  #: casinos where this seat broke its own tie and then took the highest bill
    last_before_final: bool  #: strictly the poorest seat before the last round (multi, 2+ rounds)
    led_every_round: bool  #: won strictly the most money in every round (multi)
    solo_level: str | None = None
    hints: int = 0
    daily: str | None = None  #: the daily challenge's date (YYYY-MM-DD)

    @property
    def day(self) -> _dt.date:
        return self.when.date()


def is_practice(rec: dict) -> bool:
    """A practice game (the tutorial's, a daily challenge played again) counts in no statistic."""
    solo = rec.get("solo") if isinstance(rec.get("solo"), dict) else {}
    return rec.get("practice") is True or solo.get("practice") is True


def _owner_of_turn(cfg: dict, turn: dict) -> str:
    seats = cfg["seats"]
    return seats[turn["seat"]] if 0 <= turn["seat"] < len(seats) else ""


def _tied(dice: dict[str, int], owner: str) -> list[str]:
    """The owners whose dice count ties ``owner``'s at a casino (empty: no tie)."""
    k = dice.get(owner, 0)
    others = [o for o, n in dice.items() if o != owner and n == k]
    return others if k > 0 and others else []


def _round_facts(cfg: dict, rnd: dict, colour: str) -> dict[str, Any]:
    """Ties, top bills and tie breaks of one seat in one round of a record."""
    counts: dict[int, Counter] = {c: Counter() for c in range(1, 7)}
    for p in rnd["preplaced"]:
        for v in p["values"]:
            counts[v][p["owner"]] += 1
    last_move: dict[tuple[int, str], int] = {}  # (casino, owner) -> the turn that last changed its dice
    movers: list[str] = []
    broke: set[int] = set()
    for i, t in enumerate(rnd["turns"]):
        c = t["value"]
        mover = _owner_of_turn(cfg, t)
        movers.append(mover)
        before = dict(counts[c])
        for die in t["roll"]:
            if die["value"] == c:
                counts[c][die["owner"]] += 1
                last_move[(c, die["owner"])] = i
        if mover == colour and _tied(before, colour) and not _tied(dict(counts[c]), colour):
            broke.add(c)
    out = {"caused": 0, "suffered": 0, "tops": [], "single": 0, "breaks": 0, "money": 0, "biggest": 0}
    for pay in rnd["payouts"]:
        c, dice = pay["casino"], pay["dice"]
        tied = _tied(dice, colour)
        if tied:
            moves = [last_move.get((c, o), -1) for o in [colour, *tied]]
            last = max(moves)
            if last >= 0 and movers[last] == colour:
                out["caused"] += 1
            else:
                out["suffered"] += 1
        for rank, award in enumerate(pay["awards"]):
            if award["owner"] != colour:
                continue
            out["money"] += award["bill"]
            out["biggest"] = max(out["biggest"], award["bill"])
            if rank == 0:
                out["tops"].append(c)
                out["single"] += dice.get(colour) == 1
                out["breaks"] += c in broke
    return out


def games_of_record(rec: dict, path: Path, when: _dt.datetime) -> list[PlayedGame]:
    """The games a checked record holds for profiles: one per seat that names a profile."""
    players = rec.get("players")
    if not isinstance(players, dict) or is_practice(rec) or "final" not in rec:
        return []
    cfg, final = rec["config"], rec["final"]
    solo = cfg["mode"] == "solo"
    extra = rec.get("solo") if isinstance(rec.get("solo"), dict) else {}
    levels = tuple(sorted(e.get("level", "") for e in players.values() if e.get("kind") == "ai"))
    per_round: list[dict[str, int]] = []
    for rnd in rec["rounds"]:
        won: Counter = Counter()
        for pay in rnd["payouts"]:
            for award in pay["awards"]:
                won[award["owner"]] += award["bill"]
        per_round.append(won)
    out = []
    for colour, entry in players.items():
        pid = entry.get("profile")
        if not pid:
            continue
        facts = [_round_facts(cfg, r, colour) for r in rec["rounds"]]
        totals_before_last = Counter()
        for won in per_round[:-1]:
            totals_before_last.update({o: won.get(o, 0) for o in cfg["seats"]})
        mine = totals_before_last.get(colour, 0)
        poorest = (not solo and len(per_round) >= 2
                   and all(mine < totals_before_last.get(o, 0) for o in cfg["seats"] if o != colour))
        led = (not solo and all(won.get(colour, 0) > max((won.get(o, 0) for o in won if o != colour), default=0)
                                for won in per_round))
        out.append(PlayedGame(
            path=str(path), when=when, profile=pid, colour=colour, mode=cfg["mode"],
            seats=1 if solo else len(cfg["seats"]), neutral=bool(cfg.get("neutral")), rounds=len(rec["rounds"]),
            ai_levels=() if solo else levels,
            won=bool(final.get("solo_won")) if solo else colour in final["winners"],
            shared=not solo and colour in final["winners"] and len(final["winners"]) > 1,
            money=final["money"].get(colour, 0), bills=final["bills"].get(colour, 0),
            round_money=tuple(f["money"] for f in facts),
            ties_caused=sum(f["caused"] for f in facts), ties_suffered=sum(f["suffered"] for f in facts),
            biggest_bill=max(f["biggest"] for f in facts),
            top_bills=tuple(c for f in facts for c in f["tops"]),
            single_die_tops=sum(f["single"] for f in facts), tie_breaks=sum(f["breaks"] for f in facts),
            last_before_final=poorest, led_every_round=led,
            solo_level=cfg.get("solo_level") if solo else None,
            hints=int(extra.get("hints", 0)) if solo else 0,
            daily=extra.get("daily") if solo and isinstance(extra.get("daily"), str) else None,
        ))
    return out


#: file -> its games, by (path, size, modification time): a second look reads only new files
_seen: dict[tuple, list[PlayedGame]] = {}


def _names_a_profile(path: Path) -> bool:
    """A quick look before the full check: only records with a ``players`` field matter here."""
    try:
        with open(path, "rb") as f:
            raw = f.read(64 << 20)
        data = parse(raw)
    except (OSError, JSONTextError, ValueError):
        return True  # let the records reader say what is wrong
    return isinstance(data, dict) and "players" in data


def file_key(path: Path) -> tuple | None:
    """What tells a file's content changed: its name, size and modification time (None: unreadable)."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (str(path), st.st_size, st.st_mtime_ns)


def remembered(path: Path, seen: dict, read) -> list:
    """``read(path)``, kept in ``seen`` by the file's name, size and modification time: a second
    look at an unchanged file reads nothing (an unreadable file: [])."""
    key = file_key(path)
    if key is None:
        return []
    if key in seen:
        return seen[key]
    games = read(path)
    if len(seen) > 2 * MAX_FILES:
        seen.clear()
    seen[key] = games
    return games


def _read_games(path: Path) -> list[PlayedGame]:
    if not _names_a_profile(path):
        return []
    when = record_time(path)
    games: list[PlayedGame] = []
    try:
        for _where, rec in read_records(path):
            replay(rec)  # checked whole: the rules replay it
            games.extend(games_of_record(rec, path, when))
    except (RecordError, ValueError):
        return []
    return games


def games_in_file(path: Path) -> list[PlayedGame]:
    """The profiles' games of one record file (none when it does not check)."""
    return remembered(path, _seen, _read_games)


def record_files(folder: Path) -> list[Path]:
    """The record files of ``folder``, oldest first (kept-aside copies left out)."""
    try:
        files = [p for p in Path(folder).glob("*.json") if p.is_file() and ".damaged-" not in p.name]
    except OSError:
        return []
    files.sort(key=lambda p: (record_time(p), p.name))
    return files[-MAX_FILES:]


def all_games(folder: Path) -> list[PlayedGame]:
    """Every profile's games in the records of ``folder``, oldest first."""
    return [g for p in record_files(folder) for g in games_in_file(p)]


def games_of(profile: str, games: Iterable[PlayedGame]) -> list[PlayedGame]:
    return [g for g in games if g.profile == profile]


# ------------------------------------------------------------- the cache on disk
CACHE_FORMAT = "lasvegas-profile-games/1"
_BIG = 10**12
_TIME = "%Y-%m-%dT%H:%M:%S"


def _when(v: Any, where: str) -> _dt.datetime:
    try:
        return _dt.datetime.strptime(Str(19)(v, where), _TIME)
    except ValueError:
        raise ShapeError(where, "a time (YYYY-MM-DDTHH:MM:SS)", v) from None


def _tuple(item):
    return lambda v, where: tuple(List(item, max_len=1000)(v, where))


_GAME = Obj({"when": _when, "profile": Str(40), "colour": Str(20), "mode": Str(choices=("multi", "solo")),
             "seats": Int(1, 100), "neutral": Bool(), "rounds": Int(1, 100), "ai_levels": _tuple(Str(20)),
             "won": Bool(), "shared": Bool(), "money": Int(0, _BIG), "bills": Int(0, 10**6),
             "round_money": _tuple(Int(0, _BIG)), "ties_caused": Int(0, 10**6), "ties_suffered": Int(0, 10**6),
             "biggest_bill": Int(0, _BIG), "top_bills": _tuple(Int(1, 6)), "single_die_tops": Int(0, 10**6),
             "tie_breaks": Int(0, 10**6), "last_before_final": Bool(), "led_every_round": Bool(),
             "solo_level": Null(Str(20)), "hints": Int(0, 10**6), "daily": Null(Str(10))})
_ENTRY = Obj({"size": Int(0, _BIG), "mtime_ns": Int(0, 2**64), "games": List(_GAME, max_len=100)})
_CACHE = Obj({"format": Const(CACHE_FORMAT), "files": Map(Str(255), _ENTRY, max_len=2 * MAX_FILES)})

CACHE = store.FileKind("profile-games", N_("The statistics cache"),
                       N_("the statistics are read again from the game records"), lambda data: _CACHE(data, ""))


def _to_json(g: PlayedGame) -> dict[str, Any]:
    d = dataclasses.asdict(g)
    del d["path"]
    d["when"] = g.when.strftime(_TIME)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


def _load_cache(cache: Path, folder: Path) -> None:
    """The files the cache knows, into memory (a damaged cache: kept aside, the player told)."""
    data = store.load(CACHE, cache)
    if data is None:
        return
    for name, entry in data["files"].items():
        path = folder / name
        if Path(name).name != name:
            continue
        key = (str(path), entry["size"], entry["mtime_ns"])
        _seen.setdefault(key, [PlayedGame(path=str(path), **g) for g in entry["games"]])


def all_games_cached(folder: Path, cache: Path) -> list[PlayedGame]:
    """``all_games``, the facts of files read in an earlier run taken from ``cache`` (rewritten when
    a file was read anew, holding the current files only)."""
    if not any(k[0].startswith(str(folder)) for k in _seen):
        _load_cache(cache, folder)
    before = set(_seen)
    out, files = [], {}
    for p in record_files(folder):
        games = games_in_file(p)
        out.extend(games)
        try:
            st = p.stat()
        except OSError:
            continue
        files[p.name] = {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "games": [_to_json(g) for g in games]}
    if set(_seen) - before:  # files read anew: the cache holds what the records give now
        store.try_write(CACHE, cache, {"format": CACHE_FORMAT, "files": files})
    return out


def _counts(rec: dict) -> bool:
    """A Las Vegas record that checks whole (the rules replay it), holds its final result and is
    no practice game."""
    replay(rec)  # RecordError at the first inconsistency
    return "final" in rec and not is_practice(rec)


def las_vegas_guests(path: Path) -> list[str]:
    """The colours of the seats whose humans played the finished Las Vegas game at ``path``
    without a profile (``claim.guest_colours``)."""
    return guest_colours(path, _counts)


def count_las_vegas(path: Path, claims: dict[str, str]) -> bool:
    """Name profiles on guest seats of the finished Las Vegas record at ``path`` (``claims``: seat
    colour -> profile id), so that its game counts for them (``claim.claim_seats``)."""
    return claim_seats(path, claims, _counts)
