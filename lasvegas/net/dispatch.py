"""The game server's dispatch (a part of :class:`~lasvegas.net.server.GameServer`): each message of a
connection read, checked, handed to its handler and answered, a bad one refused."""

from __future__ import annotations

import asyncio
import logging
import collections
import functools
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from . import protocol
from .protocol import ProtocolError, version_of
from .room import Room, RoomError, new_code, room_class
from .conn import POLICY, TRY_LATER, UNSUPPORTED, Conn, frame, FastConnection
from .rooms import RoomLost
from ..games import registry
from ..match.base import REACTIONS

log = logging.getLogger("lasvegas.server")

#: ``look`` messages a connection may send in a second, on average
LOOKS_PER_S = 10
#: ``look`` messages a connection may send at once (a token bucket of this size, refilled at
#: ``LOOKS_PER_S``): a client spacing its looks by a tenth of a second is never refused for the
#: jitter of the network or of a loaded machine, and a flood is still held to the average
LOOK_BURST = 3


class Dispatch:
    """A connection's messages: read, checked, answered, each to its handler."""

    async def handler(self, ws: ServerConnection) -> None:
        addr = self._address(ws)
        conn = Conn(ws, addr, self.limits)
        if self.connections >= self.limits.max_connections:
            conn.send("error", **protocol.error(
                "too-many-connections", f"the server is serving all the connections it can "
                f"({self.limits.max_connections}): try again in a minute"))
            conn.close(TRY_LATER, "server busy: try again later")
            await conn.closer
            return
        if self.per_address.get(addr, 0) >= self.limits.per_address:
            conn.send("error", **protocol.error("too-many-connections",
                                                f"at most {self.limits.per_address} connections from one address"))
            conn.close(POLICY, "too many connections")
            await conn.closer
            return
        self.per_address[addr] = self.per_address.get(addr, 0) + 1
        self.connections += 1
        self.conns.add(conn)
        try:
            await self._serve(conn)
        except ConnectionClosed:
            pass
        finally:
            self.connections -= 1
            self.conns.discard(conn)
            self.per_address[addr] -= 1
            if not self.per_address[addr]:
                del self.per_address[addr]
            self._unbind(conn)
            conn.closing = True
            if conn.closer is not None:
                await conn.closer

    async def _serve(self, conn: Conn) -> None:
        # Messages reach _take straight from the connection's protocol callback (FastConnection:
        # no queue, future and task switch per message); what the library reads itself (a binary or
        # fragmented message, text that is not UTF-8, the first messages before this) comes by recv().
        # The hello time runs until the connection sits at a seat (create, join or resume), whatever
        # it sends before (status, bad messages): a connection cannot stay unbound for long.
        ws = conn.ws
        timer = asyncio.get_running_loop().call_later(self.limits.hello_timeout, self._hello_over, conn)
        if isinstance(ws, FastConnection):
            ws.on_text = functools.partial(self._take, conn)
        try:
            while True:  # once closing, what still comes is read and dropped until the close completes
                self._take(conn, await ws.recv())
        finally:
            timer.cancel()
            if isinstance(ws, FastConnection):
                ws.on_text = None

    def _hello_over(self, conn: Conn) -> None:
        """The hello time is over: a connection that has not sat at a seat yet is told and closed (one
        whose message is still being handled, a ``join`` waiting on a shared store, once it is done)."""
        if conn.waiting is not None and not conn.closing:
            asyncio.get_running_loop().call_later(0.05, self._hello_over, conn)
            return
        if not conn.seated and not conn.closing:
            conn.send("error", **protocol.error(
                "timeout", f"take a seat (create, join or resume) within {self.limits.hello_timeout:g} s"))
            conn.close(POLICY, "took no seat")

    def _take(self, conn: Conn, raw: Any) -> None:
        """A message from ``conn``, handled at once; one whose handler waits (a shared store) holds the
        connection's next messages back until it is done, so they are handled in the order sent."""
        if conn.closing:
            return
        if conn.waiting is not None:
            conn.waiting.append(raw)
            return
        done = self._handle(conn, raw)
        if done is not None:
            conn.waiting = collections.deque()
            self._wait_for(conn, raw, done)

    def _wait_for(self, conn: Conn, raw: Any, done: Any) -> None:
        """Hold ``conn``'s next messages until ``done`` is: a future is followed by a callback (no task
        of its own: a move of the Redis store), anything else by a task."""
        if isinstance(done, asyncio.Future):
            done.add_done_callback(lambda f: self._after(conn, raw, f))
        else:
            self._spawn(self._finish(conn, raw, done))

    def _after(self, conn: Conn, raw: Any, done: asyncio.Future) -> None:
        """``done`` (a future :meth:`_take` waited for) is: answer its error, then handle the messages
        held back meanwhile, in order, until one waits again."""
        error = None if done.cancelled() else done.exception()
        if error is not None:
            self._answer(conn, raw, error)
        waiting, conn.waiting = conn.waiting, None
        while waiting and not conn.closing:
            raw = waiting.popleft()
            again = self._handle(conn, raw)
            if again is not None:
                conn.waiting = waiting
                self._wait_for(conn, raw, again)
                return

    async def _finish(self, conn: Conn, raw: Any, done: Any) -> None:
        try:
            await self._settle(conn, raw, done)
            waiting = conn.waiting
            while waiting and not conn.closing:
                raw = waiting.popleft()
                done = self._handle(conn, raw)
                if done is not None:
                    await self._settle(conn, raw, done)
        finally:
            conn.waiting = None

    async def _receive(self, conn: Conn, raw: Any) -> None:
        """Handle one message from ``conn`` to the end (what :meth:`_take` does, awaited)."""
        done = self._handle(conn, raw)
        if done is not None:
            await self._settle(conn, raw, done)

    def _handle(self, conn: Conn, raw: Any) -> Any:
        """Check and dispatch one message; what is left to wait for (a handler that waits on a shared
        store), or None.  Every refusal is answered here."""
        if not conn.allow():
            strikes = conn.strike()
            if strikes == 1 or strikes % 10 == 0:
                conn.send("error", **protocol.error("rate", f"too many messages: at most {self.limits.rate:g} a second"))
            if strikes > self.limits.burst:
                conn.close(POLICY, "flood")
            return None
        if not isinstance(raw, str):  # a binary frame: not this protocol
            conn.send("error", **protocol.error("json", "a message is a text frame of JSON, not a binary frame"))
            conn.close(UNSUPPORTED, "text frames only")
            return None
        try:
            return self._dispatch(conn, protocol.decode(raw))
        except Exception as e:
            self._answer(conn, raw, e)
            return None

    async def _settle(self, conn: Conn, raw: Any, done: Any) -> None:
        try:
            await done
        except Exception as e:
            self._answer(conn, raw, e)

    def _answer(self, conn: Conn, raw: Any, e: Exception) -> None:
        """Answer a message that failed with ``e``."""
        if isinstance(e, ProtocolError):
            self._refuse(conn, e.code, e.message, e.about)
        elif isinstance(e, RoomError):  # a refusal of the game (a stale move...) is no misbehaviour
            conn.send("error", **protocol.error(e.code, e.message, _kind(raw) if isinstance(raw, str) else None))
            if e.code == "bad-token" and conn.token_failures >= self.limits.max_token_failures:
                conn.close(POLICY, "too many wrong tokens")  # after the answer
            if e.code in ("no-room", "bad-token") and not isinstance(e, RoomLost):
                self._missed(conn)
        else:  # a bug must never take a room down: log it, answer, go on
            self._failed(conn, raw, e)

    def _failed(self, conn: Conn, raw: Any, e: Exception) -> None:
        log.exception("handling a message failed")
        self._refuse(conn, "internal", f"the server could not handle this message ({type(e).__name__})",
                     _kind(raw) if isinstance(raw, str) else None)

    def _missed(self, conn: Conn) -> None:
        """A wrong room code or token: an address that keeps guessing is shut out for the hour."""
        if self._count_miss(conn.addr) >= self.limits.misses_per_address:
            conn.close(POLICY, "too many wrong room codes or tokens")

    def _count_miss(self, key: str) -> int:
        """One more wrong guess counted against ``key`` (an address, or ``room:CODE``): the hour's count."""
        now = time.monotonic()
        recent = [t for t in self.misses.get(key, []) if now - t < 3600] + [now]
        self.misses[key] = recent
        return len(recent)

    def _misses(self, key: str) -> int:
        now = time.monotonic()
        return len([t for t in self.misses.get(key, []) if now - t < 3600])

    def _refuse(self, conn: Conn, code: str, message: str, about: str | None) -> None:
        conn.errors += 1
        conn.send("error", **protocol.error(code, message, about))
        if code == "version":
            conn.close(POLICY, "update your game")
        elif conn.errors > self.limits.max_errors:
            conn.close(POLICY, "too many bad messages")

    # ----------------------------------------------------------- messages
    def _dispatch(self, conn: Conn, msg: dict) -> Any:
        kind = msg["type"]
        conn.version = version_of(msg)
        if kind in ("create", "join", "resume", "status") and conn.room is not None:
            raise ProtocolError("field", f"{kind}: this connection already plays in room {conn.room}", kind)
        if kind not in ("create", "join", "resume", "status") and conn.room is None:
            raise ProtocolError("field", f"{kind}: create, join or resume a room first", kind)
        return getattr(self, "_on_" + kind)(conn, msg)

    def _on_create(self, conn: Conn, msg: dict) -> None:
        code = new_code()
        while code in self.rooms or code in self.damaged or code in self.parked:
            code = new_code()
        room, token = Room.create(code, msg, self.levels)  # a create that is refused costs nothing
        self._may_create(conn, len(self.rooms))
        self._created(conn, room)
        self.rooms[code] = room
        self.seated[code] = {}
        self._save(room)
        self._bind(conn, room, 0, token)
        self._start_if_full(room)

    def _guessing(self, conn: Conn, msg: dict | None = None, room: Room | None = None) -> bool:
        """Whether a guess is to be refused (then the connection is told and closed): the address has
        named too many wrong rooms or tokens this hour, or (``msg``: a resume or status) the room it
        names has been sent too many wrong tokens.  A token that opens a seat is no guess: it is
        always taken (128 random bits), so a player behind the address of someone guessing, or of a
        room being guessed at, keeps their game."""
        if msg is not None:
            room = room if room is not None else self._lookup(msg["room"])
            if room is not None and room.seat_of(msg["token"]) is not None:
                return False
            if self._misses("room:" + msg["room"]) >= self.limits.misses_per_address:
                conn.send("error", **protocol.error(
                    "bad-token", f"too many wrong tokens for room {msg['room']}: try again later"))
                conn.close(POLICY, "too many wrong tokens for the room")
                return True
        if self._misses(conn.addr) < self.limits.misses_per_address:
            return False
        conn.send("error", **protocol.error(
            "no-room", "too many wrong room codes or tokens from this address: try again later"))
        conn.close(POLICY, "too many wrong room codes or tokens")
        return True

    def _on_join(self, conn: Conn, msg: dict) -> None:
        if self._guessing(conn):
            return
        room = self._room(msg["room"])
        self._fits_game(conn, room)
        seat, token = room.join(msg.get("name", ""))
        self._save(room)
        self._bind(conn, room, seat, token)
        self._start_if_full(room)

    def _seat_of(self, conn: Conn, msg: dict, room: Room | None = None) -> tuple[Room, int]:
        """The room and seat a ``resume`` or ``status`` names with its token (``bad-token`` otherwise)."""
        room = room if room is not None else self._room(msg["room"])
        self._fits_game(conn, room)
        seat = room.seat_of(msg["token"])
        if seat is None:
            conn.token_failures += 1  # closed past the limit once told (_receive)
            self._count_miss("room:" + room.code)
            raise RoomError("bad-token", f"{msg['type']}: this token opens no seat in room {room.code}")
        return room, seat

    def _on_status(self, conn: Conn, msg: dict) -> None:
        """Where a seat's game stands (a list of a player's games), without taking the seat:
        the connection stays unbound and may ask about other rooms."""
        if self._guessing(conn, msg):
            return
        room, seat = self._seat_of(conn, msg)
        conn.send("status", v=room.v, **room.status(seat, set(self.seated[room.code])))

    def _on_resume(self, conn: Conn, msg: dict) -> None:
        if self._guessing(conn, msg):
            return
        room, seat = self._seat_of(conn, msg)
        if msg.get("receipt") is not None:
            self._check_receipt(conn, room, msg["receipt"])
        old = self.seated[room.code].get(seat)
        if old is not None and old is not conn:
            old.send("error", **protocol.error("taken-over", "your seat was taken by another connection"))
            self._unbind(old)
            old.close(POLICY, "seat taken over")
        self._bind(conn, room, seat, msg["token"], since=msg.get("since"), seen=msg.get("seen"))

    def _on_start(self, conn: Conn, msg: dict) -> None:
        room = self.rooms[conn.room]
        if conn.seat != 0:
            raise RoomError("not-host", "start: only the room's creator starts the game")
        fill = msg.get("fill")
        if fill is not None and fill not in self.levels:
            raise RoomError("field", f"start.fill: no AI level {fill!r}")
        self._begin(room, room.start(fill))

    def _fits_game(self, conn: Conn, room: Room) -> None:
        """Refuse a seat in a room to a client of an earlier protocol version than its game's (it could
        not play it: it is told to update the game)."""
        if conn.version < room.v:
            title = registry.game(room.game_name).title
            raise ProtocolError(
                "version", f"room {room.code} plays {title}, which needs protocol version "
                f"{room.v}: update your game (and join it from {title})")

    def _on_move(self, conn: Conn, msg: dict) -> Any:
        """A move (``place``, ``act``: the message of the room's game, ``GameEntry.move``), read by the
        room, then made (:meth:`_make_move`)."""
        room = self.rooms[conn.room]
        kind = msg["type"]
        entry = registry.game(room.game_name)
        if kind != entry.move:
            raise RoomError("wrong-game", f"{kind}: room {room.code} plays {entry.title} (send {entry.move})")
        return self._make_move(room, conn.seat, room.read_move(conn.seat, msg), msg["turn"])

    _on_place = _on_act = _on_move

    def _make_move(self, room: Room, seat: int, move: Any, turn: int) -> Any:
        """Apply a move (refused with ``RoomError``), keep it, tell the seats."""
        first = len(room.log)
        room.play(seat, move, turn)
        self._moved(room, first)

    def _on_look(self, conn: Conn, msg: dict) -> None:
        """The table as it is now, and the seat's pending decision; at most ``LOOKS_PER_S`` a second per
        connection on average, ``LOOK_BURST`` at once (a view costs the server more than a move's events)."""
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
        self._send_state(conn, room, None)

    def _on_react(self, conn: Conn, msg: dict) -> None:
        """A quick reaction (a fixed phrase's id, checked by the protocol), to everyone seated in the room."""
        room = self.rooms[conn.room]
        if not room.started:
            raise RoomError("not-started", "react: the game has not started")
        phrase = msg["phrase"]
        if phrase not in REACTIONS and phrase not in room.phrases:
            game = next((e.title for e in registry.GAMES.values() if phrase in room_class(e.name).phrases), None)
            raise RoomError("field", f"react.phrase: {phrase!r} is " + (
                f"a {game} phrase, not this room's" if game else "not one of this room's phrases"))
        self._react(room.code, conn.seat, msg["phrase"])

    def _react(self, code: str, seat: int, phrase: str) -> None:
        seats = self.seated.get(code)
        if seats:
            room = self.rooms.get(code)
            data = frame("reaction", v=room.v if room is not None else protocol.VERSION, seat=seat, phrase=phrase)
            for c in seats.values():
                c.send_frame(data)

    def _on_leave(self, conn: Conn, msg: dict) -> None:
        self._unbind(conn)
        conn.close(1000, "left")


def _kind(raw: str) -> str | None:
    """The message type of a message that failed for a reason of its own (for the error's ``about``)."""
    try:
        import json

        return protocol.about_of(json.loads(raw).get("type"))
    except Exception:
        return None
