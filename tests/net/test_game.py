"""Whole games over real sockets: the same game as the rules engine plays locally, event for event."""

import json
import time

from lasvegas.core import PLACE, Config, DicePlaced, Game, replay
from lasvegas.match import PlaceDice
from lasvegas.match.face import MatchFace
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch

from .conftest import read_line
from .helpers import play_out


def local_events(config: Config, seed: int, choices: list[int]) -> list:
    g = Game(config, seed)
    events = list(g.opening_events)
    for v in choices:
        events += g.apply(PLACE[v])
    assert g.is_over
    return events


def test_four_bot_clients_play_the_game_the_engine_plays_locally(server, bots, tmp_path):
    """Seat 0 is this test's RemoteMatch; seats 1-3 are `lasvegas bot` processes."""
    rec_dir = tmp_path / "records"
    host = None

    def created(msg):
        nonlocal host
        host = msg["room"]

    link = Link(server.url, {"type": "create", "players": 4, "neutral": True, "name": "Test"}, on_welcome=created)
    deadline = time.monotonic() + 20
    while host is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert host, "no room created"
    for level in ("easy", "medium", "random"):
        bots.start("--server", server.url, "--room", host, "--level", level, "--record-dir", str(rec_dir),
                   "--timeout", "120")
    match = RemoteMatch.connect(server.url, {}, link=link, timeout=60)
    try:
        events = play_out([match], 120, level="medium")
    finally:
        match.close()
    results = bots.finish(120)
    assert all(code == 0 for code, _o, _e in results), results
    record = match.record
    assert record is not None and record["commitment"]["sha256"] == match.extra["commitment"]
    choices = [ev.value for ev in events if isinstance(ev, DicePlaced)]
    config = Config(seats=("red", "blue", "green", "yellow"), neutral=True)
    assert events == local_events(config, record["seed"], choices)
    replay(record)  # the seed matches its commitment and replays every roll
    # the match face of both games (match/face.py), online too
    assert isinstance(match, MatchFace) and match.seats_here == frozenset({0}) and match.to_act is None
    assert match.over and match.outcome() is not None and match.game_record() is record and match.save()
    assert match.query.view(0).over and not match.can(PlaceDice(1)) and not match.hint_offered()
    files = sorted(rec_dir.glob("*.json"))
    assert len(files) == 3
    assert all(json.loads(f.read_text()) == record for f in files)


def test_a_bot_creates_a_room_and_prints_its_code_first(server, bots, tmp_path):
    first = bots.start("--server", server.url, "--new-room", "--players", "2", "--rounds", "1",
                       "--level", "easy")
    code = read_line(first, 60)
    assert len(code) == 6 and code.isupper()
    bots.start("--server", server.url, "--room", code, "--level", "easy", "--record-dir", str(tmp_path))
    results = bots.finish(120)
    assert [r[0] for r in results] == [0, 0], results
    rec = json.loads(next(tmp_path.glob(f"{code}-*.json")).read_text())
    replay(rec)


def test_a_bot_says_why_it_cannot_play(server, bots):
    p = bots.start("--server", server.url, "--room", "ABCDEF", "--timeout", "30")
    code, _out, err = bots.finish(60)[0]
    assert code == 1 and "no room ABCDEF" in err
    p = bots.start("--server", "ws://127.0.0.1:1", "--new-room", "--players", "2", "--timeout", "3")
    code, _out, err = bots.finish(60)[1]
    assert code == 1 and "127.0.0.1:1" in err
    assert p


def test_the_creator_starts_early_with_ai_in_the_open_seats(server):
    from .helpers import Raw

    host = Raw(server.url)
    host.send(type="create", players=3, rounds=1)
    code = host.until("welcome")["room"]
    guest = Raw(server.url)
    guest.send(type="join", room=code, name="Bob")
    assert guest.until("welcome")["seat"] == 1
    guest.send(type="start", fill="easy")
    assert guest.until("error")["code"] == "not-host"
    host.send(type="start", fill="easy")
    lobby = host.until("lobby")
    while not lobby["started"]:
        lobby = host.until("lobby")
    assert [s["kind"] for s in lobby["seats"]] == ["human", "human", "ai"] and lobby["commitment"]
    assert host.until("state")["seat"] == 0 and guest.until("state")["seat"] == 1
    host.close()
    guest.close()


