"""``lasvegas bench server``: R rooms of four AI clients against one server process on loopback.

The server is a real ``lasvegas serve`` process (``--port 0``, a temporary
database); the clients run in processes of their own (``clients``: room r in
process r mod ``clients``), each on one asyncio loop, each client with its
own WebSocket connection, and play an AI on what their seat may see (the
client's mirror of the public table; ``level``: Medium by default).  Figures:

* ``moves_per_s``: moves the server applied per second, all rooms together (with
  ``think`` 0 every client moves as soon as it may: the server's throughput, and a
  round trip that is mostly the queue of every other room's moves);
* ``rtt_ms``: a move's round trip: from the moment its seat sends it until all
  four clients of the room have received its ``DicePlaced`` (p50, p99), for the
  moves sent once every room is in play;
* ``rss_mb_per_room``: the server's resident memory with every room in play,
  less its memory before the first room, per room;
* ``server_cpu_us_per_move``: the server process's CPU time (user + system) per
  move once every room is in play: what a move costs the server, whatever else
  runs on the machine;
* ``connect_retries``: connections opened again after a failed opening handshake
  (a busy machine), as a real client does; ``clients_in_play``: the clients that
  were in play (or lost) when the measures above started (every room is "in
  play" once all 4 R are, or once none has joined for 15 s);
* ``resume_s``: after a ``kill -9`` with every room in play, the time from
  starting the server again until it listens with every room loaded.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import queue
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..ai import make_ai
from ..kernel.lazy import load
from ..games import registry
from ..core import DicePlaced, GameEnded
from ..runs.stats import percentile
from .bench_clients import _Bench, _Room
from .bench_wire import open_socket
from .lasvegas.table import _PublicTable
from .protocol import encode, event_from_wire, view_from_wire


def _rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def _cpu_s(pid: int) -> float:
    """The process's CPU time so far (user + system), in seconds (nan when it cannot be read)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def _start_server(port: int, db: Path, rooms: int, redis: str | None = None,
                  extra: tuple[str, ...] = (), log: Path | None = None) -> tuple[subprocess.Popen, str, float]:
    t0 = time.perf_counter()
    store = ["--db", str(db)] if redis is None else ["--redis", redis]
    proc = subprocess.Popen(
        [sys.executable, "-m", "lasvegas", "serve", "--port", str(port), *store,
         # with Redis the rooms of earlier runs (kept until they expire) count too
         "--max-rooms", str(rooms + 10 if redis is None else 10**6),
         "--max-per-address", str(4 * rooms + 10), "--rate", "1000",
         # every client is on this machine: one address for the server's limits
         "--max-rooms-per-address", str(10**6), "--max-live-rooms-per-address", str(rooms + 10), *extra],
        stdout=subprocess.PIPE, stderr=open(log or os.environ.get("LASVEGAS_BENCH_LOG", os.devnull), "ab"))
    line = proc.stdout.readline().decode().strip()
    if not line.startswith("listening on "):
        proc.kill()
        raise RuntimeError(f"the server did not start: {line!r}")
    return proc, line.split()[-1], time.perf_counter() - t0


