"""A raw protocol client and a bounded game loop for the online tests."""

from __future__ import annotations

import json
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from lasvegas.ai import make_ai
from lasvegas.match.base import PlaceDice
from lasvegas.net.lasvegas.remote import RemoteMatch
from lasvegas.net.protocol import VERSION


class Raw:
    """A hand-driven connection: send any text, read the server's messages with a deadline."""

    def __init__(self, url: str, headers: dict | None = None, source: str | None = None) -> None:
        """``headers``: added to the opening request; ``source``: connect from this local address
        (any 127.x.y.z is this machine)."""
        more = {"source_address": (source, 0)} if source is not None else {}
        self._cm = connect(url, open_timeout=10, close_timeout=2, max_size=None, max_queue=None,
                           additional_headers=headers, **more)
        self.ws = self._cm.__enter__()
        self.seen: list[dict] = []

    def send(self, **fields) -> None:
        self.ws.send(json.dumps({"v": VERSION, **fields}))

    def text(self, raw: str) -> None:
        self.ws.send(raw)

    def until(self, kind: str, timeout: float = 10.0, code: str | None = None) -> dict:
        """The next message of ``kind`` (and error ``code``), reading at most ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            self.seen.append(msg)
            if msg["type"] == kind and (code is None or msg.get("code") == code):
                return msg
        raise AssertionError(f"no {kind} {code or ''} within {timeout} s; saw {self.seen[-5:]}")

    def closed(self, timeout: float = 10.0) -> int:
        """Wait for the server to close the connection; its close code."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.seen.append(json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic()))))
        except ConnectionClosed as e:
            return e.rcvd.code if e.rcvd else 1006
        raise AssertionError(f"still open after {timeout} s")

    def close(self) -> None:
        self.ws.close()


def no_move_for(raw: Raw, seconds: float) -> None:
    """Nobody moves in ``raw``'s room for ``seconds`` (no AI plays for the away player)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = raw.until("events", timeout=deadline - time.monotonic())
        except (AssertionError, TimeoutError):
            break
        raise AssertionError(f"the AI played for the away player: {msg}")


def play_out(matches: list[RemoteMatch], seconds: float = 120.0, level: str = "easy",
             on_move=None) -> list:
    """Play every match's seat with an AI until each has seen the end; the events of the first."""
    ais = [make_ai(level, i) for i in range(len(matches))]
    events = [list(m.opening()) for m in matches]
    ended = [False] * len(matches)
    deadline = time.monotonic() + seconds
    while not all(ended):
        assert time.monotonic() < deadline, f"the game did not end within {seconds} s: " + "; ".join(
            f"seat {m.seat} turn {m.turn} to act {m.to_act} connected {m.link.connected} "
            f"connections {m.link.generation} waiting {m.waiting_for_answer} closed {m.closed}" for m in matches)
        for i, m in enumerate(matches):
            if ended[i]:
                continue
            m.update()
            for ev in m.poll():
                events[i].append(ev)
                ended[i] = ended[i] or type(ev).__name__ == "GameEnded"
            if not ended[i] and m.to_act == m.seat and not m.waiting_for_answer:
                if on_move is not None:
                    on_move(i, m)
                if m.to_act == m.seat:
                    m.send(PlaceDice(ais[i].choose(m.public_game(m.turn)).value))
        matches[0].wait(0.02)
    return events[0]


class ThreadServer:
    """A server on 127.0.0.1 on an asyncio loop of its own thread: ``_start(make, what)`` runs ``make()``
    (a coroutine that returns the listening server) there; ``port``, ``url``, ``close()``."""

    def _start(self, make, what: str) -> None:
        import asyncio
        import threading

        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.port = 0

        async def start() -> None:
            self.server = await make()
            self.port = self.server.sockets[0].getsockname()[1]
            ready.set()

        def run() -> None:
            self.loop.run_until_complete(start())
            self.loop.run_forever()
        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert ready.wait(10), f"{what} did not start"
        self.url = f"ws://127.0.0.1:{self.port}"

    def close(self) -> None:
        import asyncio

        async def stop() -> None:
            self.server.close()
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in others:  # (each connection's task ends here, while its loop runs)
                t.cancel()
            await asyncio.gather(*others, return_exceptions=True)
            try:
                await asyncio.wait_for(self.server.wait_closed(), 5)
            except asyncio.TimeoutError:  # (connections still open: the loop stops under them)
                pass
        try:
            asyncio.run_coroutine_threadsafe(stop(), self.loop).result(10)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)


