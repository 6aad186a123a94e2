"""The rooms kept in Redis (for :mod:`lasvegas.net.shared`): each room's row and moves, the leases of
the server processes on their rooms, and the notes they publish to each other, each change one Lua
script."""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import time
from typing import Any, Callable

from .room import Room, RoomError

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
#: times a batch of moves is sent again on a new connection when the one it went on is lost
LINE_LOSSES = 3

#: the note ARGV[1] to every process in the set KEYS[1] but ARGV[2] (the sender), on its channel (ARGV[3] + id)
_TELL = """
for _, pid in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if pid ~= ARGV[2] then redis.call('PUBLISH', ARGV[3] .. pid, ARGV[1]) end
end
return 1
"""

#: a batch of moves, each of another room: move i (number ARGV[2i + 2], value ARGV[2i + 3]) appended to its
#: log KEYS[2i] if that holds exactly ARGV[2i + 2] moves; per move 1 (appended) or 0 (the log had more).
#: The note of each move appended (``{"o": origin, "c": code, "m": number, "v": value}``, the code read
#: from the key after ARGV[3]) goes to the other processes holding its room (KEYS[2i - 1], every process
#: but ARGV[1]), one message per process for the whole batch on its channel ARGV[2] .. pid: the note
#: itself, or a JSON array of the notes when there are several.  A note is written only for a process
#: that reads it: a room whose players all share the sender's process costs none.
_APPEND = """
local origin, prefix, skip = ARGV[1], ARGV[2], #ARGV[3] + 1
local out, notes, order = {}, {}, {}
for i = 1, #KEYS / 2 do
  local n, value = ARGV[2 * i + 2], ARGV[2 * i + 3]
  if redis.call('LLEN', KEYS[2 * i]) ~= tonumber(n) then
    out[i] = 0
  else
    redis.call('RPUSH', KEYS[2 * i], value)
    out[i] = 1
    local note = nil
    for _, pid in ipairs(redis.call('SMEMBERS', KEYS[2 * i - 1])) do
      if pid ~= origin then
        if note == nil then
          note = cjson.encode({o = origin, c = string.sub(KEYS[2 * i], skip), m = tonumber(n),
                               v = tonumber(value) or value})
        end
        local l = notes[pid]
        if l == nil then
          l = {}
          notes[pid] = l
          order[#order + 1] = pid
        end
        l[#l + 1] = note
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

#: _LEASE without the expiry: each lease KEYS[i] taken (when free) or renewed (when ARGV[1]'s) for ARGV[2]
#: ms; per lease 1 (this process's) or the process that holds it.  A key per room, not five and three
#: arguments: what a process sends every other second for every room it holds
_RENEW = """
local mine = {}
for i = 1, #KEYS do
  local holder = redis.call('GET', KEYS[i])
  if holder == false then
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
    mine[i] = 1
  elseif holder == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
    mine[i] = 1
  else
    mine[i] = holder
  end
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
        self.renew_script = self.r.register_script(_RENEW)
        self.unseat_script = self.r.register_script(_UNSEAT)
        #: the moves waiting for the next batch: (keys, (number, value), then)
        self._appends: list = []
        #: the batch's time has come: it goes as soon as the line is free
        self._due = False
        #: the loop the appends run on (cached by append_then)
        self._loop: asyncio.AbstractEventLoop | None = None
        #: the connection the moves are appended over (:class:`_Line`, made at the first move)
        self._line: _Line | None = None
        self._connecting: asyncio.Task | None = None
        #: the batch on its way (its entries) and its command, until Redis answers it
        self._sent: list | None = None
        self._command = b""
        #: lines lost under the batch on its way (it is sent again on a new one, a few times at most)
        self._lost = 0
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
        (False: the log had more): :meth:`append_then` awaited."""
        done = self._running().create_future()

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
        """Append move ``n`` of room ``code`` if its log has exactly ``n`` moves, and tell the room's other
        processes; ``then`` is called with the answer (True, False: the log had more, or the exception)
        from the event loop, in the order of the appends.  No task or future of its own.

        The moves go to Redis over one connection of their own (:class:`_Line`), in batches, as the
        SQLite server commits them: the moves made within ``batch_delay`` of the first, and those that
        come while one batch waits for its answer, go together in one call of the append script (each
        append still checked on its own): one write to Redis, one answer read and one note per other
        process for all of them.  The answer is read by the line's own callback, which calls the
        batch's ``then`` at once (docs/benchmarks.md)."""
        loop = self._running()
        self._appends.append((f"{PREFIX}subs:{code}", f"{PREFIX}moves:{code}", n, value, origin, then))
        if len(self._appends) == 1 and not self._due:
            if self.batch_delay > 0:
                loop.call_later(self.batch_delay, self._flush)
            else:
                loop.call_soon(self._flush)

    def _flush(self) -> None:
        """The batch's time has come: send it, unless one is on its way (its answer sends this one)."""
        self._due = True
        if self._sent is not None or not self._appends:
            return
        line = self._line
        if line is None or line.lost:
            if self._connecting is None:
                self._connecting = self._loop.create_task(self._connect())
            return
        self._send(line)

    def _send(self, line: "_Line") -> None:
        batch, self._appends = self._appends, []
        self._due = False
        self._sent = batch
        self._lost = 0
        keys, args = [], []
        for subs, moves, n, value, _origin, _then in batch:
            keys += (subs, moves)
            args += (n, value)
        # (every move of a process's batches is its own: one origin)
        self._command = _pack([("EVALSHA", self.append_script.sha, len(keys), *keys, batch[0][4],
                                self.key("proc", ""), self.key("moves", ""), *args)])
        line.expect(self._command, self._answered)

    async def _connect(self) -> None:
        """A new line to Redis (redis-py makes the connection: its address, password, database, TLS and
        retries with back-off; the line then reads and writes its socket itself), and the batch on its
        way sent again on it (appended already, it is answered 0: the server reads it back)."""
        try:
            connection = self.r.connection_pool.make_connection()
            await connection.connect()
            writer = connection._writer
            connection._reader = connection._writer = None  # the line's from now on
            line = self._line = _Line(writer)
        except Exception as e:
            failed = (self._sent or []) + self._appends
            self._sent, self._appends, self._due = None, [], False
            self._answer(failed, [e] * len(failed))
            return
        finally:
            self._connecting = None
        if self._sent is not None:
            line.expect(self._command, self._answered)
        elif self._appends and self._due:
            self._send(line)

    def _answered(self, line: "_Line", reply: Any) -> None:
        """Redis's answer to the batch on its way (a list of 0 and 1, or an error), or the line's loss
        (None): call each move's ``then``, then send the next batch if its time has come."""
        from redis.exceptions import ConnectionError as RedisConnectionError, NoScriptError

        batch = self._sent
        if batch is None:
            return
        if reply is None:  # the line was lost: a new one, and the batch sent again on it
            self._lost += 1
            if self._lost > LINE_LOSSES:
                self._sent = None
                self._answer(batch, [RedisConnectionError("the connection to Redis was lost")] * len(batch))
                if self._appends and self._due:
                    self._flush()
            elif self._connecting is None:
                self._connecting = self._loop.create_task(self._connect())
            return
        if isinstance(reply, NoScriptError) and not line.reloaded:  # Redis restarted: its scripts are gone
            line.reloaded = True
            line.expect(_pack([("SCRIPT", "LOAD", _APPEND)]), _ignore)
            line.expect(self._command, self._answered)
            return
        self._sent = None
        if isinstance(reply, Exception):
            answers: list = [reply] * len(batch)
        elif isinstance(reply, list) and len(reply) == len(batch):
            line.reloaded = False
            answers = [appended == 1 for appended in reply]
        else:
            answers = [RedisConnectionError(f"the append script answered {reply!r:.80}")] * len(batch)
        self._answer(batch, answers)
        if self._appends and self._due:
            self._flush()

    @staticmethod
    def _answer(batch: list, answers: list) -> None:
        for entry, answer in zip(batch, answers):
            try:
                entry[5](answer)
            except Exception:  # one move's follow-up never stops the others'
                log.exception("after appending a move")

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

    async def close(self) -> None:
        if self._line is not None:
            self._line.close()
        await self.r.aclose()