def _play(urls: list[str], rooms: int, seconds: float, level: str, think: float,
          pids: list[int], spread: str = "seats", clients: int = 1, game: str = registry.DEFAULT_GAME,
          others: tuple[int, ...] = ()) -> dict:
    """Play; with several server processes the four seats of a room are spread over them
    (``spread="seats"``: every move crosses between processes), or each room's four seats go
    to one process, the rooms spread over the processes (``"rooms"``: what a proxy that keeps a
    room's players together does).  The clients run in ``clients`` processes of their own (room r in
    process r mod ``clients``), so that one client process's queue is not what is measured; this
    process samples the servers' CPU time and memory (and the CPU time of ``others``: Redis)."""
    ctx = multiprocessing.get_context("spawn")
    shared = _Shared(ctx, clients)
    results = ctx.Queue()
    procs = [ctx.Process(target=_client_process, name=f"bench-clients-{i}", daemon=True,
                         args=(i, clients, urls, rooms, level, think, spread, shared, results, game))
             for i in range(clients)]
    for p in procs:
        p.start()
    try:
        t0 = time.perf_counter()
        rss = 0.0
        # the play lasts ``seconds`` from the moment every room is in play; the seating before has a
        # bound of its own (thousands of rooms take a while to seat)
        deadline = t0 + seconds + max(60.0, rooms / 10)
        cpu0 = moves0 = None
        t_go = None
        ready, grew = 0, time.perf_counter()
        while (time.perf_counter() < deadline and sum(shared.finished) < rooms
               and all(p.is_alive() for p in procs)):
            time.sleep(0.25)
            rss = max(rss, sum(_rss_mb(pid) for pid in pids))
            if sum(shared.ready) > ready:
                ready, grew = sum(shared.ready), time.perf_counter()
            # in play: every client (or lost), or as many as there will be (none joined for 15 s:
            # a client that could not join leaves its room's others waiting)
            if cpu0 is None and (ready >= 4 * rooms or (ready and time.perf_counter() - grew > 15)):
                shared.go.value = time.monotonic()
                cpu0, moves0 = [_cpu_s(pid) for pid in (*pids, *others)], sum(shared.moves)
                t_go = time.perf_counter()
                deadline = t_go + seconds
        end = time.perf_counter()
        moves = sum(shared.moves)
        cpu_per_move = None
        if cpu0 is not None and moves > moves0:
            cpu_per_move = [(_cpu_s(pid) - c) / (moves - moves0) for pid, c in zip((*pids, *others), cpu0)]
        shared.stop.set()
        parts = []
        for _ in procs:
            try:
                parts.append(results.get(timeout=60))
            except queue.Empty:
                raise RuntimeError("a bench client process gave no figures") from None
    finally:
        shared.stop.set()
        for p in procs:
            p.join(10)
            if p.is_alive():
                p.kill()
    kinds: dict[str, int] = {}
    for part in parts:
        for k, n in part["error_kinds"].items():
            kinds[k] = kinds.get(k, 0) + n
    played = moves - moves0 if moves0 is not None else 0
    return {"moves": played, "elapsed": end - t_go if t_go is not None else 0.0,
            "setup": (t_go if t_go is not None else end) - t0, "rtts": [r for part in parts for r in part["rtts"]], "rss": rss,
            "cpu_per_move": cpu_per_move, "finished": sum(part["finished"] for part in parts),
            "errors": sum(part["errors"] for part in parts), "error_kinds": kinds,
            "retries": sum(part["retries"] for part in parts), "in_play": ready}


class _Shared:
    """What the client processes and the driver share: per client process, its clients in play or
    lost, its moves seen, its rooms finished; when every room was in play; the order to stop."""

    def __init__(self, ctx, n: int) -> None:
        self.ready = ctx.Array("q", n, lock=False)
        self.moves = ctx.Array("q", n, lock=False)
        self.finished = ctx.Array("q", n, lock=False)
        self.go = ctx.Value("d", float("inf"), lock=False)
        self.stop = ctx.Event()


def _client_process(i: int, n: int, urls: list[str], rooms: int, level: str, think: float, spread: str,
                    shared: _Shared, results, game: str = registry.DEFAULT_GAME) -> None:
    import gc

    gc.freeze()  # thousands of clients: the collector's full passes would be most of this process's time
    gc.set_threshold(10_000, 3, 10**6)
    try:  # the event loop `lasvegas serve` runs on, where it is installed
        import uvloop

        run = uvloop.run
    except ImportError:
        run = asyncio.run
    results.put(run(_clients(i, n, urls, rooms, level, think, spread, shared, game)))


async def _clients(i: int, n: int, urls: list[str], rooms: int, level: str, think: float, spread: str,
                   shared: _Shared, game: str = registry.DEFAULT_GAME) -> dict:
    """Client process ``i`` of ``n``: the four clients of rooms i, i + n, ... until told to stop."""
    client = registry.game(game).bench_client  # the game's own clients ("module:Class"), if it has them
    if client:
        bench: _Bench = load(client)(urls[0], level, 0.0, think)
    elif level == "lean":
        from .lasvegas.bench_lean import LeanBench

        bench = LeanBench(urls[0], level, 0.0, think)
    else:
        bench = _Bench(urls[0], level, 0.0, think)
    mine = range(i, rooms, n)
    bench.clients = 4 * len(mine)
    tasks = []
    for k, r in enumerate(mine):
        room = _Room()
        for s in range(4):
            url = urls[(r + s) % len(urls)] if spread == "seats" else urls[r % len(urls)]
            tasks.append(asyncio.create_task(bench.client(room, s, 1000 * r + s, url)))
        if k % 25 == 24:
            await asyncio.sleep(0)  # let the first rooms start while the others connect
    parent = multiprocessing.parent_process()
    while not shared.stop.is_set() and (parent is None or parent.is_alive()):  # (the bench killed: stop)
        await asyncio.sleep(0.05)
        shared.ready[i] = bench.ready + bench.lost
        shared.moves[i] = bench.moves
        shared.finished[i] = bench.finished
        bench.t_ready = shared.go.value
        if bench.t_ready != float("inf"):
            bench.go.set()
    for t in tasks:
        t.cancel()
    done = await asyncio.gather(*tasks, return_exceptions=True)
    failed = [r for r in done if isinstance(r, Exception) and not isinstance(
        r, (asyncio.CancelledError, ConnectionError))]
    return {"rtts": bench.rtts, "finished": bench.finished, "errors": bench.errors + len(failed),
            "error_kinds": bench.error_kinds, "retries": bench.retries}


