"""The client side: a link to the server on a thread of its own, and :class:`RemoteMatch`.

:class:`Link` keeps one WebSocket connection to a server (the websockets
library's synchronous client on a daemon thread): it sends the first request
(``create``, ``join`` or ``resume``), hands every message it receives to a
queue, and when the connection drops it connects again and resumes its seat
with the token, from the last event it received, until the game is over or
the server refuses it for good.  It is the one WebSocket client of the desktop game and its
bots, for both games (a Lords of Vegas seat's link: :class:`~lasvegas.net.lords.remote.LordsLink`):
every connection is made by :func:`dial` (frames bounded, no compression), so a certificate that
is not trusted, an address behind a proxy (:func:`route`) and the back-off are handled once.

:class:`RemoteMatch` is the match boundary over a link: the table plays it
like any other match.  It keeps a mirror of the public table (the server's
view of the seat, then the events), so ``view``, ``to_act`` and ``preview``
answer at once; the server alone decides every move.  When the game ends the
server reveals the seed and the record, which the match replays through the
rules engine and checks against the commitment published at the start.
"""

from __future__ import annotations

import queue
import secrets
import ssl
import threading
import time
from typing import Any, Callable, Iterator

from websockets.exceptions import ConnectionClosed, InvalidURI
from websockets.sync.client import connect

from ..core import COLOURS, Config, DicePlaced, Event, Game, GameEnded, replay
from ..kernel.errors import IllegalAction, LasVegasError
from ..match.base import REACTIONS, CatchUp, Intent, Leave, MatchNotice, Outcome, PlaceDice, Reaction, Seat, TableView
from ..match.lasvegas.face import LasVegasFace
from ..match.lasvegas.local import EngineMatch
from . import protocol
from .lasvegas.table import _PublicTable
from .protocol import ProtocolError, encode, event_from_wire, view_from_wire

#: Errors after which the link stops trying (the room or the seat is gone for good).
FATAL = frozenset({"version", "no-room", "bad-token", "room-full", "started", "server-full",
                   "too-many-connections", "taken-over", "field", "too-many-rooms", "room-lost"})
#: Errors after which a seated link stops trying.
FATAL_SEATED = frozenset({"version", "no-room", "bad-token", "taken-over", "room-lost"})
#: Seconds between attempts to connect again: growing, then steady.
BACKOFF = (0.1, 0.25, 0.5, 1.0, 2.0)


class _Finished(Exception):
    """The link's work is done (the game is over or the server refused the seat)."""


class RemoteError(Exception):
    """The server refused us (``code`` is the protocol's error code) or cannot be reached."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def addresses(text: str) -> list[str]:
    """The server addresses in ``text`` (one, or several separated by commas), in order."""
    urls = [u.strip() for u in text.split(",") if u.strip()]
    return urls or [text]


def route(url: str, room: str | None) -> str:
    """The address a link connects to: the server's address followed by ``room/CODE`` for a room it
    knows, or ``new/<random>`` to make one.  A server reads no path; a proxy in front of several server
    processes hashes it to keep a room's players on one process (docs/hosting.md), and spreads the
    new rooms."""
    base, _, query = url.partition("?")
    tail = f"room/{room}" if room else f"new/{secrets.token_hex(4)}"
    return base.rstrip("/") + "/" + tail + (f"?{query}" if query else "")


def dial(url: str, *, open_timeout: float = 10.0, close_timeout: float = 2.0):
    """A WebSocket connection to ``url`` (a context manager): the only place the package opens one as
    a client (the lean bench clients aside: :mod:`lasvegas.net.bench_wire`).  A frame from the server
    is at most ``16 * MAX_FRAME`` bytes (a larger one closes the connection: 1009), none compressed."""
    return connect(url, open_timeout=open_timeout, max_size=protocol.MAX_FRAME * 16,
                   close_timeout=close_timeout, compression=None)


def exchange(url: str, messages: list[str], timeout: float) -> Iterator[dict]:
    """Send ``messages`` on one connection, then yield as many answers (each checked by
    :func:`protocol.read_server`), waiting at most ``timeout`` seconds for each; closed after.  The
    title's question of where each kept game stands (no seat is taken)."""
    with dial(url, open_timeout=timeout, close_timeout=1) as ws:
        for m in messages:
            ws.send(m)
        for _ in messages:
            yield protocol.read_server(ws.recv(timeout=timeout))


