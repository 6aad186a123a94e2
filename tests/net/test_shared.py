"""Several server processes on one Redis (a real redis-server): one set of rooms."""

from lasvegas.core import PLACE, Config, DicePlaced, Game, replay
from lasvegas.net.client import Link, RemoteMatch

from .helpers import play_out
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
