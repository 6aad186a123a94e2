"""A Lords of Vegas game played on a server (protocol version 2): the match a table plays online.

:class:`LordsRemoteMatch` offers the table the same questions and answers as
:class:`~lasvegas.match.lords.local.LordsLocalMatch` (``game``, ``deciders``,
``human_due``, ``legal``, ``why_not``, ``preview``, ``act``, ``poll``,
``standings``...: the shared :class:`~lasvegas.match.lords.base.LordsMatch`), for the one seat this computer holds: the other seats are
played elsewhere (other computers, the server's AI), so ``humans`` is this seat
alone and no pass screen is ever needed, and ``ai_due`` is always None (the
server plays its AI seats).  ``game`` is a rules engine built from the seat's
public view when it sits at the table (``state``; the deck's unknown order
shuffled locally: it is never sent), then kept from the moves each ``events``
message carries (:class:`~lasvegas.match.lords.mirror.Mirror`: one round trip a
move; ``look`` only when it falls out of step), so the table's previews and
refusals are the engine's own; an action goes to the server (``act``, its wire
form: :mod:`~lasvegas.match.lords.wire`) and its events come back to everyone.

The connection is a :class:`LordsLink`: the package's one client link
(:class:`~lasvegas.net.client.Link`, on a thread of its own: a certificate not
trusted, an address behind a proxy, bounded frames, the back-off, the seat
resumed with its token and receipt from the last event it holds, the end on
``room-lost``) speaking protocol version 2.
"""

from __future__ import annotations

import queue
import random
import time
from typing import Any

from ...kernel.errors import IllegalAction
from ...lords.game import Game
from ...lords.refusals import refuse
from ...match.lords.base import LordsMatch
from ...match.lords.mirror import Mirror, moves_of
from ...match.lords.wire import event_from_wire, to_wire
from .. import protocol
from ..client import FATAL, Link, RemoteError
from ..protocol import ProtocolError

#: seconds between two looks at the table while other seats play, and when this seat must decide
#: (the server answers at most 10 a second: ``net.dispatch.LOOKS_PER_S``)
LOOK_GAP = 0.2
LOOK_SOON = 0.11
#: seconds a look may go unanswered before it is asked again (a connection resumed meanwhile)
LOOK_WAIT = 3.0
#: seconds without a connection after which the link reports the server gone (as Las Vegas's lobby)
GIVE_UP_AFTER = 60.0


class LordsLink(Link):
    """A Lords of Vegas seat's :class:`~lasvegas.net.client.Link`: messages of protocol version 2,
    passed on as the server sent them (the match keeps the events on the wire and follows them on
    its mirror); its resume point is the number of events the seat holds (``since``; a seat taken up
    again asks for every event: its table's cards played and log)."""

    version = protocol.LORDS_VERSION
    first_cursor = 0

    def _events(self, msg: dict) -> dict | None:
        held = self.cursor or 0
        if msg["type"] == "state":
            if not isinstance(msg["opening"], list):
                raise ProtocolError("shape", "the server sent a state without its opening events")
            if not held:  # (what the match takes as its first events)
                self.cursor = len(msg["opening"])
            return msg
        first, evs = msg["first"], msg["events"]
        if type(first) is not int or first < 0 or not isinstance(evs, list):
            raise ProtocolError("shape", "the server sent events without their place in the game")
        self.cursor = min(first, held) + len(evs)
        return msg

    def _first_request(self) -> dict:
        req = super()._first_request()
        if req["kind"] == "resume":  # from the events the seat holds (none: every event)
            req.setdefault("since", self.cursor or 0)
        return req