class Link:
    """One seat's connection to a server, kept alive on a daemon thread.

    ``url``: the server's address, or several separated by commas (server
    processes sharing their rooms): when one cannot be reached the link moves to
    the next.  ``request``: the first message (a ``create``, ``join`` or ``resume`` dict).
    Messages received go to ``inbox`` as dicts (events already turned into
    :class:`Event` objects, each delivered once, in order); ``("closed",
    RemoteError)`` ends the stream.  ``give_up_after``: seconds without a
    connection before the link reports the server gone.
    """

    #: the protocol version of the messages it sends (a Lords of Vegas room's are version 2)
    version = protocol.VERSION
    #: the resume point before any event came (None: a resume says no ``since``)
    first_cursor: int | None = None

    def __init__(self, url: str, request: dict, *, give_up_after: float = 120.0,
                 on_welcome: Callable[[dict], None] | None = None) -> None:
        self.urls = addresses(url)
        self.url = self.urls[0]
        self.request = dict(request)
        self.give_up_after = give_up_after
        self.on_welcome = on_welcome
        self.inbox: queue.Queue = queue.Queue()
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        #: events received so far (the resume point)
        self.cursor: int | None = self.first_cursor
        self.over = False
        self._ws = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        #: connections made so far (a message sent on an earlier one may have been lost)
        self.generation = 0
        #: the room named in the address of the connection (None: one made to create a room)
        self.routed: str | None = None
        self._reroute = False
        #: the last receipt of the seat's moves the server gave (shown on ``resume``: docs/protocol.md)
        self.receipt: str | None = protocol.receipt_of(request, None)
        self._thread = threading.Thread(target=self._run, name="lasvegas-link", daemon=True)
        self._thread.start()

    # --------------------------------------------------------------- use
    def send(self, kind: str, **fields: Any) -> bool:
        """Send a message now; False when not connected (the caller retries or waits)."""
        with self._lock:
            ws = self._ws
        if ws is None:
            return False
        try:
            ws.send(encode(kind, self.version, **fields))
            return True
        except (ConnectionClosed, OSError, RuntimeError):
            return False

    def close(self) -> None:
        self._stop.set()
        with self._lock:
            ws = self._ws
        if ws is not None:
            try:
                ws.close()
            except Exception:
                pass

    @property
    def connected(self) -> bool:
        return self._ws is not None

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    # ------------------------------------------------------------ thread
    def _run(self) -> None:
        self._lost_since = time.monotonic()
        attempt = 0
        while not self._stop.is_set():
            try:
                self.routed = self.room or self.request.get("room")
                with dial(route(self.url, self.routed)) as ws:
                    attempt = 0
                    self._talk(ws)
            except _Finished:
                return
            except ssl.SSLCertVerificationError as e:  # a ValueError too; trying again won't change it
                self._end(RemoteError("unreachable", f"cannot reach {self.url}: its certificate is not trusted "
                                                     f"({e.verify_message}); see SSL_CERT_FILE in docs/hosting.md"))
                return
            except (InvalidURI, ValueError):
                self._end(RemoteError("unreachable", f"{self.url} is not a ws:// or wss:// address"))
                return
            except Exception as e:  # refused, reset, cut during the handshake, timed out: try again
                if time.monotonic() - self._lost_since > self.give_up_after:
                    self._end(RemoteError("unreachable", f"cannot reach {', '.join(self.urls)}: {e}"))
                    return
                following = (self.urls.index(self.url) + 1) % len(self.urls)
                self.url = self.urls[following]
                if following == 0:  # every address tried: wait a little before the next round
                    self._stop.wait(BACKOFF[min(attempt, len(BACKOFF) - 1)])
                    attempt += 1
                continue
            if self.over:
                self._end(None)
                return

    def _talk(self, ws) -> None:
        """One connection: the first request, then every message until it closes."""
        with self._lock:
            self._ws = ws
            self.generation += 1
        try:
            ws.send(encode(v=self.version, **self._first_request()))
            for raw in ws:
                if self._handle(raw):
                    raise _Finished
                if self._reroute:  # connect again, to the room's own address, and resume
                    self._reroute = False
                    return
        except ConnectionClosed:
            pass
        finally:
            with self._lock:
                self._ws = None
            self._lost_since = time.monotonic()

    def _first_request(self) -> dict:
        if self.token is not None:
            req = {"kind": "resume", "room": self.room, "token": self.token}
            if self.cursor is not None:
                req["since"] = self.cursor
            if self.receipt is not None:  # what the server acknowledged: evidence if it lost it since
                req["receipt"] = self.receipt
            return req
        req = dict(self.request)
        req["kind"] = req.pop("type")
        return req

    def _handle(self, raw: Any) -> bool:
        """Pass one message on; True when the link is finished."""
        try:
            msg = protocol.read_server(raw)
        except ProtocolError as e:
            self._end(RemoteError(e.code, e.message))
            return True
        kind = msg["type"]
        if kind == "welcome":
            self.room, self.seat, self.token = msg["room"], msg["seat"], msg["token"]
            if self.on_welcome is not None:
                self.on_welcome(msg)
            # a server process sharing its rooms with others: behind a proxy that hashes the address,
            # this room's own address may lead to another process, where its other players will be
            self._reroute = bool(msg.get("route")) and self.routed != self.room
        elif kind in ("state", "events"):
            self.receipt = protocol.receipt_of(msg, self.receipt)
            try:
                msg = self._events(msg)
            except ProtocolError as e:
                self._end(RemoteError(e.code, e.message))
                return True
            if msg is None:
                return False
        elif kind == "over":
            self.over = True
        elif kind == "error" and msg["code"] in (FATAL if self.token is None else FATAL_SEATED):
            self.inbox.put(msg)
            self._end(RemoteError(msg["code"], msg["message"]))
            return True
        self.inbox.put(msg)
        return False

    def _events(self, msg: dict) -> dict | None:
        """A ``state`` or ``events`` message as the inbox takes it (None: held back); the resume
        point follows it.  Las Vegas: the events as :class:`Event` objects, each once, in order."""
        if msg["type"] == "state":
            if self.cursor is not None:
                return None  # a resumed seat: the missing events follow
            self.cursor = msg["cursor"]
            msg["opening"] = [event_from_wire(e) for e in msg["opening"]]
            return msg
        if self.cursor is None:
            return None
        first, evs = msg["first"], msg["events"]
        new = evs[max(0, self.cursor - first):]
        if first > self.cursor:  # a gap cannot be filled by this stream: resume from the cursor
            self._ws.close()
            return None
        self.cursor += len(new)
        return {"type": "events", "events": [event_from_wire(e) for e in new]}

    def _end(self, error: RemoteError | None) -> None:
        self.inbox.put({"type": "closed", "error": error})
        self._stop.set()


