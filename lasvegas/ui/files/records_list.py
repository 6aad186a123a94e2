"""The saved games' records, newest first, as the Records screen lists them (no pygame).

Every file is read with the records reader and checked by replaying it; a
file that does not check is listed as damaged, with the reason, and cannot
be opened — never an error for the screen.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path

from ...core import SOLO_LEVELS, read_records, replay
from ...kernel.errors import RecordError
from ...games import registry
from ...profiles.history import record_time as _when
from ..kit.i18n import _, and_list, date, ngettext
from ..kit.recordfiles import is_review, record_problem  # noqa: F401  (record_problem: the Records scene's)
from ..lasvegas.names import shown_seat_name

#: the Records screen lists at most this many (the newest)
MAX_LISTED = 300


@dataclass
class RecordEntry:
    path: Path
    when: _dt.datetime
    mode: str = ""  #: "multi", "solo" or "lords" (empty when damaged)
    mode_text: str = ""
    players: str = ""
    winner: str = ""
    #: how the game went for the one human seat ("won", "place 2 of 4"; empty: not known, or several humans)
    result: str = ""
    #: a practice game (a move taken back, a daily challenge played again): it counts for nothing
    practice: bool = False
    problem: str = ""  #: why the record cannot be replayed, for the player (empty: it can)
    detail: str = ""  #: the same, as the records reader says it (English, as ``lasvegas check-record`` prints it)
    game: str = "lasvegas"  #: "lasvegas" or "lords" (known from the folder, damaged or not)

    @property
    def damaged(self) -> bool:
        return bool(self.problem)

    def open(self):
        """The replay (``RecordError`` if the file changed since it was listed and no longer checks):
        a ``ReplayMatch``, or a ``LordsReplayMatch`` for a Lords of Vegas record."""
        from ...kernel.lazy import load

        return load(registry.game(self.game).open_record)(self.path)


#: entries already described, by (path, size, modification time): a second visit reads nothing again
_seen: dict[tuple, RecordEntry] = {}


def describe(path: Path, how=None) -> RecordEntry:
    """One record file as the list shows it (checked whole: the rules replay it); ``how``: the
    describer of another game's records (default: Las Vegas's)."""
    try:
        st = path.stat()
        key = (str(path), st.st_size, st.st_mtime_ns)
    except OSError:
        key = None
    if key is not None and key in _seen:
        return _seen[key]
    entry = (how or _describe)(path)
    if key is not None:
        if len(_seen) > 2 * MAX_LISTED:
            _seen.clear()
        _seen[key] = entry
    return entry


def _describe(path: Path) -> RecordEntry:
    entry = RecordEntry(path, _when(path))
    try:
        (_where, rec), = list(read_records(path))[:1] or [(None, None)]
        final = replay(rec)
    except (RecordError, ValueError) as e:
        entry.detail = str(e).replace(str(path) + ": ", "", 1)
        entry.problem = record_problem(entry.detail)
        return entry
    names = rec.get("names") if isinstance(rec.get("names"), dict) else {}
    players = rec.get("players") if isinstance(rec.get("players"), dict) else {}
    extra = rec.get("solo") if isinstance(rec.get("solo"), dict) else {}
    cfg = final.config
    outcome = final.result() if final.is_over else None

    def name(o: str) -> str:
        who = players.get(o) if isinstance(players.get(o), dict) else {}
        shown = shown_seat_name(str(names.get(o) or ""), kind=str(who.get("kind", "")),
                                level=str(who.get("level", "")), solo_player=cfg.is_solo and o == cfg.seats[0])
        return str(shown or _(o.title()))
    if cfg.is_solo:
        entry.mode = "solo"
        label = {lv.name: lv.label for lv in SOLO_LEVELS}.get(cfg.solo_level, str(cfg.solo_level))
        daily = extra.get("daily")
        if daily:
            try:
                daily = date(_dt.date.fromisoformat(str(daily)))
            except ValueError:
                pass
        entry.mode_text = (_("Daily challenge {date}", date=daily) if daily
                           else _("Solo: {level}", level=_(label)))
        entry.players = name(cfg.seats[0])
        entry.winner = "" if outcome is None else _("won") if outcome.solo_won else _("the house won")
    else:
        entry.mode = "multi"
        n = len(cfg.seats)
        entry.mode_text = (ngettext("{n} player + neutral dice", "{n} players + neutral dice", n) if cfg.neutral
                           else ngettext("{n} player", "{n} players", n))
        entry.players = ", ".join(name(c) for c in cfg.seats)
        entry.winner = "" if outcome is None else and_list(name(o) for o in outcome.winners)
    entry.practice = rec.get("practice") is True or extra.get("practice") is True
    if final.is_over:
        entry.result = your_result(final, rec)
        if entry.practice and entry.result:
            entry.result = _("{result} (practice)", result=entry.result)
    return entry


def your_result(final, rec: dict) -> str:
    """The result of the seat played by the one human at this computer (solo: the player), where the
    record says who played (``players``); else why there is none (never an empty cell): several
    humans shared the screen, nobody played here, or the record does not say who played."""
    cfg = final.config
    if cfg.is_solo:
        return _("won") if final.result().solo_won else _("lost")
    players = rec.get("players") if isinstance(rec.get("players"), dict) else {}
    if not players:
        return _("— (not recorded)")
    humans = [c for c in cfg.seats if isinstance(players.get(c), dict) and players[c].get("kind") == "human"]
    if len(humans) > 1:
        return _("— (hot seat)")
    if not humans:
        return _("— (AI only)")
    places = dict((c, p) for p, c in final.ranking())
    place, n = places[humans[0]], len(cfg.seats)
    if place == 1:
        return _("won") if list(places.values()).count(1) == 1 else _("shared win")
    return _("place {rank} of {n}", rank=place, n=n)


def list_records(folder: Path, limit: int = MAX_LISTED) -> list[RecordEntry]:
    """The record files in ``folder`` (``*.json``: Las Vegas) and ``folder/lords`` (Lords of Vegas),
    newest first; damaged ones included, marked; the coach's reviews kept beside them left out."""
    from ..lords.records import describe_lords, lords_files

    try:
        files = [p for p in Path(folder).glob("*.json")
                 if p.is_file() and ".damaged-" not in p.name and not is_review(p)]
    except OSError:
        files = []
    lords = set(lords_files(Path(folder) / "lords"))
    files = sorted(files + list(lords), key=lambda p: (_when(p), p.name), reverse=True)[:limit]
    return [describe(p, (lambda q: describe_lords(q, RecordEntry)) if p in lords else None) for p in files]


#: the game filter's choices, in the order a click goes through them
GAMES = ("all", *registry.names())


def filtered(entries: list[RecordEntry], mode: str, game: str = "all") -> list[RecordEntry]:
    """``mode``: "all", "multi" or "solo" (damaged files show under "all" only; Lords of Vegas
    records, neither multi nor solo, too); ``game``: "all", "lasvegas" or "lords"."""
    if game != "all":
        entries = [e for e in entries if e.game == game]
    return entries if mode == "all" else [e for e in entries if e.mode == mode]
