"""Any Unicode in any field of any message, lone surrogates included ("\\ud800" is valid JSON but no
text): answered with an error naming the field, never a traceback, never a connection aborted."""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from websockets.exceptions import ConnectionClosed

from lasvegas.net import protocol
from lasvegas.match.lords.wire import TYPES

from .conftest import Server
from .helpers import Raw

#: the limits of a server that lets one address send every case
OPEN = ("--rate", "100000", "--max-errors", "1000000", "--max-rooms-per-address", "1000000",
        "--max-live-rooms-per-address", "1000000", "--misses-per-address", "1000000",
        "--max-token-failures", "1000000", "--max-rooms", "100000")
#: messages sent from a seat (the others from a connection that has none)
SEATED = ("start", "place", "leave", "react", "act", "look")
#: a valid message of each kind (its room and token filled in from the game's room)
BASE = {"create": {"players": 2}, "join": {"room": None}, "resume": {"room": None, "token": None},
        "status": {"room": None, "token": None}, "start": {"fill": "easy"}, "place": {"value": 1, "turn": 0},
        "leave": {}, "react": {"phrase": "nice"}, "act": {"action": {"type": "end_turn"}, "turn": 0},
        "look": {}}
PROBE = '{"v": 1, "type": "probe"}'


@pytest.fixture(scope="module")
def rooms(tmp_path_factory):
    """A server and a room in play of each game (its seat's welcome)."""
    home = tmp_path_factory.mktemp("unicode")
    server = Server(home, list(OPEN)).start()
    made = {}
    c = Raw(server.url)
    c.send(type="create", players=2, ai=[None, "easy"], away_delay=None)
    made["lasvegas"] = c.until("welcome")
    c.close()
    c = Raw(server.url)
    c.ws.send(json.dumps({"v": 2, "type": "create", "game": "lords", "players": 2, "ai": [None, "easy"],
                          "decision_seconds": None}))
    made["lords"] = c.until("welcome")
    c.close()
    yield server, made
    server.stop()
    assert "Traceback" not in server.log(), server.log()[-3000:]


def _message(kind: str, game: str, welcome: dict) -> dict:
    msg = {"v": 2 if game == "lords" else 1, "type": kind, **json.loads(json.dumps(BASE[kind]))}
    if kind == "create" and game == "lords":
        msg["game"] = "lords"
    for f in ("room", "token"):
        if f in msg:
            msg[f] = welcome[f]
    return msg


def _exchange(server, welcome: dict, kind: str, msg_text: str) -> tuple[list[dict], int | None]:
    """Send ``msg_text`` (from the room's seat for a seated kind), then a probe of an unknown type:
    what came back up to the probe's answer, and the close code if the server closed."""
    c = Raw(server.url)
    try:
        if kind in SEATED:
            c.ws.send(json.dumps({"v": welcome["v"], "type": "resume", "room": welcome["room"],
                                  "token": welcome["token"]}))
            c.until("welcome")
            c.seen.clear()
        try:
            c.text(msg_text)
            c.text(PROBE)
        except ConnectionClosed:
            pass  # (closed after the message: what it was sent is read below)
        try:
            while True:
                m = json.loads(c.ws.recv(timeout=10))
                c.seen.append(m)
                if m["type"] == "error" and m.get("about") == "probe":
                    return c.seen, None
        except ConnectionClosed as e:
            return c.seen, (e.rcvd.code if e.rcvd else 1006)
    finally:
        c.close()


def _answered(seen: list[dict], closed: int | None, msg: dict) -> list[dict]:
    """The errors answering ``msg`` (none internal; a close only after a leave or a refused version)."""
    errors = [m for m in seen if m["type"] == "error" and m.get("about") != "probe"]
    assert not [e for e in errors if e["code"] == "internal"], (msg, errors)
    if closed is not None:
        assert closed in (1000, 1008), (closed, msg, seen)
        assert closed == 1000 and msg.get("type") == "leave" or any(
            e["code"] in ("version", "taken-over") for e in errors), (closed, msg, seen)
    return errors


def _fields(kind: str) -> list[str]:
    return ["v", "type", *protocol.CLIENT[kind]]


SURROGATES = ["\ud800", "ab\udfffcd", "\udbff\udc00"[::-1]]


@pytest.mark.parametrize("game", protocol.GAMES)
@pytest.mark.parametrize("kind", list(protocol.MESSAGES))
def test_a_lone_surrogate_in_any_field_is_refused_with_field(rooms, game, kind):
    server, made = rooms
    for field in _fields(kind):
        for text in SURROGATES:
            msg = _message(kind, game, made[game])
            msg[field] = text
            seen, closed = _exchange(server, made[game], kind, json.dumps(msg))
            errors = _answered(seen, closed, msg)
            expected = {"v": "version", "type": "type"}.get(field, "field")
            assert errors and errors[0]["code"] == expected, (msg, seen)
            if field not in ("v", "type"):
                assert errors[0]["message"].startswith(f"{kind}.{field}") and "surrogate" in errors[0]["message"]
            assert closed is None or expected == "version"
    if kind == "act":  # inside the action, at any depth, keys too
        for action in ({"type": "\ud800"}, {"type": "build", "lot": "\udc00", "colour": "gold"},
                       {"type": "propose", "to": 1, "give": {"lots": ["A1", "\ud800"]}}, {"\udfff": 1}):
            msg = _message(kind, game, made[game])
            msg["action"] = action
            seen, closed = _exchange(server, made[game], kind, json.dumps(msg))
            errors = _answered(seen, closed, msg)
            assert errors[0]["code"] == "field" and "surrogate" in errors[0]["message"], (msg, seen)


TEXT = st.lists(st.one_of(st.characters(), st.characters(categories=["Cs"]),
                          st.sampled_from(["\u202e", "\u0000", "\ufeff", "\U0010ffff", "é", "nice", "easy"])),
                max_size=20).map("".join)


def _has_surrogate(value) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
        return False
    except UnicodeEncodeError:
        return True


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(data=st.data())
def test_arbitrary_unicode_in_every_field_of_every_message_of_both_games(rooms, data):
    server, made = rooms
    game = data.draw(st.sampled_from(protocol.GAMES), "game")
    kind = data.draw(st.sampled_from(list(protocol.MESSAGES)), "kind")
    msg = _message(kind, game, made[game])
    for field in data.draw(st.lists(st.sampled_from(_fields(kind)), min_size=1, max_size=3, unique=True), "fields"):
        msg[field] = data.draw(TEXT, field)
    if kind == "act" and data.draw(st.booleans(), "inside the action"):
        action = {"type": data.draw(st.one_of(st.sampled_from(TYPES), TEXT), "action type")}
        for _ in range(data.draw(st.integers(0, 3), "action fields")):
            key = data.draw(st.one_of(st.sampled_from(["lot", "colour", "casino", "take_from", "to", "give",
                                                       "from_lot"]), TEXT), "action field")
            action[key] = data.draw(st.one_of(TEXT, st.lists(TEXT, max_size=3), st.dictionaries(TEXT, TEXT, max_size=2)),
                                    "its value")
        msg["action"] = action
    seen, closed = _exchange(server, made[game], kind, json.dumps(msg))
    errors = _answered(seen, closed, msg)
    if _has_surrogate({k: v for k, v in msg.items() if k not in ("v", "type")}) and isinstance(msg["v"], int) \
            and msg["type"] in protocol.MESSAGES and set(msg) - {"v", "type"} <= set(protocol.CLIENT[msg["type"]]):
        assert errors and errors[0]["code"] == "field", (msg, seen)
