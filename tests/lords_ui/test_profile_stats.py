"""A profile's Lords of Vegas statistics: a game played through the screen by a seat bearing the
profile's name counts on the profile page's own Lords of Vegas page (G)."""

from __future__ import annotations

import datetime as _dt
import json

import pygame

from lasvegas import paths
from lasvegas.lords.record import check_record
from lasvegas.profiles.lords_stats import compute_lords, lords_games
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
    table = start_from_home(app, ["human", "easy", "off", "off"])  # the first seat is named Ann
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
    s = prof.lords
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
    from lasvegas.profiles.lords_achievements import LORDS_ACHIEVEMENTS, lords_earned, lords_progress
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
