"""Several server processes on one Redis (a real redis-server): one set of rooms."""

import time

import pytest

from lasvegas.core import PLACE, Config, DicePlaced, Game, replay
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch

from .helpers import Raw, play_out
from .test_restart import wait_for


def _created(url: str, **options):
    box = {}
    link = Link(url, {"type": "create", **options}, on_welcome=lambda m: box.setdefault("room", m["room"]))
    wait_for(lambda: "room" in box, 20, "the room is created")
    return box["room"], link


def _same_as_one_process(events, record) -> None:
    """The events seen equal the game the rules engine plays alone from the record's seed."""
    choices = [ev.value for ev in events if isinstance(ev, DicePlaced)]
    g = Game(Config.from_dict(record["config"]), record["seed"])
    local = list(g.opening_events)
    for v in choices:
        local += g.apply(PLACE[v])
    assert events == local


def test_four_clients_over_two_processes_play_one_game(shared_servers):
    a, b = shared_servers(2)
    code, link = _created(a.url, players=4, rounds=2)
    links = [link] + [Link(url, {"type": "join", "room": code, "name": f"P{i}"})
                      for i, url in ((1, b.url), (2, a.url), (3, b.url))]
    matches = [RemoteMatch.connect(a.url, {}, link=lk, timeout=30) for lk in links]
    try:
        events = play_out(matches, 120)
    finally:
        for m in matches:
            m.close()
    records = [m.record for m in matches]
    assert all(r == records[0] for r in records)
    replay(records[0])
    _same_as_one_process(events, records[0])
    assert "Traceback" not in a.log() + b.log()


def test_a_process_killed_mid_round_loses_nothing_its_clients_move_to_the_other(shared_servers, bots, tmp_path):
    a, b = shared_servers(2)
    both = f"{a.url},{b.url}"
    # the AI seat is played by a (where the room was made) until a dies, then by b (its lease expires)
    code, link = _created(both, players=4, ai=[None, None, None, "easy"])
    for _ in range(2):  # the bots start on a (the first address) and move to b when a dies
        bots.start("--server", both, "--room", code, "--level", "easy", "--record-dir",
                   str(tmp_path / "records"), "--timeout", "120")
    match = RemoteMatch.connect(both, {}, link=link, timeout=60)
    killed = []

    def kill_a_mid_round(_i, m):
        if m.turn >= 6 and not killed and m.table.round == 0:
            killed.append(m.turn)
            a.kill()  # kill -9: its clients must find b
    try:
        events = play_out([match], 120, on_move=kill_a_mid_round)
    finally:
        match.close()
    assert killed, "the process was never killed"
    assert match.link.generation >= 2 and match.link.url == b.url
    results = bots.finish(120)
    assert all(r[0] == 0 for r in results), results
    replay(match.record)
    _same_as_one_process(events, match.record)  # every move once, in order, across the kill
    records = sorted((tmp_path / "records").glob("*.json"))
    assert len(records) == 2
    # the game ended: the AI seat played its turns after the kill too (rounds 2 to 4), from b
    assert sum(isinstance(ev, DicePlaced) and ev.seat == 3 for ev in events) > 4
    assert "Traceback" not in b.log()


def test_two_processes_take_the_same_turn_at_once_and_exactly_one_move_is_applied(shared_servers, redis_server):
    import redis

    a, b = shared_servers(2)
    store = redis.Redis(port=redis_server.port, decode_responses=True)
    for _ in range(3):  # three rooms, three races
        first = Raw(a.url)
        first.send(type="create", players=2, rounds=1)
        welcome = first.until("welcome")
        code = welcome["room"]
        second = Raw(b.url)
        second.send(type="join", room=code)
        joined = second.until("welcome")
        state = first.until("state")
        seat = state["view"]["current"]
        token = (welcome if seat == 0 else joined)["token"]
        mover = first if seat == 0 else second
        # the same seat, by its token, on the other process too: two connections, one turn
        twin = Raw(b.url if mover is first else a.url)
        twin.send(type="resume", room=code, token=token)
        twin.until("state")
        roll = [e for e in state["opening"] if e["event"] == "DiceRolled"][-1]
        value = roll["values"][0]
        mover.send(type="place", value=value, turn=0)
        twin.send(type="place", value=value, turn=0)
        for c in (mover, twin):  # both hear of the move once
            placed = c.until("events")
            assert placed["first"] == len(state["opening"]) and placed["events"][0]["event"] == "DicePlaced"
        refused = [m for c in (mover, twin) for m in _drain(c) if m["type"] == "error"]
        assert [m["code"] for m in refused] == ["stale"], refused
        assert store.lrange(f"lv:moves:{code}", 0, -1) == [str(value)]
        for c in (first, second, twin):
            c.close()
    store.close()


