"""A profile's Lords of Vegas statistics: a game played through the screen by a seat the profile
was picked for (from the setup's list) counts on the profile page's own Lords of Vegas page (G)."""

from __future__ import annotations

import datetime as _dt
import json

import pygame

from lasvegas.store import paths
from lasvegas.lords.record import check_record
from lasvegas.profiles.lords.stats import compute_lords, lords_games
from lasvegas.ui.lords.stage_records import keep, lords_record
from lasvegas.ui.scenes.profile import ProfileScene

from .drive import Player, click, key, play_to_end
from .test_play import start_from_home, steps


def test_a_lords_game_of_a_profile_s_seat_counts_on_its_lords_page(app, home):
    book = app.services.profiles
    ann = book.create("Ann", "purple", "diamond", _dt.date(2026, 10, 1))
    book.save()
    app.settings.anim_speed = "instant"
    app.seed = 5
    table = start_from_home(app, [f"profile:{ann.id}", "easy", "off", "off"])  # Ann's profile from the list
    m = table.match
    assert m.seats[0].profile == ann.id and not m.seats[1].profile
    play_to_end(app, table, Player())
    rec = json.loads(m.record_path.read_text())
    check_record(rec)
    assert rec["players"]["blue"] == {"kind": "human", "level": "", "profile": ann.id}
    # two more records: an AI-only one and a damaged one count for nothing
    keep(lords_record(3, 4), _dt.date(2026, 11, 1), 1)
    (paths.records_dir() / "lords" / "20261102-210000-9.json").write_text("{", encoding="utf-8")
    key(pygame.K_ESCAPE)  # the results: home
    steps(app)
    key(pygame.K_p)  # the profiles
    steps(app)
    prof = app.top
    assert isinstance(prof, ProfileScene) and prof.selected == ann.id and prof.game == "lasvegas"
    assert prof.stats.games == 0  # no Las Vegas game
    click(app, prof.game_button.rect.center)
    steps(app)
    assert prof.game == "lords"
    s = prof.page_stats  # the game's own page (the registry's profile_page)
    won = m.game.winners == [0] or 0 in m.game.winners
    from lasvegas.lords.board import TRACK
    assert (s.games, s.wins, s.best_vp, s.best_money) == (1, int(won), TRACK[m.game.chip[0]], m.game.money[0])
    assert s.by_seats == {2: [1, int(won)]}
    key(pygame.K_g)  # back to Las Vegas
    steps(app)
    assert prof.game == "lasvegas"


def test_lords_statistics_add_up_the_profile_s_finished_games(home):
    games = []
    for n, seed in enumerate((1, 2, 3)):
        rec = lords_record(2 + n, seed, "ann-1")
        keep(rec, _dt.date(2026, 11, 1 + n), n)
        games.append(rec)
    keep(lords_record(2, 9, "bo-2"), _dt.date(2026, 11, 9), 9)  # another profile's
    mine = lords_games(paths.records_dir() / "lords", "ann-1")
    assert len(mine) == 3
    s = compute_lords(mine)
    vps = [r["result"]["vp"]["blue"] for r in games]
    money = [r["result"]["money"]["blue"] for r in games]
    wins = sum("blue" in r["result"]["winners"] for r in games)
    assert (s.games, s.wins, s.best_vp, s.total_vp, s.best_money) == (3, wins, max(vps), sum(vps), max(money))
    assert abs(s.average_money - sum(money) / 3) < 1e-9
    assert [g.vp for g in s.games_played] == vps  # the chart's bars, oldest first


def test_the_lords_page_s_achievements_are_lords_of_vegas_ones_with_progress(app, home):
    from lasvegas.profiles.lords.achievements import LORDS_ACHIEVEMENTS, lords_earned, lords_progress
    from lasvegas.ui.lords.stage_records import stage
    from lasvegas.ui.scenes.achievements import AchievementsScene

    stage(app, "achievements", 3, 2)
    scene = app.top
    assert isinstance(scene, AchievementsScene) and scene.game == "lords"
    mine = lords_games(paths.records_dir() / "lords", scene.profile.id)
    assert len(mine) == 5 and scene.list == LORDS_ACHIEVEMENTS
    assert set(scene.earned) == set(lords_earned(mine)) and "lords-first-game" in scene.earned
    assert scene.progress == lords_progress(mine) and scene.progress["lords-ten-games"] == (5, 10)
    key(pygame.K_ESCAPE)
    steps(app)
    prof = app.top
    assert isinstance(prof, ProfileScene) and prof.game == "lords"
    assert prof.achievements_button.label == f"Achievements {len(scene.earned)}/{len(LORDS_ACHIEVEMENTS)}"
    key(pygame.K_g)  # the Las Vegas page: its own achievements
    steps(app)
    assert prof.achievements_button.label == f"Achievements {len(prof.earned)}/18"


def test_the_setup_picks_a_profile_from_a_list_once_and_remembers_it(app, home):
    from lasvegas.ui.lords.setup import LordsSetupScene

    book = app.services.profiles
    ann = book.create("Annabelle", "purple", "diamond", _dt.date(2026, 10, 1))
    book.save()
    app.go("title")
    setup = app.show("lords-setup")
    assert isinstance(setup, LordsSetupScene)
    options = [v for v, _label in setup.kinds[1].options]
    assert options[:2] == ["human", f"profile:{ann.id}"] and "medium" in options
    setup.fields[0].value = "Annabelle"  # a guest of the profile's name is not the profile
    assert setup.seats()[0].profile == ""
    setup.kinds[1].set_value(f"profile:{ann.id}")
    setup.kinds[1].on_change(setup.kinds[1].value)
    assert setup.fields[1].value == "Annabelle" and setup.colours[1].value == "purple"
    assert f"profile:{ann.id}" not in [v for v, _label in setup.kinds[0].options]  # no other seat offers it
    assert setup.seats()[1].profile == ann.id and setup.seats()[0].profile == ""
    setup.start_now()
    again = LordsSetupScene(app)
    assert again.kinds[1].value == f"profile:{ann.id}" and again.seats()[1].profile == ann.id  # by its id
