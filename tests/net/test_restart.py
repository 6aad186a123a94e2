"""Faults: a server killed mid-round and started again; a player who drops and comes back."""

import time

from lasvegas.ai import make_ai
from lasvegas.core import PLACE, Config, DicePlaced, Game, replay
from lasvegas.match.base import PlaceDice
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch

from .helpers import Raw, play_out


def wait_for(cond, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < deadline, f"{what}: not within {seconds} s"
        time.sleep(0.02)


def created_room(url: str, **options):
    box = {}
    link = Link(url, {"type": "create", **options}, on_welcome=lambda m: box.setdefault("room", m["room"]))
    wait_for(lambda: "room" in box, 20, "the room is created")
    return box["room"], link


def test_a_server_killed_mid_round_resumes_every_room_and_no_move_is_lost(server, bots, tmp_path):
    code, link = created_room(server.url, players=4)
    waiting = Raw(server.url)  # a second room, still waiting for its players when the server dies
    waiting.send(type="create", players=2, name="Early")
    lobby_code = waiting.until("welcome")["room"]
    waiting.close()
    for _ in range(3):
        bots.start("--server", server.url, "--room", code, "--level", "easy", "--record-dir",
                   str(tmp_path / "records"), "--timeout", "120")
    match = RemoteMatch.connect(server.url, {}, link=link, timeout=60)
    seen_before_kill = []

    def kill_on_third_turn(_i, m):
        if m.turn >= 6 and not seen_before_kill and m.table.round == 0:
            seen_before_kill.append(m.turn)
            server.kill()  # kill -9: no chance to save anything more
            server.start()  # the same port and database
    try:
        events = play_out([match], 90, level="easy", on_move=kill_on_third_turn)
    finally:
        match.close()
    assert seen_before_kill, "the server was never killed"
    assert match.link.generation >= 2  # the client reconnected by itself
    results = bots.finish(120)
    assert all(r[0] == 0 for r in results), results
    record = match.record
    replay(record)
    choices = [ev.value for ev in events if isinstance(ev, DicePlaced)]
    g = Game(Config(seats=("red", "blue", "green", "yellow")), record["seed"])
    local = list(g.opening_events)
    for v in choices:
        local += g.apply(PLACE[v])
    assert events == local  # every event once, in order, across the restart
    late = Raw(server.url)  # the room that was waiting is still there after the restart
    late.send(type="join", room=lobby_code)
    assert late.until("welcome")["seat"] == 1
    assert late.until("state")["view"]["round"] == 0
    late.close()
    assert "Traceback" not in server.log()


def test_a_player_who_drops_is_played_by_the_ai_after_the_delay_and_gets_the_seat_back(server):
    code, link = created_room(server.url, players=2, rounds=1, away_delay=0.3)
    bob_link = Link(server.url, {"type": "join", "room": code, "name": "Bob"})
    ann = RemoteMatch.connect(server.url, {}, link=link, timeout=30)
    bob = RemoteMatch.connect(server.url, {}, link=bob_link, timeout=30)
    token = ann.link.token
    ann.close()  # Ann's game crashes
    # Bob plays on; Ann's turns are played by the server's AI after 0.3 s
    deadline = time.monotonic() + 60
    seat0_moves = 0
    ai = make_ai("easy", 1)
    while seat0_moves < 2:
        assert time.monotonic() < deadline, "the AI never played the away seat"
        bob.update()
        seat0_moves += sum(1 for ev in bob.poll() if isinstance(ev, DicePlaced) and ev.seat == 0)
        if bob.to_act == bob.seat and not bob.waiting_for_answer:
            bob.send(PlaceDice(ai.choose(bob.public_game(bob.turn)).value))
        bob.wait(0.02)
    # Ann comes back with her token and plays her own turns again
    ann = RemoteMatch.connect(server.url, {"type": "resume", "room": code, "token": token}, timeout=30)
    assert ann.seat == 0
    played_by_ann = []
    try:
        play_out([ann, bob], 60, on_move=lambda i, m: played_by_ann.append(m.turn) if i == 0 else None)
    finally:
        ann.close()
        bob.close()
    assert ann.record == bob.record
    replay(ann.record)
    assert played_by_ann, "Ann never had a turn of her own after coming back"
