"""The frames the server builds itself (one frame for all the seats of a room) are the WebSocket
library's own frames, byte for byte, at every length boundary of RFC 6455."""

import pytest
from websockets.frames import Frame, Opcode

from lasvegas.net.protocol import encode_bytes
from lasvegas.net.server import frame, text_frame


@pytest.mark.parametrize("n", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_is_the_librarys_frame(n):
    payload = ("é" * n).encode()[:n]
    assert text_frame(payload) == Frame(Opcode.TEXT, payload).serialize(mask=False, extensions=[])


def test_a_message_frame_holds_its_json():
    data = frame("reaction", seat=2, phrase="oops")
    assert data == text_frame(encode_bytes("reaction", seat=2, phrase="oops"))
    assert data[2:] == b'{"v":1,"type":"reaction","seat":2,"phrase":"oops"}'


# ------------------------------------------------------------ frames the server reads itself
# (FastConnection: a client's text frames are read from the stream as they arrive; anything else is the
# library's.)  The bytes are written straight to the client's socket, cut anywhere.

def _masked(opcode, payload: bytes, fin: bool = True) -> bytes:
    return Frame(opcode, payload, fin=fin).serialize(mask=True, extensions=[])


def _msg(kind: str, **fields) -> bytes:
    import json

    return json.dumps({"v": 1, "type": kind, **fields}).encode()


def _answers(raw, n: int) -> list[dict]:
    out = []
    for _ in range(n):
        out.append(raw.until("error"))
    return out


def test_text_frames_cut_anywhere_are_read_in_order(server):
    from tests.net.helpers import Raw

    raw = Raw(server.url)
    try:
        stream = b"".join(_masked(Opcode.TEXT, _msg(f"kind{i}")) for i in range(5))
        # a long message (a 16-bit length) and a ping between them
        stream += _masked(Opcode.TEXT, _msg("kindlong", pad="x" * 300)) + _masked(Opcode.PING, b"hi")
        stream += _masked(Opcode.TEXT, _msg("kindlast"))
        sock = raw.ws.socket
        sock.sendall(stream[:3])  # a part of a header
        for cut in range(3, len(stream), 37):  # then pieces that end inside headers and payloads
            sock.sendall(stream[cut:cut + 37])
        errors = _answers(raw, 7)
        assert [e["about"] for e in errors] == [f"kind{i}" for i in range(5)] + ["kindlong", "kindlast"]
        assert all(e["code"] == "type" for e in errors)
    finally:
        raw.close()


def test_a_fragmented_message_and_what_follows_are_read_by_the_library(server):
    from tests.net.helpers import Raw

    raw = Raw(server.url)
    try:
        whole = _msg("pieces")
        stream = (_masked(Opcode.TEXT, whole[:10], fin=False) + _masked(Opcode.CONT, whole[10:])
                  + _masked(Opcode.TEXT, _msg("after")))
        raw.ws.socket.sendall(stream)
        assert [e["about"] for e in _answers(raw, 2)] == ["pieces", "after"]
    finally:
        raw.close()


@pytest.mark.parametrize("data, code", [
    (_masked(Opcode.TEXT, b'{"v": 1, "type": "\xff"}'), 1007),  # text that is not UTF-8
    (Frame(Opcode.TEXT, b"{}").serialize(mask=False, extensions=[]), 1002),  # a client must mask
], ids=["not-utf8", "unmasked"])
def test_frames_the_library_refuses_close_as_before(server, data, code):
    from tests.net.helpers import Raw

    raw = Raw(server.url)
    try:
        raw.ws.socket.sendall(_masked(Opcode.TEXT, _msg("first")))
        assert raw.until("error")["about"] == "first"
        raw.ws.socket.sendall(data)
        assert raw.closed() == code
    finally:
        raw.close()
