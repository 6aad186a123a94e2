"""Several server processes, one set of rooms: the rooms live in Redis (``lasvegas serve --redis URL``).

What Redis holds, per room (keys under ``lv:``):

* ``room:CODE``: the room without its moves (:meth:`Room.to_dict`: seats with
  their token digests, options, the game's seed), changed by an optimistic
  transaction (WATCH/MULTI) when someone joins or the game starts;
* ``moves:CODE``: the move log, one value per move.  A move is appended by a
  script that checks the log's length first, so of two processes that apply
  the same turn exactly one succeeds (the other answers ``stale``);
* ``here:CODE``: which process each seat is connected to; ``alive:PID``: a
  process's heartbeat (a key that expires), so a dead process's seats count as
  away;
* ``lease:CODE``: the process that plays the room's AI seats and times its
  away players (a key that expires: another process takes it over);
* ``rooms``: the directory (code → when the room expires unless touched);
* ``subs:CODE``: the processes holding the room (each has a client in it).

A room's keys expire after the time :meth:`Room.kept_for` says: the server's
idle time, or a correspondence room's ``keep_days`` (as the SQLite server
keeps them); the process holding its lease pushes the expiry on.

Every change is sent as a small note (a move's number and value, "the seats
changed", a reaction) to each *other* process holding the room, on that
process's own channel (``proc:PID``): the script that appends a move reads
``subs:CODE`` and publishes in the same atomic step, so a process that joins
``subs:CODE`` before it reads the room misses no move, and a room whose players
all share one process costs no note at all.  The moves a process makes within
the commit delay (``--commit-delay``, as the SQLite server commits them) go to
Redis in one call of that script, and each other process hears of all of them
in one message (a JSON list of their notes).  A process rebuilds the new events
with its own copy of the rules engine (deterministic) and sends each of its
clients what its seat may see, so hidden information is filtered where it
always was.  The seed never leaves the server processes and Redis.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from typing import Any, Callable

from .redis_store import EXPIRY_TICKS, RENEW_TICKS, TICK, RedisStore, _value
from .room import Room, RoomError, new_code
from .server import Conn, GameServer, Limits, run_loop

log = logging.getLogger("lasvegas.server")


class SharedServer(GameServer):
    """A :class:`GameServer` whose rooms are in Redis, shared with other processes (module text)."""

    routing = {"route": True}

    def __init__(self, store: RedisStore, limits: Limits | None = None, levels: list[str] | None = None) -> None:
        super().__init__(store, limits, levels)
        self.store: RedisStore = store
        store.batch_delay = self.limits.commit_delay
        self.pid = f"{os.getpid()}-{secrets.token_hex(4)}"
        self.locks: dict[str, asyncio.Lock] = {}
        #: room code -> the room whose move is on its way to Redis (:meth:`_make_move`)
        self._moving: dict[str, Room] = {}
        self.leased: set[str] = set()
        #: room → the other process holding its lease (asked again when that one dies or lets go)
        self.holders: dict[str, str] = {}
        #: room → seat → the other process its player is connected to
        self.remote: dict[str, dict[int, str]] = {}
        self.pubsub: Any = None
        #: ticks between two pushes of the rooms' expiry: a minute, or a quarter of a short idle time
        #: (or of a short day, which only tests use)
        shortest = min(self.limits.idle_timeout, self.limits.day, self.limits.lobby_timeout)
        self.expiry_ticks = max(1, min(EXPIRY_TICKS, int(shortest / 4 / TICK)))

    # ------------------------------------------------------------ running
    async def _open(self) -> list[str]:
        await self.store.heartbeat(self.pid)
        self.pubsub = self.store.r.pubsub()
        await self.pubsub.subscribe(self.store.key("proc", self.pid))
        self._spawn(self._listen())
        return []

    async def _shut(self) -> None:
        for code in list(self.leased):
            try:
                await self.store.release(code, self.pid)
            except Exception:
                break
        await self.store.aclose()

    def _save(self, room: Room) -> None:
        pass  # the row is in Redis already (RedisStore.create, RedisStore.change): every change is
        # there before it is announced, so the commit pass finds nothing queued

    def _failed(self, conn: Conn, raw: Any, e: Exception) -> None:
        from redis.exceptions import RedisError

        if not isinstance(e, RedisError):
            return super()._failed(conn, raw, e)
        # Redis cannot be reached now: the client connects again (here or elsewhere) and resumes
        log.warning("Redis: %r; closing a connection so that it comes back", e)
        conn.close(1011, "the rooms' store is unreachable: connect again")

    def _ai_failed(self, code: str, e: Exception) -> None:
        from redis.exceptions import RedisError

        if not isinstance(e, RedisError):
            return super()._ai_failed(code, e)
        # Redis is away (restarting): the reaper's next tick, once it is back, kicks the move again
        log.warning("room %s: an AI move waits for Redis (%r)", code, e)

    def _lock(self, code: str) -> asyncio.Lock:
        lock = self.locks.get(code)
        if lock is None:
            lock = self.locks[code] = asyncio.Lock()
        return lock

    async def _ensure(self, code: str) -> Room:
        """Room ``code`` in this process (subscribed to its news), loaded from Redis when needed."""
        async with self._lock(code):
            room = self.rooms.get(code)
            if room is not None:
                return room
            if not isinstance(code, str):
                raise RoomError("no-room", "no such room")
            await self.store.hold(code, self.pid)  # first: no note is missed
            try:
                room = await self._read(code)
            except RoomError:
                await self.store.let_go(code, self.pid)
                raise
            self.rooms[code] = room
            self.seated[code] = {}
            self.remote[code] = await self.store.connected(code)
            await self._take_leases([code])
            return room

    async def _read(self, code: str) -> Room:
        """Room ``code`` as Redis holds it (``no-room`` when it is not there or cannot be rebuilt)."""
        try:
            room = await self.store.fetch(code)
        except (ValueError, KeyError, TypeError, RoomError) as e:
            log.warning("room %s: cannot be restored from Redis (%s)", code, e)
            room = None
        if room is None:
            raise RoomError("no-room", f"there is no room {code} on this server")
        return room

    def _forget(self, code: str) -> None:
        """Nobody of this process is in the room any more: drop it (Redis keeps it)."""
        self.rooms.pop(code, None)
        self.seated.pop(code, None)
        self.remote.pop(code, None)
        self.holders.pop(code, None)
        leased = code in self.leased
        self.leased.discard(code)
        self._quietly(self._let_go(code, leased), "let go of a room")

    async def _let_go(self, code: str, leased: bool) -> None:
        """Out of the room's holders (and its lease let go), unless a client took the room in again
        meanwhile (under the room's lock, as :meth:`_ensure` takes it in: never after its ``hold``)."""
        async with self._lock(code):
            if code in self.rooms:
                return
            await self.store.let_go(code, self.pid)
            if leased:
                await self.store.release(code, self.pid)

    def _quietly(self, job: Any, what: str) -> None:
        """Run ``job`` on its own; if Redis is away meanwhile, say so in the log (resubscribing and the
        leases' expiry put things right)."""
        async def run() -> None:
            try:
                await job
            except Exception as e:
                log.warning("Redis: could not %s (%r)", what, e)
        self._spawn(run())

    # ----------------------------------------------------------- messages
    async def _on_create(self, conn: Conn, msg: dict) -> None:
        Room.create(new_code(), msg, self.levels)  # a create that is refused costs nothing
        self._may_create(conn, await self.store.count())
        while True:
            room, token = Room.create(new_code(), msg, self.levels)
            room.owner = conn.addr
            if room.full:
                room.start()
            if await self.store.create(room):
                break
        self._created(conn, room)
        await self.store.hold(room.code, self.pid)
        self.rooms[room.code] = room
        self.seated[room.code] = {}
        self.remote[room.code] = {}
        await self._take_leases([room.code])
        self._bind(conn, room, 0, token)

    def _make_room(self, n: int, creator: str | None = None) -> bool:
        """The rooms in Redis are not let go of to make room (each process sees only its own)."""
        return False

    async def _on_join(self, conn: Conn, msg: dict) -> None:
        if self._guessing(conn):
            return
        code = msg["room"]
        self._fits_game(conn, await self._ensure(code))
        name = msg.get("name", "")

        def join(room: Room) -> tuple[int, str, bool]:
            seat, token = room.join(name)
            if room.full:
                room.start()
            return seat, token, room.started

        async with self._lock(code):
            room, (seat, token, started) = await self.store.change(code, join, self.pid)
            self.rooms[code] = room
        self._bind(conn, room, seat, token)
        if started:
            self._begin(room, [])

    async def _on_resume(self, conn: Conn, msg: dict) -> None:
        try:  # (a token that opens a seat always resumes: GameServer._guessing)
            await self._ensure(msg["room"])
        except RoomError:
            if self._guessing(conn):
                return
            raise
        GameServer._on_resume(self, conn, msg)

    async def _on_status(self, conn: Conn, msg: dict) -> None:
        """Where a seat's game stands, from Redis when no client of this process is in the room (the
        room is read, not taken in: no subscription, no lease): any process answers for any room."""
        code = msg["room"]
        room = self.rooms.get(code)
        try:
            if room is None:
                room = await self._read(code)
                connected = set(await self.store.connected(code))
            else:
                connected = set(self.seated.get(code, {})) | set(self.remote.get(code, {}))
        except RoomError:
            if self._guessing(conn):
                return
            raise
        if self._guessing(conn, msg, room):
            return
        room, seat = self._seat_of(conn, msg, room)
        conn.send("status", v=room.v, **room.status(seat, connected))

    async def _on_start(self, conn: Conn, msg: dict) -> None:
        if conn.seat != 0:
            raise RoomError("not-host", "start: only the room's creator starts the game")
        fill = msg.get("fill")
        if fill is not None and fill not in self.levels:
            raise RoomError("field", f"start.fill: no AI level {fill!r}")
        code = conn.room
        async with self._lock(code):
            room, _ = await self.store.change(code, lambda r: r.start(fill), self.pid)
            self.rooms[code] = room
        self._begin(room, [])

    def _make_move(self, room: Room, seat: int, value: Any, turn: int) -> Any:
        """Check the move, then append it to Redis in the next batch and apply it when Redis has it
        (no task, lock or await of its own: the batch's answer calls :meth:`_appended`); what to wait
        for is a future.  While the room's lock is held (a join, a start, a catch-up) or another move
        of it is on its way, the move waits for the lock as before (:meth:`_make_move_locked`)."""
        code = room.code
        lock = self.locks.get(code)
        if (lock is not None and lock.locked()) or code in self._moving:
            return self._make_move_locked(room, seat, value, turn)
        room = self._current(code)
        if not isinstance(room, Room):
            return None
        room.check_play(seat, value, turn)
        done = self.store._running().create_future()
        self._moving[code] = room
        self.store.append_then(code, turn, room.stored(value), self.pid,
                               lambda result: self._appended(room, seat, value, turn, result, done))
        return done

    def _appended(self, room: Room, seat: int, value: Any, turn: int, result: bool | Exception,
                  done: asyncio.Future) -> None:
        code = room.code
        if self._moving.get(code) is room:
            del self._moving[code]
        if isinstance(result, Exception):
            done.set_exception(result)
            return
        if not result:  # another process made move ``turn`` first
            async def stale() -> None:
                async with self._lock(code):
                    now = self._current(code)
                    if isinstance(now, Room):
                        await self._catch_up(now)
                raise RoomError("stale", f"place: move {turn} was made already")
            task = self._running_loop().create_task(stale())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
            task.add_done_callback(lambda t: done.set_exception(
                t.exception() or RoomError("stale", f"place: move {turn} was made already")))
            return
        now = self._current(code)
        try:
            if isinstance(now, Room) and now.turn == turn:  # (a reload meanwhile may hold it already)
                first = len(now.log)
                now.play(seat, value, turn)
                self._tell(now, first)
        except Exception as e:
            done.set_exception(e)
            return
        done.set_result(None)

    async def _make_move_locked(self, room: Room, seat: int, value: Any, turn: int) -> None:
        code = room.code
        async with self._lock(code):
            room = self._current(code)
            if not isinstance(room, Room):
                return
            room.check_play(seat, value, turn)
            if not await self.store.append(code, turn, room.stored(value), self.pid):
                await self._catch_up(room)
                raise RoomError("stale", f"place: move {turn} was made already")
            first = len(room.log)
            room.play(seat, value, turn)
        self._tell(room, first)

    def _react(self, code: str, seat: int, phrase: str) -> None:
        super()._react(code, seat, phrase)
        self._quietly(self.store.publish(code, self.pid, r=seat, p=phrase), "pass a reaction on")

    # ------------------------------------------------------------ seating
    def _bind(self, conn: Conn, room: Room, seat: int, token: str, since: int | None = None,
              seen: int | None = None) -> None:
        super()._bind(conn, room, seat, token, since, seen)
        self._spawn(self._seat_news(room.code, seat, True))

    def _unbind(self, conn: Conn) -> None:
        code, seat = conn.room, conn.seat
        super()._unbind(conn)
        if code is None or seat is None:
            return
        self._spawn(self._seat_news(code, seat, False))
        asyncio.get_running_loop().call_soon(self._forget_if_empty, code)

    def _forget_if_empty(self, code: str) -> None:
        if code in self.rooms and not self.seated.get(code):
            self._forget(code)

    async def _seat_news(self, code: str, seat: int, here: bool) -> None:
        try:
            await self.store.seat(code, seat, self.pid, here)
        except Exception as e:
            log.warning("room %s: cannot note seat %d in Redis (%r)", code, seat, e)

    def _connected(self, code: str) -> set[int]:
        return super()._connected(code) | set(self.remote.get(code, {}))

    def _is_connected(self, code: str, seat: int) -> bool:
        return seat in self.seated.get(code, ()) or seat in self.remote.get(code, ())

    def _runs(self, room: Room) -> bool:
        return room.code in self.leased

    # ------------------------------------------------------------ news
    async def _listen(self) -> None:
        """Notes from the other processes, in order; when Redis goes away: subscribe again, catch up."""
        from redis.exceptions import ConnectionError as RedisConnectionError, RedisError

        while True:
            try:
                # the subscription's connection read directly (its one channel, set up by redis-py's
                # PubSub): no retry wrapper, health check or timing for each note, which every move
                # crossing between two processes costs (docs/benchmarks.md)
                line = self.pubsub.connection
                if line is None:
                    raise RedisConnectionError("the subscription has no connection")
                reply = await line.read_response(timeout=1.0, push_request=True)
                if isinstance(reply, list) and len(reply) == 3 and reply[0] == "message":
                    await self._news(reply[2])
            except (RedisError, OSError) as e:
                log.warning("Redis: %r; subscribing again", e)
                while True:  # until Redis is back: a note missed meanwhile is read by _refresh
                    await asyncio.sleep(0.2)
                    try:
                        await self._resubscribe()
                        break
                    except (RedisError, OSError):
                        continue
            except Exception:
                log.exception("a note from another server process could not be handled")

    async def _resubscribe(self) -> None:
        try:
            await self.pubsub.aclose()
        except Exception:
            pass
        self.pubsub = self.store.r.pubsub()
        await self.pubsub.subscribe(self.store.key("proc", self.pid))
        for code in list(self.rooms):  # (a Redis restarted without its last second forgot some)
            await self.store.hold(code, self.pid)
            await self._refresh(code)

    async def _news(self, data: str) -> None:
        """A message from another process: one note, or the notes of a batch of its moves (a list).  It
        never waits on a room (a note for a room busy with a move of its own, or that skips a move, is
        read again from Redis by a job of its own), so the notes of the other rooms are never held up."""
        notes = json.loads(data)
        for note in notes if isinstance(notes, list) else (notes,):
            try:
                self._one_note(note)
            except Exception:  # one room's trouble: the batch's other rooms still hear of their moves
                log.exception("a note from another server process could not be handled")

    def _one_note(self, note: Any) -> None:
        if not isinstance(note, dict) or note.get("o") == self.pid:
            return
        code = note.get("c")
        if not isinstance(code, str) or code not in self.rooms:
            return
        if "m" in note:
            room = self.rooms[code]
            if not isinstance(note["m"], int) or note["m"] < room.turn:
                return
            if note["m"] == room.turn and not self._lock(code).locked():
                first = len(room.log)
                room.replay([_value(note["v"])])
                self._tell(room, first)
            else:
                self._quietly(self._refresh(code), "read a room again")
        elif "h" in note:
            self._quietly(self._refresh(code), "read a room again")
        elif "l" in note:
            self._quietly(self._take_leases([code]), "take a lease")
        elif "s" in note:
            self._quietly(self._seats_changed(code), "read who is connected")
        elif "r" in note and isinstance(note["r"], int) and note.get("p") in _reactions():
            super()._react(code, note["r"], note["p"])

    async def _seats_changed(self, code: str) -> None:
        connected = await self.store.connected(code)
        room = self.rooms.get(code)
        if room is not None:
            self.remote[code] = connected
            self._lobby(room)
            self._kick(room)

    async def _catch_up(self, room: Room) -> None:
        """Apply the moves other processes made (the caller holds the room's lock)."""
        missing = await self.store.moves_from(room.code, room.turn)
        if missing:
            first = len(room.log)
            room.replay(missing)
            self._tell(room, first)

    async def _refresh(self, code: str) -> None:
        """Read the room again: new seats, a start, moves made meanwhile."""
        async with self._lock(code):
            old = self.rooms.get(code)
            if old is None:
                return
            room = await self.store.fetch(code)
            if room is None:
                return
            if room.started and old.started and room.turn >= old.turn and room.log[:len(old.log)] == old.log:
                old.seats = room.seats
                await self._catch_up(old)
                self._lobby(old)
                return
            self.rooms[code] = room
        self._lobby(room)
        if room.started:
            for conn in self.seated.get(code, {}).values():
                self._send_state(conn, room, None)
        self._kick(room)

    # ------------------------------------------------------------ leases
    async def _take_leases(self, codes: list[str], expiry: bool = True) -> None:
        codes = [c for c in codes if c in self.rooms]
        rooms = [self.rooms[c] for c in codes]
        for code, mine in zip(codes, await self.store.leases(rooms, self.pid, expiry)):
            if mine is True:
                self.holders.pop(code, None)
                if code not in self.leased and code in self.rooms:
                    self.leased.add(code)
                    self.remote[code] = await self.store.connected(code)
                    await self.store.prune(code)
                    self._kick(self.rooms[code])
            else:
                self.leased.discard(code)
                if code in self.rooms:
                    self.holders[code] = mine

    async def _reaper(self) -> None:
        """Every tick: the heartbeat, the leases of this process's rooms (taken over from a dead process,
        and each room's expiry pushed on), the seats of a process that died count as away."""
        ticks = 0
        while True:
            await asyncio.sleep(TICK)
            ticks += 1
            try:
                await self.store.heartbeat(self.pid)
                others = {p for seats in self.remote.values() for p in seats.values()}
                alive = await self.store.alive(others | set(self.holders.values()))
                dead = others - alive
                # this process's leases renewed every other tick (half the lease's time); another's asked
                # for only when its holder died (a holder that lets go says so); the rooms' expiry
                # (hours) pushed on once a minute: fewer writes to the append-only file
                push = ticks % self.expiry_ticks == 0
                renew = push or ticks % RENEW_TICKS == 0
                mine = [c for c in self.rooms
                        if (renew if c in self.leased else self.holders.get(c) not in alive)]
                await self._take_leases(mine, expiry=push)
                for code in list(self.leased):
                    room = self.rooms.get(code)
                    if room is None:
                        continue
                    if dead & set(self.remote.get(code, {}).values()):  # its players are away now
                        self.remote[code] = await self.store.connected(code)
                    self._kick(room)  # an AI move that failed (Redis away) is tried again
            except Exception as e:
                log.warning("Redis: %r (the next tick tries again)", e)


def _reactions() -> tuple[str, ...]:
    from ..match.base import REACTIONS
    from .protocol import TRADE_PHRASES

    return REACTIONS + TRADE_PHRASES


def run_shared_server(host: str, port: int, url: str, limits: Limits, ready: Callable[[str, int], None],
                      tls: Any = None) -> None:
    """Run a server process on the rooms in Redis at ``url`` until SIGTERM or SIGINT."""
    import sys

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)

    async def main() -> None:
        store = RedisStore(url, limits.idle_timeout, limits.day, limits.lobby_timeout)
        await store.r.ping()
        await SharedServer(store, limits).run(host, port, ready, tls)
    run_loop(main())


__all__ = ["POLICY", "RedisStore", "SharedServer", "run_shared_server"]
