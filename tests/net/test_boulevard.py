"""Online rooms with the Las Vegas Boulevard options (docs/rules.md §10): 8 seats, the minimum by
seats, the $100,000 bills and the Biggies, over real sockets and a real server process."""

import json

from lasvegas.core import COLOURS, PLACE, Config, DicePlaced, Game, replay
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch

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


# ---------------------------------------------------------------- the desktop game's screens
import pygame  # noqa: E402
import pytest  # noqa: E402

from lasvegas.ui.online import lobby as online
from lasvegas.ui.kit.canvas import Canvas
from lasvegas.ui.kit.fields import TextField
from tests.ui.conftest import app, button, click, home, key, steps  # noqa: E402,F401 (fixtures)

from .test_online_ui import host_game, loopback, open_online, type_in  # noqa: E402,F401


def test_the_host_offers_eight_seats_and_the_boulevard_options(app, loopback):
    scene = open_online(app)
    for _ in range(2):
        click(scene.form.players.right.center)  # 4 seats -> 6
        steps(app)
    assert scene.form.players.value == 6 and scene.form.neutral.enabled  # neutral dice up to 6 seats
    assert scene.form.minimum.value == "by-seats"  # the default from 6 seats
    click(scene.form.players.right.center)
    steps(app)
    assert scene.form.players.value == 7 and not scene.form.neutral.enabled
    click(scene.form.players.right.center)
    click(scene.form.hundreds.rect.center)
    click(scene.form.biggies.rect.center)
    steps(app)
    assert (scene.form.players.value, scene.form.hundreds.value, scene.form.biggies.value) == (8, True, True)
    lobby = host_game(app, scene)
    info = lobby.lobby.info
    assert len(info["seats"]) == 8
    opts = info["options"]
    assert (opts["players"], opts["minimum"], opts["hundreds"], opts["biggies"]) == (8, "by-seats", True, True)
    assert lobby.table_options(opts) == "Casino minimum: by seats: $90,000 · $100,000 bills · Biggies"


@pytest.mark.parametrize("players, minimum, sent", [(4, "by-seats", "by-seats"), (6, "classic", "classic"),
                                                    (6, "by-seats", None), (3, "classic", None)])
def test_the_host_sends_a_minimum_only_when_it_is_not_the_default(app, monkeypatch, players, minimum, sent):
    scene = open_online(app)
    scene.form.players.set_value(players)
    scene.form._players(players)
    scene.form.minimum.set_value(minimum)
    asked = {}
    monkeypatch.setattr(online, "host", lambda name, game="lasvegas": type("Hosted", (), {"url": "ws://127.0.0.1:1"})())
    monkeypatch.setattr(online, "Lobby", lambda url, request: asked.update(request) or _NoLobby())
    monkeypatch.setattr(app, "swap", lambda *a, **k: None)
    scene.host()
    assert asked.get("minimum") == sent and "hundreds" not in asked and "biggies" not in asked


class _NoLobby:
    pass


def test_two_long_wss_addresses_are_typed_in_full_and_stay_inside_their_box(app):
    scene = open_online(app)
    addresses = ",".join(f"wss://play-{n}.lasvegas-dice.example.org:443/{'rooms/' * 12}" for n in (1, 2))
    assert len(addresses) >= 200
    type_in(app, scene.address, addresses)
    assert scene.address.value == addresses
    assert online.address(scene.address.value).split(",")[1].startswith("wss://play-2.")
    field = scene.address
    for focused in (False, True):
        drawn = []
        for value in (addresses, ""):
            canvas = Canvas.new((field.rect.right + 200, field.rect.bottom + 20), 1.0, alpha=False)
            field.value, field.focused = value, focused
            field.draw(canvas)
            drawn.append(pygame.image.tobytes(canvas.surface, "RGB"))
        outside = Canvas.new((field.rect.right + 200, field.rect.bottom + 20), 1.0, alpha=False)
        w = outside.get_width()
        rows = [(y, x) for y in range(outside.get_height()) for x in (field.rect.right + 1, w - 1)]
        for y, x in rows:  # right of the box: the same with or without the long text
            i = 3 * (y * w + x)
            assert drawn[0][i:i + 3] == drawn[1][i:i + 3], (focused, x, y)
    field.focused = False


def test_an_eight_seat_online_game_with_biggies_plays_to_the_results_on_the_table(app, loopback):
    """The table on a remote match: Biggies and $100,000 bills from what the seat sees, to the end."""
    from lasvegas.core import replay as replay_record

    from .test_online_ui import play_to_results, until
    from lasvegas.ui.lasvegas.scenes.table import TableScene

    app.settings.anim_speed = "instant"
    scene = open_online(app)
    scene.form.players.set_value(8)
    scene.form._players(8)
    scene.form.hundreds.set_value(True)
    scene.form.biggies.set_value(True)
    scene.form.fill.set_value("easy")
    lobby = host_game(app, scene)
    click(lobby.start_btn.rect.center)
    until(app, lambda: isinstance(app.top, TableScene), 30, "the table")
    match = app.top.match
    assert match.config.biggies and match.config.hundreds and len(match.config.seats) == 8
    assert match.view(0).big_in_hand == match.config.seats  # each seat holds its Biggie
    results = play_to_results(app, 240)
    assert results.outcome.extra.get("verified")
    assert replay_record(match.record).config.biggies
