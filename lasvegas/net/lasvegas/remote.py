"""Las Vegas's match online: the match boundary over a link: the table plays it
like any other match.  It keeps a mirror of the public table (the server's
view of the seat, then the events), so ``view``, ``to_act`` and ``preview``
answer at once; the server alone decides every move.  When the game ends the
server reveals the seed and the record, which the match replays through the
rules engine and checks against the commitment published at the start.
"""

from __future__ import annotations

import queue
import time
from typing import Any, Callable

from ...core import COLOURS, Config, DicePlaced, Event, Game, GameEnded, replay
from ...kernel.errors import IllegalAction, LasVegasError
from ...match.base import REACTIONS, CatchUp, Intent, Leave, MatchNotice, Outcome, PlaceDice, Reaction, Seat, TableView
from ...match.lasvegas.face import LasVegasFace
from ...match.lasvegas.local import EngineMatch
from ..client import FATAL, Link, RemoteError
from ..protocol import view_from_wire
from .table import _PublicTable


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


__all__ = ["RemoteMatch"]
