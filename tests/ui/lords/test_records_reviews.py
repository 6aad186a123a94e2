"""Records: the coach's review kept beside a record is part of that game, never listed as a
damaged record (of Las Vegas or of Lords of Vegas); a truly damaged file still is."""

import json

from lasvegas.ai import coach
from lasvegas.match.lords import local as ML
from lasvegas.ui.files import save
from lasvegas.ui.kit import paths
from lasvegas.ui.lasvegas import demo
from lasvegas.ui.lords.stage import seats
from lasvegas.ui.files.records_list import list_records


def test_a_reviewed_game_is_listed_once_and_not_as_damaged(home):
    session = demo.demo_session(2, 1)
    game = session.new_game(4)
    demo.play_to_end(game, 4)
    path = save.save_record(game, session)
    rec = json.loads(path.read_text())
    cache = coach.cache_path(path)
    coach.review(rec, work=8, cache=cache)  # the review as Review (R) on the results makes it
    assert cache.is_file() and cache.parent == path.parent
    # a Lords game with a review file beside it too (whatever writes one there)
    m = ML.LordsLocalMatch(seats(2, 0), 3)
    while not m.game.is_over:
        m.ai_step()
    lords_path = m.keep_record()
    coach.cache_path(lords_path).write_text(cache.read_text())
    entries = list_records(paths.records_dir())
    assert sorted(e.path.name for e in entries) == sorted([path.name, lords_path.name])
    assert not any(e.damaged for e in entries)
    # a damaged record is still listed as one
    (paths.records_dir() / "broken.json").write_text("{not json")
    entries = list_records(paths.records_dir())
    assert [e.path.name for e in entries if e.damaged] == ["broken.json"]