class _FinishedGame(EngineMatch):
    """The finished game, replayed from the server's record: the outcome, as a local game gives it."""

    def __init__(self, game: Game, config: Config, seats: tuple[Seat, ...], extra: dict) -> None:
        self.game, self.config, self.seats, self.extra = game, config, seats, extra
        self.hide_money = False


class RemoteMatch(LasVegasFace):
    """The match boundary over a :class:`Link` (see the module's documentation).

    Build it with :meth:`RemoteMatch.connect`, which waits until the game has
    started (the lobby is the caller's business)."""

    handover = False

    def __init__(self, link: Link, lobby: dict, state: dict,
                 on_seen: Callable[[int], None] | None = None,
                 ai_name: Callable[[str], str] | None = None,
                 player_name: Callable[[str], str] | None = None) -> None:
        self.link = link
        #: names an AI seat from its level (the screen's language); None: the server's name
        self.ai_name = ai_name
        #: a human seat's name as the screen shows it (the server's "Player 2" in its language)
        self.player_name = player_name
        self.lobby = lobby
        opts = lobby["options"]
        self.config = Config(seats=COLOURS[:opts["players"]], neutral=opts["neutral"],
                             edition=opts["edition"], rounds=opts["rounds"],
                             minimum=opts.get("minimum"), hundreds=opts.get("hundreds", False),
                             biggies=opts.get("biggies", False))
        self.hide_money = bool(opts["hide_money"])
        #: a game that lasts for days (no AI plays for a player who is away)
        self.correspondence = bool(opts.get("correspondence", False))
        self.extra: dict[str, Any] = {"room": lobby["room"], "commitment": lobby.get("commitment")}
        self.seat: int = state["seat"]
        self.seats = self._seats(lobby)
        self.connected = tuple(bool(s.get("connected")) for s in lobby["seats"])
        self._opening: list[Event] = list(state["opening"])
        self.table = _PublicTable(self.config, view_from_wire(state["view"]), state["view"]["won"],
                                  state["turn"])
        self._pending: list[Any] = []
        missed = state.get("missed")
        if isinstance(missed, int) and not isinstance(missed, bool) and missed > 0:
            self._pending.append(CatchUp(missed))  # back after a while: what happened since comes next
        #: the moves the screen has taken (``on_seen(moves)`` is told when it grows: the client
        #: keeps it, and sends it as ``seen`` when it takes the seat up again)
        self.seen = state["turn"]
        self.on_seen = on_seen
        #: (move number, connection) of the last place sent: one answer per move and connection
        self._sent: tuple[int, int] | None = None
        self.record: dict | None = None
        self._final: _FinishedGame | None = None
        self.error: RemoteError | None = None
        self.closed = False

    # ------------------------------------------------------------ building
    @classmethod
    def connect(cls, url: str, request: dict, *, timeout: float = 30.0,
                link: Link | None = None, on_welcome=None) -> "RemoteMatch":
        """Send ``request`` (create / join / resume) and wait, at most ``timeout`` seconds,
        for the game to start; ``RemoteError`` when the server refuses or cannot be reached."""
        link = link or Link(url, request, on_welcome=on_welcome)
        url = link.url
        lobby = None
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                link.close()
                if link.generation == 0:
                    raise RemoteError("unreachable", f"cannot reach {url} (tried for {timeout:g} s)")
                raise RemoteError("timeout", f"the game did not start within {timeout:g} s")
            try:
                msg = link.inbox.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            if msg["type"] == "lobby":
                lobby = msg
            elif msg["type"] == "state" and lobby is not None:
                return cls(link, lobby, msg)
            elif msg["type"] == "closed":
                raise msg["error"] or RemoteError("closed", "the server closed the connection")
            elif msg["type"] == "error" and msg["code"] in FATAL:
                link.close()
                raise RemoteError(msg["code"], msg["message"])

    def _seats(self, lobby: dict) -> tuple[Seat, ...]:
        def name(s: dict) -> str:
            if s["kind"] == "ai" and self.ai_name is not None:
                return self.ai_name(s["level"])
            shown = self.player_name(s["name"] or "") if self.player_name is not None else s["name"]
            return shown or s["colour"].title()
        return tuple(Seat(s["colour"], name(s), "ai" if s["kind"] == "ai" else "human",
                          s["level"] if s["kind"] == "ai" else "") for s in lobby["seats"])

    # ------------------------------------------------------------- queries
    @property
    def seats_here(self) -> frozenset[int]:
        return frozenset({self.seat})

    @property
    def to_act(self) -> int | None:
        return self.table.to_act

    @property
    def turn(self) -> int:
        return self.table.turn

    @property
    def hints_used(self) -> int:
        return 0

    def can_hint(self) -> bool:
        return False

    def view(self, viewer: int | None) -> TableView:
        return self.table.view(viewer, self.hide_money)

    def opening(self) -> list[Event]:
        return list(self._opening)

    def preview(self, value: int) -> Any:
        if value not in self.table.legal():
            return None
        try:
            return self.public_game().preview(value)
        except (LasVegasError, ValueError):
            return None

    def public_game(self, seed: int = 0) -> Game:
        """A rules engine on what this seat may know (the deck's order guessed with ``seed``):
        what a preview or an AI seat of this client reads."""
        return self.table.game(seed)

    def outcome(self) -> Outcome | None:
        return self._final.outcome() if self._final is not None else None

    def past_totals(self) -> list[dict[str, int]]:
        return []

    def game_record(self) -> dict | None:
        return self.record

    def save(self) -> bool:
        return True  # the server keeps the game

    def rematch(self) -> None:
        return None

    # -------------------------------------------------------------- events
    def send(self, intent: Intent) -> None:
        if isinstance(intent, Leave):
            self.link.send("leave")
            self.close()
            return
        if not isinstance(intent, PlaceDice):
            raise IllegalAction(f"{intent!r} is not something a player can ask online")
        if self.to_act != self.seat:
            raise IllegalAction("it is not your turn")
        if intent.value not in self.table.legal():
            raise IllegalAction(f"no rolled die shows {intent.value}")
        sent = (self.turn, self.link.generation)
        if self._sent == sent:
            return  # asked already on this connection: the server's answer is on its way
        if self.link.send("place", value=intent.value, turn=self.turn):
            self._sent = sent

    @property
    def reactions(self) -> tuple[str, ...]:
        """The quick reactions this seat may send now (while the game is on and the link is up)."""
        return REACTIONS if not self.closed and self.record is None and self.link.connected else ()

    def react(self, phrase: str) -> None:
        """Send a quick reaction (an id of ``REACTIONS``); everyone's table shows it."""
        if phrase not in REACTIONS:
            raise IllegalAction(f"no quick reaction {phrase!r}")
        self.link.send("react", phrase=phrase)

    @property
    def waiting_for_answer(self) -> bool:
        """This seat's move was sent on the current connection and its events have not come yet."""
        return self._sent == (self.turn, self.link.generation)

    def update(self, screen_idle: bool = True) -> None:
        """Take what the server sent (the server paces the game: ``screen_idle`` is not needed)."""
        while True:
            try:
                msg = self.link.inbox.get_nowait()
            except queue.Empty:
                break
            self._take(msg)

    def wait(self, timeout: float) -> None:
        """Block until the server says something (or ``timeout`` seconds), then take it."""
        try:
            msg = self.link.inbox.get(timeout=timeout)
        except queue.Empty:
            return
        self._take(msg)
        self.update()

    def poll(self) -> list[Any]:
        out = []
        for i, ev in enumerate(self._pending):
            if isinstance(ev, GameEnded) and self._final is None and self.error is None:
                self._pending = self._pending[i:]  # the results wait for the record
                self._seen(out)
                return out
            out.append(ev)
        self._pending = []
        self._seen(out)
        return out

    def _seen(self, out: list) -> None:
        moves = sum(isinstance(ev, DicePlaced) for ev in out)
        if moves:
            self.seen += moves
            if self.on_seen is not None:
                self.on_seen(self.seen)

    def _take(self, msg: dict) -> None:
        kind = msg["type"]
        if kind == "events":
            for ev in msg["events"]:
                self.table.apply(ev)
                self._pending.append(ev)
        elif kind == "lobby":
            self.lobby = msg
            self.seats = self._seats(msg)
            self.connected = tuple(bool(s.get("connected")) for s in msg["seats"])
        elif kind == "over":
            self._finish(msg["record"])
        elif kind == "reaction":
            if msg["phrase"] in REACTIONS and isinstance(msg["seat"], int) and 0 <= msg["seat"] < len(self.seats):
                self._pending.append(Reaction(msg["seat"], msg["phrase"]))
        elif kind == "error":
            self._pending.append(MatchNotice(msg["message"]))
        elif kind == "closed":
            self.error = msg["error"]
            self.closed = True
            if self.error is not None:
                self._pending.append(MatchNotice(self.error.message))

    def _finish(self, record: dict) -> None:
        self.record = record
        try:
            game = replay(record)  # checks every roll against the seed and the seed against its commitment
        except LasVegasError as e:
            self._pending.append(MatchNotice(f"The server's record does not check: {e}"))
            self.error = RemoteError("record", str(e))
            return
        self._final = _FinishedGame(game, self.config, self.seats, dict(self.extra, verified=True))

    def close(self) -> None:
        self.closed = True
        self.link.close()


__all__ = ["Link", "RemoteError", "RemoteMatch", "dial", "exchange"]
