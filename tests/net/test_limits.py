"""One client cannot spoil a server for the others: addresses behind a trusted proxy, a room table
that cannot be filled with lobbies, a hello time that ends at a seat, a connection limit."""

import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from lasvegas.net.guard import client_address, normal, parse_trusted

from .helpers import PathProxy, Raw, log_has, play_raw, waits_on_its_player


# ------------------------------------------------------------ the client's address
def test_the_client_address_is_the_last_untrusted_hop_and_only_from_a_trusted_peer():
    proxies = parse_trusted("127.0.0.1, 10.0.0.0/8,::1")
    # from a trusted peer: the header walked from the right, past the trusted hops
    assert client_address("127.0.0.1", ["203.0.113.9"], proxies) == "203.0.113.9"
    assert client_address("127.0.0.1", ["6.6.6.6, 203.0.113.9, 10.1.2.3"], proxies) == "203.0.113.9"
    assert client_address("::ffff:127.0.0.1", ["6.6.6.6", "203.0.113.9"], proxies) == "203.0.113.9"
    assert client_address("::1", ['for=192.0.2.60;proto=http, for="[2001:db8::7]:4711"'], proxies,
                          "forwarded") == "2001:db8::/64"
    assert client_address("127.0.0.1", ["for=198.51.100.17:8080;by=10.0.0.1"], proxies,
                          "forwarded") == "198.51.100.17"
    # only the header the host names is read: the other is passed on by a proxy as the client wrote it
    assert client_address("127.0.0.1", ["for=203.0.113.9"], proxies, "x-forwarded-for") == "127.0.0.1"
    assert client_address("127.0.0.1", ["203.0.113.9"], proxies, "forwarded") == "127.0.0.1"
    with pytest.raises(ValueError):
        client_address("127.0.0.1", ["203.0.113.9"], proxies, "x-real-ip")
    # every hop trusted: the leftmost; garbage ends the walk at the last trusted hop
    assert client_address("127.0.0.1", ["10.0.0.5"], proxies) == "10.0.0.5"
    assert client_address("127.0.0.1", ["203.0.113.9, junk"], proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", ["for=unknown"], proxies, "forwarded") == "127.0.0.1"
    assert client_address("127.0.0.1", [], proxies) == "127.0.0.1"
    # from anyone else the headers are ignored
    assert client_address("192.0.2.1", ["203.0.113.9"], proxies) == "192.0.2.1"
    assert client_address("192.0.2.1", ["for=203.0.113.9"], [], "forwarded") == "192.0.2.1"
    with pytest.raises(ValueError, match="not an address"):
        parse_trusted("10.0.0.1,proxy.example.org")
    with pytest.raises(ValueError):
        parse_trusted(" , ")


def test_an_ipv6_client_is_counted_by_its_64():
    proxies = parse_trusted("127.0.0.1")
    a = client_address("127.0.0.1", ["2001:db8:1:2::1"], proxies)
    b = client_address("127.0.0.1", ["2001:db8:1:2:ffff:ffff:ffff:fffe"], proxies)
    c = client_address("127.0.0.1", ["2001:db8:1:3::1"], proxies)
    assert a == b == "2001:db8:1:2::/64" and c == "2001:db8:1:3::/64"
    assert normal("2001:db8:1:2:abcd::9") == a
    assert normal("::ffff:192.0.2.7") == "192.0.2.7" and normal("192.0.2.7") == "192.0.2.7"


class ForwardProxy:
    """tests/net/forward_proxy.py in its own process: a reverse proxy that passes on every header
    the client sent and appends the client's address to one, as nginx does."""

    def __init__(self, upstream: int, header: str = "x-forwarded-for") -> None:
        import subprocess
        import sys

        from .conftest import ROOT, read_line

        self.proc = subprocess.Popen([sys.executable, str(ROOT / "tests" / "net" / "forward_proxy.py"),
                                      str(upstream), "--header", header], stdout=subprocess.PIPE)
        line = read_line(self.proc, 30)
        assert line.startswith("listening on "), line
        self.url = f"ws://127.0.0.1:{line.split()[-1]}"

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        self.proc.stdout.close()


@pytest.fixture
def forward_proxy():
    made: list[ForwardProxy] = []

    def make(upstream: int, header: str = "x-forwarded-for") -> ForwardProxy:
        made.append(ForwardProxy(upstream, header))
        return made[-1]
    yield make
    for p in made:
        p.close()


@pytest.mark.parametrize("header,other", [("x-forwarded-for", "Forwarded"), ("forwarded", "X-Forwarded-For")])
def test_behind_a_proxy_that_passes_headers_on_a_client_cannot_pick_its_address(server_factory, forward_proxy,
                                                                                 header, other):
    """The proxy appends the client's address to the trusted header and passes on the other as the
    client wrote it: a client that writes its own address, a new one each time, in either header is
    still one address for the connection limit, the wrong-code limit and the live-room cap."""
    import random

    server = server_factory("--trusted-proxy", "127.0.0.1", "--trusted-proxy-header", header,
                            "--max-per-address", "3", "--misses-per-address", str(MISSES),
                            "--max-live-rooms-per-address", "2")
    proxy = forward_proxy(server.port, header)
    rng = random.Random(36)

    def own() -> dict:
        n = rng.randrange(1, 255)
        return {other: f"for=203.0.113.{n}" if other == "Forwarded" else f"203.0.113.{n}",
                header: f"for=198.51.100.{n}" if header == "forwarded" else f"198.51.100.{n}"}

    # the live-room cap: two rooms, the third is refused
    held = []
    for i in range(3):
        c = Raw(proxy.url, headers=own(), source="127.0.0.2")
        c.send(type="create", players=2, name="Mal")
        held.append(c)
    for c in held[:2]:
        c.until("welcome")
    assert "rooms from one" in held[2].until("error", code="too-many-rooms")["message"]
    # the connection limit: the fourth connection at once is closed
    fourth = Raw(proxy.url, headers=own(), source="127.0.0.2")
    assert fourth.until("error", code="too-many-connections")
    for c in held:
        c.close()
    # wrong codes: shut out after MISSES, whatever the headers say
    for _ in range(MISSES):
        c = Raw(proxy.url, headers=own(), source="127.0.0.2")
        c.send(type="join", room="ZZZZZZ")
        c.until("error", code="no-room")
        c.close()
    c = Raw(proxy.url, headers=own(), source="127.0.0.2")
    c.send(type="join", room="ZZZZZZ")
    assert "too many wrong" in c.until("error", code="no-room")["message"]
    c.close()
    # another client behind the same proxy is untouched
    other_client = Raw(proxy.url, source="127.0.0.3")
    other_client.send(type="create", players=2, name="Nora")
    assert other_client.until("welcome")["seat"] == 0
    other_client.close()


def _abuse(url: str, source: str, misses: int) -> None:
    """Wrong room codes from ``source`` until the server shuts the address out."""
    for _ in range(misses):
        c = Raw(url, source=source)
        try:
            c.send(type="join", room="ZZZZZZ")
            c.until("error", code="no-room")
        except (ConnectionClosed, AssertionError):
            pass
        c.close()


MISSES = 5


def _abused(proxy_url: str) -> tuple[dict, Raw]:
    """Behind the proxy, a normal player (127.0.0.3) makes a room with an AI, then another client
    (127.0.0.2) sends wrong codes until it is shut out: (the room's welcome, the normal player back
    with a resume, its answer not read yet)."""
    normal = Raw(proxy_url, source="127.0.0.3")
    normal.send(type="create", players=2, rounds=1, ai=[None, "easy"], name="Nora")
    w = normal.until("welcome")
    normal.close()
    _abuse(proxy_url, "127.0.0.2", MISSES)
    back = Raw(proxy_url, source="127.0.0.3")
    back.send(type="resume", room=w["room"], token=w["token"])
    return w, back


@pytest.mark.parametrize("header", ["x-forwarded-for", "forwarded"])
def test_behind_a_trusted_proxy_an_abusive_client_does_not_shut_out_a_normal_one(server_factory, header):
    server = server_factory("--trusted-proxy", "127.0.0.1", "--trusted-proxy-header", header,
                            "--misses-per-address", str(MISSES))
    proxy = PathProxy([server.port], forward=header)
    try:
        w, back = _abused(proxy.url)
        # the normal player, behind the same proxy, is back and plays the game to its end
        assert back.until("welcome")["seat"] == 0
        assert play_raw(back, back.until("state"), 2, 1) > 0
        back.close()
        shut = Raw(proxy.url, source="127.0.0.2")  # a guess (a code to join) from the abusive client
        shut.send(type="join", room=w["room"])
        assert "too many wrong" in shut.until("error", code="no-room")["message"]
        shut.close()
    finally:
        proxy.close()


def test_without_trusting_the_proxy_one_abusive_client_shuts_out_everyone_behind_it(server_factory):
    """Every guess from behind the proxy is refused for the hour; a token that opens a seat is no guess
    and still resumes."""
    server = server_factory("--misses-per-address", str(MISSES))
    proxy = PathProxy([server.port], forward="x-forwarded-for")
    try:
        w, back = _abused(proxy.url)
        assert back.until("welcome")["seat"] == 0
        back.close()
        guess = Raw(proxy.url, source="127.0.0.3")
        guess.send(type="join", room=w["room"])
        assert "too many wrong" in guess.until("error", code="no-room")["message"]
        guess.close()
    finally:
        proxy.close()


def test_behind_one_address_a_player_keeps_their_games_while_another_guesses(server_factory):
    """One address (a NAT): a client names wrong codes and tokens until the address is refused; a player
    at that address still resumes and plays with their own token, and still reads their game's status;
    a wrong token is refused at once."""
    server = server_factory("--misses-per-address", str(MISSES))
    player = Raw(server.url)
    player.send(type="create", players=2, rounds=1, ai=[None, "easy"], away_delay=600, name="Nora")
    w = player.until("welcome")
    player.close()
    _abuse(server.url, "127.0.0.1", MISSES)
    wrong = Raw(server.url)
    wrong.send(type="resume", room=w["room"], token="x" * 32)
    assert "too many wrong" in wrong.until("error", code="no-room")["message"]
    assert wrong.closed() == 1008
    status = Raw(server.url)
    status.send(type="status", room=w["room"], token=w["token"])
    assert status.until("status")["seat"] == 0
    status.close()
    back = Raw(server.url)
    back.send(type="resume", room=w["room"], token=w["token"])
    assert back.until("welcome")["seat"] == 0
    assert play_raw(back, back.until("state"), 2, 1) > 0
    back.close()


def test_wrong_tokens_for_one_room_are_limited_by_its_code_from_any_address(server_factory):
    """Guesses at one room's tokens from many addresses: past the limit the room refuses wrong tokens
    for the hour (the connection closed), and its player's own token still resumes."""
    server = server_factory("--misses-per-address", str(MISSES), "--trusted-proxy", "127.0.0.1",
                            "--max-token-failures", "100")
    player = Raw(server.url)
    player.send(type="create", players=2, name="Nora")
    w = player.until("welcome")
    player.close()
    for i in range(MISSES):
        c = Raw(server.url, headers={"X-Forwarded-For": f"198.51.100.{i + 1}"})
        c.send(type="resume", room=w["room"], token=f"{i:032d}")
        assert "opens no seat" in c.until("error", code="bad-token")["message"]
        c.close()
    late = Raw(server.url, headers={"X-Forwarded-For": "198.51.100.200"})
    late.send(type="resume", room=w["room"], token="y" * 32)
    assert "too many wrong tokens for room" in late.until("error", code="bad-token")["message"]
    assert late.closed() == 1008
    back = Raw(server.url, headers={"X-Forwarded-For": "198.51.100.201"})
    back.send(type="resume", room=w["room"], token=w["token"])
    assert back.until("welcome")["seat"] == 0
    back.close()


def test_a_forwarded_header_from_an_untrusted_peer_is_ignored(server_factory):
    server = server_factory("--trusted-proxy", "127.0.0.9", "--max-per-address", "2")
    held = [Raw(server.url, headers={"X-Forwarded-For": f"198.51.100.{i}", "Forwarded": f"for=198.51.100.{i}"})
            for i in (1, 2)]
    third = Raw(server.url, headers={"X-Forwarded-For": "198.51.100.3"})
    assert "at most 2 connections" in third.until("error", code="too-many-connections")["message"]
    assert third.closed() == 1008
    for c in held:
        c.close()


def test_a_forwarded_header_from_a_trusted_peer_names_the_client(server_factory):
    server = server_factory("--trusted-proxy", "127.0.0.0/8", "--max-per-address", "2")
    held = [Raw(server.url, headers={"X-Forwarded-For": f"198.51.100.{i}"}) for i in (1, 2, 3)]
    held[2].send(type="create", players=2)
    held[2].until("welcome")
    for c in held:
        c.close()


# ------------------------------------------------------------ the room table
def test_lobbies_from_many_addresses_do_not_fill_the_server(server_factory):
    """30 lobbies (the server's limit) from 15 addresses, each at its limit of live rooms: a new
    player still creates a room and plays, the oldest empty lobby makes room."""
    server = server_factory("--trusted-proxy", "127.0.0.1", "--max-rooms", "30",
                            "--max-live-rooms-per-address", "2")
    first = []
    for i in range(30):
        c = Raw(server.url, headers={"X-Forwarded-For": f"203.0.113.{i // 2}"})
        c.send(type="create", players=3)
        first.append(c.until("welcome")["room"])
        c.close()
    # an address at its live rooms is refused, whatever its hourly quota
    c = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.0"})
    c.send(type="create", players=3)
    assert "at once" in c.until("error", code="too-many-rooms")["message"]
    c.close()
    # a new player: a room, a game to its end
    player = Raw(server.url, headers={"X-Forwarded-For": "192.0.2.77"})
    player.send(type="create", players=2, rounds=1, ai=[None, "easy"])
    assert player.until("welcome")["seat"] == 0
    assert play_raw(player, player.until("state"), 2, 1) > 0
    player.close()
    # the oldest lobby was let go of; a later one is still there
    probe = Raw(server.url, headers={"X-Forwarded-For": "192.0.2.78"})
    probe.send(type="join", room=first[0])
    assert probe.until("error", code="no-room")
    probe.send(type="join", room=first[-1])
    assert probe.until("welcome")
    probe.close()


def test_server_full_only_when_games_in_play_fill_it(server_factory):
    server = server_factory("--trusted-proxy", "127.0.0.1", "--max-rooms", "3")
    seated = []
    for i in range(3):
        c = Raw(server.url, headers={"X-Forwarded-For": f"203.0.113.{i}"})
        c.send(type="create", players=2, ai=[None, "easy"])
        c.until("welcome")
        seated.append(c)
    late = Raw(server.url, headers={"X-Forwarded-For": "192.0.2.1"})
    late.send(type="create", players=2)
    assert "game in play" in late.until("error", code="server-full")["message"]
    late.close()
    for c in seated:
        c.close()


def test_a_refused_create_uses_no_quota_and_correspondence_rooms_count(server_factory):
    server = server_factory("--max-rooms-per-address", "2", "--max-live-rooms-per-address", "2")
    c = Raw(server.url)
    for _ in range(5):  # refused: each costs nothing
        c.send(type="create", players=2, ai=[None, "grandmaster"])
        c.until("error", code="field")
    c.send(type="create", players=2, correspondence=True)
    c.until("welcome")
    c.close()
    d = Raw(server.url)
    d.send(type="create", players=2)
    d.until("welcome")
    d.close()
    e = Raw(server.url)
    e.send(type="create", players=2)
    assert e.until("error", code="too-many-rooms")
    e.close()


def test_a_lobby_that_does_not_start_expires(server_factory):
    server = server_factory("--lobby-timeout", "1", "--reap-period", "0.2")
    host = Raw(server.url)
    host.send(type="create", players=3)
    code = host.until("welcome")["room"]
    assert "did not start" in host.until("error", code="no-room", timeout=15)["message"]
    assert host.closed() == 1000
    other = Raw(server.url)
    other.send(type="join", room=code)
    assert other.until("error", code="no-room")
    other.close()


# ------------------------------------------------------------ connections
@pytest.mark.parametrize("before", ["status", "junk", "nothing"])
def test_the_hello_time_ends_only_at_a_seat(server_factory, before):
    server = server_factory("--hello-timeout", "1")
    c = Raw(server.url)
    t0 = time.monotonic()
    if before == "status":
        c.send(type="status", room="ZZZZZZ", token="x" * 32)
        c.until("error", code="no-room")
    elif before == "junk":
        c.text("{not json")
        c.until("error", code="json")
    assert "take a seat" in c.until("error", code="timeout", timeout=10)["message"]
    assert c.closed() == 1008
    assert time.monotonic() - t0 < 8


def test_a_seated_connection_outlives_the_hello_time(server_factory):
    server = server_factory("--hello-timeout", "0.5")
    c = Raw(server.url)
    c.send(type="create", players=3)
    c.until("welcome")
    c.until("lobby")
    with pytest.raises((AssertionError, TimeoutError)):  # a second and a half of quiet: still open
        c.until("error", timeout=1.5)
    assert not [m for m in c.seen if m["type"] == "error"]
    c.send(type="leave")
    assert c.closed() == 1000


def test_the_server_wide_connection_limit(server_factory):
    server = server_factory("--max-connections", "3")
    held = [Raw(server.url) for _ in range(3)]
    for c in held:
        c.send(type="create", players=3)
        c.until("welcome")
    extra = Raw(server.url)
    assert "try again" in extra.until("error", code="too-many-connections")["message"]
    assert extra.closed() == 1013
    held.pop().close()
    deadline = time.monotonic() + 10
    while True:  # the closed one's place is free once the server has seen it go
        c = Raw(server.url)
        c.send(type="create", players=3)
        try:
            msg = c.until("welcome", timeout=5)
            break
        except (AssertionError, ConnectionClosed, InvalidStatus):
            c.close()
            assert time.monotonic() < deadline, "the freed connection was not counted out"
    assert msg["seat"] == 0
    c.close()
    for h in held:
        h.close()


def test_every_limit_is_an_option_of_serve_with_its_default_in_help():
    import dataclasses
    import subprocess
    import sys

    from lasvegas.net.server import Limits

    from .conftest import ROOT

    option = {
        "max_rooms": "--max-rooms", "per_address": "--max-per-address", "hello_timeout": "--hello-timeout",
        "idle_timeout": "--idle-timeout", "reap_period": "--reap-period", "day": "--day-length",
        "rate": "--rate", "burst": "--rate", "max_errors": "--max-errors",
        "max_token_failures": "--max-token-failures", "ai_workers": "--ai-workers",
        "ai_deadline": "--ai-deadline", "send_buffer": "--send-buffer",
        "ping_interval": "--ping-interval",
        "rooms_per_address": "--max-rooms-per-address", "misses_per_address": "--misses-per-address",
        "live_rooms_per_address": "--max-live-rooms-per-address", "lobby_timeout": "--lobby-timeout",
        "max_connections": "--max-connections", "trusted_proxies": "--trusted-proxy",
        "trusted_header": "--trusted-proxy-header", "abandoned_after": "--abandoned-after",
        "commit_delay": "--commit-delay",
    }
    assert {f.name for f in dataclasses.fields(Limits)} == set(option), "a limit without its option"
    out = subprocess.run([sys.executable, "-m", "lasvegas", "serve", "--help"], capture_output=True,
                         text=True, timeout=60, cwd=ROOT, env={"COLUMNS": "200", "PATH": ""}).stdout
    blocks = {}
    for line in out.splitlines():
        if line.startswith("  -"):
            name = line.split()[0].rstrip(",")
            blocks[name] = line
        elif blocks and line.startswith("     "):
            blocks[name] += " " + line.strip()
    for name in set(option.values()):
        assert "default" in blocks[name], (name, blocks.get(name))


def test_the_connection_limit_is_sized_from_the_open_file_limit():
    import resource
    import subprocess
    import sys

    from .conftest import ROOT

    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 300:
        pytest.skip("the open-file limit is below 300 here")

    def limited() -> None:  # in the child: an open-file limit of 300
        resource.setrlimit(resource.RLIMIT_NOFILE, (300, hard))
    out = subprocess.run([sys.executable, "-m", "lasvegas", "serve", "--help"], capture_output=True, text=True,
                         timeout=60, cwd=ROOT, env={"COLUMNS": "400", "PATH": ""}, preexec_fn=limited).stdout
    assert "ulimit -n, here 206)" in " ".join(out.split()), out  # 300 less a tenth and 64


def test_a_per_address_limit_not_below_the_connection_limit_is_named_at_start(server_factory):
    server = server_factory("--max-per-address", "20", "--max-connections", "20")
    assert "--max-per-address 20 is not below --max-connections 20" in server.log()
    quiet = server_factory("--max-per-address", "4", "--max-connections", "20")  # (the same log file)
    assert quiet.log().count("is not below --max-connections") == 1


def test_an_address_never_lets_go_of_a_connected_lobby_of_an_address_holding_fewer_rooms(server_factory):
    server = server_factory("--trusted-proxy", "127.0.0.1", "--max-rooms", "3")
    player = Raw(server.url, headers={"X-Forwarded-For": "192.0.2.77"})
    player.send(type="create", players=3, name="Nora")
    mine = player.until("welcome")["room"]
    attacker = []
    for _ in range(3):  # the third fills the table: one of the attacker's own lobbies makes room
        c = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.1"})
        c.send(type="create", players=3)
        c.until("welcome")
        attacker.append(c)
    assert attacker[0].until("error", code="no-room")
    fresh = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.2"})  # an address holding no room
    fresh.send(type="create", players=3)
    fresh.until("welcome")
    assert attacker[1].until("error", code="no-room")  # the address holding the most lets go first
    # the player's lobby is still there: a friend joins it
    friend = Raw(server.url, headers={"X-Forwarded-For": "192.0.2.78"})
    friend.send(type="join", room=mine, name="Otto")
    assert friend.until("welcome")["seat"] == 1
    for c in [player, friend, fresh] + attacker:
        c.close()


def test_games_nobody_plays_are_parked_and_wake_when_their_player_returns(server_factory):
    """Games of one human and one AI that never moves for an away player, abandoned at the start: they
    fill the table only until they are parked (--abandoned-after); then anyone creates a room, and a
    parked game's player resumes it where it was and plays it to its end."""
    server = server_factory("--trusted-proxy", "127.0.0.1", "--max-rooms", "3", "--abandoned-after", "1",
                            "--reap-period", "0.3")
    games = []
    for i in range(3):
        c = Raw(server.url, headers={"X-Forwarded-For": f"203.0.113.{i}"})
        c.send(type="create", players=2, rounds=1, ai=[None, "easy"], away_delay=None)
        games.append((c.until("welcome"), c.until("state")))
        c.close()
    # an AI seat that starts moves before the game waits on its player: where the game stands then
    settled = [waits_on_its_player(server, w) for w, _state in games]
    late = Raw(server.url, headers={"X-Forwarded-For": "192.0.2.1"})
    late.send(type="create", players=2)
    assert late.until("error", code="server-full")
    late.close()
    for w, _state in games:
        log_has(server, f"room {w['room']} parked")
    late = Raw(server.url, headers={"X-Forwarded-For": "192.0.2.1"})
    late.send(type="create", players=2)
    assert late.until("welcome")["seat"] == 0
    w, state = games[0]
    back = Raw(server.url, headers={"X-Forwarded-For": "203.0.113.0"})
    back.send(type="resume", room=w["room"], token=w["token"])
    assert back.until("welcome")["seat"] == 0
    again = back.until("state")
    assert again["turn"] == settled[0] and again["view"]["current"] == 0
    if settled[0] == state["turn"]:
        assert again["view"] == state["view"]
    assert f"room {w['room']} woken" in server.log()
    assert play_raw(back, again, 2, 1) > 0
    back.close()
    late.close()