class _Line(asyncio.Protocol):
    """A connection to Redis of the appends' own: each command written to the socket at once, each
    answer read in the socket's callback (Redis's protocol, RESP) and handed to its follow-up, in
    order: no task, stream, future or timeout of its own per batch."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        #: (kept: a stream writer that is let go of closes its socket)
        self.writer = writer
        self.transport = writer.transport
        #: the follow-ups of the commands sent, in order: ``then(line, answer)`` (None: the line was lost)
        self.waiting: collections.deque = collections.deque()
        self.buffer = b""
        self.lost = False
        #: the append script was loaded again on this line (once; a success allows it again)
        self.reloaded = False
        self.transport.set_protocol(self)

    def expect(self, command: bytes, then: Callable[["_Line", Any], None]) -> None:
        """Send ``command`` (packed); ``then`` gets its answer."""
        self.waiting.append(then)
        self.transport.write(command)

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer + data if self.buffer else data
        pos = 0
        while pos < len(buffer):
            try:
                reply, after = _reply(buffer, pos)
            except (ValueError, IndexError) as e:  # not Redis's protocol: this line is done with
                log.warning("Redis: an answer that cannot be read (%r)", e)
                self.buffer = b""
                self.close()
                return
            if after < 0:  # the rest of it is still on its way
                break
            pos = after
            if self.waiting:
                self.waiting.popleft()(self, reply)
        self.buffer = buffer[pos:]

    def connection_lost(self, exc: Exception | None) -> None:
        self.close()

    def close(self) -> None:
        """Close the line; every command still waiting for its answer is told (None)."""
        if self.lost:
            return
        self.lost = True
        self.transport.close()
        waiting, self.waiting = self.waiting, collections.deque()
        for then in waiting:
            then(self, None)


def _ignore(_line: _Line, _answer: Any) -> None:
    pass


def _reply(buffer: bytes, pos: int) -> tuple[Any, int]:
    """The answer in RESP that starts at ``buffer[pos]`` and where the next one starts; (None, -1)
    when it is not all there yet.  An error answer is its exception."""
    end = buffer.find(b"\r\n", pos)
    if end < 0:
        return None, -1
    kind, head, pos = buffer[pos], buffer[pos + 1:end], end + 2
    if kind == 58:  # ':' an integer
        return int(head), pos
    if kind == 42:  # '*' an array
        n = int(head)
        items = []
        for _ in range(n):
            item, pos = _reply(buffer, pos)
            if pos < 0:
                return None, -1
            items.append(item)
        return (items if n >= 0 else None), pos
    if kind == 36:  # '$' a bulk string
        n = int(head)
        if n < 0:
            return None, pos
        if len(buffer) < pos + n + 2:
            return None, -1
        return buffer[pos:pos + n].decode("utf-8", "replace"), pos + n + 2
    if kind == 43:  # '+' a simple string
        return head.decode("utf-8", "replace"), pos
    if kind == 45:  # '-' an error
        from redis.exceptions import NoScriptError, ResponseError

        text = head.decode("utf-8", "replace")
        return (NoScriptError if text.startswith("NOSCRIPT") else ResponseError)(text), pos
    if kind == 95:  # '_' nothing (RESP3)
        return None, pos
    raise ValueError(f"a reply of kind {chr(kind)!r}")


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
