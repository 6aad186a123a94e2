"""The rooms kept in Redis: each room's row and moves, the leases of the server processes on their
rooms, and the notes they publish to each other, each change one Lua script (:mod:`lasvegas.net.redis_lua`).

:class:`RedisStore` is the Redis adapter of the store interface
(:class:`lasvegas.net.movestore.MoveStore`: a room's row and moves queued, then
kept by one transaction, read back, parked, kept aside when damaged), and has
the asynchronous side the server processes sharing the rooms use
(:mod:`lasvegas.net.shared`): a move appended only if its number is the log's
length (of two processes, one wins), in batches over a connection of its own
whose answers hiredis's parser reads, the leases and the notes.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any, Callable

from .redis_line import PREFIX, Batches
from .redis_lua import _APPEND, _HOLD, _LEASE, _RELEASE, _RENEW, _TELL, _UNSEAT
from .room import Room, RoomError

log = logging.getLogger("lasvegas.server")

#: seconds between a process's rounds of heartbeats, leases and expiry times
TICK = 1.0
#: a lease or a heartbeat not renewed for this long is another process's to take
LEASE_MS = 4000
#: ticks between two renewals of a process's leases (LEASE_MS / 2)
RENEW_TICKS = 2
#: ticks between two pushes of the expiry of a process's rooms (at most)
EXPIRY_TICKS = 60
#: connections to Redis a process opens at most (requests beyond wait for one)
POOL = 32


class RedisStore(Batches):
    """The rooms in Redis (see the module's text).  Everything read back is checked like a file."""

    backend = "redis"
    commits = 0

    def __init__(self, url: str, idle_timeout: float, day: float = 86400.0,
                 lobby_timeout: float | None = None) -> None:
        import redis.asyncio as aioredis
        from redis.backoff import ExponentialBackoff
        from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeout
        from redis.asyncio.retry import Retry

        self.url = url
        self.ttl_ms = int(idle_timeout * 1000)
        self.idle_timeout, self.day = idle_timeout, day
        #: a room whose game has not started is kept this long (None: as any other room)
        self.lobby_timeout = lobby_timeout
        # a bounded pool that makes a request wait for a free connection rather than fail
        pool = aioredis.BlockingConnectionPool.from_url(
            url, max_connections=POOL, timeout=10, decode_responses=True, socket_connect_timeout=2,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 6),
            retry_on_error=[RedisConnectionError, RedisTimeout])
        self.r = aioredis.Redis(connection_pool=pool)
        self.append_script = self.r.register_script(_APPEND)
        self.tell_script = self.r.register_script(_TELL)
        self.hold_script = self.r.register_script(_HOLD)
        self.release_script = self.r.register_script(_RELEASE)
        self.lease_script = self.r.register_script(_LEASE)
        self.renew_script = self.r.register_script(_RENEW)
        self.unseat_script = self.r.register_script(_UNSEAT)
        Batches.__init__(self)
        #: what the store interface queued for the next commit: rows (code -> (row, ms to keep)),
        #: moves (code, number, value, ms to keep) and rooms removed
        self._rows: dict[str, tuple[str, int]] = {}
        self._queued: list[tuple[str, int, Any, int]] = []
        self._deleted: list[str] = []
        #: the blocking client of the store interface (made when first used: a server process sharing
        #: its rooms uses the asynchronous side only)
        self._client: Any = None

    @staticmethod
    def key(kind: str, name: str) -> str:
        return f"{PREFIX}{kind}:{name}"

    def kept_ms(self, room: Room) -> int:
        """How long ``room``'s keys live without a push: the idle time, or a correspondence room's days;
        the lobby time while its game has not started."""
        kept = room.kept_for(self.idle_timeout, self.day)
        if not room.started and self.lobby_timeout is not None:
            kept = min(kept, self.lobby_timeout)
        return max(1, int(kept * 1000))

    # ------------------------------------------------------------ rooms
    async def count(self) -> int:
        return await self.r.zcount(self.key("rooms", "all"), time.time(), "+inf")

    async def create(self, room: Room) -> bool:
        """Write a new room (False when its code is taken)."""
        data = json.dumps(room.to_dict(), separators=(",", ":"))
        ttl = self.kept_ms(room)
        if not await self.r.set(self.key("room", room.code), data, nx=True, px=ttl):
            return False
        await self.r.zadd(self.key("rooms", "all"), {room.code: time.time() + ttl / 1000})
        return True

    async def fetch(self, code: str) -> Room | None:
        """The room ``code`` rebuilt from its row and its moves (None: no such room): :meth:`load`
        without waiting for Redis in the event loop."""
        async with self.r.pipeline(transaction=True) as pipe:
            pipe.get(self.key("room", code))
            pipe.lrange(self.key("moves", code), 0, -1)
            data, moves = await pipe.execute()
        if data is None:
            return None
        return _rebuild(code, data, moves)

    async def moves_from(self, code: str, n: int) -> list[int]:
        return [_value(v) for v in await self.r.lrange(self.key("moves", code), n, -1)]

    async def change(self, code: str, change: Callable[[Room], Any], origin: str) -> tuple[Room, Any]:
        """Apply ``change`` to the room as Redis has it and write it back, atomically (retried when
        another process changed it meanwhile); (the room, what ``change`` returned)."""
        from redis.exceptions import WatchError

        room_key, moves_key = self.key("room", code), self.key("moves", code)
        async with self.r.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(room_key, moves_key)
                    data = await pipe.get(room_key)
                    if data is None:
                        raise RoomError("no-room", f"there is no room {code} on this server")
                    room = _rebuild(code, data, await pipe.lrange(moves_key, 0, -1))
                    result = change(room)
                    pipe.multi()
                    pipe.set(room_key, json.dumps(room.to_dict(), separators=(",", ":")), keepttl=True)
                    # a script's text, not its digest: after a restart of Redis it may not know the digest
                    pipe.eval(_TELL, 1, self.key("subs", code), _note(origin, code, h=1), origin,
                              self.key("proc", ""))
                    await pipe.execute()
                    return room, result
                except WatchError:
                    continue

    async def publish(self, code: str, origin: str, **note: Any) -> None:
        """Tell the other processes holding room ``code``."""
        await self.tell_script(keys=[self.key("subs", code)],
                               args=[_note(origin, code, **note), origin, self.key("proc", "")])

    async def hold(self, code: str, pid: str) -> None:
        """Process ``pid`` holds room ``code`` from now on: the others tell it the room's news.  The
        entry lives as long as the room's row (a minute when there is no such room)."""
        await self.hold_script(keys=[self.key("subs", code), self.key("room", code)], args=[pid])

    async def prune(self, code: str) -> None:
        """Take the processes that died out of the holders of room ``code`` (a note to them is lost)."""
        holders = await self.r.smembers(self.key("subs", code))
        dead = holders - await self.alive(holders)
        if dead:
            await self.r.srem(self.key("subs", code), *dead)

    async def let_go(self, code: str, pid: str) -> None:
        """Process ``pid`` holds room ``code`` no more."""
        await self.r.srem(self.key("subs", code), pid)

    # --------------------------------------------------- processes, seats, leases
    async def heartbeat(self, pid: str) -> None:
        await self.r.set(self.key("alive", pid), "1", px=LEASE_MS)

    async def seat(self, code: str, seat: int, pid: str, here: bool) -> None:
        key = self.key("here", code)
        if here:
            await self.r.hset(key, str(seat), pid)
            await self.r.pexpire(key, self.ttl_ms)
        else:
            await self.unseat_script(keys=[key], args=[str(seat), pid])
        await self.publish(code, pid, s=1)

    async def connected(self, code: str) -> dict[int, str]:
        """The seats connected to a process that is alive: seat → the process."""
        here = await self.r.hgetall(self.key("here", code))
        alive = await self.alive(set(here.values()))
        return {int(s): p for s, p in here.items() if s.isdigit() and p in alive}

    async def alive(self, pids: set[str]) -> set[str]:
        """Which of these processes are alive (their heartbeat has not expired)."""
        order = sorted(pids)
        if not order:
            return set()
        return {p for p, beat in zip(order, await self.r.mget([self.key("alive", p) for p in order])) if beat}

    async def leases(self, rooms: list[Room], pid: str, expiry: bool = True) -> list[bool | str]:
        """Take or renew the lease of each room (and push its expiry on when ``expiry``, by the time the
        room is kept); per room, True (this process's) or the process that holds it."""
        if not rooms:
            return []
        if not expiry:
            mine = await self.renew_script(keys=[f"{PREFIX}lease:{room.code}" for room in rooms],
                                           args=[pid, LEASE_MS])
            return [True if r == 1 else str(r) for r in mine]
        keys = [self.key("rooms", "all")]
        args: list = [pid, LEASE_MS, 1 if expiry else 0]
        now = time.time()
        for room in rooms:
            code, ttl = room.code, self.kept_ms(room)
            keys += [self.key("lease", code), self.key("room", code), self.key("moves", code),
                     self.key("here", code), self.key("subs", code)]
            args += [code, ttl, now + ttl / 1000]
        mine = await self.lease_script(keys=keys, args=args)
        return [True if r == 1 else str(r) for r in mine]

    async def release(self, code: str, pid: str) -> None:
        """Let go of room ``code``'s lease, and tell the other processes holding the room to take it."""
        await self.release_script(keys=[self.key("subs", code), self.key("lease", code)],
                                  args=[_note(pid, code, l=1), pid, self.key("proc", "")])

    # ------------------------------------------------------------ the store interface (MoveStore)
    @property
    def client(self) -> Any:
        if self._client is None:
            import redis

            self._client = redis.Redis.from_url(self.url, decode_responses=True, socket_connect_timeout=2,
                                                socket_timeout=10)
        return self._client

    def load_all(self) -> tuple[list[Room], list[str]]:
        """Every room of the directory not expired, rebuilt; a line for each one that could not be
        (kept aside: :meth:`damaged`)."""
        rooms, problems = [], []
        for code in self.client.zrangebyscore(self.key("rooms", "all"), time.time(), "+inf"):
            try:
                room = self.load(code)
            except Exception as e:
                problems.append(f"room {code}: cannot be restored ({type(e).__name__}: {e}"[:300]
                                + "); kept aside in Redis")
                continue
            if room is not None:
                rooms.append(room)
        return rooms, problems

    def save_room(self, room: Room) -> None:
        self._rows[room.code] = (json.dumps(room.to_dict(), separators=(",", ":")), self.kept_ms(room))

    def add_move(self, room: Room, value: Any) -> None:
        self._queued.append((room.code, room.turn - 1, value, self.kept_ms(room)))

    def delete(self, code: str) -> None:
        self._rows.pop(code, None)
        self._queued = [m for m in self._queued if m[0] != code]
        self._deleted.append(code)

    @property
    def pending(self) -> bool:
        return bool(self._rows or self._queued or self._deleted)

    def commit(self) -> None:
        """Everything queued in one transaction (MULTI/EXEC), each move appended by the append script
        (only if its number is its log's length: a move another process made first is refused, and
        the commit fails saying so); its room's keys kept as long as the room."""
        if not self.pending:
            return
        rows, moves, deleted = self._rows, self._queued, self._deleted
        self._rows, self._queued, self._deleted = {}, [], []
        now, rooms = time.time(), self.key("rooms", "all")
        pipe = self.client.pipeline(transaction=True)
        for code in deleted:
            pipe.delete(*(self.key(kind, code) for kind in ("room", "moves", "here", "subs", "lease")))
            pipe.zrem(rooms, code)
        for code, (data, ttl) in rows.items():
            pipe.set(self.key("room", code), data, px=ttl)
            pipe.zadd(rooms, {code: now + ttl / 1000})
        at = len(pipe)
        if moves:
            keys, args = [], []
            for code, n, value, _ttl in moves:
                keys += (self.key("subs", code), self.key("moves", code))
                args += (n, value)
            # (a script's text, not its digest: after a restart of Redis it may not know the digest)
            pipe.eval(_APPEND, len(keys), *keys, "", self.key("proc", ""), self.key("moves", ""), *args)
            for code, ttl in {code: ttl for code, _n, _v, ttl in moves}.items():  # kept as long from its last move
                pipe.pexpire(self.key("moves", code), ttl)
                pipe.pexpire(self.key("room", code), ttl)
                pipe.zadd(rooms, {code: now + ttl / 1000})
        got = pipe.execute()
        refused = [f"room {m[0]} move {m[1]}" for m, ok in zip(moves, got[at] if moves else []) if ok != 1]
        if refused:  # another process made them first (the rooms here play on in memory; the log says so)
            raise RoomError("stale", f"moves made already in Redis: {', '.join(refused[:5])}")
        self.commits += 1

    def checkpoint(self) -> None:
        """Nothing to do: Redis writes its own append-only file."""

    def load(self, code: str) -> Room | None:
        """Room ``code`` as Redis holds it (None: no such room); one that cannot be rebuilt is kept
        aside (:meth:`declare_damaged`) and its error raised."""
        self.commit()
        data, moves = self._row_and_moves(code)
        if data is None:
            return None
        try:
            return _rebuild(code, data, moves)
        except Exception as e:
            self._set_aside(code, data, moves, f"{type(e).__name__}: {e}"[:300])
            raise

    def _row_and_moves(self, code: str) -> tuple[str | None, list]:
        pipe = self.client.pipeline(transaction=True)
        pipe.get(self.key("room", code))
        pipe.lrange(self.key("moves", code), 0, -1)
        data, moves = pipe.execute()
        return data, moves

    def saved_moves(self, code: str) -> int:
        pipe = self.client.pipeline(transaction=True)
        pipe.exists(self.key("room", code))
        pipe.llen(self.key("moves", code))
        here, n = pipe.execute()
        return n if here else -1

    def receipt(self, room: Room) -> str | None:
        """None: Redis keeps no key of the server's to sign receipts with."""
        return None

    def check_receipt(self, code: str, text: str) -> str | None:
        """"": a store that signs no receipt has nothing to say against a room."""
        return ""

    def declare_damaged(self, code: str, why: str) -> None:
        self.commit()
        data, moves = self._row_and_moves(code)
        self._set_aside(code, data, moves, why)

    def _set_aside(self, code: str, data: str | None, moves: list, why: str) -> None:
        """Keep room ``code`` aside (its row and moves as they were, and why) in ``damaged:rooms`` and
        ``damaged:why`` (never expiring), out of the rooms: its players are told so."""
        pipe = self.client.pipeline(transaction=True)
        pipe.hset(self.key("damaged", "why"), code, why)
        pipe.hset(self.key("damaged", "rooms"), code, json.dumps({"data": data, "moves": moves,
                                                                   "found": time.time()}))
        pipe.delete(self.key("room", code), self.key("moves", code))
        pipe.zrem(self.key("rooms", "all"), code)
        pipe.execute()

    def damaged(self) -> dict[str, str]:
        return dict(self.client.hgetall(self.key("damaged", "why")))

    def close(self) -> None:
        """Commit what is queued and close the blocking client (:meth:`aclose`: every connection)."""
        try:
            self.commit()
        finally:
            if self._client is not None:
                self._client.close()
                self._client = None

    async def aclose(self) -> None:
        """Let go of every connection to Redis (:meth:`close` without waiting in the event loop)."""
        if self._line is not None:
            self._line.close()
        self.close()
        await self.r.aclose()


def _note(origin: str, code: str, **fields: Any) -> str:
    return json.dumps({"o": origin, "c": code, **fields}, separators=(",", ":"))


def _value(v: Any) -> Any:
    if isinstance(v, bytes):
        v = v.decode("utf-8", "replace")
    if isinstance(v, str) and v.startswith("{"):
        return v  # a Lords of Vegas action (LordsRoom.replay checks it)
    n = int(v)
    if not 1 <= n <= 6:
        raise ValueError(f"move value {v!r}")
    return n


def _rebuild(code: str, data: str, moves: list) -> Room:
    d = json.loads(data)
    if not isinstance(d, dict) or d.get("code") != code:
        raise ValueError(f"room {code}: not a room's data")
    return Room.from_dict(d, [_value(v) for v in moves])