def _drain(conn: Raw, seconds: float = 0.3) -> list[dict]:
    """Everything the connection has received and receives within ``seconds`` (bounded)."""
    import time

    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            conn.until("never", timeout=max(0.01, deadline - time.monotonic()))
    except (AssertionError, TimeoutError):
        pass
    return conn.seen


def test_redis_restarted_mid_game_with_its_append_only_file_and_the_rooms_go_on(shared_servers, redis_server):
    a, b = shared_servers(2)
    code, link = _created(a.url, players=3, rounds=2, ai=[None, None, "easy"])
    bob_link = Link(b.url, {"type": "join", "room": code, "name": "Bob"})
    ann = RemoteMatch.connect(a.url, {}, link=link, timeout=30)
    bob = RemoteMatch.connect(b.url, {}, link=bob_link, timeout=30)
    restarted = []

    def restart_redis(_i, m):
        if m.turn >= 5 and not restarted:
            restarted.append(m.turn)
            redis_server.kill()  # kill -9: only what the append-only file holds comes back
            redis_server.start()
    try:
        events = play_out([ann, bob], 120, on_move=restart_redis)
    finally:
        ann.close()
        bob.close()
    assert restarted, "Redis was never restarted"
    assert "subscribing again" in a.log() + b.log()  # both processes lost Redis and came back
    assert "Traceback" not in a.log() + b.log()
    assert ann.record == bob.record
    replay(ann.record)
    _same_as_one_process(events, ann.record)


def test_serve_says_clearly_when_redis_cannot_be_reached(tmp_path):
    import subprocess
    import sys

    from .conftest import _env, _free_port

    pytest.importorskip("redis", reason="the Redis tests need the redis package (pip install -e '.[test]')")
    out = subprocess.run([sys.executable, "-m", "lasvegas", "serve", "--port", "0", "--redis",
                          f"redis://127.0.0.1:{_free_port()}/0"],
                         capture_output=True, text=True, timeout=60, env=_env(tmp_path))
    assert out.returncode == 1
    assert "cannot use Redis at redis://127.0.0.1:" in out.stderr and "Traceback" not in out.stderr


def test_a_correspondence_room_is_kept_in_redis_for_its_days_not_the_idle_time(shared_servers, redis_server):
    """As with one process and SQLite (test_correspondence.py): a "day" of 3 s, an idle time of 1 s."""
    import redis

    (server,) = shared_servers(1, "--idle-timeout", "1", "--day-length", "3")
    store = redis.Redis(port=redis_server.port, decode_responses=True)
    live = Raw(server.url)
    live.send(type="create", players=2, name="Lee")
    live_code = live.until("welcome")["room"]
    live.close()
    ann = Raw(server.url)
    ann.send(type="create", players=2, name="Ann", correspondence=True, keep_days=1)
    welcome = ann.until("welcome")
    code = welcome["room"]
    assert 1000 < store.pttl(f"lv:room:{code}") <= 3000  # its day, not the idle time
    ann.close()
    wait_for(lambda: not store.exists(f"lv:room:{live_code}"), 20, "the live room expires")
    assert store.exists(f"lv:room:{code}")  # idle as long, but kept for its day
    wait_for(lambda: not store.exists(f"lv:room:{code}"), 20, "the correspondence room expires")
    back = Raw(server.url)
    back.send(type="resume", room=code, token=welcome["token"])
    assert back.until("error")["code"] == "no-room"
    back.close()
    store.close()
    assert "Traceback" not in server.log()


def test_bench_server_on_two_processes_with_each_rooms_seats_together(redis_server, tmp_path):
    """``bench server --redis URL --processes 2 --spread rooms``: every room's four seats on one
    process, the rooms over both; the figures of both backends' fields are reported."""
    import json
    import subprocess
    import sys

    from .conftest import _env

    out = subprocess.run([sys.executable, "-m", "lasvegas", "bench", "server", "--rooms", "2", "--seconds", "20",
                          "--think-ms", "30", "--redis", redis_server.url, "--processes", "2", "--spread", "rooms", "--json"],
                         capture_output=True, text=True, timeout=120, env=_env(tmp_path))
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout)
    assert r["backend"] == "redis" and r["processes"] == 2 and r["spread"] == "rooms"
    assert r["moves"] > 0 and r["errors"] == 0 and r["server_cpu_us_per_move"] > 0