def test_serve_says_why_it_cannot_start(server, tmp_path):
    import subprocess
    import sys

    from .conftest import _env

    taken = subprocess.run([sys.executable, "-m", "lasvegas", "serve", "--port", str(server.port),
                            "--db", str(tmp_path / "other.db")], capture_output=True, text=True,
                           timeout=60, env=_env(tmp_path))
    assert taken.returncode == 1 and "cannot listen" in taken.stderr
    (tmp_path / "plain").write_text("")
    bad = subprocess.run([sys.executable, "-m", "lasvegas", "serve", "--port", "0",
                          "--db", str(tmp_path / "plain" / "x.db")], capture_output=True, text=True,
                         timeout=60, env=_env(tmp_path))
    assert bad.returncode == 1 and "cannot open the database" in bad.stderr and "Traceback" not in bad.stderr
    nobot = subprocess.run([sys.executable, "-m", "lasvegas", "bot", "--server", server.url, "--new-room"],
                           capture_output=True, text=True, timeout=60, env=_env(tmp_path))
    assert nobot.returncode == 2 and "--players" in nobot.stderr


def test_bench_server_reports_its_figures_as_json(tmp_path):
    import subprocess
    import sys

    from .conftest import _env

    out = subprocess.run([sys.executable, "-m", "lasvegas", "bench", "server", "--rooms", "3", "--seconds", "20",
                          "--clients", "2", "--client-level", "easy", "--json"],
                         capture_output=True, text=True, timeout=120, env=_env(tmp_path))
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout)
    assert r["rooms"] == 3 and r["moves_per_s"] > 0 and r["errors"] == 0
    assert r["client_processes"] == 2 and r["level"] == "easy"
    # the moves of both client processes count: 3 rooms for up to 20 s, or until all three have ended
    assert r["moves"] >= 3 * 40 or r["games_finished"] == 3
    assert 0 < r["rtt_ms"]["p50"] <= r["rtt_ms"]["p99"] and r["resume_s"] > 0
    assert set(r) >= {"rooms", "moves_per_s", "rtt_ms", "rss_mb_per_room", "resume_s"}


def test_the_clients_preview_is_the_engines_preview(server):
    """What the table shows before a move (the core's preview) from what the seat may see only."""
    box = {}
    link = Link(server.url, {"type": "create", "players": 3, "neutral": True, "rounds": 1},
                on_welcome=lambda m: box.setdefault("room", m["room"]))
    deadline = time.monotonic() + 20
    while "room" not in box:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    others = [Link(server.url, {"type": "join", "room": box["room"]}) for _ in range(2)]
    matches = [RemoteMatch.connect(server.url, {}, link=lk, timeout=30) for lk in [link, *others]]
    previews = []

    def look(_i, m):
        previews.append((m.turn, {v: m.preview(v) for v in range(1, 7)}))
    try:
        play_out(matches, 90, on_move=look)
    finally:
        for m in matches:
            m.close()
    record = matches[0].record
    g = Game(Config(seats=("red", "blue", "green"), neutral=True, rounds=1), record["seed"])
    choices = [t["value"] for r in record["rounds"] for t in r["turns"]]
    by_turn = dict(previews)
    assert len(by_turn) > 10
    for turn, value in enumerate(choices):
        if turn in by_turn:
            expected = {v: (g.preview(v) if v in g.legal_values() else None) for v in range(1, 7)}
            assert by_turn[turn] == expected, turn
        g.apply(PLACE[value])


def test_the_benchs_lean_clients_play_whole_games_by_the_rules(tmp_path):
    """``--client-level lean``: hand-written protocol clients; the server checks their moves as any
    other's, so games played to their end with no error are games of legal moves."""
    import subprocess
    import sys

    from .conftest import _env

    out = subprocess.run([sys.executable, "-m", "lasvegas", "bench", "server", "--rooms", "4", "--seconds", "30",
                          "--clients", "2", "--client-level", "lean", "--json"],
                         capture_output=True, text=True, timeout=120, env=_env(tmp_path))
    assert out.returncode == 0, out.stderr
    r = json.loads(out.stdout)
    assert r["level"] == "lean" and r["errors"] == 0 and r["error_kinds"] == {}
    assert r["games_finished"] == 4 and r["clients_in_play"] == 16
    assert r["moves"] >= 4 * 40 and 0 < r["rtt_ms"]["p50"] <= r["rtt_ms"]["p99"]
    assert "never retrieved" not in out.stderr and "Traceback" not in out.stderr


def test_lean_clients_are_refused_for_lords_rooms(tmp_path):
    import subprocess
    import sys

    from .conftest import _env

    out = subprocess.run([sys.executable, "-m", "lasvegas", "bench", "server", "--game", "lords", "--rooms", "1",
                          "--client-level", "lean"], capture_output=True, text=True, timeout=60, env=_env(tmp_path))
    assert out.returncode == 2 and "lean clients play Las Vegas rooms" in out.stderr
