"""A RemoteMatch drives the real table (headless) to the results, with key presses, against a real server."""

import time

import pygame

from lasvegas.core import DicePlaced
from lasvegas.net.client import Link
from lasvegas.net.lasvegas.remote import RemoteMatch
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from tests.ui.conftest import app, home, key, steps  # noqa: F401 (fixtures)


def test_the_table_plays_an_online_game_against_a_server_ai_to_the_results(app, server):
    app.settings.anim_speed = "instant"
    link = Link(server.url, {"type": "create", "players": 2, "rounds": 2, "ai": [None, "easy"], "name": "Ann"})
    match = RemoteMatch.connect(server.url, {}, link=link, timeout=30)
    assert [s.kind for s in match.seats] == ["human", "ai"] and match.seats[0].name == "Ann"
    table = TableScene(app, match)
    app.reset(table)
    placed = []
    original = table.presenter.present

    def watch(ev):
        if isinstance(ev, DicePlaced):
            placed.append((ev.seat, ev.value))
        original(ev)
    table.presenter.present = watch
    deadline = time.monotonic() + 120
    for _ in range(100_000):
        assert time.monotonic() < deadline, "the game did not reach the results within 120 s"
        top = app.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, SummaryScene):
            top.button.click()
        elif top is table and table.await_roll:
            key(pygame.K_r)
        elif top is table and table.human_turn:
            value = [v for v, _r in table.groups][0]
            digit = getattr(pygame, f"K_{value}")
            key(digit)
            key(digit)  # a digit selects the group, the same digit again places it
        steps(app)
        if top is table and not table.human_turn:
            time.sleep(0.001)  # the server's AI thinks in its own process
    assert isinstance(app.top, ResultsScene)
    out = app.top.outcome
    assert out is not None and out.extra.get("verified")
    rec = match.record
    assert out.money == rec["final"]["money"] and list(out.winners) == rec["final"]["winners"]
    recorded = [(t["seat"], t["value"]) for r in rec["rounds"] for t in r["turns"]]
    assert placed == recorded
    assert {s for s, _v in placed} == {0, 1}  # both the player and the server's AI moved
