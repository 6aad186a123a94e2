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
