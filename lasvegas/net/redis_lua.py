"""The Lua scripts of the Redis store (:mod:`lasvegas.net.redis_store`): each change of the rooms in
Redis is one script, run atomically by Redis."""

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
