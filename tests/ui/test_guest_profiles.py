"""A family of guests at Las Vegas: a game played with typed names says on its results that a
profile would have counted it, and offers to make one; the game then counts for it."""

from __future__ import annotations

import json

from lasvegas.core.record import check_record
from lasvegas.profiles.history import all_games, count_las_vegas, games_of
from lasvegas.ui.kit import paths
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, steps
from .test_profiles import play_to_results


def test_a_guest_game_offers_a_profile_and_then_counts_for_it(app, read_texts):
    app.seed = 12
    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "New game").rect.center)
    steps(app, 2)
    setup = app.top
    humans = [s for s in setup.session.seats if not s.is_ai]
    assert len(humans) == 1 and humans[0].profile is None  # a typed name: a guest
    name, colour = humans[0].name, humans[0].colour
    click(setup.start_btn.rect.center)
    steps(app, 2)
    res = play_to_results(app, app.top)
    steps(app)
    [path] = paths.records_dir().glob("*.json")
    assert [g.key for g in res.offer.seats] == [colour] and res.offer.button.visible
    assert res.offer.button.label == f"Make {name}'s profile and count this game"
    assert not res.offer.button.focus_ring  # Review stays focused first
    assert any(f"{name} played as a guest: a profile would have counted this game" in t for t in read_texts)
    book = app.services.profiles
    assert not book.profiles and not all_games(path.parent)
    before = json.loads(path.read_text())
    click(res.offer.button.rect.center)
    steps(app)
    (p,) = book.profiles
    assert p.name == name and not res.offer.button.visible and not res.offer.seats
    rec = json.loads(path.read_text())
    check_record(rec)
    assert rec["players"][colour]["profile"] == p.id
    rec["players"][colour].pop("profile")
    assert rec == before  # nothing else of the record changed
    assert len(games_of(p.id, all_games(path.parent))) == 1  # the game now counts for the profile
    assert res.toast.showing and res.toast.notes[0] == (name, "first-game")  # and its achievements show
    # a seat already counted is not claimed again, and the file stays as it is
    text = path.read_text()
    assert not count_las_vegas(path, {colour: "someone-else"})
    assert not count_las_vegas(path, {"nobody": p.id})
    assert path.read_text() == text
