"""AI seats on a busy server: every room's AI moves are made in turn, within their deadline."""

import sys
import threading
import time
from pathlib import Path

import pytest

from .helpers import Raw, play_raw


def _rooms_with_ai(url: str, rooms: int, players: int, level: str, seconds: float) -> list[list]:
    """``rooms`` rooms of one human seat (Medium, played here at once) and ``players - 1`` AI seats of
    ``level``, played at the same time; each room's progress [(time, moves)]; every game must end."""
    seats = []
    for _ in range(rooms):  # lobbies with one seat open: each game starts once its player is here
        c = Raw(url)
        c.send(type="create", players=players, rounds=1, ai=[None] + [level] * (players - 2))
        c.until("welcome")
        seats.append(c)
    progress: list[list] = [[] for _ in seats]
    failures: list[BaseException] = []

    def play(i: int) -> None:
        try:
            c = seats[i]
            c.send(type="start", fill=level)
            play_raw(c, c.until("state"), players, 1, seconds, progress[i])
            progress[i].append((time.monotonic(), -1))
        except BaseException as e:  # reported by the test
            failures.append(e)
    threads = [threading.Thread(target=play, args=(i,), daemon=True) for i in range(rooms)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 10)
    for c in seats:
        c.close()
    assert not failures, failures[:3]
    assert all(p and p[-1][1] == -1 for p in progress), "a game did not end"
    return progress


def test_rooms_with_ai_seats_all_progress_together(server_factory):
    """Five rooms of two Expert seats on one worker (a deadline long enough never to play weaker):
    when the first game ends, every other room has made at least half of its moves too (rooms are
    served in turn, not first come first served)."""
    server = server_factory("--ai-workers", "1", "--ai-deadline", "600", "--max-live-rooms-per-address", "20")
    progress = _rooms_with_ai(server.url, 5, 3, "expert", 300)
    first_end = min(p[-1][0] for p in progress)
    totals = [max(m for _t, m in p) for p in progress]
    at_first_end = [max([m for t, m in p if t <= first_end and m >= 0] or [0]) for p in progress]
    for made, total in zip(at_first_end, totals):
        assert made >= total // 2, (at_first_end, totals)


def test_under_load_a_weaker_level_keeps_each_ai_move_within_its_deadline(server_factory):
    """With a short deadline and one worker for many Expert seats, moves are made by a weaker level
    rather than waiting; every game ends."""
    server = server_factory("--ai-workers", "1", "--ai-deadline", "0.3", "--max-live-rooms-per-address", "20")
    _rooms_with_ai(server.url, 6, 4, "expert", 240)
    log = server.log()
    assert "busy server" in log and "played for expert" in log, log[-2000:]


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            out.add(int(stat.parent.name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_ai_workers_of_a_server_killed_with_9_end_with_it(server_factory):
    """A server killed with -9 never shuts its pool down: each worker sees its server gone and ends
    (a server started again never finds the last one's workers still holding memory)."""
    server = server_factory("--ai-workers", "1", "--ai-deadline", "600")
    _rooms_with_ai(server.url, 1, 2, "expert", 120)  # the pool is used: its worker is started
    workers = _children(server.proc.pid)
    assert workers, "no worker process was started"
    server.kill()
    deadline = time.monotonic() + 20
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(_alive(w) for w in workers), [w for w in workers if _alive(w)]
