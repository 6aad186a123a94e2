"""Saved games (one slot per kind of game), the records of finished games, the error log.

Two slots: ``multi`` (the game set up with New game, hot-seat or against AI
seats) and ``solo`` (a solo level or the daily challenge), so starting one
never touches the other.  Each slot is saved after every turn, atomically,
the previous save kept as ``<name>.prev.json``: after a crash at any moment
the slot or its backup holds a whole game at most one turn old.  A damaged
save is kept aside (``autosave-multi.damaged-<time>.json``), the player told,
and the backup resumed when it is usable.  The single ``autosave.json`` of
earlier versions is moved into the slot of its kind on first reading.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import time
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...store import paths as user_paths
from ... import store
from ...store.shape import Const, Obj, ShapeError
from ..kit import i18n, paths
from ..kit.i18n import N_, _, and_list
from ..kit.session import Session
from ..lasvegas.names import solo_level_name

if TYPE_CHECKING:  # the engine is loaded when a saved game is read (none at a first start)
    from ...core import Game

AUTOSAVE_FORMAT = "lasvegas-autosave/1"
SLOTS = ("multi", "solo")


@dataclass
class SavedGame:
    """A game in progress read from a slot."""

    slot: str
    game: Game
    session: Session
    saved: float = 0.0

    def describe(self) -> str:
        """The game in words: "Ann and Bo's game in round 3", "your Hard game in round 2"."""
        return describe(self.game, self.session)


def describe(game: Game, session: Session) -> str:
    rnd = min(game.round + 1, game.config.rounds)
    if session.solo_level:
        daily = session.extra.get("daily")
        if daily:
            try:
                shown = i18n.date(_dt.date.fromisoformat(daily))
            except ValueError:
                shown = daily
            return _("your daily challenge of {date} in round {r}", date=shown, r=rnd)
        return _("your {level} solo game in round {r}", level=solo_level_name(session.solo_level), r=rnd)
    names = [s.name for s in session.seats if not s.is_ai] or [s.name for s in session.seats]
    who = and_list(names)
    return _("{who}'s game in round {r}", who=who, r=rnd)


def _probe(game: Game) -> None:
    """What the table will ask of the game, asked once here so a damaged one fails now."""
    json.dumps(game.to_dict())
    game.record()
    if not game.is_over:
        game.legal_values()
    for c in range(1, 7):
        game.casino_counts(c)


def _autosave_shape(data: Any) -> tuple[Game, Session, float]:
    d = Obj({"format": Const(AUTOSAVE_FORMAT), "session": lambda v, w: v, "game": lambda v, w: v},
            {"saved": (lambda v, w: v, 0.0)})(data, "")
    saved = d["saved"] if isinstance(d["saved"], (int, float)) and not isinstance(d["saved"], bool) else 0.0
    from ...core import Game

    session = Session.from_dict(d["session"])
    game = Game.from_dict(d["game"])
    if tuple(s.colour for s in session.seats) != game.config.seats:
        raise ShapeError("session.seats", "the seats of the saved game", "other seats")
    if (session.solo_level or None) != (game.config.solo_level if game.config.is_solo else None):
        raise ShapeError("session.solo_level", "the saved game's solo level", session.solo_level)
    _probe(game)
    return game, session, float(saved)


def _kind(what: str) -> store.FileKind:
    return store.FileKind("autosave", what, N_("that game cannot be resumed"), _autosave_shape, backup=True,
                          from_backup=N_("The game resumes from its save of one turn earlier."))


KINDS = {"multi": _kind(N_("The saved game")), "solo": _kind(N_("The saved solo game"))}
LEGACY = store.FileKind("autosave", N_("The saved game"), N_("that game cannot be resumed"), _autosave_shape)


def slot_of(session: Session) -> str:
    return "solo" if session.solo_level else "multi"


def autosave_path(slot: str = "multi"):
    return user_paths.data_dir() / f"autosave-{slot}.json"


def legacy_path():
    """The single autosave of versions before the slots."""
    return user_paths.data_dir() / "autosave.json"


def write_autosave(game: Game, session: Session, *, new: bool = False) -> bool:
    """Save a game in its slot; False (and a message for the player) when it could not be written.

    ``new``: the game replaces the slot's game (already asked), whose save and
    backup go first, so the new game's backup is never the old game.
    """
    if new:
        clear_autosave(slot_of(session))
    return store.try_write(KINDS[slot_of(session)], autosave_path(slot_of(session)), {
        "format": AUTOSAVE_FORMAT, "saved": time.time(),
        "session": session.to_dict(), "game": game.to_dict(),
    })


def has_autosave(slot: str = "multi") -> bool:
    return store.exists(KINDS[slot], autosave_path(slot))


def migrate_legacy() -> None:
    """Move the old single ``autosave.json`` into the slot of its game (when that slot is free)."""
    old = legacy_path()
    if not old.is_file():
        return
    value = store.load(LEGACY, old)  # a damaged one is kept aside and the player told
    if value is None:
        return
    slot = slot_of(value[1])
    if not has_autosave(slot):
        try:
            os.replace(old, autosave_path(slot))
        except OSError:
            pass


def read_autosave(slot: str = "multi") -> SavedGame | None:
    """The game in progress in ``slot``, or None (none, finished, or damaged: kept aside, player told)."""
    migrate_legacy()
    value = store.load(KINDS[slot], autosave_path(slot))
    if value is None:
        return None
    game, session, saved = value
    if game.is_over or slot_of(session) != slot:
        return None
    return SavedGame(slot, game, session, saved)


def saved_games() -> dict[str, SavedGame]:
    """Every slot's game in progress."""
    out = {}
    for slot in SLOTS:
        g = read_autosave(slot)
        if g is not None:
            out[slot] = g
    return out


