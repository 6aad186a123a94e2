"""The floor under the server's CPU per move on this machine.

A server that does nothing but what any online room must do for a move: one
message read from the mover's TCP socket and one small message written to each
of the room's four sockets (no WebSocket frames, no JSON, no rules, no storage),
on uvloop, the event loop `lasvegas serve` uses.  Its clients run in other
processes, move in turn after a random wait (mean ``--think-ms``), as
``lasvegas bench server`` does.  It prints the server's CPU time per move, user
and system apart (from /proc), so the figure of ``bench server`` can be read
against what no Python server on this kernel can go below.

    python build/server_floor.py --rooms 500 --think-ms 1000 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import time

PAYLOAD = b"x" * 300 + b"\n"  # about the size of an `events` message of one move


def _cpu(pid: int) -> tuple[float, float]:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


class _Server(asyncio.Protocol):
    rooms: dict[int, list[asyncio.Transport]] = {}
    moves = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.buffer = b""

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            kind, room = line.split(b" ")
            seats = _Server.rooms.setdefault(int(room), [])
            if kind == b"join":
                seats.append(self.transport)
                if len(seats) == 4:
                    for seat in seats:
                        seat.write(b"go\n")
            else:
                _Server.moves += 1
                for seat in seats:
                    seat.write(PAYLOAD)


def _serve(port_out, moves_out) -> None:
    import uvloop

    async def main() -> None:
        server = await asyncio.get_running_loop().create_server(_Server, "127.0.0.1", 0, backlog=4096)
        port_out.put(server.sockets[0].getsockname()[1])
        while True:
            await asyncio.sleep(0.2)
            moves_out.value = _Server.moves

    uvloop.run(main())


def _clients(port: int, rooms: list[int], think: float) -> None:
    import uvloop

    async def seat(room: int, index: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"join %d\n" % room)
        await reader.readline()  # go
        turn = 0
        rng = random.Random(room * 4 + index)
        while True:
            if turn % 4 == index:
                await asyncio.sleep(rng.uniform(0, 2 * think))
                writer.write(b"move %d\n" % room)
            await reader.readline()
            turn += 1

    async def main() -> None:
        tasks = []
        for room in rooms:
            for index in range(4):
                tasks.append(asyncio.create_task(seat(room, index)))
                await asyncio.sleep(0.001)
        await asyncio.gather(*tasks)

    uvloop.run(main())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=500)
    parser.add_argument("--think-ms", type=float, default=1000)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=2)
    args = parser.parse_args()
    ports = multiprocessing.Queue()
    moves = multiprocessing.Value("q", 0)
    server = multiprocessing.Process(target=_serve, args=(ports, moves), daemon=True)
    server.start()
    port = ports.get(timeout=20)
    clients = [multiprocessing.Process(target=_clients, daemon=True,
                                       args=(port, list(range(k, args.rooms, args.clients)), args.think_ms / 1000))
               for k in range(args.clients)]
    for process in clients:
        process.start()
    time.sleep(args.rooms * 4 * 0.001 / args.clients + 5)  # every seat joined, play under way
    user0, sys0 = _cpu(server.pid)
    moves0, start = moves.value, time.perf_counter()
    time.sleep(args.seconds)
    user1, sys1 = _cpu(server.pid)
    played, elapsed = moves.value - moves0, time.perf_counter() - start
    for process in (*clients, server):
        process.kill()
    print(json.dumps({
        "rooms": args.rooms, "seconds": round(elapsed, 1), "moves_per_s": round(played / elapsed, 1),
        "server_cpu_us_per_move": round(1e6 * (user1 - user0 + sys1 - sys0) / played),
        "user_us_per_move": round(1e6 * (user1 - user0) / played),
        "system_us_per_move": round(1e6 * (sys1 - sys0) / played),
        "load": os.getloadavg()[0],
    }))


if __name__ == "__main__":
    main()
