"""Online Lords of Vegas for the scenes: a seat's lobby while its room fills, then the match the
Lords table plays (:class:`~lasvegas.net.lords.remote.LordsRemoteMatch`); and joining a room by
its code whatever game it plays.

A join by code does not know the room's game: it is sent in protocol version 2, which a server of
this build accepts for a room of either game, and the room's ``lobby`` says which it plays.  A Las
Vegas room's seat is then handed to the Las Vegas lobby (:class:`online.Lobby`), which takes it up
again with the seat's token (``resume``); a server of an earlier build, which speaks only version 1,
refuses the message with ``version`` and the join is made again as Las Vegas's.  The seat is kept
with its game (``online_seats``), so the title takes a Lords seat back into the Lords table.
"""

from __future__ import annotations

from ...kernel.lazy import load
from ...games import registry
from ...net.lords.remote import LordsRemoteMatch
from ..online import lobby as online
from ..online.lobby import keep_seat
from ..online.seats import forget_seat, note_game, seat_name, shown_name

#: what each game is called in the lists (a name, the same in every language)
GAME_TITLES = {name: entry.title for name, entry in registry.GAMES.items()}
#: the server's refusals that end a lobby (the others — too many looks, a stale move — do not)
FINAL = ("no-room", "room-full", "started", "bad-token", "version", "unreachable", "field", "too-many-rooms",
         "server-full", "room-lost")


class KeptLordsMatch(LordsRemoteMatch):
    """A Lords seat's match that forgets the kept seat and keeps the record once the game is over
    (with the local Lords games' records: Records lists it, replaying it first)."""

    record_path = None

    def name(self, seat: int) -> str:
        """A seat's name as the player reads it (an AI seat by its level, in the language now: the
        server names it in English)."""
        return (shown_name(self.seats[seat]) if seat < len(self.seats) else "") or super().name(seat)

    def update(self) -> None:
        was_over = self.record_data is not None
        super().update()
        if self.record_data is not None and not was_over:
            forget_seat(self.url, self.room)
            if isinstance(self.record_data, dict):
                from ... import store
                from ...match.lords.local import records_folder

                try:
                    self.record_path = store.keep_record(records_folder(), f"online-{self.room}", self.record_data)
                except OSError:  # no records folder: the game is over all the same
                    self.record_path = None


class LordsLobby:
    """A seat's connection while a Lords room fills (the same questions as :class:`online.Lobby`):
    ``info`` (the last ``lobby``), ``seat``, ``error``, ``match`` once the game has started, and
    ``handover`` when the room joined by its code plays Las Vegas (its own lobby goes on)."""

    table = "lords-table"

    def __init__(self, url: str, request: dict) -> None:
        self.url = url
        self.request = request
        self.info: dict | None = None
        self.seat: int | None = None
        self.error = ""
        self.error_code = ""
        self.match: KeptLordsMatch | None = None
        self.handover: online.Lobby | None = None
        self._kept = False
        self.remote = KeptLordsMatch(url, request, timeout=None)

    @property
    def game(self) -> str:
        return "lords" if self.info is None else self.info.get("game", "lords")

    @property
    def room(self) -> str | None:
        return self.remote.room or None

    @property
    def is_host(self) -> bool:
        return self.seat == 0

    def update(self) -> None:
        """Take what the server said; ``match`` is set once the game has started."""
        if self.match is not None or self.handover is not None:
            return
        r = self.remote
        r.update()
        if r.error is not None:
            self._refused(r.error)
            r.error = None
            if self.handover is not None or self.error:
                return
        if r.seat is None or r.info is None:
            return
        game = r.info.get("game", "lasvegas")
        if not self._kept:
            self._kept = True
            keep_seat(self.url, {"room": r.room, "token": r.token, "seat": r.seat}, game)
            lobby = load(online.kept_game({"game": game}).lobby)
            if not isinstance(self, lobby):  # another game's room: its own lobby takes the seat up with the token
                r.close()
                self.handover = lobby(self.url, {"type": "resume", "room": r.room, "token": r.token})
                return
        self.seat, self.info = r.seat, r.info
        note_game(self.url, r.room, correspondence=r.info["options"].get("correspondence") is True,
                  names=[seat_name(s) for s in r.info["seats"]][:5])
        if r.query is not None:  # the game has started
            self.match = r
            r.on_receipt = lambda receipt, url=self.url, room=r.room: note_game(url, room, receipt=receipt)

    def _refused(self, msg: dict) -> None:
        code = msg.get("code", "")
        if code not in FINAL:
            return
        if code == "version" and self.request.get("type") == "join" and self.remote.seat is None:
            # a server of an earlier build (protocol version 1 only): it plays Las Vegas rooms alone
            self.remote.close()
            self.handover = online.Lobby(self.url, self.request)
            return
        self.error, self.error_code = msg.get("message", code), code
        if code in ("no-room", "bad-token", "started", "room-full", "room-lost"):
            self.forget()

    def forget(self) -> None:
        """Forget this lobby's kept seat (the server says it is gone, or the player left)."""
        room = self.room or (self.request["room"] if self.request.get("type") == "resume" else None)
        if room is not None:
            forget_seat(self.url, room)

    def start(self, fill: str) -> bool:
        return self.remote.send("start", fill=fill)

    def leave(self) -> None:
        self.remote.send("leave")

    def close(self) -> None:
        self.remote.close()


def join(url: str, request: dict) -> LordsLobby:
    """Join a room by its code, whatever game it plays (see the module's text)."""
    return LordsLobby(url, request)


__all__ = ["GAME_TITLES", "KeptLordsMatch", "LordsLobby", "join"]