def bench_server(rooms: int, seconds: float = 20.0, level: str = "medium", think: float = 0.0,
                 redis: str | None = None, processes: int = 1, spread: str = "seats",
                 clients: int = 1, game: str = registry.DEFAULT_GAME) -> dict:
    """``think``: seconds a client waits before each move, on average (0: as fast as it can);
    ``level``: the clients' AI; ``clients``: the processes the clients run in; ``game``: the rooms' game (the registry's name).
    ``redis``: the rooms in Redis at this URL, played over ``processes`` server processes, the
    seats of a room on different processes (``spread="seats"``) or together (``"rooms"``); ``game``:
    the rooms of that game, played by its bench clients (``GameEntry.bench_client``) or the bench's own."""
    if spread not in ("seats", "rooms"):
        raise ValueError(f"spread is 'seats' or 'rooms', not {spread!r}")
    if redis is None and processes != 1:
        raise ValueError("several server processes need --redis")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        started = [_start_server(0, db, rooms, redis) for _ in range(processes)]
        procs = [p for p, _u, _t in started]
        urls = [u for _p, u, _t in started]
        ports = [int(u.rsplit(":", 1)[1]) for u in urls]
        redis_pid, redis_before = _redis_info(redis)
        try:
            time.sleep(0.3)
            base = sum(_rss_mb(p.pid) for p in procs)
            pids = [p.pid for p in procs]
            played = _play(urls, rooms, seconds, level, think, pids, spread, clients, game,
                           others=(redis_pid,) if redis_pid else ())
            _pid, redis_after = _redis_info(redis)
            for p in procs:
                os.kill(p.pid, signal.SIGKILL)  # every room still in play (or just finished)
                p.wait(10)
            t0 = time.perf_counter()
            procs = [_start_server(port, db, rooms, redis)[0] for port in ports]
            resume = time.perf_counter() - t0
        finally:
            for p in procs:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
    rtts = sorted(played["rtts"])
    per_process = played["cpu_per_move"]
    redis_cpu = None
    if per_process is not None and redis_pid:
        *per_process, redis_cpu = per_process
    out = {
        "game": game, "rooms": rooms, "processes": processes, "backend": "sqlite" if redis is None else "redis",
        "spread": spread,
        "moves_per_s": round(played["moves"] / played["elapsed"], 1) if played["elapsed"] else 0.0,
        "rtt_ms": {"p50": round(1000 * percentile(rtts, 0.5), 2) if rtts else None,
                   "p99": round(1000 * percentile(rtts, 0.99), 2) if rtts else None},
        "rss_mb_per_room": round((played["rss"] - base) / rooms, 3),
        "resume_s": round(resume, 3),
        "server_cpu_us_per_move": round(1e6 * sum(per_process)) if per_process is not None else None,
        "seconds": round(played["elapsed"], 1), "setup_s": round(played["setup"], 1), "moves": played["moves"],
        "games_finished": played["finished"], "errors": played["errors"], "error_kinds": played["error_kinds"],
        "connect_retries": played["retries"], "clients_in_play": played["in_play"],
        "level": level,
        "think_s": think, "client_processes": clients,
    }
    if redis is not None:
        out["redis_mb_per_room"] = round((redis_after - redis_before) / 2**20 / rooms, 4)
        out["redis_cpu_us_per_move"] = round(1e6 * redis_cpu) if redis_cpu is not None else None
    return out


def _redis_info(url: str | None) -> tuple[int | None, int]:
    """The Redis server's process id (when it runs on this machine) and the memory it uses, in bytes."""
    if url is None:
        return None, 0
    import redis

    client = redis.Redis.from_url(url)
    try:
        info = client.info()
    finally:
        client.close()
    pid = info.get("process_id")
    local = pid is not None and Path(f"/proc/{pid}").exists() and url.split("//")[-1].startswith(
        ("127.0.0.1", "localhost", "[::1]"))
    return (pid if local else None), int(info["used_memory"])


