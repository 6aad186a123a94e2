"""The seats of online games kept on this machine, so that a game closed or crashed takes its
seat back.

The token of every seat the player has in a game still running is kept in the user's folder
(``online_seat.json``, a checked :class:`store.FileKind`, written atomically; one entry per
room, so several games that last for days can run at once).  Each entry also keeps the moves
its table has shown (``seen``): a correspondence game taken up again replays what happened
since, and the game its room plays (``game``: ``lasvegas`` or ``lords``; an entry of an earlier
build has none and is Las Vegas).  A token is forgotten when its game is over or the server says the seat is gone for good.
Also: a seat's name from the server as the player reads it.  ``online`` names all of it.
"""

from __future__ import annotations

import re
import threading
from typing import Any
from urllib.parse import urlsplit

from ...games import registry
from ...store import paths as user_paths
from ... import store
from ...store import N_
from ...store.shape import Bool, Int, List, Null, Obj, ShapeError, Str
from ..lasvegas.names import shown_seat_name

#: the games a kept seat may play
GAMES = registry.names()

ROOM_CODE = re.compile(r"^[A-Z0-9]{4,8}$")


#: the online games kept at most (the oldest is forgotten beyond)
MAX_KEPT = 12


#: the kept seats are read and written again by the screen and by the links' threads: one at a time
_kept_lock = threading.RLock()


_SEAT = Obj({"url": Str(200, empty=False), "room": Str(8, empty=False), "token": Str(100, empty=False),
             "seat": Int(0, 4)},
            {"host_port": (Int(0, 65535), 0), "host_name": (Str(60), ""),
             # a game that lasts for days; the moves its table has shown; the names at its seats
             "correspondence": (Bool(), False), "seen": (Null(Int(0, 10**6)), None),
             "names": (List(Str(60), max_len=5), []),
             # the last receipt of the moves the server acknowledged (shown when the seat is resumed)
             "receipt": (Null(Str(80)), None),
             # the game the room plays (a file of an earlier build has no kind: Las Vegas)
             "game": (Str(12, choices=GAMES), registry.DEFAULT_GAME)})


def _seat_shape(d: dict, where: str) -> dict:
    if urlsplit(d["url"]).scheme not in ("ws", "wss"):
        raise ShapeError(where + ".url", "a ws:// or wss:// address", d["url"])
    if not ROOM_CODE.match(d["room"]):
        raise ShapeError(where + ".room", "a room code", d["room"])
    return d


def _token_shape(data: Any) -> list[dict]:
    """The kept seats, oldest first (a file of an earlier version holds one seat, not a list)."""
    if isinstance(data, dict) and "games" not in data:
        return [_seat_shape(_SEAT(data, ""), "")]
    games = Obj({"games": List(_SEAT, max_len=MAX_KEPT)})(data, "")["games"]
    return [_seat_shape(g, f".games[{i}]") for i, g in enumerate(games)]


TOKEN = store.FileKind("online-seat", N_("The seats kept for your online games"),
                       N_("those online games cannot be taken up again"), _token_shape)


def token_path():
    return user_paths.data_dir() / "online_seat.json"


def kept_games() -> list[dict]:
    """The seats kept for online games, the latest first (a damaged file is kept aside, the player told)."""
    return list(reversed(store.load(TOKEN, token_path()) or []))


def kept_seat() -> dict | None:
    """The seat kept for the latest online game, or None."""
    games = kept_games()
    return games[0] if games else None


def _write_kept(games: list[dict]) -> None:
    """Write the kept seats (given latest first)."""
    if games:
        store.try_write(TOKEN, token_path(), {"games": list(reversed(games[:MAX_KEPT]))})
    else:
        store.remove(TOKEN, token_path())


def _kept_entry(url: str, room: str) -> dict | None:
    return next((g for g in kept_games() if g["url"] == url and g["room"] == room), None)


def note_game(url: str, room: str, **fields: Any) -> None:
    """Note what the kept game of ``room`` is (``correspondence``, the seats' ``names``) or how
    far its table has shown it (``seen``: moves); nothing when it is not kept."""
    with _kept_lock:
        _note_game(url, room, fields)


def _note_game(url: str, room: str, fields: dict) -> None:
    games = kept_games()
    for g in games:
        if g["url"] == url and g["room"] == room:
            if all(g.get(k) == v for k, v in fields.items()):
                return
            g.update(fields)
            _write_kept(games)
            return


def forget_seat(url: str | None = None, room: str | None = None) -> None:
    """Forget the kept seat of ``room`` on ``url`` (without them: the latest one)."""
    with _kept_lock:
        games = kept_games()
        if url is None or room is None:
            games = games[1:]
        else:
            games = [g for g in games if not (g["url"] == url and g["room"] == room)]
        _write_kept(games)


def kept_game(kept: dict):
    """The game registry's entry of the game a kept seat (or a room's options) names: Las Vegas's for
    none, or for a name no game has."""
    name = kept.get("game")
    return registry.game(name if isinstance(name, str) and name in registry.GAMES else registry.DEFAULT_GAME)


def resume_request(kept: dict) -> dict:
    """The ``resume`` that takes a kept seat up again (a correspondence game: from the moves shown;
    a Lords of Vegas seat in protocol version 2)."""
    request = {"type": "resume", "room": kept["room"], "token": kept["token"]}
    if kept.get("receipt"):
        request["receipt"] = kept["receipt"]
    if not kept_game(kept).resume_seen:
        return request
    if kept.get("correspondence") and kept.get("seen") is not None:
        request["seen"] = kept["seen"]
    return request


def seat_name(seat: Any) -> str:
    """A seat's name from the server, as kept (a string of at most 24 characters)."""
    name = seat.get("name") if isinstance(seat, dict) else None
    return name[:24] if isinstance(name, str) else ""


def shown_name(seat: Any) -> str:
    """A seat from the server as the player reads it: an AI seat is named by its level in the
    language now (the server names it in English), any other by its name."""
    if isinstance(seat, dict) and seat.get("kind") == "ai" and isinstance(seat.get("level"), str):
        return shown_seat_name(seat_name(seat), kind="ai", level=seat["level"])
    if isinstance(seat, dict) and seat.get("kind") == "human":  # "Player 2": joined without a name
        return shown_seat_name(seat_name(seat), kind="human")
    return seat_name(seat)


def shown_kept_name(name: str) -> str:
    """A name kept in the file of online games: "AI Hard" (the server's name of an AI seat) is named
    by its level in the language now."""
    if name.startswith("AI "):
        return shown_seat_name(name, kind="ai", level=name[3:].lower())
    return name
