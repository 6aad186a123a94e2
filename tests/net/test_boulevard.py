"""Online rooms with the Las Vegas Boulevard options (docs/rules.md §10): 8 seats, the minimum by
seats, the $100,000 bills and the Biggies, over real sockets and a real server process."""

import json

from lasvegas.core import COLOURS, PLACE, Config, DicePlaced, Game, replay
from lasvegas.net.client import Link, RemoteMatch

from .conftest import read_line
from .helpers import Raw, play_out


def test_an_eight_seat_room_with_every_option_plays_to_the_end(server, bots, tmp_path):
    """Seat 0 is a `lasvegas bot` that creates the room; the 7 other seats are this test's clients,
    whose previews (built from what each seat may see, Biggies included) must be the engine's."""
    creator = bots.start("--server", server.url, "--new-room", "--players", "8", "--minimum", "by-seats",
                         "--hundreds", "--biggies", "--level", "easy",
                         "--record-dir", str(tmp_path), "--timeout", "150")
    code = read_line(creator, 60)
    links = [Link(server.url, {"type": "join", "room": code}) for _ in range(7)]
    matches = [RemoteMatch.connect(server.url, {}, link=lk, timeout=60) for lk in links]
    assert sorted(m.seat for m in matches) == list(range(1, 8))
    opts = matches[0].lobby["options"]
    assert (opts["players"], opts["minimum"], opts["hundreds"], opts["biggies"]) == (8, "by-seats", True, True)
    previews = []

    def look(_i, m):
        previews.append((m.turn, {v: m.preview(v) for v in range(1, 7)}))
    try:
        events = play_out(matches, 150, on_move=look)
    finally:
        for m in matches:
            m.close()
    assert [r[0] for r in bots.finish(120)] == [0]
    record = matches[0].record
    assert json.loads(next(tmp_path.glob(f"{code}-*.json")).read_text()) == record
    assert record["config"]["seats"] == list(COLOURS)
    assert record["config"]["hundreds"] is True and record["config"]["biggies"] is True
    replay(record)  # the seed matches its commitment and replays every roll, Biggies included
    config = Config.multi(8, hundreds=True, biggies=True)
    assert config.minimum_amount == 90_000
    choices = [ev.value for ev in events if isinstance(ev, DicePlaced)]
    g = Game(config, record["seed"])
    local = list(g.opening_events)
    by_turn = dict(previews)
    assert len(by_turn) > 20
    for turn, value in enumerate(choices):
        if turn in by_turn:
            assert by_turn[turn] == {v: (g.preview(v) if v in g.legal_values() else None) for v in range(1, 7)}
        local += g.apply(PLACE[value])
    assert events == local
    assert any(ev.big for ev in events if isinstance(ev, DicePlaced))  # Biggies travelled on the wire
    assert 100_000 in [b for ev in events if type(ev).__name__ == "BillsDealt" for c in ev.casinos for b in c]


def test_a_room_the_rules_do_not_allow_gets_a_clear_error(server, bots):
    raw = Raw(server.url)
    raw.send(type="create", players=7, neutral=True)
    err = raw.until("error")
    assert err["code"] == "field" and err["about"] == "create"
    assert "neutral" in err["message"] and "7" in err["message"]
    raw.send(type="create", players=9)
    assert "between 2 and 8" in raw.until("error")["message"]
    raw.send(type="create", players=3, minimum="high")
    assert "create.minimum" in raw.until("error")["message"]
    raw.close()
    bots.start("--server", server.url, "--new-room", "--players", "8", "--neutral", "--timeout", "30")
    code, _out, err = bots.finish(60)[0]
    assert code == 1 and "neutral" in err and "Traceback" not in err
