"""The game server's rooms (a part of :class:`~lasvegas.net.server.GameServer`): making, finding,
parking and waking them, binding seats, telling each seat its moves and what it must decide, and the
moves the server plays (AI seats, away players, decisions past their deadline), whatever the game:
each room's game answers through its hooks (:class:`~lasvegas.net.room.Room`)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, NamedTuple

from . import protocol
from .conn import Conn, frame
from .room import Room, RoomError
from .movestore import LOST_MOVES, LOST_ROOM, MoveStore

log = logging.getLogger("lasvegas.server")


class Rooms:
    """The rooms: making, finding, parking and waking them, binding seats, telling moves, AI seats."""

    #: where the rooms are kept: spoken to only through the store interface
    store: MoveStore

    def _may_create(self, conn: Conn, rooms: int) -> None:
        """Refuse a new room (``RoomError``) when the address has all the rooms it may have (alive at
        once, or made in the hour), or the server has ``rooms`` already, at its limit, and no lobby or
        finished game to let go of.  Nothing is counted here: :meth:`_created` counts a room made."""
        now = time.monotonic()
        recent = [t for t in self.created_by.get(conn.addr, []) if now - t < 3600]
        if len(recent) >= self.limits.rooms_per_address:
            raise RoomError("too-many-rooms", f"at most {self.limits.rooms_per_address} new rooms an hour "
                            "from one address: try again later")
        live = self._live_rooms(conn.addr)
        if live >= self.limits.live_rooms_per_address:
            raise RoomError("too-many-rooms", f"at most {self.limits.live_rooms_per_address} rooms from one "
                            "address at once (lobbies and games not over): finish or leave one first")
        if rooms >= self.limits.max_rooms and not self._make_room(rooms - self.limits.max_rooms + 1, conn.addr):
            raise RoomError("server-full", f"this server hosts at most {self.limits.max_rooms} rooms, "
                            "every one a game in play: try again later")

    def _created(self, conn: Conn, room: Room) -> None:
        """A room was made by ``conn``: it counts for its address (hour and live rooms)."""
        room.owner = conn.addr
        self.created_by.setdefault(conn.addr, []).append(time.monotonic())

    def _live_rooms(self, addr: str) -> int:
        """Rooms made from ``addr`` that are alive and not over (known to this process), its parked
        games included: parking a game does not free its place in the address's count."""
        return (sum(1 for r in self.rooms.values() if r.owner == addr and not r.over)
                + sum(1 for p in self.parked.values() if p.owner == addr))

    def _make_room(self, n: int, creator: str | None = None) -> bool:
        """Let go of ``n`` rooms, to host a new one or wake a parked one: games in play nobody plays
        (no human connected, no move for the lobby time) are parked first (nothing is lost: their
        players wake them when they come back), then rooms that are not games in play are removed:
        finished games and lobbies nobody is in first, then those someone is in (never one of an
        address holding fewer rooms than ``creator``'s address; those of the addresses holding the
        most first), the least recently changed first.  False (nothing removed) when there are not
        that many."""
        held: dict[str, int] = {}
        for r in self.rooms.values():
            if not r.over:
                held[r.owner] = held.get(r.owner, 0) + 1
        mine = held.get(creator, 0) if creator is not None else 0

        def order(room: Room) -> tuple:
            # a connected lobby: those of the addresses holding the most rooms first
            return (bool(self.seated.get(room.code)), room.started, -held.get(room.owner, 0), room.touched)

        def spare_room(room: Room) -> bool:
            if room.over:
                return True
            # an address never lets go of a connected lobby of an address holding fewer rooms than it
            return not room.started and (not self.seated.get(room.code) or held.get(room.owner, 0) >= mine)
        now = time.time()
        idle = sorted((r for r in self.rooms.values() if self._unplayed(r, now, self.limits.lobby_timeout)),
                      key=lambda r: max(r.touched, self.left_at.get(r.code, 0.0)))
        spare = sorted((r for r in self.rooms.values() if spare_room(r)), key=order)
        if len(idle) + len(spare) < n:
            return False
        for room in idle:
            if n and self._park(room):
                n -= 1
        if len(spare) < n:
            return False
        for room in spare[:n]:
            self._remove(room, f"room {room.code} was closed to make room for games in play "
                               f"({'its game was over' if room.over else 'its game had not started'})")
        return True

    def _unplayed(self, room: Room, now: float, after: float) -> bool:
        """Whether ``room`` is a game in play that nobody plays: no human connected, no AI thinking,
        nothing waiting to be announced, and no move nor player for ``after`` seconds."""
        code = room.code
        return (room.started and not room.over and not self.seated.get(code) and code not in self.thinking
                and code not in self._announce and now - max(room.touched, self.left_at.get(code, 0.0)) > after)

    def _remove(self, room: Room, why: str) -> None:
        """Remove ``room`` from the server and its store; whoever is in it is told ``why`` and let go."""
        code = room.code
        del self.rooms[code]
        for c in list(self.seated.pop(code, {}).values()):
            c.room = c.seat = None
            c.send("error", **protocol.error("no-room", why))
            c.close(1000, "room closed")
        self.store.delete(code)
        self._commit()
        log.info("%s", why)

    def _lookup(self, code: str) -> Room | None:
        """Room ``code`` if this server has it (a parked game is woken: read back from the store)."""
        room = self.rooms.get(code)
        if room is None and code in self.parked:
            room = self._wake(code)
        return room

    def _park(self, room: Room) -> bool:
        """Keep a game in play that nobody plays (no human connected, no move for ``abandoned_after``,
        or for the lobby time when the table is full) in the store only: out of memory and not counted
        against ``max_rooms`` (still against its address's live rooms), until a player comes back
        (:meth:`_wake`) or its keeping time ends (the reaper deletes it).  Whether it was parked."""
        code = room.code
        self._commit()
        if self.store.saved_moves(code) != room.turn:  # not all written (a failed commit): kept in memory
            return False
        del self.rooms[code]
        self.seated.pop(code, None)
        idle = time.time() - max(room.touched, self.left_at.pop(code, 0.0))
        self.parked[code] = Parked(room.touched + room.kept_for(self.limits.idle_timeout, self.limits.day),
                                   room.owner)
        log.info("room %s parked: no player connected and no move for %.0f s", code, idle)
        return True

    def _wake(self, code: str) -> Room | None:
        """Read parked game ``code`` back into memory, within ``max_rooms``: a room is let go of first
        when the table is full (:meth:`_make_room`), else ``server-full`` (the game stays parked)."""
        over = len(self.rooms) - self.limits.max_rooms + 1
        if over > 0 and not self._make_room(over, self.parked[code].owner):
            raise RoomError("server-full", f"this server hosts at most {self.limits.max_rooms} rooms, every one "
                            f"a game in play: your game {code} is kept, try again later")
        try:
            room = self.store.load(code)
        except Exception as e:  # damaged since: kept aside by the store, its players told
            self.damaged[code] = f"{type(e).__name__}: {e}"[:300]
            self.parked.pop(code, None)
            log.warning("room %s could not be woken: %s", code, self.damaged[code])
            return None
        self.parked.pop(code, None)
        if room is None:
            return None
        self.rooms[code] = room
        self.seated[code] = {}
        self.left_at[code] = time.time()
        log.info("room %s woken", code)
        return room

    def _room(self, code: str) -> Room:
        room = self._lookup(code)
        if room is None:
            if code in self.damaged:
                raise RoomLost("room-lost", lost_words(code, self.damaged[code]))
            raise RoomError("no-room", f"there is no room {code} on this server")
        return room

    def _receipt(self, room: Room) -> dict:
        """The ``receipt`` field of what a seat of ``room`` is sent after a commit (none from a store
        without receipts: Redis)."""
        r = self.store.receipt(room)
        return {"receipt": r} if r is not None else {}

    def _check_receipt(self, conn: Conn, room: Room, receipt: str) -> None:
        """A receipt shown by a player coming back: one this server signed past the room's moves (or
        over other moves) declares the room damaged (``RoomLost``); one it did not sign is refused
        and changes nothing (logged; the resume goes on: a client holding a receipt of a server whose key
        was lost still takes its seat)."""
        why = self.store.check_receipt(room.code, receipt)
        if why is None:
            log.warning("room %s: a receipt this server did not sign was refused (from %s)", room.code, conn.addr)
            return
        if why:
            self._lose(room, why)
            raise RoomLost("room-lost", lost_words(room.code, why))

    def _lose(self, room: Room, why: str) -> None:
        """Declare ``room`` damaged: out of play for good, kept aside as it is in the store; whoever is
        in it is told and let go."""
        code = room.code
        self.rooms.pop(code, None)
        self._announce.pop(code, None)
        self.store.declare_damaged(code, why)
        self.damaged[code] = why
        for c in list(self.seated.pop(code, {}).values()):
            c.room = c.seat = None
            c.send("error", **protocol.error("room-lost", lost_words(code, why)))
            c.close(1000, "room lost")
        log.warning("room %s declared damaged: %s", code, why)

    # ------------------------------------------------------------ seating
    def _bind(self, conn: Conn, room: Room, seat: int, token: str, since: int | None = None,
              seen: int | None = None) -> None:
        conn.room, conn.seat = room.code, seat
        conn.seated = True
        self.seated[room.code][seat] = conn
        conn.send("welcome", v=room.v, room=room.code, seat=seat, colour=room.colour(seat), token=token, **self.routing)
        self._lobby(room)
        if room.started:
            self._send_state(conn, room, since, seen)
        self._kick(room)

    def _unbind(self, conn: Conn) -> None:
        code, seat = conn.room, conn.seat
        if code is None or seat is None:
            return
        conn.room = conn.seat = None
        seats = self.seated.get(code, {})
        if seats.get(seat) is conn:
            del seats[seat]
            if not seats:
                self.left_at[code] = time.time()
            room = self.rooms.get(code)
            if room is not None:
                self._lobby(room)
                self._kick(room)

    def _connected(self, code: str) -> set[int]:
        """The seats of room ``code`` someone is connected to."""
        return set(self.seated.get(code, {}))

    def _is_connected(self, code: str, seat: int) -> bool:
        """Whether someone is connected to ``seat`` of room ``code`` (:meth:`_connected`, without its set)."""
        return seat in self.seated.get(code, ())

    def _runs(self, room: Room) -> bool:
        """Whether this server plays the room's AI seats and times its away players."""
        return True

    def _lobby(self, room: Room) -> None:
        seats = self.seated[room.code]
        if seats:
            data = frame("lobby", v=room.v, **room.public(self._connected(room.code)))
            for c in seats.values():
                c.send_frame(data)

    def _send_state(self, conn: Conn, room: Room, since: int | None, seen: int | None = None) -> None:
        self._commit()  # nothing reaches a client before it is kept
        seat = conn.seat
        cursor = len(room.log)
        past = room.seen_point(seat, seen) if seen is not None else None
        if past is not None:  # back after a while: the table as it was after move `seen`, then what followed
            view, since, opening = past
            conn.send("state", v=room.v, seat=seat, view=view, cursor=since, turn=seen, opening=opening,
                      missed=cursor - since, **self._receipt(room))
        else:
            conn.send("state", v=room.v, seat=seat, view=room.view_for(seat), cursor=cursor, turn=room.turn,
                      opening=room.opening(seat), **self._receipt(room))
        if since is not None and since < cursor:
            conn.send("events", v=room.v, first=since, events=room.events_for(seat, since))
        if room.over:
            conn.send("over", v=room.v, record=room.record())
        else:
            self._prompt(room, only=seat)

    def _start_if_full(self, room: Room) -> None:
        if room.full and not room.started:
            self._begin(room, room.start())

    def _begin(self, room: Room, _opening: list[dict]) -> None:
        self._save(room)
        self._lobby(room)
        for conn in self.seated[room.code].values():
            self._send_state(conn, room, None)
        self._kick(room)

    def _save(self, room: Room) -> None:
        """Write the room's seats and options now (a change of seats, the start: rare)."""
        self.store.save_room(room)
        self._commit()

    def _commit(self) -> None:
        try:
            self.store.commit()
        except Exception:  # a full disk: the room plays on in memory, the log says why
            log.exception("the rooms could not be saved")

    def _moved(self, room: Room, first: int) -> None:
        """A move made events from ``first`` on: queue it for the store; the seats hear of it once
        it is committed, with every other move made within ``commit_delay`` (one transaction)."""
        self.store.add_move(room, room.stored_move(first))
        self._announce.setdefault(room.code, (room, first))  # a room's moves of one commit: one message
        if self._commit_soon is None:
            loop, delay = self._running_loop(), self.limits.commit_delay
            self._commit_soon = (loop.call_later(delay, self._commit_and_announce) if delay > 0
                                 else loop.call_soon(self._commit_and_announce))

    def _commit_and_announce(self) -> None:
        self._commit_soon = None
        if self._stop is not None and self._stop.done():
            return  # stopping: the store commits what is queued as it closes, nobody is told any more
        self._commit()
        announce, self._announce = self._announce, {}
        for room, first in announce.values():
            self._tell(room, first)

    def _tell(self, room: Room, first: int) -> None:
        """Send the events from ``first`` on to every seat, as it may see them: encoded once per
        visibility class (once for the whole room unless it hides money and a round ended)."""
        seats = self.seated.get(room.code)
        if seats:
            frames: dict[int | None, bytes] = {}
            receipt = self._receipt(room)
            over = frame("over", v=room.v, record=room.record()) if room.over else None
            private = room.private(first)
            decides = {} if over is not None else self._decides(room)
            for seat, conn in seats.items():
                key = seat if private else None
                data = frames.get(key)
                if data is None:
                    data = frames[key] = frame("events", v=room.v, first=first, events=room.events_for(seat, first),
                                               **receipt, **room.told(first))
                if over is not None:
                    data += over
                elif seat in decides:  # what the seat must decide now, in the same write as the events
                    data += decides[seat]
                conn.send_frame(data)
        if room.over:
            self._lobby(room)
        self._kick(room)

    def _prompt(self, room: Room, only: int | None = None) -> None:
        """Tell each seat (or seat ``only``) what it must decide, to it alone."""
        seats = self.seated.get(room.code, {})
        for seat, data in self._decides(room, only).items():
            seats[seat].send_frame(data)

    def _decides(self, room: Room, only: int | None = None) -> dict[int, bytes]:
        """Seat -> the ``decide`` frames to send it now (the room's
        :meth:`~lasvegas.net.room.Room.prompts`), for each connected seat (or seat ``only``)."""
        seats = self.seated.get(room.code)
        out: dict[int, bytes] = {}
        if seats:
            for fields in room.prompts(self._connected(room.code)):
                seat = fields["seat"]
                if seat in seats and (only is None or only == seat):
                    out[seat] = out.get(seat, b"") + frame("decide", v=room.v, **fields)
        return out

    # ------------------------------------------------------- AI and away
    def _kick(self, room: Room) -> None:
        """Start the room's next job (:meth:`~lasvegas.net.room.Room.next_job`: an AI seat's move, an
        away player's after the room's delay, a decision's default at its deadline), one at a time."""
        if not room.started or room.over or room.code in self.thinking or not self._runs(room):
            return
        job = room.next_job(self._connected(room.code))
        if job is None:
            return
        self.thinking.add(room.code)
        self._spawn(self._job(room, *job))

    async def _job(self, room: Room, seat: int, level: str, when: float, why: str) -> None:
        """Wait until ``when`` while the job is still due, then play it: the room's default move at a
        deadline, else the AI's (:meth:`_think`)."""
        code, turn = room.code, room.turn
        try:
            while time.monotonic() < when:
                await asyncio.sleep(min(0.25, max(0.0, when - time.monotonic())))
                now = self._current(code)
                if not isinstance(now, Room) or not now.still_due(seat, why, turn, self._connected(code)):
                    break  # the player came back, or the move was made
            else:
                now = self._current(code)
                if isinstance(now, Room) and now.still_due(seat, why, turn, self._connected(code)) \
                        and self._runs(now):
                    move = now.default_move(seat) if why == "timeout" else None
                    if move is None:
                        move = await self._think(now, seat, level)
                    now = self._current(code)
                    if isinstance(now, Room) and now.turn == turn and move is not None and self._runs(now):
                        await self._play_for(now, seat, move, turn)
        except Exception as e:  # logged; the room waits for the next connection's move
            self._ai_failed(code, e)
            return
        finally:
            self.thinking.discard(code)
        if code in self.rooms:
            self._kick(self.rooms[code])  # whoever is to move now (a player back, another seat away)

    async def _play_for(self, room: Room, seat: int, move: Any, turn: int) -> None:
        """Play ``move`` for ``seat`` (as the room vets an AI's move); a move the room refuses (an AI's
        mistake) is replaced by the room's fallback, so a room never stalls."""
        move = room.vetted(seat, move)
        try:
            done = self._make_move(room, seat, move, turn)
            if done is not None:
                await done
            return
        except RoomError as e:
            if e.code == "stale":  # another server process made the move first
                log.info("room %s: the AI move was refused (%s)", room.code, e.message)
                return
            log.warning("room %s: seat %d's AI move %r was refused (%s); its fallback is played",
                        room.code, seat, move, e.message)
        fallback = room.fallback(seat)
        if fallback is not None and fallback != move:
            done = self._make_move(room, seat, fallback, turn)
            if done is not None:
                await done

    def _ai_failed(self, code: str, e: Exception) -> None:
        """An AI move went wrong (with a single process: a bug)."""
        log.error("room %s: the AI move failed", code, exc_info=e)

    def _current(self, code: str) -> Room:
        """The room as this server has it now (an empty stand-in once it is gone)."""
        return self.rooms.get(code) or _GONE

    async def _think(self, room: Room, seat: int, level: str) -> Any:
        """The AI's move for ``seat``: from the pool, rooms in turn, within the move's deadline (a
        weaker level under load, :mod:`lasvegas.net.ai_pool`); the room's fallback when it fails."""
        try:
            move, played = await self.ai.move(room.code, level, lambda lv: room.think_for(seat, lv), room.game_name)
        except Exception as e:  # never stall the room
            log.warning("room %s: the AI move failed (%r); the fallback is played", room.code, e)
            return room.fallback(seat)
        if played != level:
            log.info("room %s: busy server, %s played for %s", room.code, played, level)
        return move if move is not None else room.fallback(seat)


def lost_words(code: str, why: str) -> str:
    """What the players of a room kept aside are told (``why``: the reason it is kept with)."""
    if why.startswith(LOST_MOVES):
        return (f"room {code}: this server lost moves of this game; it cannot be continued (the host keeps "
                "what is left of it aside)")
    if why.startswith(LOST_ROOM):
        return f"room {code}: this server lost this room (the host keeps what is known of it aside)"
    return (f"room {code} could not be restored when the server started again: its saved game is damaged "
            "(the host keeps it aside)")


class Parked(NamedTuple):
    """A game parked in the store (:meth:`Rooms._park`)."""
    #: when (time.time) the reaper deletes it
    until: float
    #: the address that created it (it still counts among the address's live rooms)
    owner: str


class RoomLost(RoomError):
    """A room the server had but could not restore (not a wrong code: no guess to count)."""


class _Gone:
    turn = -1


_GONE: Any = _Gone()
