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
import time
from typing import Any, Callable

from .room import Room, RoomError, new_code
from .server import POLICY, Conn, GameServer, Limits, run_loop

log = logging.getLogger("lasvegas.server")

PREFIX = "lv:"
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

#: the note ARGV[1] to every process in the set KEYS[1] but ARGV[2] (the sender), on its channel
#: (ARGV[3] followed by its id)
_TELL = """
for _, pid in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if pid ~= ARGV[2] then redis.call('PUBLISH', ARGV[3] .. pid, ARGV[1]) end
end
return 1
"""

#: a batch of moves, each of another room: move i (number ARGV[3i], value ARGV[3i + 1], note ARGV[3i + 2])
#: appended to its log KEYS[2i] if that holds exactly ARGV[3i] moves; per move 1 (appended) or 0 (the
#: log had more).  The notes of the moves appended go to the other processes holding each room (KEYS[2i - 1],
#: every process but ARGV[1]), one message per process for the whole batch on its channel ARGV[2] .. pid:
#: the note itself, or a JSON array of the notes when there are several
_APPEND = """
local origin, prefix = ARGV[1], ARGV[2]
local out, notes, order = {}, {}, {}
for i = 1, #KEYS / 2 do
  local n = ARGV[3 * i]
  if redis.call('LLEN', KEYS[2 * i]) ~= tonumber(n) then
    out[i] = 0
  else
    redis.call('RPUSH', KEYS[2 * i], ARGV[3 * i + 1])
    out[i] = 1
    for _, pid in ipairs(redis.call('SMEMBERS', KEYS[2 * i - 1])) do
      if pid ~= origin then
        local l = notes[pid]
        if l == nil then
          l = {}
          notes[pid] = l
          order[#order + 1] = pid
        end
        l[#l + 1] = ARGV[3 * i + 2]
      end
    end
  end
end
for _, pid in ipairs(order) do
  local l = notes[pid]
  if #l == 1 then
    redis.call('PUBLISH', prefix .. pid, l[1])
  else
    redis.call('PUBLISH', prefix .. pid, '[' .. table.concat(l, ',') .. ']')
  end
end
return out
"""

#: for each room (five keys: lease, row, moves, seats, processes; its code, time to live (ms) and
#: expiry time in ARGV[3 + 3i - 2 .. 3 + 3i]): take or renew the lease and, when ARGV[3] is 1, push
#: the room's expiry on; KEYS[1] is the directory.  Per room: 1 (the lease is this process's) or
#: the process that holds it
_LEASE = """
local mine = {}
for i = 1, (#KEYS - 1) / 5 do
  local code, ttl, expires = ARGV[3 * i + 1], ARGV[3 * i + 2], ARGV[3 * i + 3]
  local lease = KEYS[5 * i - 3]
  local holder = redis.call('GET', lease)
  local ok = 0
  if holder == false then
    redis.call('SET', lease, ARGV[1], 'PX', ARGV[2])
    ok = 1
  elseif holder == ARGV[1] then
    redis.call('PEXPIRE', lease, ARGV[2])
    ok = 1
  end
  if ok == 1 and ARGV[3] == '1' then
    for k = 5 * i - 2, 5 * i + 1 do redis.call('PEXPIRE', KEYS[k], ttl) end
    redis.call('ZADD', KEYS[1], expires, code)
  end
  if ok == 1 then mine[i] = 1 else mine[i] = holder end
end
return mine
"""

_HOLD = """
redis.call('SADD', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[2])
if ttl < 0 then ttl = 60000 end
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
"""

#: the lease KEYS[2] let go of if it is ARGV[2]'s, and the other holders of the room told (as _TELL)
_RELEASE = """
if redis.call('GET', KEYS[2]) ~= ARGV[2] then return 0 end
redis.call('DEL', KEYS[2])
""" + _TELL

