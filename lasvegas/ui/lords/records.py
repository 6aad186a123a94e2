"""Lords of Vegas records as the Records screen lists them (``records/lords/*.json``; no drawing).

Every file is read with the records reader and checked by replaying it whole
(``lords.record.replay``); a file that does not check is listed as damaged,
with the reason, and is never opened, changed or deleted."""

from __future__ import annotations

from pathlib import Path

from ...kernel.errors import RecordError
from ...core import read_records
from ...lords.board import SEAT_COLOURS, TRACK
from ...lords.record import RECORD_FORMAT, replay
from ...profiles.history import record_files, record_time
from ..kit.i18n import _, and_list, ngettext
from ..kit.recordfiles import is_review, record_problem
from ..kit.seatnames import ai_seat_label, shown_kept_name
from .naming import seat_colour

#: the game's name as the Records screen shows it (a proper name: the same in every language)
GAME_NAME = "Lords of Vegas"


def seat_name(rec: dict, colour: str) -> str:
    """A seat's name as kept in the record; an AI seat a server named "AI Hard" by its level in the
    reader's language, a seat without a name by its colour."""
    names = rec.get("names") if isinstance(rec.get("names"), dict) else {}
    players = rec.get("players") if isinstance(rec.get("players"), dict) else {}
    who = players.get(colour) if isinstance(players.get(colour), dict) else {}
    name = str(names.get(colour) or "").strip()[:16]
    if isinstance(who.get("level"), str) or who.get("kind") == "human":
        name = shown_kept_name(name, kind=str(who.get("kind", "")), level=str(who.get("level", "")))
    return name or seat_colour(colour)


def standings(game) -> list[tuple[int, int, int]]:
    """(seat, VP, money), best first: VP, then money (D18)."""
    rows = [(s, TRACK[game.chip[s]], game.money[s]) for s in range(game.n)]
    rows.sort(key=lambda r: (-r[1], -r[2], r[0]))
    return rows


def your_result(rec: dict, game) -> str:
    """How the game went for the one human seat at this computer, else why there is none."""
    players = rec.get("players") if isinstance(rec.get("players"), dict) else {}
    if not players:
        return _("— (not recorded)")
    colours = SEAT_COLOURS[:game.n]
    humans = [i for i, c in enumerate(colours) if isinstance(players.get(c), dict) and players[c].get("kind") == "human"]
    if len(humans) > 1:
        return _("— (hot seat)")
    if not humans:
        return _("— (AI only)")
    me = humans[0]
    if me in game.winners:
        return _("won") if len(game.winners) == 1 else _("shared win")
    rows = standings(game)
    place = 1 + sum(1 for s, vp, mo in rows if (vp, mo) > (TRACK[game.chip[me]], game.money[me]))
    return _("place {rank} of {n}", rank=place, n=game.n)


def describe_lords(path: Path, entry_cls):
    """One Lords of Vegas record file as a ``RecordEntry`` of the list (damaged: ``problem`` set)."""
    entry = entry_cls(path, record_time(path), game="lords")
    try:
        (_where, rec), = list(read_records(path))[:1] or [(None, None)]
        if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
            fmt = rec.get("format") if isinstance(rec, dict) else None
            raise RecordError(f"format is {fmt!r}, expected {RECORD_FORMAT!r}")
        final = replay(rec)
    except (RecordError, ValueError) as e:
        entry.detail = str(e).replace(str(path) + ": ", "", 1)
        entry.problem = record_problem(entry.detail)
        return entry
    colours = SEAT_COLOURS[:final.n]
    entry.mode = "lords"
    entry.mode_text = GAME_NAME + " · " + ngettext("{n} player", "{n} players", final.n)
    entry.players = ", ".join(seat_name(rec, c) for c in colours)
    if final.is_over:
        vp = TRACK[final.chip[final.winners[0]]] if final.winners else 0
        entry.winner = _("{who} ({vp} VP)", who=and_list(seat_name(rec, colours[s]) for s in final.winners), vp=vp)
        entry.result = your_result(rec, final)
        if rec.get("practice") is True:  # a hint was asked: it counts for nothing
            entry.practice = True
            entry.result = _("{result} (practice)", result=entry.result)
    else:
        entry.winner = _("not finished")
    return entry


def lords_files(folder: Path) -> list[Path]:
    """The record files of ``folder``, damaged ones included (never those kept aside, nor a review
    kept beside a record)."""
    return [p for p in record_files(folder) if not is_review(p)]


def open_replay(path, game: int = 1):
    """The replay of game number ``game`` (from 1) of the Lords of Vegas record at ``path`` (Records'
    Replay, ``lasvegas replay``), its seats named as the screens name them (``RecordError`` if it does
    not check)."""
    from ...match.lords.replay import open_lords_record

    return open_lords_record(path, ai_name=ai_seat_label, colour_name=seat_colour, game=game)
