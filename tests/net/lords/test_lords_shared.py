"""A Lords of Vegas room on two server processes sharing Redis: moves cross processes, kill -9 of one."""

import time

from lasvegas.games.checkrec import _replay as check_record

from .lords_helpers import LordsRaw, record_events, simple_answer


def test_a_lords_room_over_two_processes_survives_kill_9_of_one(shared_servers):
    a_srv, b_srv = shared_servers(2)
    me = LordsRaw(a_srv.url)
    me.send(type="create", game="lords", players=3, ai=[None, None, "easy"], name="Ann",
            decision_seconds=600, away_delay=600)
    me.until("welcome")
    friend = LordsRaw(b_srv.url)  # the other human, on the other process
    friend.send(type="join", room=me.room, name="Bob")
    friend.until("welcome")
    answered = {0: 0, 1: 0}
    killed = {}
    players = [me, friend]
    deadline = time.monotonic() + 180
    while me.record is None or friend.record is None:
        assert time.monotonic() < deadline, "the game did not end"
        for i, c in enumerate(players):
            try:
                msg = c.read(0.05)
            except TimeoutError:
                continue
            if msg["type"] == "error":
                assert msg["code"] == "stale", msg
            if msg["type"] != "decide" or msg["seat"] != c.seat:
                continue
            if i == 0 and answered[0] == 3 and not killed:
                t0 = time.monotonic()
                a_srv.kill()  # kill -9 of the process holding my connection (and the room's lease)
                again = LordsRaw(b_srv.url)
                again.send(type="resume", room=me.room, token=me.token, since=len(me.events))
                again.events, again.seat, again.room, again.token = me.events, me.seat, me.room, me.token
                again.until("state")
                killed["resumed"] = time.monotonic() - t0
                players[0] = me = again
                continue
            c.act(simple_answer(msg), msg["turn"])
            answered[i] += 1
    assert killed, "the process was never killed"
    assert killed["resumed"] < 5.0
    rec = me.record
    assert rec == friend.record
    check_record(rec)
    assert me.events == friend.events == record_events(rec)  # nothing lost, nothing applied twice
    assert "Traceback" not in b_srv.log()