def test_any_process_answers_status_for_a_room_none_of_its_clients_is_in(shared_servers):
    """The title's list of a player's games asks whichever process it reaches: that process reads
    the room from Redis (without taking it in), even when nobody is connected to the room anywhere."""
    a, b = shared_servers(2)
    ann = Raw(a.url)
    ann.send(type="create", players=2, name="Ann", correspondence=True, keep_days=3)
    welcome = ann.until("welcome")
    code, token = welcome["room"], welcome["token"]
    bob = Raw(a.url)
    bob.send(type="join", room=code, name="Bob")
    state = bob.until("state")
    ann.close()
    bob.close()
    asker = Raw(b.url)  # the other process: no client of it was ever in the room
    asker.send(type="status", room=code, token=token)
    st = asker.until("status")
    assert st["room"] == code and st["seat"] == 0 and st["started"] and not st["over"]
    assert st["to_act"] == state["view"]["current"] and st["turn"] == 0
    assert [s["name"] for s in st["seats"]] == ["Ann", "Bob"]
    asker.send(type="status", room=code, token="x" * 32)
    assert asker.until("error", code="bad-token")["about"] == "status"
    asker.send(type="status", room="ZZZZZZ", token=token)
    assert asker.until("error", code="no-room")["about"] == "status"
    asker.close()
    assert "Traceback" not in a.log() + b.log()


def _move_notes(redis_url: str):
    """Start listening to every process's channel; ``stop()`` → the notes seen (channel, note)."""
    import json
    import threading

    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    listener = client.pubsub()
    listener.psubscribe("lv:proc:*")
    notes: list[tuple[str, dict]] = []
    done = threading.Event()

    def listen():
        deadline = time.monotonic() + 300
        while not done.is_set() and time.monotonic() < deadline:
            msg = listener.get_message(ignore_subscribe_messages=True, timeout=0.2)
            if msg and msg["type"] == "pmessage":
                if msg["channel"] == "lv:proc:end-of-test":
                    done.set()  # Redis delivers in order: every note published before it is in
                else:
                    notes.append((msg["channel"], json.loads(msg["data"])))
    thread = threading.Thread(target=listen, daemon=True)
    thread.start()

    def stop() -> list[tuple[str, dict]]:
        client.publish("lv:proc:end-of-test", "{}")
        assert done.wait(10), "the listener did not hear the last note"
        thread.join(5)
        listener.close()
        client.close()
        return notes
    return stop


def test_a_move_is_told_only_to_the_other_processes_holding_its_room(shared_servers, redis_server):
    """A room whose players share one process costs no note between processes; a room spread over
    two sends each move once, to the other process only (on that process's own channel)."""
    a, b = shared_servers(2)
    stop = _move_notes(redis_server.url)
    games = {}
    for name, second in (("together", a.url), ("spread", b.url)):
        code, link = _created(a.url, players=2, rounds=1)
        other = Link(second, {"type": "join", "room": code, "name": "Bo"})
        games[name] = (code, [RemoteMatch.connect(a.url, {}, link=lk, timeout=30) for lk in (link, other)])
    try:
        moves = {name: sum(isinstance(ev, DicePlaced) for ev in play_out(ms, 120)) for name, (_c, ms) in games.items()}
    finally:
        for _c, ms in games.values():
            for m in ms:
                m.close()
    notes = stop()
    together, spread = games["together"][0], games["spread"][0]
    assert moves["together"] > 0 and moves["spread"] > 0
    assert not [n for _ch, n in notes if n.get("c") == together and "m" in n]
    told = [(ch, n) for ch, n in notes if n.get("c") == spread and "m" in n]
    assert sorted(n["m"] for _ch, n in told) == list(range(moves["spread"]))
    assert all(not ch.endswith(n["o"]) for ch, n in told)  # never to the process that made the move
    assert "Traceback" not in a.log() + b.log()


def _room_processes(proxy) -> set[int]:
    """The processes a proxy sent a room's players to (``/room/CODE``), by index."""
    return {index for path, index in proxy.paths if path.startswith("/room/")}


