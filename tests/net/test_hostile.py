"""Hostile clients against a real server: each gets a clear error or is disconnected, and the room plays on."""

import secrets
import time

from websockets.exceptions import ConnectionClosed

from lasvegas.core import replay
from lasvegas.net.lasvegas.remote import RemoteMatch

from .helpers import Raw, play_out


def two_seat_room(url):
    """A started 2-seat room of two raw clients: (room code, [(raw, seat, token), ...])."""
    a = Raw(url)
    a.send(type="create", players=2, rounds=1, name="Ann")
    wa = a.until("welcome")
    b = Raw(url)
    b.send(type="join", room=wa["room"], name="Bob")
    wb = b.until("welcome")
    sa, sb = a.until("state"), b.until("state")
    return wa["room"], [(a, wa, sa), (b, wb, sb)]


def test_bad_messages_get_errors_that_name_them_and_the_room_plays_on(server_factory):
    server = server_factory("--hello-timeout", "1", "--rate", "5")
    code, seats = two_seat_room(server.url)
    (a, wa, sa), (b, wb, sb) = seats
    mover, other = (a, sa) if sa["view"]["current"] == 0 else (b, sb)
    other_conn = b if mover is a else a

    # malformed JSON, wrong types, unknown fields, unknown types: an error naming the message
    mover.text("{not json")
    assert mover.until("error")["code"] == "json"
    mover.send(type="place", value="six", turn=0)
    e = mover.until("error")
    assert e["code"] == "field" and e["about"] == "place" and "place.value" in e["message"]
    mover.send(type="place", value=3, turn=0, seat=1)
    assert "unknown field" in mover.until("error", code="field")["message"]
    mover.send(type="dance")
    assert mover.until("error")["code"] == "type"

    # acting for another seat: the seat not on turn cannot move, a value not rolled is refused
    legal = (sa if mover is a else sb)["view"]["legal"]
    other_conn.send(type="place", value=legal[0], turn=0)
    assert other_conn.until("error")["code"] == "not-your-turn"
    missing = [v for v in range(1, 7) if v not in legal][0] if len(legal) < 6 else None
    if missing:
        mover.send(type="place", value=missing, turn=0)
        assert mover.until("error")["code"] == "illegal"
    # a real move, then the same message replayed: stale, nothing changes
    mover.send(type="place", value=legal[0], turn=0)
    assert mover.until("events")["first"] > 0
    mover.send(type="place", value=legal[0], turn=0)
    assert mover.until("error")["code"] in ("stale", "not-your-turn")

    # a client of another version is told to update and disconnected
    old = Raw(server.url)
    old.text('{"v": 0, "type": "join", "room": "%s"}' % code)
    assert "update your game" in old.until("error", code="version")["message"]
    assert old.closed() == 1008

    # guessed tokens: refused, then disconnected
    thief = Raw(server.url)
    for _ in range(3):
        thief.send(type="resume", room=code, token=secrets.token_urlsafe(24))
    assert thief.until("error", code="bad-token")["about"] == "resume"
    assert thief.closed() == 1008

    # a full room refuses a third player; a flood is cut off
    flood = Raw(server.url)
    flood.send(type="join", room=code)
    assert flood.until("error")["code"] == "started"
    for _ in range(300):
        try:
            flood.send(type="leave")
        except Exception:
            break
    assert flood.closed() == 1008
    assert any(m.get("code") == "rate" for m in flood.seen)

    # a frame over 64 KiB closes the connection (1009: message too big)
    big = Raw(server.url)
    try:
        big.text('{"v": 1, "type": "join", "room": "' + "A" * 70_000 + '"}')
    except Exception:
        pass
    assert big.closed() == 1009

    # a connection that says nothing is told so and closed
    silent = Raw(server.url)
    t0 = time.monotonic()
    assert silent.until("error", timeout=10)["code"] == "timeout"
    assert silent.closed() == 1008 and time.monotonic() - t0 < 8

    # the room plays on: both players come back with their tokens and finish the game
    a.close()
    b.close()
    ms = [RemoteMatch.connect(server.url, {"type": "resume", "room": code, "token": w["token"]}, timeout=20)
          for w in (wa, wb)]
    try:
        events = play_out(ms, 120)
        assert type(events[-1]).__name__ == "GameEnded"
        assert ms[0].record == ms[1].record
        replay(ms[0].record)
    finally:
        for m in ms:
            m.close()
    assert "Traceback" not in server.log()


def test_a_stolen_token_takes_the_seat_and_the_owner_takes_it_back(server):
    code, seats = two_seat_room(server.url)
    (a, wa, _sa), _ = seats
    thief = Raw(server.url)
    thief.send(type="resume", room=code, token=wa["token"])
    assert thief.until("welcome")["seat"] == 0
    assert a.until("error", code="taken-over")
    assert a.closed() == 1008
    owner = Raw(server.url)
    owner.send(type="resume", room=code, token=wa["token"])
    assert owner.until("welcome")["seat"] == 0
    assert thief.closed() == 1008