class PathProxy(ThreadServer):
    """A real TCP proxy on 127.0.0.1 in front of server processes (their ports): each connection goes
    to the process a hash of its request's path picks, as nginx's ``hash $request_uri`` or HAProxy's
    ``balance uri`` do (docs/hosting.md).  ``paths`` lists (path, the process's index) as they came.
    ``forward``: add the client's address to ``X-Forwarded-For`` (or ``"forwarded"``: to ``Forwarded``)
    as nginx's ``$proxy_add_x_forwarded_for`` does, after what the client sent."""

    def __init__(self, ports: list[int], forward: str | None = None) -> None:
        import asyncio

        self.ports = ports
        self.forward = forward
        self.paths: list[tuple[str, int]] = []
        self._start(lambda: asyncio.start_server(self._pass, "127.0.0.1", 0), "the proxy")

    async def _pass(self, reader, writer) -> None:
        import asyncio
        import zlib

        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            path = head.split(b" ", 2)[1].decode("latin-1")
            index = zlib.crc32(path.encode()) % len(self.ports)
            self.paths.append((path, index))
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.ports[index])
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError, IndexError):
            writer.close()
            return
        if self.forward is not None:
            head = _forwarded(head, writer.get_extra_info("peername")[0], self.forward)
        up_writer.write(head)

        async def pipe(src, dst) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except OSError:
                pass
            finally:
                dst.close()
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))


def _forwarded(head: bytes, client: str, how: str) -> bytes:
    """The request's head with ``client`` added to the end of its X-Forwarded-For (or Forwarded) header."""
    name = b"forwarded" if how == "forwarded" else b"x-forwarded-for"
    hop = (f'for="[{client}]"' if ":" in client else f"for={client}") if how == "forwarded" else client
    lines = head[:-4].split(b"\r\n")
    for i, line in enumerate(lines):
        if line.split(b":", 1)[0].strip().lower() == name:
            lines[i] = line + b", " + hop.encode()
            break
    else:
        lines.append((b"Forwarded: " if how == "forwarded" else b"X-Forwarded-For: ") + hop.encode())
    return b"\r\n".join(lines) + b"\r\n\r\n"


def play_raw(raw: Raw, state: dict, players: int, rounds: int, seconds: float = 60.0,
             progress: list | None = None, until_turn: int | None = None) -> int:
    """Play ``raw``'s seat with Medium from its ``state`` message until the game ends (every other
    seat an AI of the server's), or until its room has made ``until_turn`` moves; the moves this seat
    made.  ``progress``: gets (time, moves made in the room) at each ``events`` message."""
    from lasvegas.core import COLOURS, Config, GameEnded
    from lasvegas.net.lasvegas.table import _PublicTable
    from lasvegas.net.protocol import event_from_wire, view_from_wire

    seat = state["seat"]
    table = _PublicTable(Config(seats=COLOURS[:players], rounds=rounds), view_from_wire(state["view"]),
                         state["view"]["won"], state["turn"])
    ai = make_ai("medium", 1)
    deadline = time.monotonic() + seconds
    sent, moves = -1, 0
    while True:
        assert time.monotonic() < deadline, f"the game did not end within {seconds} s (turn {table.turn})"
        if table.to_act == seat and sent != table.turn:
            sent = table.turn
            raw.send(type="place", value=ai.choose(table.game(table.turn)).value, turn=table.turn)
            moves += 1
        msg = json.loads(raw.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        raw.seen.append(msg)
        assert msg["type"] != "error", msg
        if msg["type"] == "events":
            for d in msg["events"]:
                ev = event_from_wire(d)
                table.apply(ev)
                if isinstance(ev, GameEnded):
                    return moves
            if until_turn is not None and table.turn >= until_turn:
                return moves
            if progress is not None:
                progress.append((time.monotonic(), table.turn))


def log_has(server, text: str, seconds: float = 20.0) -> None:
    """Wait (bounded) for ``text`` in the server's log."""
    deadline = time.monotonic() + seconds
    while text not in server.log():
        assert time.monotonic() < deadline, f"no {text!r} in the log within {seconds} s"
        time.sleep(0.05)


def waits_on_its_player(server, w: dict, seconds: float = 20.0) -> int:
    """Ask ``status`` (bounded) until the room of ``w`` waits on its player's seat: its turn then."""
    deadline = time.monotonic() + seconds
    while True:
        q = Raw(server.url, headers={"X-Forwarded-For": "198.51.100.7"})
        q.send(type="status", room=w["room"], token=w["token"])
        st = q.until("status")
        q.close()
        if st["to_act"] == w["seat"] or st["over"]:
            return st["turn"]
        assert time.monotonic() < deadline, f"room {w['room']} never waited on its player: {st}"
        time.sleep(0.05)


def resume_answer(url: str, w: dict, **more) -> dict:
    """The ``state`` or ``error`` that answers a ``resume`` of the seat ``w`` was welcomed to."""
    c = Raw(url)
    try:
        c.send(type="resume", room=w["room"], token=w["token"], **more)
        while True:
            m = json.loads(c.ws.recv(timeout=30))  # (a loaded machine: bounded all the same)
            if m["type"] in ("state", "error"):
                return m
    finally:
        c.close()
