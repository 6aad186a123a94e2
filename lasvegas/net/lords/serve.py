"""What the game server does for its Lords of Vegas rooms (a mixin of :class:`~lasvegas.net.server.GameServer`).

* ``act`` (protocol version 2): a seat's action, checked whole
  once (:func:`~lasvegas.match.lords.wire.from_wire`), then by the room and the rules
  engine; trade proposals are rate-limited per seat (:meth:`LordsRoom.trade_rate`).
* ``decide``: after every move, each seat the game waits on (and each seat with
  a trade proposal to answer) is told, alone, what it must decide, with its
  deadline.  Everything else a Lords room sends (events, views) is public.
* The jobs: the AI seats' decisions, the defaults at a decision's deadline and
  an away player's Step 2 (:meth:`LordsRoom.next_job`), one at a time per room,
  through the server's AI pool.
* A client that speaks only protocol version 1 cannot take a seat in a Lords
  room: it is told to update the game.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from .. import protocol
from ...lords import actions as A
from ...match.lords.wire import WireError, from_wire
from ..protocol import LORDS_VERSION, ProtocolError
from ..room import Room, RoomError

log = logging.getLogger("lasvegas.server")

#: ``look`` messages a connection may send in a second, on average
LOOKS_PER_S = 10
#: ``look`` messages a connection may send at once (a token bucket of this size, refilled at
#: ``LOOKS_PER_S``): a client spacing its looks by a tenth of a second is never refused for the
#: jitter of the network or of a loaded machine, and a flood is still held to the average
LOOK_BURST = 3


class LordsServing:
    """The Lords of Vegas part of the server (the attributes are :class:`GameServer`'s)."""

    rooms: dict
    seated: dict
    thinking: set
    ai: Any

    def _fits_game(self, conn: Any, room: Room) -> None:
        """Refuse a seat in a Lords room to a client of protocol version 1 (it could not play it)."""
        if room.game_kind == "lords" and conn.version < LORDS_VERSION:
            raise ProtocolError(
                "version", f"room {room.code} plays Lords of Vegas, which needs protocol version "
                f"{LORDS_VERSION}: update your game (and join it from Lords of Vegas)")

    def _on_act(self, conn: Any, msg: dict) -> Any:
        room = self.rooms[conn.room]
        if room.game_kind != "lords":
            raise RoomError("wrong-game", f"act: room {room.code} plays Las Vegas (send place)")
        if not room.started:
            raise RoomError("not-started", "act: the game has not started")
        try:
            action = from_wire(msg["action"], conn.seat, room.game.active)
        except WireError as e:
            raise ProtocolError("field", str(e), "act") from None
        room.trade_rate(conn.seat, msg["action"]["type"])
        return self._make_move(room, conn.seat, action, msg["turn"])  # type: ignore[attr-defined]

    def _on_look(self, conn: Any, msg: dict) -> None:
        """The table as it is now, and the seat's pending decision (protocol 2); at most
        ``LOOKS_PER_S`` a second per connection on average, ``LOOK_BURST`` at once (a view costs the
        server more than a move's events)."""
        room = self.rooms[conn.room]
        if not room.started:
            raise RoomError("not-started", "look: the game has not started")
        now = time.monotonic()
        last, tokens = getattr(conn, "looks", (now, float(LOOK_BURST)))
        tokens = min(float(LOOK_BURST), tokens + (now - last) * LOOKS_PER_S)
        if tokens < 1.0:
            conn.looks = (now, tokens)
            raise RoomError("rate", f"look: at most {LOOKS_PER_S} a second")
        conn.looks = (now, tokens - 1.0)
        self._send_state(conn, room, None)  # type: ignore[attr-defined]

    # ------------------------------------------------------------ prompts
    def _prompt(self, room: Room, only: int | None = None) -> None:
        """Tell each seat (or seat ``only``) the game waits on what it must decide, to it alone."""
        seats = self.seated.get(room.code)
        if not seats:
            return
        for fields in room.prompts(self._connected(room.code)):  # type: ignore[attr-defined]
            conn = seats.get(fields["seat"])
            if conn is not None and (only is None or only == fields["seat"]):
                conn.send("decide", v=room.v, **fields)

    # ------------------------------------------------------------ jobs
    def _lords_kick(self, room: Room) -> None:
        if not room.started or room.over or room.code in self.thinking or not self._runs(room):  # type: ignore[attr-defined]
            return
        job = room.next_job(self._connected(room.code))  # type: ignore[attr-defined]
        if job is None:
            return
        self.thinking.add(room.code)
        self._spawn(self._lords_job(room, *job))  # type: ignore[attr-defined]

    async def _lords_job(self, room: Room, seat: int, level: str, when: float, why: str) -> None:
        code, turn = room.code, room.turn
        try:
            while time.monotonic() < when:
                await asyncio.sleep(min(0.25, max(0.0, when - time.monotonic())))
                now = self._current(code)  # type: ignore[attr-defined]
                if not isinstance(now, Room) or not now.still_due(seat, why, turn, self._connected(code)):  # type: ignore[attr-defined]
                    break
            else:
                now = self._current(code)  # type: ignore[attr-defined]
                if isinstance(now, Room) and now.still_due(seat, why, turn, self._connected(code)) \
                        and self._runs(now):  # type: ignore[attr-defined]
                    value = now.default_action(seat) if why == "timeout" else None  # type: ignore[attr-defined]
                    if value is None:
                        value = await self._lords_think(now, seat, level)
                    now = self._current(code)  # type: ignore[attr-defined]
                    if isinstance(now, Room) and now.turn == turn and value is not None and self._runs(now):  # type: ignore[attr-defined]
                        await self._lords_play(now, seat, value, turn)
        except Exception as e:
            self._ai_failed(code, e)  # type: ignore[attr-defined]
            return
        finally:
            self.thinking.discard(code)
        if code in self.rooms:
            self._kick(self.rooms[code])  # type: ignore[attr-defined]

    async def _lords_play(self, room: Room, seat: int, value: A.Action, turn: int) -> None:
        """Play ``value`` for ``seat``; an action the engine refuses (an AI's mistake) is replaced by
        the room's fallback, so a room never stalls; so is a proposal beyond the turn's bound."""
        if type(value) is A.Propose and not room.may_propose(seat):  # type: ignore[attr-defined]
            log.warning("room %s: seat %d's AI proposed too often this turn; its fallback is played",
                        room.code, seat)
            value = room.fallback(seat) or value  # type: ignore[attr-defined]
        try:
            done = self._make_move(room, seat, value, turn)  # type: ignore[attr-defined]
            if done is not None:
                await done
            return
        except RoomError as e:
            if e.code == "stale":  # another server process made the move first
                log.info("room %s: the AI move was refused (%s)", room.code, e.message)
                return
            log.warning("room %s: seat %d's AI action %s was refused (%s); its fallback is played",
                        room.code, seat, type(value).__name__, e.message)
        fallback = room.fallback(seat)  # type: ignore[attr-defined]
        if fallback is not None and fallback != value:
            done = self._make_move(room, seat, fallback, turn)  # type: ignore[attr-defined]
            if done is not None:
                await done

    async def _lords_think(self, room: Room, seat: int, level: str) -> A.Action | None:
        try:
            value, played = await self.ai.move(room.code, level, lambda lv: room.think_for(seat, lv),  # type: ignore[attr-defined]
                                               room.game_kind)
        except Exception as e:  # never stall the room
            log.warning("room %s: the AI move failed (%r); the fallback is played", room.code, e)
            return room.fallback(seat)  # type: ignore[attr-defined]
        if value is None:
            return room.fallback(seat)  # type: ignore[attr-defined]
        return value


def version_of(msg: dict) -> int:
    """The protocol version a checked message was sent in."""
    return msg.pop("v", protocol.VERSION)
