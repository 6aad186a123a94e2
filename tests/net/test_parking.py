"""Parking respects the caps: a parked game still counts among its address's live rooms, waking one
respects --max-rooms, and a full table lets go of (parks) a game nobody plays before it refuses a
player."""

import time

from .helpers import Raw, log_has, play_raw, waits_on_its_player


def _game(server, addr: str) -> tuple[Raw, dict, dict]:
    """A Las Vegas game of one human and one AI that never plays for the away human: (its connection,
    welcome, first state)."""
    c = Raw(server.url, headers={"X-Forwarded-For": addr})
    c.send(type="create", players=2, rounds=1, ai=[None, "easy"], away_delay=None)
    return c, c.until("welcome"), c.until("state")


def _parked(server) -> int:
    return server.log().count(" parked: ")


def test_parked_games_count_against_their_address_live_rooms(server_factory):
    server = server_factory("--trusted-proxy", "127.0.0.1", "--abandoned-after", "1", "--reap-period", "0.2",
                            "--max-live-rooms-per-address", "3", "--max-rooms", "6")
    made = []
    for round_ in range(3):  # create three, leave, wait until they are parked: three times
        for _ in range(3):
            c = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.9"})
            c.send(type="create", players=2, rounds=1, ai=[None, "easy"], away_delay=None)
            m = c.until("welcome" if round_ == 0 else "error")
            c.close()
            if round_ == 0:
                made.append(m)
            else:
                assert m["code"] == "too-many-rooms" and "at once" in m["message"], m
        if round_ == 0:
            for w in made:
                log_has(server, f"room {w['room']} parked")
    assert len(made) == 3
    # another address is not held back by them; the player comes back to a parked game and plays it
    other = Raw(server.url, headers={"X-Forwarded-For": "198.51.100.3"})
    other.send(type="create", players=2)
    assert other.until("welcome")
    back = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.9"})
    back.send(type="resume", room=made[0]["room"], token=made[0]["token"])
    assert back.until("welcome")["room"] == made[0]["room"]
    assert play_raw(back, back.until("state"), 2, 1) > 0
    back.close()
    other.close()
    # its game is over: the address may make one more room
    c = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.9"})
    c.send(type="create", players=2)
    assert c.until("welcome")
    c.close()


def test_a_full_table_parks_a_game_nobody_plays_and_waking_respects_max_rooms(server_factory):
    """--max-rooms 3, games nobody plays parked by the reaper only after 1000 s: a game with no human
    connected and no move for the lobby time (2 s) is parked to seat a new player; waking it on a table
    full of games being played is refused with server-full (it stays parked); once one of those games
    has nobody for the lobby time, it is parked in turn and the first one wakes where it was."""
    server = server_factory("--trusted-proxy", "127.0.0.1", "--max-rooms", "3", "--lobby-timeout", "2",
                            "--abandoned-after", "1000", "--reap-period", "0.2")
    a, wa, _state = _game(server, "203.0.113.1")
    turn = waits_on_its_player(server, wa)
    a.close()
    b, _wb, _ = _game(server, "203.0.113.2")
    c, _wc, _ = _game(server, "203.0.113.3")
    time.sleep(2.5)  # A's game: nobody, no move, for the lobby time
    d, wd, _ = _game(server, "203.0.113.4")  # the table is full: A's game is parked for it
    log_has(server, f"room {wa['room']} parked")
    assert _parked(server) == 1
    # A comes back: the three games are played (their humans are connected): server-full, kept
    back = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.1"})
    back.send(type="resume", room=wa["room"], token=wa["token"])
    refusal = back.until("error", code="server-full")
    assert "is kept" in refusal["message"], refusal
    assert f"room {wa['room']} woken" not in server.log()
    back.close()
    # D leaves; after the lobby time nobody plays D's game: A's wakes in its place
    waits_on_its_player(server, wd)
    d.close()
    time.sleep(2.5)
    back = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.1"})
    back.send(type="resume", room=wa["room"], token=wa["token"])
    assert back.until("welcome")["room"] == wa["room"]
    again = back.until("state")
    assert again["turn"] == turn
    log_has(server, f"room {wd['room']} parked")
    assert f"room {wa['room']} woken" in server.log()
    assert play_raw(back, again, 2, 1) > 0
    for x in (back, b, c):
        x.close()
    assert "Traceback" not in server.log()