_UNSEAT = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1
"""


class RedisStore:
    """The rooms in Redis (see the module's text).  Everything read back is checked like a file."""

    backend = "redis"
    commits = 0

    def __init__(self, url: str, idle_timeout: float, day: float = 86400.0,
                 lobby_timeout: float | None = None) -> None:
        import redis.asyncio as aioredis
        from redis.backoff import ExponentialBackoff
        from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeout
        from redis.retry import Retry

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
        self.unseat_script = self.r.register_script(_UNSEAT)
        self._appends: list = []
        #: the loop the appends run on (cached by append)
        self._loop: asyncio.AbstractEventLoop | None = None
        #: the connection the moves are appended over (made at the first move), one batch at a time
        self._line: Any = None
        self._line_lock = asyncio.Lock()
        self._jobs: set[asyncio.Task] = set()
        #: seconds the moves wait to go to Redis together (the server's commit delay; 0: the moves
        #: of one pass of the event loop)
        self.batch_delay = 0.0

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

    async def load(self, code: str) -> Room | None:
        """The room ``code`` rebuilt from its row and its moves (None: no such room)."""
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

    async def append(self, code: str, n: int, value: int, origin: str) -> bool:
        """Append move ``n`` if the log has exactly ``n`` moves, and tell the room's other processes
        (False: the log had more).

        The moves go to Redis over one connection of their own, in order, in batches: the moves made
        within ``batch_delay`` of the first (as the SQLite server commits them), and those that come
        while one batch waits for its answer, go together in one call of the append script (each
        append still checked on its own), one round trip and one note per other process for all of
        them.  A connection of its own costs less than half a pooled pipeline's CPU per move
        (docs/benchmarks.md)."""
        loop = self._running()
        done = loop.create_future()

        def then(result: bool | Exception) -> None:
            if not done.done():
                if isinstance(result, Exception):
                    done.set_exception(result)
                else:
                    done.set_result(result)
        self.append_then(code, n, value, origin, then)
        return await done

    def _running(self) -> asyncio.AbstractEventLoop:
        loop = self._loop
        if loop is None or not loop.is_running():  # (get_running_loop: a system call on Python 3.11)
            loop = self._loop = asyncio.get_running_loop()
        return loop

    def append_then(self, code: str, n: int, value: Any, origin: str,
                    then: Callable[[bool | Exception], None]) -> None:
        """:meth:`append` without a task or a future: ``then`` is called with its answer (True, False,
        or the exception) when the batch that holds the move has been answered (in the batch's
        order), from the event loop."""
        loop = self._running()
        self._appends.append(((self.key("subs", code), self.key("moves", code)),
                              (n, value, _move_note(origin, code, n, value)), origin, then))
        if len(self._appends) == 1:
            if self.batch_delay > 0:
                loop.call_later(self.batch_delay, self._start_appends)
            else:
                self._start_appends()

    def _start_appends(self) -> None:
        task = self._loop.create_task(self._run_appends())  # (set by append, on this loop)
        self._jobs.add(task)
        task.add_done_callback(self._jobs.discard)

    async def _run_appends(self) -> None:
        from redis.exceptions import NoScriptError

        async with self._line_lock:
            batch, self._appends = self._appends, []
            if not batch:
                return
            try:
                if self._line is None:
                    self._line = self.r.connection_pool.make_connection()
                line = self._line
                keys = [k for ks, _args, _origin, _done in batch for k in ks]
                args = [a for _ks, move, _origin, _done in batch for a in move]
                # (every move of a process's batches is its own: one origin)
                command = ("EVALSHA", self.append_script.sha, len(keys), *keys, batch[0][2],
                           self.key("proc", ""), *args)
                for attempt in range(2):
                    (result,) = await line.retry.call_with_retry(
                        lambda: self._exchange(line, [command]), lambda _e: line.disconnect())
                    if attempt or not isinstance(result, NoScriptError):
                        break
                    await self.r.script_load(_APPEND)  # Redis restarted: its scripts are gone
                if isinstance(result, Exception):
                    raise result
                answers: list[bool | Exception] = [appended == 1 for appended in result]
            except Exception as e:
                answers = [e] * len(batch)
            for (*_entry, then), answer in zip(batch, answers):
                try:
                    then(answer)
                except Exception:  # one move's follow-up never stops the others'
                    log.exception("after appending a move")

    @staticmethod
    async def _exchange(line: Any, commands: list[tuple]) -> list:
        """Send ``commands`` on the connection ``line`` at once; their answers (an error answer as
        its exception), in order."""
        from redis.exceptions import ResponseError

        await line.send_packed_command(_pack(commands), check_health=False)
        results: list = []
        for _ in commands:
            try:
                results.append(await line.read_response())
            except ResponseError as e:
                results.append(e)
        return results

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

    async def close(self) -> None:
        if self._line is not None:
            await self._line.disconnect()
        await self.r.aclose()


def _pack(commands: list[tuple]) -> bytes:
    """``commands`` in Redis's protocol (RESP: each an array of bulk strings), what redis-py's
    ``pack_commands`` writes, at a fraction of its cost for a batch of a hundred arguments."""
    out = []
    for command in commands:
        out.append(b"*%d\r\n" % len(command))
        for arg in command:
            data = arg if isinstance(arg, bytes) else str(arg).encode()
            out.append(b"$%d\r\n%b\r\n" % (len(data), data))
    return b"".join(out)


def _note(origin: str, code: str, **fields: Any) -> str:
    return json.dumps({"o": origin, "c": code, **fields}, separators=(",", ":"))


def _move_note(origin: str, code: str, n: int, value: Any) -> str:
    """The note of move ``n`` (``_note(origin, code, m=n, v=value)``, written at once for a die's value)."""
    if type(value) is int and type(n) is int and _plain(origin) and _plain(code):
        return f'{{"o":"{origin}","c":"{code}","m":{n},"v":{value}}}'
    return _note(origin, code, m=n, v=value)


def _plain(text: str) -> bool:
    """Whether ``text`` is written in JSON as it is (letters, digits, dashes: a process id, a room code)."""
    return text.replace("-", "").isalnum() and text.isascii()


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


class SharedServer(GameServer):
    """A :class:`GameServer` whose rooms are in Redis, shared with other processes (module text)."""

    routing = {"route": True}

    def __init__(self, store: RedisStore, limits: Limits | None = None, levels: list[str] | None = None) -> None:
        super().__init__(store, limits, levels)  # type: ignore[arg-type]
        self.store: RedisStore = store  # type: ignore[assignment]
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
        await self.store.close()

    def _commit(self) -> None:
        pass  # every change is in Redis before it is announced

    def _save(self, room: Room) -> None:
        pass

    async def _checkpoints(self) -> None:
        return

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
            room = await self.store.load(code)
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
        if self._lock(code).locked() or code in self._moving:
            return self._make_move_locked(room, seat, value, turn)
        room = self._current(code)
        if not isinstance(room, Room):
            return None
        room.check_place(seat, value, turn)
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
                now.place(seat, value, turn)
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
            room.check_place(seat, value, turn)
            if not await self.store.append(code, turn, room.stored(value), self.pid):
                await self._catch_up(room)
                raise RoomError("stale", f"place: move {turn} was made already")
            first = len(room.log)
            room.place(seat, value, turn)
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
            room = await self.store.load(code)
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
