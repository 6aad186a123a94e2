"""The autosave (after every turn), the records of finished games, the error log."""

from __future__ import annotations

import json
import time
import traceback
from typing import Any

from ..core import Game, LasVegasError
from . import paths
from .i18n import _
from .session import Session
from .settings import write_json

AUTOSAVE_FORMAT = "lasvegas-autosave/1"


class SaveError(Exception):
    """The autosave exists but cannot be read; the message is for the player."""


def autosave_path():
    return paths.data_dir() / "autosave.json"


def write_autosave(game: Game, session: Session) -> None:
    write_json(autosave_path(), {
        "format": AUTOSAVE_FORMAT, "saved": time.time(),
        "session": session.to_dict(), "game": game.to_dict(),
    })


def has_autosave() -> bool:
    return autosave_path().is_file()


def read_autosave() -> tuple[Game, Session] | None:
    """The saved game, None when there is none; ``SaveError`` when it is corrupt."""
    p = autosave_path()
    if not p.is_file():
        return None
    try:
        data = json.loads(p.read_text("utf-8"))
    except (OSError, ValueError) as e:
        raise SaveError(_("The saved game could not be read ({why}).", why=type(e).__name__)) from e
    if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT:
        raise SaveError(_("The saved game is not a Las Vegas save."))
    try:
        game = Game.from_dict(data.get("game"))
        session = Session.from_dict(data.get("session"))
    except (LasVegasError, ValueError, TypeError, KeyError) as e:
        why = str(e).replace("saved game is corrupt: ", "")[:100]
        raise SaveError(_("The saved game could not be restored ({why}).", why=why)) from e
    if tuple(s.colour for s in session.seats) != game.config.seats:
        raise SaveError(_("The saved game could not be restored (its seats do not match)."))
    if game.is_over:
        return None
    return game, session


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except OSError:
        pass


def save_record(game: Game, session: Session) -> Any:
    rec = game.record()
    rec["names"] = {s.colour: s.name for s in session.seats}
    if session.solo_level:  # what a solo result notes: hints used, the daily challenge
        rec["solo"] = {"hints": int(session.extra.get("hints", 0)), "daily": session.extra.get("daily"),
                       "practice": bool(session.extra.get("practice", False))}
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = paths.records_dir() / f"{stamp}-{game.seed}.json"
    write_json(path, rec)
    return path


def log_error(exc: BaseException) -> Any:
    path = paths.error_log()
    try:
        with open(path, "a", encoding="utf-8") as f:
            f.write(time.strftime("%Y-%m-%d %H:%M:%S") + "\n")
            f.write("".join(traceback.format_exception(exc)))
            f.write("\n")
    except OSError:
        return None
    return path
