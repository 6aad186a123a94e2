"""The records the game saves replay cleanly through check-record."""

import random

from lasvegas.games.checkrec import check_file
from lasvegas.ui.files import save
from lasvegas.ui.kit.session import SeatInfo, Session


def _finish(game):
    r = random.Random(1)
    while not game.is_over:
        game.apply(r.choice(game.legal_actions()))
    return game


def test_multiplayer_record_with_names_checks_out(tmp_path, monkeypatch):
    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bot", "blue", "ai", "medium")], neutral=True)
    path = save.save_record(_finish(session.new_game(7)), session)
    assert check_file(str(path)) == (1, [])


def test_solo_record_with_hints_checks_out(tmp_path, monkeypatch):
    monkeypatch.setenv("LASVEGAS_HOME", str(tmp_path))
    session = Session([SeatInfo("You", "green")], edition="2018", solo_level="hard", rounds=1)
    session.extra["hints"] = 3
    path = save.save_record(_finish(session.new_game(9)), session)
    assert check_file(str(path)) == (1, [])
