"""The server's keepalive: a connection that says nothing is pinged, and closed when it does not answer."""

import json
import socket
import struct
import time

from websockets.frames import Frame, Opcode

from .helpers import Raw


class Mute:
    """A WebSocket client written by hand that sends one message, then reads frames and never answers
    a ping (a peer whose program hangs or whose network went away)."""

    def __init__(self, url: str) -> None:
        host, port = url.split("//")[1].rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        self.sock.sendall((f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                           "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            self.buf += self._recv()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def _recv(self) -> bytes:
        data = self.sock.recv(65536)
        if not data:
            raise EOFError
        return data

    def send(self, **fields) -> None:
        payload = json.dumps({"v": 1, **fields}).encode()
        self.sock.sendall(Frame(Opcode.TEXT, payload).serialize(mask=True, extensions=[]))

    def frames(self, deadline: float):
        """(opcode, payload) of each frame the server sends, until it closes or the deadline passes."""
        while time.monotonic() < deadline:
            while len(self.buf) < 2 or len(self.buf) < self._size():
                self.sock.settimeout(max(0.01, deadline - time.monotonic()))
                try:
                    self.buf += self._recv()
                except (EOFError, OSError):
                    return
            n = self._size()
            frame, self.buf = self.buf[:n], self.buf[n:]
            length = frame[1] & 0x7F
            start = 2 if length < 126 else 4 if length == 126 else 10
            yield frame[0] & 0x0F, frame[start:]

    def _size(self) -> int:
        length = self.buf[1] & 0x7F
        if length < 126:
            return 2 + length
        if length == 126:
            return 4 + struct.unpack("!H", self.buf[2:4])[0] if len(self.buf) >= 4 else 1 << 30
        return 10 + struct.unpack("!Q", self.buf[2:10])[0] if len(self.buf) >= 10 else 1 << 30

    def close(self) -> None:
        self.sock.close()


def test_a_quiet_connection_is_pinged_and_one_that_never_answers_is_closed(server_factory):
    server = server_factory("--ping-interval", "1")
    live = Raw(server.url)  # answers pings (the library does it on its own)
    live.send(type="create", players=2, name="Ann")
    live.until("welcome")
    mute = Mute(server.url)
    mute.send(type="create", players=2, name="Bob")
    t0 = time.monotonic()
    seen = []
    for op, payload in mute.frames(t0 + 10):
        seen.append(op)
        if op == Opcode.CLOSE.value:
            break
    waited = time.monotonic() - t0
    mute.close()
    assert Opcode.PING.value in seen, seen
    # closed about 2 s after its last word, with 1011 (the server ends the connection)
    assert seen[-1] == Opcode.CLOSE.value and struct.unpack("!H", payload[:2])[0] == 1011, seen
    assert 1.5 < waited < 8
    # the connection that answers its pings is still there, quiet as it was
    live.send(type="place", value=1, turn=0)
    assert live.until("error", code="not-started")
    live.close()
    assert "Traceback" not in server.log()