# ------------------------------------------------------------ AI seats on a busy server
async def _ai_room(url: str, players: int, level: str, deadline: float, waits: list[float],
                   counts: dict, seed: int) -> None:
    """Games of one client seat (Medium, at once) and ``players - 1`` AI seats of ``level``, one
    after the other until ``deadline``: each AI move's wait (from the moment it is due, as this client
    sees it, until its DicePlaced arrives) goes to ``waits``."""
    from ..core import COLOURS, Config

    ai = make_ai("medium", seed)
    config = Config(seats=COLOURS[:players], rounds=1)
    async with await open_socket(url) as ws:
        while time.perf_counter() < deadline:
            await ws.send(encode("create", players=players, rounds=1, ai=[None] + [level] * (players - 1)))
            table = seat = due = None
            sent = -1
            async for raw in ws:
                msg = json.loads(raw)
                now = time.perf_counter()
                if msg["type"] == "welcome":
                    seat = msg["seat"]
                elif msg["type"] == "state":
                    table = _PublicTable(config, view_from_wire(msg["view"]), msg["view"]["won"], msg["turn"])
                elif msg["type"] == "events" and table is not None:
                    ended = False
                    for d in msg["events"]:
                        ev = event_from_wire(d)
                        if isinstance(ev, DicePlaced) and due is not None and due[1] == table.turn:
                            waits.append(now - due[0])
                            due = None
                        table.apply(ev)
                        ended = ended or isinstance(ev, GameEnded)
                        if table.to_act is not None and table.to_act != seat and due is None:
                            due = (now, table.turn)  # several moves in one message: due at once
                    if ended:
                        counts["games"] += 1
                        break
                elif msg["type"] == "error":
                    counts["errors"] += 1
                if table is None:
                    continue
                if table.to_act is not None and table.to_act != seat and due is None:
                    due = (now, table.turn)
                if table.to_act == seat and sent != table.turn:
                    sent = table.turn
                    await ws.send(encode("place", value=ai.choose(table.game(seed + table.turn)).value,
                                         turn=table.turn))
            await ws.send(encode("leave"))
            return  # a connection plays one room: the next game on a new one


async def _ai_rooms(url: str, rooms: int, players: int, level: str, seconds: float, counts: dict,
                    waits: list[float]) -> None:
    deadline = time.perf_counter() + seconds

    async def room(r: int) -> None:
        while time.perf_counter() < deadline:
            try:
                await _ai_room(url, players, level, deadline, waits, counts, 1000 * r)
            except ConnectionError:
                counts["errors"] += 1
    tasks = [asyncio.create_task(room(r)) for r in range(rooms)]
    done, pending = await asyncio.wait(tasks, timeout=seconds + 30)
    for t in pending:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def bench_ai(rooms: int, seconds: float = 20.0, level: str = "expert", players: int = 4,
             workers: int | None = None) -> dict:
    """``rooms`` rooms at once, each one client seat and ``players - 1`` AI seats of ``level``
    played by the server, for ``seconds``: how long an AI move waits from the moment it is due
    (``ai_wait_ms`` p50, p99, max), its queue for a worker included; ``ai_moves_weaker``: the AI
    moves the busy server played at a weaker level than asked (its log)."""
    extra = ("--ai-workers", str(workers)) if workers else ()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        proc, url, _t = _start_server(0, Path(tmp) / "bench.sqlite3", rooms, extra=extra, log=log)
        try:
            counts = {"games": 0, "errors": 0}
            waits: list[float] = []
            t0 = time.perf_counter()
            cpu0 = _cpu_s(proc.pid)
            asyncio.run(_ai_rooms(url, rooms, players, level, seconds, counts, waits))
            elapsed = time.perf_counter() - t0
            cpu = _cpu_s(proc.pid) - cpu0
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        weaker = log.read_text(errors="replace").count(f"played for {level}") if log.exists() else 0
    w = sorted(waits)

    def ms(q: float) -> float | None:
        return round(1000 * percentile(w, q), 1) if w else None
    return {"rooms": rooms, "players": players, "level": level, "ai_workers": workers or os.cpu_count(),
            "seconds": round(elapsed, 1), "ai_moves": len(w), "ai_moves_weaker": weaker,
            "games_finished": counts["games"],
            "errors": counts["errors"],
            "ai_wait_ms": {"p50": ms(0.5), "p99": ms(0.99), "max": round(1000 * w[-1], 1) if w else None},
            "server_cpu_s": round(cpu, 2)}
