"""A family of guests: a Lords of Vegas game played with typed names says on its results that a
profile would have counted it, and offers to make one; the game then counts for it."""

from __future__ import annotations

import json

from lasvegas.lords.record import check_record
from lasvegas.profiles.lords.stats import count_for_profile, lords_games

from .drive import Player, click, play_to_end
from .test_play import start_from_home, steps


def test_a_guest_game_offers_a_profile_and_then_counts_for_it(app, home, read_texts):
    app.settings.anim_speed = "instant"
    app.seed = 5
    table = start_from_home(app, ["human", "easy", "off", "off"])
    m = table.match
    name = m.name(0)
    play_to_end(app, table, Player())
    res = app.top
    steps(app)
    assert res.guests == [0] and res.guest_button.visible
    assert res.home_button.focus_ring and not res.guest_button.focus_ring  # Home stays focused first
    assert res.guest_button.label == f"Make {name}'s profile and count this game"
    assert any("played as a guest: a profile would have counted this game" in t for t in read_texts)
    book = app.services.profiles
    assert not book.profiles
    before = json.loads(m.record_path.read_text())
    click(app, res.guest_button.rect.center)
    steps(app)
    (p,) = book.profiles
    assert p.name == name and not res.guest_button.visible and not res.guests
    rec = json.loads(m.record_path.read_text())
    check_record(rec)
    colour = rec["seats"][0]
    assert rec["players"][colour]["profile"] == p.id
    rec["players"][colour].pop("profile")
    assert rec == before  # nothing else of the record changed
    assert len(lords_games(m.record_path.parent, p.id)) == 1  # the game now counts for the profile
    # a seat already counted is not claimed again, and the file stays as it is
    text = m.record_path.read_text()
    assert not count_for_profile(m.record_path, {colour: "someone-else"})
    assert m.record_path.read_text() == text
