"""The delay before the server's AI plays an away player's turn: chosen by the host (15 s, 30 s, 60 s or
never), sent in `create`, checked by the server and reported in the room's `lobby`."""

from lasvegas.ui.online import lobby as online
from tests.ui.conftest import app, click, home, steps  # noqa: F401 (fixtures)

from .helpers import Raw, no_move_for
from .test_online_ui import host_game, loopback, open_online  # noqa: F401 (fixtures)


def test_the_host_chooses_the_away_delay_and_the_room_reports_it(app, loopback):
    scene = open_online(app)
    assert scene.away.value == 30  # the default
    click(scene.away.left.center)  # 30 s -> 15 s
    steps(app)
    assert scene.away.value == 15
    lobby = host_game(app, scene)
    assert lobby.lobby.info["options"]["away_delay"] == 15
    seen = Raw(online.hosted().url)  # another player joining reads the same option
    seen.send(type="join", room=lobby.lobby.room, name="Bob")
    assert seen.until("lobby")["options"]["away_delay"] == 15
    seen.close()


def test_never_is_one_of_the_hosts_choices(app, loopback):
    scene = open_online(app)
    for _ in range(2):
        click(scene.away.right.center)  # 30 s -> 60 s -> never
        steps(app)
    assert scene.away.value is None


def test_the_server_checks_the_away_delay_and_reports_it(server):
    for bad in (601, -1, "never", True, [15]):
        raw = Raw(server.url)
        raw.send(type="create", players=2, away_delay=bad)
        e = raw.until("error", code="field")
        assert e["about"] == "create" and "create.away_delay" in e["message"]
        raw.close()
    for delay in (15, 60, None):
        raw = Raw(server.url)
        raw.send(type="create", players=2, away_delay=delay)
        assert raw.until("lobby")["options"]["away_delay"] == delay
        raw.close()
    raw = Raw(server.url)
    raw.send(type="create", players=2)
    assert raw.until("lobby")["options"]["away_delay"] == 30  # the default
    raw.close()


def away_mover(url, delay):
    """A started 2-seat room with ``delay`` whose player to move has gone: the other player's connection."""
    ann = Raw(url)
    ann.send(type="create", players=2, rounds=1, away_delay=delay, name="Ann")
    code = ann.until("welcome")["room"]
    bob = Raw(url)
    bob.send(type="join", room=code, name="Bob")
    bob.until("welcome")
    state = bob.until("state")
    mover, other = (ann, bob) if state["view"]["current"] == 0 else (bob, ann)
    mover.close()  # the player to move goes away
    return other


def test_with_never_the_room_waits_for_an_away_player(server):
    other = away_mover(server.url, 0)  # a room without delay: the AI plays the away seat at once
    assert other.until("events", timeout=10)["events"]
    other.close()
    other = away_mover(server.url, None)
    no_move_for(other, 1.5)
    other.close()
    assert "Traceback" not in server.log()