class LordsRemoteMatch(LordsMatch):
    """One seat of a Lords of Vegas room on a server (see the module's text)."""

    online = True

    def __init__(self, url: str, request: dict, *, timeout: float | None = 20.0, seed: int | None = None) -> None:
        self.url = url
        self.request = request
        self.rng = random.Random(seed)
        self.mirror = Mirror(self.rng)
        self.seat: int | None = None
        self.room = ""
        self.token = ""
        self.seats: list[dict] = []
        #: the room's last ``lobby`` message (its game, options, seats), None before the first
        self.info: dict | None = None
        self.commitment: str | None = None
        self.wire_events: list[dict] = []
        self._events: list = []
        self.view: dict | None = None
        self.view_turn = -1
        self.turn = 0
        self.decide: dict | None = None
        self._sent_turn = -1
        self.record_data: dict | None = None
        #: the last receipt of the moves the server acknowledged (shown when the seat is resumed)
        self.receipt: str | None = None
        #: told each new receipt (the desktop keeps it with the seat: shown when it is taken up again)
        self.on_receipt: Any = None
        self.error: dict | None = None
        self.closed = False
        self.game: Game | None = None
        self._looking = False
        self._look_due = False
        self._looked = 0.0
        #: the code of the last refusal the server gave (the link's end repeats it)
        self._refused: str | None = None
        #: the link has stopped (the server refused the seat for good, cannot be reached, or broke the protocol)
        self.link_ended = False
        #: a message taken from the link's inbox by ``wait``, not yet handled
        self._held: list[dict] = []
        self.link = LordsLink(url, request, give_up_after=GIVE_UP_AFTER)
        if timeout is None:  # the caller watches ``seat`` and ``error`` itself (a lobby on screen)
            return
        deadline = time.monotonic() + timeout
        while self.seat is None:  # seated (the game starts when every seat is taken: ``started``)
            self.update()
            if self.error is not None and (self.error.get("code") in FATAL | {"unreachable"} or self.link_ended):
                self.close()
                raise refuse("net.refused", refusal=str(self.error.get("code")),
                             message=str(self.error.get("message", "refused")))
            if time.monotonic() > deadline:
                self.close()
                if self.link.generation == 0:
                    raise refuse("net.refused", refusal="unreachable",
                                 message=f"cannot reach {url} (tried for {timeout:g} s)")
                raise refuse("net.no_answer")
            self.wait(0.05)

    def _send(self, type: str, **fields: Any) -> bool:
        return self.link.send(type, **fields)

    def _look(self, now: bool = False) -> None:
        """Ask for the table as it is now: one question at a time, at most five a second unless this seat
        must decide (a client sends at most 20 messages a second; one answer shows every move before it)."""
        self._look_due = True
        if self._looking:
            return
        t = time.monotonic()
        if t - self._looked >= (LOOK_SOON if now else LOOK_GAP):
            self._looking = self._send(type="look")
            if self._looking:
                self._looked, self._look_due = t, False

    def send(self, kind: str, **fields: Any) -> bool:
        """Send the room a message of the lobby (``start`` with ``fill``, ``leave``); False when the
        connection is down."""
        return self._send(type=kind, **fields)

    def close(self) -> None:
        self.closed = True
        self.link.close()
        self.link.join(5)

    # ----------------------------------------------------------------- what the server said
    def wait(self, timeout: float) -> None:
        """Block until the server says something (or ``timeout`` seconds), then take it all."""
        if not self._held:
            try:
                self._held.append(self.link.inbox.get(timeout=timeout))  # (taken first by the update)
            except queue.Empty:
                pass
        self.update()

    def update(self) -> None:
        """Handle what the server sent since the last call (the table calls it every frame)."""
        while True:
            try:
                msg = self._held.pop() if self._held else self.link.inbox.get_nowait()
            except queue.Empty:
                break
            kind = msg.get("type")
            if kind in ("state", "events", "decide", "over") and self.info is not None \
                    and self.info.get("game") != "lords":
                continue  # a room of the other game (joined by its code): its lobby takes the seat up
            if kind in ("state", "events") and protocol.receipt_of(msg, self.receipt) != self.receipt:
                self.receipt = msg["receipt"]
                if self.on_receipt is not None:
                    self.on_receipt(self.receipt)
            if kind == "welcome":
                self.seat, self.token, self.room = msg["seat"], msg["token"], msg["room"]
            elif kind == "lobby":
                self.info = msg
                self.seats, self.commitment = msg["seats"], msg.get("commitment")
            elif kind == "state":  # the table as it is: the start, a resume, a resync
                if not self.wire_events:
                    self.wire_events = list(msg["opening"])
                    self._events.extend(event_from_wire(e) for e in msg["opening"])
                self.view, self.turn = msg["view"], msg["turn"]
                self._looking = False
                decision = self.decide["decision"] if self.decide and self.decide["turn"] == self.turn else {}
                self.game = self.mirror.state(self.view, self.wire_events, msg["cursor"], self.turn, decision)
                self.view_turn = self.turn
                if msg["cursor"] < len(self.wire_events):  # moves made meanwhile: look again
                    self._look()
            elif kind == "events":  # the moves, played on this seat's table (one round trip a move)
                first = msg["first"]
                new = msg["events"][max(0, len(self.wire_events) - first):]
                self.wire_events[first:] = msg["events"]
                self._events.extend(event_from_wire(e) for e in new)
                if self.mirror.follow(first, msg["events"], moves_of(msg), self.wire_events):
                    self.game, self.turn = self.mirror.game, self.mirror.turn
                    self.view_turn = self.turn
                else:  # a server of an earlier build, a resume, a table out of step: look again
                    self.view_turn = -1
                    self._look()
            elif kind == "decide" and msg["seat"] == self.seat:
                self.decide = msg
                if msg["turn"] != self.view_turn:
                    self._look(now=True)
            elif kind == "over":
                self.record_data = msg["record"]
            elif kind == "closed":  # the link's end: the server cannot be reached, or refused for good
                err: RemoteError | None = msg["error"]
                self.link_ended = True
                if err is not None and err.code != self._refused:  # (a refusal given already is kept)
                    self.error = {"type": "error", "code": err.code, "message": err.message, "about": None}
            elif kind == "error":
                self.error, self._refused = msg, msg.get("code")
                if msg.get("about") == "look":  # refused (too soon): asked again later
                    self._looking = False
                    self._look_due = True
        if self._looking and time.monotonic() - self._looked > LOOK_WAIT:  # no answer: ask again
            self._looking = False
            self._look_due = True
        if self._look_due:
            self._look()

    # ----------------------------------------------------------------- who and what
    @property
    def started(self) -> bool:
        self.update()
        return self.game is not None

    @property
    def n(self) -> int:
        return self.game.n

    def name(self, seat: int) -> str:
        return self.seats[seat]["name"] if seat < len(self.seats) else f"Player {seat + 1}"

    def colour(self, seat: int) -> str:
        return self.game.seats[seat]

    def is_ai(self, seat: int) -> bool:
        """Whether ``seat`` is played by the server's AI (another computer's seat is not this one's)."""
        return seat < len(self.seats) and self.seats[seat]["kind"] == "ai"

    @property
    def humans(self) -> list[int]:
        """The seats played at this computer: this one alone (never a pass screen)."""
        return [self.seat] if self.seat is not None else []

    def ai_due(self) -> int | None:
        self.update()
        return None  # the server plays its AI seats

    def human_due(self) -> int | None:
        """This seat, when the server asked it to decide and the table shows the game as it is now."""
        self.update()
        d = self.decide
        if d is None or d["turn"] != self.view_turn or d["turn"] == self._sent_turn or self.game is None:
            return None
        return self.seat

    def ai_step(self) -> list:
        return []

    # ----------------------------------------------------------------- asking the engine
    def legal(self, seat: int) -> list:
        return self.game.legal_actions(seat)

    def act(self, action: Any) -> list:
        """Send this seat's action (``IllegalAction`` when the engine refuses it here already); its
        events come back from the server (``poll``)."""
        if action.seat != self.seat:
            raise refuse("net.other_seat")
        why = self.why_not(action)
        if why is not None:
            raise IllegalAction(why)
        if not self._send(type="act", action=to_wire(action), turn=self.turn):
            raise refuse("net.lost")
        self._sent_turn = self.turn
        return []

    def poll(self) -> list:
        self.update()
        out, self._events = self._events, []
        return out

    def history(self) -> list:
        return [event_from_wire(e) for e in self.wire_events]

    # ----------------------------------------------------------------- the end
    def save(self) -> bool:
        return True  # the server keeps the game

    def record(self) -> dict | None:
        return self.record_data


__all__ = ["LordsRemoteMatch", "event_from_wire"]