def test_behind_a_proxy_hashing_the_address_every_rooms_players_share_one_process(shared_servers, redis_server):
    """The client names the room in its address (``room/CODE``, ``new/…`` to make one) and a creator
    told ``route`` connects again at its room's address: a proxy that hashes the path puts every
    player of a room on one process, so no move crosses between the processes."""
    from .helpers import PathProxy

    a, b = shared_servers(2)
    proxy = PathProxy([a.port, b.port])
    stop = _move_notes(redis_server.url)
    rooms = []
    try:
        # Room codes are random, so four rooms land on one process now and then (1 time in 8): rooms
        # are made until both processes hold one (at least 4, at most 16: all on one 1 time in 32,768).
        while len(rooms) < 4 or (len(_room_processes(proxy)) < 2 and len(rooms) < 16):
            i = len(rooms)
            code, link = _created(proxy.url, players=3, rounds=1, name=f"Host{i}")
            links = [link] + [Link(proxy.url, {"type": "join", "room": code, "name": f"P{n}"}) for n in (1, 2)]
            rooms.append((code, [RemoteMatch.connect(proxy.url, {}, link=lk, timeout=30) for lk in links]))
        try:
            for _code, matches in rooms:
                play_out(matches, 120)
        finally:
            for _code, matches in rooms:
                for m in matches:
                    m.close()
    finally:
        notes = stop()
        proxy.close()
    for code, matches in rooms:
        assert all(m.link.routed == code for m in matches)  # the creator too, after its create
        records = [m.record for m in matches]
        assert records[0] is not None and all(r == records[0] for r in records)
        replay(records[0])
        went = {index for path, index in proxy.paths if path == f"/room/{code}"}
        assert len(went) == 1, (code, went)
    assert sum(path.startswith("/new/") for path, _i in proxy.paths) == len(rooms)
    assert not [n for _ch, n in notes if "m" in n], "a move crossed between the processes"
    assert _room_processes(proxy) == {0, 1}  # (both processes played rooms)
    assert "Traceback" not in a.log() + b.log()


def test_when_the_process_playing_a_rooms_ai_lets_go_the_other_takes_over_at_once(shared_servers):
    """The process holding a room's lease (its AI seats, its away players' turns) lets go when its last
    client there leaves; the other process holding the room is told, takes the lease and plays on,
    though the first process is alive and well."""
    a, b = shared_servers(2)
    code, link = _created(a.url, players=3, rounds=1, ai=[None, None, "easy"], away_delay=0.3)
    joiner = RemoteMatch.connect(b.url, {}, link=Link(b.url, {"type": "join", "room": code, "name": "Bo"}),
                                 timeout=30)
    creator = RemoteMatch.connect(a.url, {}, link=link, timeout=30)
    wait_for(lambda: (creator.update(), creator.to_act is not None)[1], 20, "the game starts")
    creator.close()  # a lets go of the room: b must play the AI seat and the creator's turns
    started = time.monotonic()
    try:
        events = play_out([joiner], 60)
    finally:
        joiner.close()
    assert any(isinstance(ev, DicePlaced) and ev.seat == 2 for ev in events)
    assert any(isinstance(ev, DicePlaced) and ev.seat == 0 for ev in events)
    assert time.monotonic() - started < 45
    replay(joiner.record)
    assert "Traceback" not in a.log() + b.log()


def test_a_lobby_in_redis_expires_with_the_lobby_time_a_game_with_the_idle_time(shared_servers, redis_server):
    import redis

    (server,) = shared_servers(1, "--lobby-timeout", "1")
    store = redis.Redis(port=redis_server.port, decode_responses=True)
    host = Raw(server.url)
    host.send(type="create", players=3, name="Lou")
    lobby = host.until("welcome")["room"]
    assert 0 < store.pttl(f"lv:room:{lobby}") <= 1000  # the lobby time, not the idle time's 6 hours
    host.close()
    game = Raw(server.url)
    game.send(type="create", players=2, ai=[None, "easy"])  # full at once: started
    code = game.until("welcome")["room"]
    assert store.pttl(f"lv:room:{code}") > 3600 * 1000
    wait_for(lambda: not store.exists(f"lv:room:{lobby}"), 20, "the lobby expires")
    assert store.exists(f"lv:room:{code}")
    game.close()
    back = Raw(server.url)
    back.send(type="join", room=lobby)
    assert back.until("error")["code"] == "no-room"
    back.close()
    store.close()


