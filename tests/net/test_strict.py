"""The protocol's smaller edges, against a real server: the version is an integer, frames are text,
the last wrong token is answered before the close, names show what they say, a flood is a rate."""

import json
import secrets
import time

import pytest

from lasvegas.net import names, protocol
from lasvegas.net.protocol import ProtocolError, decode

from .helpers import Raw


@pytest.mark.parametrize("v", ["true", "1.0", '"1"', "1e0"])
def test_the_version_is_the_integer_1_not_true_or_a_fraction(server, v):
    with pytest.raises(ProtocolError) as e:
        decode('{"v": %s, "type": "join", "room": "ABCDEF"}' % v)
    assert e.value.code == "version" and "update your game" in e.value.message
    c = Raw(server.url)
    c.text('{"v": %s, "type": "join", "room": "ABCDEF"}' % v)
    assert c.until("error", code="version")
    assert c.closed() == 1008


def test_a_binary_frame_is_refused_with_a_clear_close(server):
    c = Raw(server.url)
    c.ws.send(json.dumps({"v": 1, "type": "create", "players": 2}).encode())
    e = c.until("error", code="json")
    assert "binary" in e["message"]
    assert c.closed() == 1003
    # before and after a seat is taken
    d = Raw(server.url)
    d.send(type="create", players=2)
    d.until("welcome")
    d.ws.send(b"\x00\x01")
    assert d.until("error", code="json")
    assert d.closed() == 1003
    assert "Traceback" not in server.log()


def test_every_wrong_token_is_answered_the_last_one_before_the_close(server):
    owner = Raw(server.url)
    owner.send(type="create", players=2)
    code = owner.until("welcome")["room"]
    thief = Raw(server.url)
    for _ in range(3):
        thief.send(type="resume", room=code, token=secrets.token_urlsafe(24))
    assert thief.closed() == 1008
    assert [m["code"] for m in thief.seen if m["type"] == "error"] == ["bad-token"] * 3
    owner.close()


@pytest.mark.parametrize("raw, shown", [
    ("Ann", "Ann"),
    ("  Ann   Lee ", "Ann Lee"),
    ("Ann\u202eeL", "AnneL"),  # a right-to-left override
    ("Zo\u0065\u0308", "Zo\u00eb"),  # NFC
    ("Bob\u2028\u0085", "Bob"),  # line separator, next line
    ("Bo\u007fb", "Bob"),  # DEL
    ("Ann\u200b", "Ann"),  # zero-width space
    ("\u00a0Ann\u3000Lee", "Ann Lee"),  # other spaces are spaces
    ("", ""),
    ("AI Fan", "AI Fan"),
    ("Aiko", "Aiko"),
])
def test_names_are_cleaned_of_what_does_not_show(raw, shown):
    assert decode(json.dumps({"v": 1, "type": "join", "room": "ABCDEF", "name": raw})).get("name", "") == shown


@pytest.mark.parametrize("raw, words", [
    ("\u200b\u200d", "no visible character"),
    ("\u202e\u2066", "no visible character"),
    ("\u0301", "no visible character"),
    ("AI Expert", "AI seat"),
    ("ai   EXPERT", "AI seat"),
    ("AI · Hard", "AI seat"),
    ("KI · Experte", "AI seat"),
    ("IA · Difficile", "AI seat"),
    ("\uff21\uff29 Medium", "AI seat"),  # fullwidth letters
    ("AI\u200b Easy", "AI seat"),
    ("a\x00b", "control"),
])
def test_a_name_with_nothing_visible_or_posing_as_an_ai_is_refused(raw, words):
    for kind, extra in (("join", {"room": "ABCDEF"}), ("create", {"players": 2})):
        with pytest.raises(ProtocolError) as e:
            decode(json.dumps({"v": 1, "type": kind, **extra, "name": raw}))
        assert e.value.code == "field" and f"{kind}.name" in e.value.message and words in e.value.message


def test_the_server_seats_the_cleaned_name(server):
    c = Raw(server.url)
    c.send(type="create", players=2, name="\u202eAnn\u200b")
    c.until("welcome")
    assert c.until("lobby")["seats"][0]["name"] == "Ann"
    d = Raw(server.url)
    d.send(type="create", players=2, name="AI Expert")
    assert "AI seat" in d.until("error", code="field")["message"]
    c.close()
    d.close()


def test_the_ai_labels_cover_every_language_of_the_game():
    labels = names.ai_labels()
    assert {"ai expert", "ki experte", "ia expert", "ai", "ki", "ia"} <= labels


def test_a_flood_is_a_rate_over_a_window_not_a_total(server_factory):
    # 100 messages a second, bursts of 200: dropped messages are counted over the last 2 s
    server = server_factory("--rate", "100")
    c = Raw(server.url)
    c.send(type="create", players=2)
    c.until("welcome")
    react = json.dumps({"v": 1, "type": "react", "phrase": "oops"})  # answered "not-started", no misbehaviour
    for burst in range(3):  # three bursts of about 130 dropped messages each: 390 in all, over 200
        t0 = time.monotonic()
        for _ in range(330):
            c.text(react)
        deadline = t0 + 2.6
        while time.monotonic() < deadline:  # read the answers until the window has passed
            try:
                c.seen.append(json.loads(c.ws.recv(timeout=max(0.01, deadline - time.monotonic()))))
            except TimeoutError:
                break
    rates = [m for m in c.seen if m.get("code") == "rate"]
    assert len(rates) >= 3  # every burst went over the rate
    c.send(type="react", phrase="oops")  # still open
    assert c.until("error", code="not-started")
    for _ in range(2000):  # a real flood is still cut off
        try:
            c.text(react)
        except Exception:
            break
    assert c.closed() == 1008
    assert "Traceback" not in server.log()
