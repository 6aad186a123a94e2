"""Online play for the scenes: hosting a server here, the seat's kept token, the lobby's link.

The scenes "online" (host or join) and "lobby" use this module; the table
never does (it plays the :class:`~lasvegas.net.client.RemoteMatch` through
the match boundary).  The token of the seat being played is kept in the
user's folder (``online_seat.json``, a checked :class:`store.FileKind`,
written atomically) so that a game closed or crashed takes its seat back:
the title offers "Resume online game" when a token is kept and its server
answers.  The token is forgotten when the game is over or the server says
the seat is gone for good.
"""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .. import paths as user_paths
from .. import store
from ..store import N_
from ..store.shape import Int, Obj, ShapeError, Str
#: where discovery looks and the hosted server announces itself (None: every interface; tests: loopback)
INTERFACES: list[str] | None = None
#: where a hosted server listens
HOST_ADDRESS = "0.0.0.0"
ROOM_CODE = re.compile(r"^[A-Z0-9]{4,8}$")


def _token_shape(data: Any) -> dict:
    d = Obj({"url": Str(200, empty=False), "room": Str(8, empty=False), "token": Str(100, empty=False),
             "seat": Int(0, 4)}, {"host_port": (Int(0, 65535), 0), "host_name": (Str(60), "")})(data, "")
    if urlsplit(d["url"]).scheme not in ("ws", "wss"):
        raise ShapeError(".url", "a ws:// or wss:// address", d["url"])
    if not ROOM_CODE.match(d["room"]):
        raise ShapeError(".room", "a room code", d["room"])
    return d


TOKEN = store.FileKind("online-seat", N_("The seat kept for your online game"),
                       N_("that online game cannot be taken up again"), _token_shape)


def token_path():
    return user_paths.data_dir() / "online_seat.json"


def kept_seat() -> dict | None:
    """The seat kept for an online game (a damaged file is kept aside, the player told)."""
    return store.load(TOKEN, token_path())


def keep_seat(url: str, welcome: dict) -> None:
    data = {"url": url, "room": welcome["room"], "token": welcome["token"], "seat": welcome["seat"]}
    if _hosted is not None and _hosted.url == url:  # our own server: started again on the way back
        data.update(host_port=_hosted.port, host_name=_hosted_name)
    store.try_write(TOKEN, token_path(), data)


def reachable(kept: dict) -> bool:
    """The kept seat's server answers; a server this game hosted is started again first
    (same port, same rooms: the other players' games reconnect by themselves)."""
    if answers(kept["url"]):
        return True
    if not kept.get("host_port") or _hosted is not None:
        return False
    try:
        host(kept.get("host_name") or "Las Vegas", port=kept["host_port"])
    except OSError:
        return False
    return answers(kept["url"])


def forget_seat() -> None:
    store.remove(TOKEN, token_path())


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


# ----------------------------------------------------------- hosting
_hosted = None
_hosted_name = ""


def hosted():
    """The server hosted by this game, if any."""
    return _hosted


def host(name: str, port: int = 0):
    """Start (once) the server this game hosts, announced on the local network as ``name``;
    its rooms are kept in the data folder (a game closed while hosting finds them again)."""
    global _hosted, _hosted_name
    if _hosted is None:
        import sqlite3

        from ..net.server import HostedServer

        try:
            db = str(user_paths.ensure(user_paths.data_dir()) / "hosted.sqlite3")
            server = HostedServer(db, host=HOST_ADDRESS, port=port, name=name, interfaces=INTERFACES)
        except (OSError, sqlite3.Error):  # no data folder to keep the rooms in: they live in memory
            server = HostedServer(":memory:", host=HOST_ADDRESS, port=port, name=name, interfaces=INTERFACES)
        _hosted = server
        _hosted_name = name
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
    from .save import keep_record

    return keep_record(record, f"online-{room}")


# ----------------------------------------------------------- the lobby
def _kept_link(url: str, request: dict, on_welcome):
    """A :class:`~lasvegas.net.client.Link` that forgets the kept seat once its game is over."""
    from ..net.client import Link

    class KeptLink(Link):
        def _handle(self, raw: Any) -> bool:
            was_over = self.over
            done = super()._handle(raw)
            if self.over and not was_over:  # the game is over: its record kept, the seat forgotten
                forget_seat()
                save_record(json.loads(raw).get("record"), self.room or "")
            return done

    return KeptLink(url, request, on_welcome=on_welcome, give_up_after=60.0)


class Lobby:
    """A seat's link while the room fills: the last ``lobby`` message, then the started match."""

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

        from ..net.client import RemoteMatch

        while self.match is None:
            try:
                msg = self.link.inbox.get_nowait()
            except queue.Empty:
                return
            kind = msg["type"]
            if kind == "lobby":
                self.info = msg
            elif kind == "state" and self.info is not None:
                self.match = RemoteMatch(self.link, self.info, msg)
            elif kind == "error":
                self.error, self.error_code = msg["message"], msg["code"]
                if msg["code"] in ("no-room", "bad-token", "started", "room-full"):
                    forget_seat()
            elif kind == "closed":
                err = msg["error"]
                if err is not None:
                    self.error, self.error_code = err.message, err.code
                    if err.code in ("no-room", "bad-token"):
                        forget_seat()

    def start(self, fill: str) -> bool:
        return self.link.send("start", fill=fill)

    def close(self) -> None:
        self.link.close()


__all__ = ["INTERFACES", "Lobby", "TOKEN", "address", "answers", "forget_seat", "host", "hosted", "keep_seat",
           "kept_seat", "stop_hosting"]
