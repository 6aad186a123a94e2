"""The Lords of Vegas match: AI seats, its own save slot (checked when read), the record."""

import json

from lasvegas.lords import actions as A
from lasvegas.lords.record import check_record
from lasvegas.match.lords import local as ML
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat


def seats(*kinds):
    names = ("Ann", "Bob", "Cy", "Di")
    colours = ("purple", "orange", "blue", "black")
    return [LordsSeat(names[i], colours[i], "human" if k == "human" else "ai", "" if k == "human" else k)
            for i, k in enumerate(kinds)]


def test_ai_seats_play_a_game_whose_record_replays(home):
    m = LordsLocalMatch(seats("medium", "easy", "random"), 21, autosave=True)
    for _i in range(5000):
        if m.game.is_over:
            break
        assert m.ai_due() is not None
        m.ai_step()
    assert m.game.is_over and not ML.save_path().exists()
    rec = json.loads(m.record_path.read_text())
    check_record(rec)
    assert rec["seed"] == 21 and rec["names"] == {"blue": "Ann", "green": "Bob", "red": "Cy"}
    rows = m.standings()
    assert rows[0]["won"] and [r["vp"] for r in rows] == sorted((r["vp"] for r in rows), reverse=True)


def test_one_seed_gives_one_game():
    a = LordsLocalMatch(seats("easy", "medium"), 5)
    b = LordsLocalMatch(seats("easy", "medium"), 5)
    for _i in range(60):
        a.ai_step()
        b.ai_step()
    assert a.game.to_dict() == b.game.to_dict()


def test_why_not_is_the_engines_reason_and_changes_nothing():
    m = LordsLocalMatch(seats("human", "human"), 3)
    g = m.game
    before = g.to_dict()
    s = g.active
    other = next(i for i in range(48) if g.marker[i] not in (-1, s) or g.marker[i] == -1)
    why = m.why_not(A.Build(s, other, 0))
    assert why is not None and why.startswith("build: ")
    assert m.why_not(A.EndTurn(s)) is None
    assert g.to_dict() == before


def test_the_save_resumes_exactly_and_never_touches_a_las_vegas_save(home):
    m = LordsLocalMatch(seats("human", "easy"), 9, autosave=True)
    for _i in range(30):
        if m.ai_due() is not None:
            m.ai_step()
        elif m.game.phase == "play":
            m.act(A.EndTurn(m.game.active))
    m.save()
    back = ML.read_save()
    assert back.game.to_dict() == m.game.to_dict()
    assert back.seats == m.seats and back.recorder.moves == m.recorder.moves
    assert ML.save_path().name == "autosave-lords.json"
    assert not list(home.rglob("autosave-multi.json")) and not list(home.rglob("autosave-solo.json"))


def test_a_damaged_save_is_kept_aside_and_the_player_told(home):
    from lasvegas import store

    ML.save_path().parent.mkdir(parents=True, exist_ok=True)
    for bad in ('{"format": "lords-autosave/1"}', "[1, 2", json.dumps({
            "format": "lords-autosave/1", "seats": [{"name": "A", "colour": "red", "kind": "ai", "level": "godlike"}] * 2,
            "game": {}, "setup_rolls": [], "moves": []})):
        ML.save_path().write_text(bad)
        assert ML.read_save() is None
        notes = store.take_notices()
        assert notes and "Lords of Vegas" in notes[0]
