"""Online play for the scenes: hosting a server here, the seat's kept token, the lobby's link.

The scenes "online" (host or join) and "lobby" use this module; the table
never does (it plays the :class:`~lasvegas.net.lasvegas.remote.RemoteMatch` through
the match boundary).  The token of every seat the player has in a game
still running is kept in the user's folder (``online_seats``: ``online_seat.json``, a checked
:class:`store.FileKind`, written atomically; one entry per room, so several
games that last for days can run at once) so that a game closed or crashed
takes its seat back: the title lists them under "Your online games" (whose
turn it is comes from the servers, asked on a thread: :class:`GamesStatus`).
Each entry also keeps the moves its table has shown (``seen``): a
correspondence game taken up again replays what happened since.  A token is
forgotten when its game is over or the server says the seat is gone for good.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ...store import paths as user_paths
from ...kernel.lazy import load
from ..lasvegas.names import ai_seat_label, shown_seat_name
from .seats import (
    MAX_KEPT, ROOM_CODE, TOKEN, _kept_entry, _kept_lock, _write_kept, forget_seat, kept_game, kept_games, kept_seat,
    note_game, resume_request, seat_name, shown_kept_name, shown_name, token_path,
)

#: where discovery looks and the hosted server announces itself (None: every interface; tests: loopback)
INTERFACES: list[str] | None = None
#: where a hosted server listens
HOST_ADDRESS = "0.0.0.0"


def keep_seat(url: str, welcome: dict, game: str = "lasvegas") -> None:
    """Keep the seat the server just gave in a room of ``game`` (its room becomes the latest of the kept games)."""
    with _kept_lock:
        _keep_seat(url, welcome, game)


def _keep_seat(url: str, welcome: dict, game: str) -> None:
    old = _kept_entry(url, welcome["room"]) or {}
    data = {"url": url, "room": welcome["room"], "token": welcome["token"], "seat": welcome["seat"],
            "host_port": old.get("host_port", 0), "host_name": old.get("host_name", ""),
            "correspondence": old.get("correspondence", False), "seen": old.get("seen"),
            "names": old.get("names", []), "game": game}
    if _hosted is not None and _hosted.url == url:  # our own server: started again on the way back
        data.update(host_port=_hosted.port, host_name=_hosted_name)
    others = [g for g in kept_games() if not (g["url"] == url and g["room"] == welcome["room"])]
    _write_kept([data] + others)


def reachable(kept: dict) -> bool:
    """The kept seat's server answers; a server this game hosted is started again first
    (same port, same rooms: the other players' games reconnect by themselves)."""
    if answers(kept["url"]):
        return True
    if not kept.get("host_port") or _hosted is not None:
        return False
    try:
        host(kept.get("host_name") or "Las Vegas", port=kept["host_port"], game=kept.get("game", "lasvegas"))
    except OSError:
        return False
    return answers(kept["url"])


def answers(url: str, timeout: float = 0.5) -> bool:
    """The server at ``url`` (or one of its comma-separated addresses) accepts a connection (nothing is sent)."""
    for one in [u.strip() for u in url.split(",") if u.strip()]:
        parts = urlsplit(one)
        try:
            port = parts.port or (443 if parts.scheme == "wss" else 80)
            with socket.create_connection((parts.hostname or "", port), timeout=timeout):
                return True
        except (OSError, ValueError):
            continue
    return False


def address(text: str) -> str:
    """What a player typed as a server's address, as a ws:// URL ("192.168.1.5:8765" works); several
    addresses separated by commas (server processes sharing their rooms) stay a list, each a URL."""
    parts = [t.strip() for t in text.split(",") if t.strip()]
    return ",".join(t if "://" in t else "ws://" + t for t in parts)


def _status_ok(msg: dict) -> bool:
    """A ``status`` from the server has the fields the title reads, of the right kinds."""
    def whole(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)
    seats = msg["seats"]
    return (isinstance(seats, list) and 2 <= len(seats) <= 5 and all(isinstance(s, dict) for s in seats)
            and whole(msg["seat"]) and 0 <= msg["seat"] < len(seats) and whole(msg["turn"])
            and (msg["to_act"] is None or whole(msg["to_act"]) and 0 <= msg["to_act"] < len(seats))
            and isinstance(msg["started"], bool) and isinstance(msg["over"], bool))


class GamesStatus:
    """Where each kept game stands, asked of its server on a daemon thread (the title never
    waits on the network): ``get(kept)`` is the server's ``status`` message, ``{"gone": code}``
    when the server no longer has the seat, ``{"unreachable": True}``, or None (not known yet).
    The seat is not taken: the connection asks, reads the answers and closes."""

    def __init__(self, games: list[dict], timeout: float = 3.0) -> None:
        import threading

        self.timeout = timeout
        self._answers: dict[tuple[str, str], dict] = {}
        self._lock = threading.Lock()
        by_url: dict[str, list[dict]] = {}
        for g in games:
            by_url.setdefault(g["url"], []).append(g)
        self._threads = [threading.Thread(target=self._ask, args=(url, gs), daemon=True,
                                          name="lasvegas-status") for url, gs in by_url.items()]
        for t in self._threads:
            t.start()

    def get(self, kept: dict) -> dict | None:
        with self._lock:
            return self._answers.get((kept["url"], kept["room"]))

    def _put(self, g: dict, answer: dict) -> None:
        with self._lock:
            self._answers[(g["url"], g["room"])] = answer

    def _ask(self, url: str, games: list[dict]) -> None:
        from ...net import protocol
        from ...net.client import exchange

        try:  # a Lords of Vegas room answers protocol version 2 only
            asks = [protocol.encode("status", load(kept_game(g).protocol_version), room=g["room"], token=g["token"])
                    for g in games]
            for g, msg in zip(games, exchange(url, asks, self.timeout)):
                if msg["type"] == "status" and msg["room"] == g["room"] and _status_ok(msg):
                    self._put(g, msg)
                elif msg["type"] == "error" and msg["code"] in ("no-room", "bad-token", "room-lost"):
                    self._put(g, {"gone": msg["code"]})
                else:
                    self._put(g, {"unreachable": True})
        except Exception:  # refused, timed out, closed, not our protocol: the list says so
            pass
        for g in games:
            if self.get(g) is None:
                self._put(g, {"unreachable": True})

    def join(self, timeout: float) -> None:
        for t in self._threads:
            t.join(timeout)


# ----------------------------------------------------------- hosting
_hosted = None
_hosted_name = ""


def hosted():
    """The server hosted by this game, if any."""
    return _hosted


def host(name: str, port: int = 0, game: str = "lasvegas"):
    """Start (once) the server this game hosts, announced on the local network as ``name``, with
    the ``game`` of the room about to be made (the LAN list says which game waits there);
    its rooms are kept in the data folder (a game closed while hosting finds them again)."""
    global _hosted, _hosted_name
    if _hosted is None:
        import sqlite3

        from ...net.server import HostedServer

        try:
            db = str(user_paths.ensure(user_paths.data_dir()) / "hosted.sqlite3")
            server = HostedServer(db, host=HOST_ADDRESS, port=port, name=name, interfaces=INTERFACES)
        except (OSError, sqlite3.Error):  # no data folder to keep the rooms in: they live in memory
            server = HostedServer(":memory:", host=HOST_ADDRESS, port=port, name=name, interfaces=INTERFACES)
        _hosted = server
        _hosted_name = name
    if _hosted.advertiser is not None:
        try:
            _hosted.advertiser.announce(game)
        except Exception:  # the network went away: the room can still be joined by its address
            pass
    return _hosted


def stop_hosting() -> None:
    global _hosted
    if _hosted is not None:
        server, _hosted = _hosted, None
        server.close()


def save_record(record: Any, room: str) -> Path | None:
    """Keep an online game's record with the local games' (the client checks it on arrival)."""
    if not isinstance(record, dict):
        return None
    from ..files.save import keep_record

    return keep_record(record, f"online-{room}")


# ----------------------------------------------------------- the lobby
def _kept_link(url: str, request: dict, on_welcome):
    """A :class:`~lasvegas.net.client.Link` that forgets the kept seat once its game is over."""
    from ...net.client import Link

    class KeptLink(Link):
        def _handle(self, raw: Any) -> bool:
            was_over = self.over
            done = super()._handle(raw)
            if self.over and not was_over:  # the game is over: its record kept, the seat forgotten
                forget_seat(url, self.room or "")
                save_record(json.loads(raw).get("record"), self.room or "")
            return done

    return KeptLink(url, request, on_welcome=on_welcome, give_up_after=60.0)


class Lobby:
    """A seat's link while the room fills: the last ``lobby`` message, then the started match
    (a Las Vegas room; a Lords of Vegas room's: :class:`online_lords.LordsLobby`)."""

    #: the scene that plays the started match; the game; a lobby that takes over (none here)
    table = "table"
    game = "lasvegas"
    handover = None

    def __init__(self, url: str, request: dict) -> None:
        self.url = url
        self.info: dict | None = None
        self.seat: int | None = None
        self.error: str = ""
        #: the protocol's error code of ``error`` ("unreachable" when the server cannot be reached)
        self.error_code: str = ""
        self.match = None
        self.link = _kept_link(url, request, self._welcome)

    def _welcome(self, msg: dict) -> None:
        self.seat = msg["seat"]
        keep_seat(self.url, msg)

    @property
    def room(self) -> str | None:
        return self.link.room

    @property
    def is_host(self) -> bool:
        return self.seat == 0

    def update(self) -> None:
        """Take what the server said; ``match`` is set once the game has started."""
        import queue

        from ...net.lasvegas.remote import RemoteMatch

        while self.match is None:
            try:
                msg = self.link.inbox.get_nowait()
            except queue.Empty:
                return
            kind = msg["type"]
            if kind == "lobby":
                self.info = msg
                note_game(self.url, msg["room"], correspondence=msg["options"].get("correspondence") is True,
                          names=[seat_name(s) for s in msg["seats"]][:5])
            elif kind == "state" and self.info is not None:
                url, room = self.url, self.info["room"]
                self.match = RemoteMatch(self.link, self.info, msg, on_seen=lambda n: note_game(url, room, seen=n, receipt=self.link.receipt),
                                         ai_name=ai_seat_label,
                                         player_name=lambda n: shown_seat_name(n, kind="human"))
            elif kind == "error":
                self.error, self.error_code = msg["message"], msg["code"]
                if msg["code"] in ("no-room", "bad-token", "started", "room-full", "room-lost"):
                    self.forget()
            elif kind == "closed":
                err = msg["error"]
                if err is not None:
                    self.error, self.error_code = err.message, err.code
                    if err.code in ("no-room", "bad-token", "room-lost"):
                        self.forget()

    def forget(self) -> None:
        """Forget this lobby's kept seat (the server says it is gone, or the player left)."""
        if self.room is not None:
            forget_seat(self.url, self.room)
        elif self.link.request.get("type") == "resume":
            forget_seat(self.url, self.link.request["room"])

    def start(self, fill: str) -> bool:
        return self.link.send("start", fill=fill)

    def leave(self) -> None:
        self.link.send("leave")

    def close(self) -> None:
        self.link.close()


__all__ = ["INTERFACES", "GamesStatus", "Lobby", "TOKEN", "address", "answers", "forget_seat", "host", "hosted",
           "keep_seat", "kept_games", "kept_seat", "note_game", "resume_request", "seat_name", "stop_hosting"]