def test_the_moves_of_one_batch_go_to_redis_in_one_call_and_to_each_other_process_in_one_note(redis_server):
    """Moves made within the batch delay are appended by one script call, each checked on its own (a
    move whose number is not the log's length is refused, the others kept), and each other process
    holding their rooms hears of all of them in one message; a lone move's note is the note itself."""
    import asyncio
    import json

    from lasvegas.net.shared import RedisStore

    async def main() -> None:
        store = RedisStore(redis_server.url, 3600.0)
        store.batch_delay = 0.05
        r = store.r
        await r.sadd(store.key("subs", "AAAA"), "me", "other")
        await r.sadd(store.key("subs", "BBBB"), "other", "third")
        await r.rpush(store.key("moves", "CCCC"), 4, 4)
        listen = r.pubsub()
        await listen.subscribe(store.key("proc", "other"), store.key("proc", "third"))
        for _ in range(2):
            await listen.get_message(timeout=2.0)  # the subscriptions' confirmations
        try:
            done = await asyncio.wait_for(asyncio.gather(
                store.append("AAAA", 0, 3, "me"), store.append("BBBB", 0, 5, "me"),
                store.append("CCCC", 1, 2, "me")), 10)
            assert done == [True, True, False]
            assert await r.lrange(store.key("moves", "AAAA"), 0, -1) == ["3"]
            assert await r.lrange(store.key("moves", "CCCC"), 0, -1) == ["4", "4"]
            heard = {}
            deadline = asyncio.get_running_loop().time() + 10
            while len(heard) < 2:
                assert asyncio.get_running_loop().time() < deadline, heard
                m = await listen.get_message(timeout=1.0)
                if m and m["type"] == "message":
                    heard[m["channel"]] = json.loads(m["data"])
            assert heard[store.key("proc", "other")] == [{"o": "me", "c": "AAAA", "m": 0, "v": 3},
                                                         {"o": "me", "c": "BBBB", "m": 0, "v": 5}]
            assert heard[store.key("proc", "third")] == {"o": "me", "c": "BBBB", "m": 0, "v": 5}
            assert await store.append("AAAA", 0, 6, "me") is False  # made already: refused alone
        finally:
            await listen.aclose()
            await store.aclose()
    asyncio.run(main())


def test_the_moves_line_reads_its_answers_with_hiredis_whole_in_pieces_as_errors_and_stops_at_garbage():
    """The appends' own connection (redis_line._Line) hands each answer to its follow-up in order: one
    cut across two reads is handed once whole, an error answer is its exception (NOSCRIPT: the script
    is loaded again), and bytes that are not Redis's protocol close the line, every follow-up still
    waiting told so (None).  The peer is a hostile one on 127.0.0.1 (no redis-server answers garbage)."""
    import asyncio

    from redis.exceptions import NoScriptError, ResponseError

    from lasvegas.net.redis_line import _Line

    chunks = [b"*3\r\n:1\r\n:0", b"\r\n:1\r\n$5\r\nn\xc3\xa9", b"ud\r\n-NOSCRIPT No matching script\r\n",
              b"-ERR wrong\r\n", b"!!not resp\r\n"]

    async def peer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for chunk in chunks:
            await reader.readline()  # one command, one piece of an answer
            writer.write(chunk)
            await writer.drain()
            await asyncio.sleep(0.02)
        await reader.read()

    async def main() -> list:
        server = await asyncio.start_server(peer, "127.0.0.1", 0)
        _reader, writer = await asyncio.open_connection("127.0.0.1", server.sockets[0].getsockname()[1])
        line, heard = _Line(writer), []
        done = asyncio.get_running_loop().create_future()

        def then(_line, answer) -> None:
            heard.append(answer)
            if len(heard) == len(chunks):
                done.set_result(None)
        for _ in chunks:
            line.expect(b"PING\r\n", then)
            await asyncio.sleep(0.05)
        await asyncio.wait_for(done, 10)
        assert line.lost
        server.close()
        return heard

    heard = asyncio.run(main())
    assert heard[:2] == [[1, 0, 1], "néud"]
    assert type(heard[2]) is NoScriptError and type(heard[3]) is ResponseError and str(heard[3]) == "ERR wrong"
    assert heard[4:] == [None]
