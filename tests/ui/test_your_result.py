"""Records: who played each seat is kept, the list shows the player's own result, and a
replay's panels say who played (nothing, for an older record that does not say)."""

import json

import pytest

from lasvegas.kernel.errors import RecordError
from lasvegas.core import check_record
from lasvegas.match.lasvegas.replay import ReplayMatch, open_record
from lasvegas.ui.files import save
from lasvegas.ui.kit import paths
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas import demo
from lasvegas.ui.files.records_list import list_records


def finished(session, seed):
    game = session.new_game(seed)
    demo.play_to_end(game, seed)
    return game


def test_the_list_shows_the_humans_result_and_the_replay_who_played(home):
    results = {}
    for seed in range(1, 9):
        session = demo.demo_session(3, 1)
        game = finished(session, seed)
        path = save.save_record(game, session)
        place = dict((c, p) for p, c in game.ranking())[session.seats[0].colour]
        shared = [p for p, _c in game.ranking()].count(1) > 1
        results[path.name] = ("shared win" if shared else "won") if place == 1 else f"place {place} of 3"
    entries = list_records(paths.records_dir())
    assert len(entries) == 8
    assert {e.path.name: e.result for e in entries} == results
    assert len(set(results.values())) > 1  # wins and losses both came up

    m = open_record(entries[0].path)
    kinds = [(s.kind, s.level) for s in m.seats]
    assert kinds[0] == ("human", "") and all(k == "ai" and lv for k, lv in kinds[1:])


def test_solo_and_two_humans_and_an_older_record(home):
    solo = Session([SeatInfo("You", "red")], edition="2018", solo_level="normal", handover=False, extra={"hints": 0})
    game = finished(solo, 4)
    save.save_record(game, solo)
    two = demo.demo_session(3, 2)
    save.save_record(finished(two, 5), two)
    old_session = demo.demo_session(2, 1)
    old = save.record_of(finished(old_session, 6), old_session)
    del old["players"]  # as a record saved before who played was kept
    (paths.records_dir() / "20200101-120000-6.json").write_text(json.dumps(old))
    by_mode = {}
    for e in list_records(paths.records_dir()):
        by_mode[(e.mode, len(e.players.split(", ")))] = e.result
    assert by_mode[("solo", 1)] == ("won" if game.result().solo_won else "lost")
    # never an empty cell: two humans at one screen, an older record that does not say who played
    assert by_mode[("multi", 3)] == "— (hot seat)"
    assert by_mode[("multi", 2)] == "— (not recorded)"
    m = ReplayMatch(old)
    assert all(s.kind == "" and not s.is_ai for s in m.seats)


@pytest.mark.parametrize("players", [
    [], {"red": "human"}, {"red": {"kind": "robot"}}, {"red": {"kind": "ai", "level": 3}},
    {"purple": {"kind": "human"}}, {"red": {"kind": "ai", "level": "x" * 41}},
])
def test_a_damaged_players_field_is_refused(players):
    session = demo.demo_session(2, 1)
    rec = json.loads(json.dumps(save.record_of(finished(session, 2), session)))
    check_record(rec)
    rec["players"] = players
    with pytest.raises(RecordError):
        check_record(rec)
