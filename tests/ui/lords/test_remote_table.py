"""The Lords of Vegas table playing one seat of an online room (LordsRemoteMatch): no pass screen."""

import time

import pygame

from lasvegas.net.lords.remote import LordsRemoteMatch
from lasvegas.ui.lords.results import LordsResultsScene
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.scenes.handover import HandoverScene

from ...net.conftest import server, server_factory  # noqa: F401
from .drive import DT, Player, wait_started


def test_the_table_plays_an_online_seat_to_the_results_through_the_screen(app, server, tmp_path):  # noqa: F811
    app.settings.anim_speed = "instant"
    m = LordsRemoteMatch(server.url, {"type": "create", "game": "lords", "players": 2, "ai": [None, "easy"],
                                      "name": "Ann"})
    try:
        wait_started(m)
        app.go("lords-table", match=m)
        app.step(DT)
        table = app.find(LordsTableScene)
        player = Player()
        shot = False
        deadline = time.monotonic() + 150
        while not isinstance(app.top, LordsResultsScene):
            assert time.monotonic() < deadline, f"the game did not end ({player.seen})"
            assert not isinstance(app.top, HandoverScene)  # never a pass screen for a remote seat
            player.step(app, table)
            app.step(DT)
            if not shot and m.game.turn >= 6 and not table.busy:
                pygame.image.save(app.screen.surface, str(tmp_path / "remote-table.png"))
                shot = True
        assert m.game.is_over and m.record() is not None
        assert player.seen.get("end", 0) > 3  # the human's turns went through the screen to the server
        mine = [x["action"] for x in m.record()["moves"] if x["action"]["seat"] == m.seat]
        assert any(a["type"] == "end_turn" for a in mine)
    finally:
        m.close()