def test_connections_per_address_are_limited(server_factory):
    server = server_factory("--max-per-address", "3")
    held = [Raw(server.url) for _ in range(3)]
    extra = Raw(server.url)
    assert extra.until("error", code="too-many-connections")
    assert extra.closed() == 1008
    held[0].close()
    deadline = time.monotonic() + 10
    while True:  # the server counts the closed connection out as soon as it sees it closed
        again = Raw(server.url)
        again.send(type="join", room="ABCDEF")
        code = again.until("error")["code"]
        if code != "too-many-connections":
            break
        again.close()
        assert time.monotonic() < deadline, "the closed connection still counts after 10 s"
        time.sleep(0.02)
    assert code == "no-room"
    for h in held[1:] + [again]:
        h.close()


def test_the_room_limit_and_a_bad_create(server_factory):
    server = server_factory("--max-rooms", "1")
    a = Raw(server.url)
    a.send(type="create", players=5, neutral="yes")
    assert "neutral" in a.until("error", code="field")["message"]
    a.send(type="create", players=2, ai=[None, "grandmaster"])
    assert "grandmaster" in a.until("error", code="field")["message"]
    a.send(type="create", players=2, ai=[None, "easy"])  # a game in play, not a lobby
    a.until("welcome")
    b = Raw(server.url)
    b.send(type="create", players=2)
    assert "every one a game in play" in b.until("error", code="server-full")["message"]
    a.close()
    b.close()


def test_one_address_creates_a_limited_number_of_rooms(server_factory):
    server = server_factory("--max-rooms-per-address", "2")
    for _ in range(2):
        c = Raw(server.url)
        c.send(type="create", players=2)
        c.until("welcome")
        c.close()
    c = Raw(server.url)
    c.send(type="create", players=2)
    assert "new rooms an hour" in c.until("error", code="too-many-rooms")["message"]
    c.close()


def test_room_codes_cannot_be_scanned_from_one_address(server):
    owner = Raw(server.url)
    owner.send(type="create", players=2)
    code = owner.until("welcome")["room"]
    scanner = Raw(server.url)
    for i in range(60):
        scanner.send(type="join", room="ZZZZZ" + "ABCDEFGHJKMNPQRSTVWXYZ23456789"[i % 30])
        time.sleep(0.06)  # under the rate limit: only the guesses count
    assert scanner.closed() == 1008
    late = Raw(server.url)  # the right code, from the same address, within the hour: refused
    late.send(type="join", room=code)
    assert "too many wrong room codes" in late.until("error", code="no-room")["message"]
    owner.close()


def test_hundreds_of_random_messages_from_a_seated_player_never_break_the_room(server_factory):
    import json
    import random

    from lasvegas.net.protocol import CLIENT

    server = server_factory("--rate", "1000")
    code, seats = two_seat_room(server.url)
    (a, wa, _sa), (b, wb, _sb) = seats
    rng = random.Random(15)
    values = [None, True, -1, 0, 1, 3, 6, 7, 2**70, 1.5, "", "x" * 30, "ABCDEF", code, [], [1, None], {},
              {"type": "place"}, wb["token"]]
    # the fields of the first protocol's messages (the random stream stays the same as the protocol grows;
    # the Boulevard options' fields are checked one by one in test_protocol.py and test_boulevard.py)
    # (nor the Lords of Vegas fields and message: test_lords_room.py and test_lords_online.py)
    later = {"minimum", "hundreds", "biggies", "game", "decision_seconds", "action"}
    fields = sorted(({f for spec in CLIENT.values() for f in spec} | {"seat", "v", "type"}) - later)
    errors = []
    sent = 0
    while sent < 400:  # a connection closed for its bad messages comes back with its token
        msg = {"v": 1, "type": rng.choice([k for k in CLIENT if k not in ("act", "look")] + ["", "x", 5])}
        for f in rng.sample(fields, rng.randrange(4)):
            msg[f] = rng.choice(values)
        try:
            a.text(json.dumps(msg))
            sent += 1
        except ConnectionClosed:
            try:
                a.closed(5)  # what the server said before closing
            except AssertionError:
                pass
            errors += [m for m in a.seen if m["type"] == "error"]
            a = Raw(server.url)
            a.send(type="resume", room=code, token=wa["token"])
            a.until("welcome")
    try:
        while True:
            a.until("error", timeout=2)
    except (AssertionError, TimeoutError, ConnectionClosed):
        pass
    errors += [m for m in a.seen if m["type"] == "error"]
    # how many answers arrive before a close (a random "leave", too many bad messages) depends on timing
    assert len(errors) >= 10 and not [m for m in errors if m["code"] == "internal"]
    a.close()
    b.close()
    ms = [RemoteMatch.connect(server.url, {"type": "resume", "room": code, "token": w["token"]}, timeout=20)
          for w in (wa, wb)]
    try:
        play_out(ms, 120)
        replay(ms[0].record)
    finally:
        for m in ms:
            m.close()
    assert "Traceback" not in server.log()