def clear_autosave(slot: str = "multi") -> None:
    """Forget a slot's game (it is finished: its record is kept)."""
    store.remove(KINDS[slot], autosave_path(slot))


def save_record(game: Game, session: Session) -> Any:
    """Write a finished game's record (never over another one); its path, or None when it failed."""
    path = keep_record(record_of(game, session), str(game.seed))
    if path is not None:
        write_log_text(game, session, log_text_path(path))
    return path


def record_of(game: Game, session: Session) -> dict:
    """The game's record with what the desktop game keeps beside the moves: the seats'
    names, who played them (human, with their profile if any, or an AI and its level), and a
    solo game's notes."""
    rec = game.record()
    rec["names"] = {s.colour: s.name for s in session.seats}
    rec["players"] = {s.colour: {"kind": s.kind, "level": s.level if s.is_ai else ""} for s in session.seats}
    for s in session.seats:  # a human seat played with a profile: its statistics read this record
        if s.profile and not s.is_ai:
            rec["players"][s.colour]["profile"] = s.profile
    if session.solo_level:  # what a solo result notes: hints used, the daily challenge
        rec["solo"] = {"hints": int(session.extra.get("hints", 0)), "daily": session.extra.get("daily"),
                       "practice": bool(session.extra.get("practice", False))}
    if session.extra.get("took_back"):  # a move was taken back: practice, counted nowhere
        rec["practice"] = True
    return rec


def keep_record(rec: dict, tag: str) -> Any:
    """Write a record as ``records/<time>-<tag>.json`` (never over another one); its path,
    or None when it failed (the player is told)."""
    return store.keep_record(user_paths.records_dir(), tag, rec)


def log_text_path(record_path: Any) -> Any:
    """The game log's text file beside a record: ``<record>.txt``."""
    return record_path.with_suffix(".txt")


def write_log_text(game: Game, session: Session, path: Any) -> bool:
    """The game log in plain sentences (for reading aloud); False (player told) when it could not be written."""
    names = {s.colour: s.name for s in session.seats}
    from ..lasvegas.gamelog import game_log

    lines = game_log(game.config, game.log, names, hide_money=bool(session.hide_money))
    try:
        store.write_bytes(path, ("\n".join(lines) + "\n").encode("utf-8"))
    except store.WriteFailed as e:
        store.tell(_("The game log could not be saved in {folder} ({why}).", folder=str(e.path.parent), why=e.why))
        return False
    return True


def log_error(exc: BaseException) -> Any:
    try:
        path = paths.error_log()
        with open(path, "a", encoding="utf-8") as f:
            f.write(time.strftime("%Y-%m-%d %H:%M:%S") + "\n")
            f.write("".join(traceback.format_exception(exc)))
            f.write("\n")
    except OSError:
        return None
    return path
