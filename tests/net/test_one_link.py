"""The package opens WebSocket connections as a client in two places only: the link of both games'
desktop clients and bots (``net/client.py``: :func:`lasvegas.net.client.dial`) and the benchmarks'
lean client (``net/bench_wire.py``), found by reading the source (AST): a ``connect`` taken from the
websockets library and called, the library's client protocol, or an opening handshake written by hand."""

from __future__ import annotations

import ast
import pathlib

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "lasvegas"


def client_loops(sources: dict[str, str]) -> list[tuple[str, int, str]]:
    """(module, line, what) for each place in ``sources`` (module -> its text) that opens a WebSocket
    connection as a client."""
    found = []
    for name, text in sorted(sources.items()):
        tree = ast.parse(text)
        connects: set[str] = set()  # names bound to the library's connect
        modules: set[str] = set()  # names bound to the library or one of its modules
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "websockets":
                for a in node.names:
                    if a.name == "connect":
                        connects.add(a.asname or a.name)
                    elif a.name in ("ClientProtocol", "ClientConnection"):
                        found.append((name, node.lineno, f"the library's {a.name}"))
                    elif a.name in ("client", "sync", "asyncio", "legacy"):
                        modules.add(a.asname or a.name)
            elif isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.split(".")[0] == "websockets":
                        modules.add((a.asname or a.name).split(".")[0])
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                if isinstance(f, ast.Name) and f.id in connects:
                    found.append((name, node.lineno, "connect("))
                elif isinstance(f, ast.Attribute) and f.attr == "connect":
                    root = f.value
                    while isinstance(root, ast.Attribute):
                        root = root.value
                    if isinstance(root, ast.Name) and root.id in modules:
                        found.append((name, node.lineno, "connect("))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and "sec-websocket-key" in node.value.lower():  # (an f-string's text parts too)
                found.append((name, node.lineno, "an opening handshake written by hand"))
    return found


def _package() -> dict[str, str]:
    return {str(p.relative_to(PACKAGE.parent)): p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")}


def test_the_package_has_two_websocket_client_loops_the_link_and_the_lean_bench_client():
    found = client_loops(_package())
    assert len(found) <= 2, found
    assert sorted((m, what) for m, _line, what in found) == [
        ("lasvegas/net/bench_wire.py", "an opening handshake written by hand"),
        ("lasvegas/net/client.py", "connect("),
    ], found


def test_a_second_client_loop_is_found_whichever_way_it_is_written():
    planted = {
        "a.py": "from websockets.sync.client import connect as c\nc('ws://x')\n",
        "b.py": "import websockets.asyncio.client\nwebsockets.asyncio.client.connect('ws://x')\n",
        "c.py": "from websockets import client\nclient.connect('ws://x')\n",
        "d.py": "from websockets.client import ClientProtocol\n",
        "e.py": "k = 1\nhead = f'GET / HTTP/1.1\\r\\nSec-WebSocket-Key: {k}\\r\\n'\n",
        "f.py": "import sqlite3\nsqlite3.connect(':memory:')\nfrom websockets.asyncio.server import serve\n",
    }
    assert sorted(m for m, _l, _w in client_loops(planted)) == ["a.py", "b.py", "c.py", "d.py", "e.py"]
