"""The Las Vegas scenes in the smallest window (960×540) at the largest text size, in French and
German: no text outside its box or over another (``layout_probe``), and no title, label or column cut
short with "…" where the text has room to be whole."""

from __future__ import annotations

import pytest

from lasvegas.ui.kit import art
from tests.ui.layout_probe import probe, problems
from tests.ui.test_languages import staged

SMALL_SCENES = ("title", "solo", "log", "profile", "records")


@pytest.mark.parametrize("lang", ("fr", "de"))
@pytest.mark.parametrize("scene", SMALL_SCENES)
def test_las_vegas_scenes_fit_in_the_smallest_window_at_the_largest_text_size(small_app, monkeypatch, lang, scene):
    """Each text in its box, none over another, none under a button of its scene."""
    small_app.set_language(lang)
    staged(small_app, scene)
    found = problems(probe(small_app, monkeypatch))
    assert not found, "\n".join(found)


def sizes_of(frame, strings) -> dict[str, int]:
    """The size each of ``strings`` was drawn at (each must be drawn)."""
    got = {s: frame.sizes[(s, tuple(r))] for s, r, _l in frame.texts if s in strings}
    assert set(got) == set(strings), set(strings) - set(got)
    return got


@pytest.mark.parametrize("lang", ("fr", "de"))
def test_the_home_tiles_labels_are_read_whole(small_app, monkeypatch, lang):
    """Each tile's label at a size read at a glance (not shrunk to 10 to fit), clear of the tile's edges."""
    small_app.set_language(lang)
    staged(small_app, "title")
    frame = probe(small_app, monkeypatch)
    tiles = [(w, texts) for w, texts in frame.painted if w in small_app.top.entries.values()]
    assert len(tiles) == len(small_app.top.entries)
    for w, texts in tiles:
        assert texts, art.current(w.label)
        for s, r, _l in texts:
            assert frame.sizes[(s, tuple(r))] >= 13, (s, frame.sizes[(s, tuple(r))])
            assert w.rect.inflate(-6, -6).contains(r.inflate(0, -r.h // 2)), (s, tuple(r), tuple(w.rect))


@pytest.mark.parametrize("lang", ("fr", "de"))
def test_the_profiles_figures_labels_are_one_size(small_app, monkeypatch, lang):
    from lasvegas.ui.kit.i18n import _

    small_app.set_language(lang)
    staged(small_app, "profile")
    frame = probe(small_app, monkeypatch)
    labels = [art.current(_(m)) for m in ("Games", "Wins", "Average money", "Best game", "Biggest bill won",
                                          "Ties you caused", "Ties you suffered", "Solo games", "Daily challenges",
                                          "Solo ladder")]
    assert len(set(sizes_of(frame, labels).values())) == 1, sizes_of(frame, labels)


@pytest.mark.parametrize("lang", ("fr", "de"))
@pytest.mark.parametrize("game", ("lasvegas", "lords"))
def test_the_records_rows_keep_their_mode_and_result_whole(small_app, monkeypatch, lang, game):
    """No player count lost to "…" in the Mode column, no result cut in the last; the date clear of
    the mode."""
    from lasvegas.ui.lords import stage as lords_stage
    from lasvegas.ui.scenes.records import ROWS

    small_app.set_language(lang)
    if game == "lords":
        lords_stage.stage(small_app, "records", 1, 4)
    else:
        staged(small_app, "records")
    scene = small_app.top
    frame = probe(small_app, monkeypatch)
    rows = [e for e in scene.shown[:ROWS] if not e.damaged]
    assert rows and (game == "lasvegas" or any(e.game == "lords" for e in rows))
    drawn = {s for s, _r, _l in frame.texts}
    for e in rows:
        for value in (e.mode_text, e.result):
            assert art.current(value) in drawn, f"{art.current(value)!r} is cut: {sorted(drawn)}"
    found = problems(frame)
    assert not found, "\n".join(found)
