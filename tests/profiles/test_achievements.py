"""Achievements fire on constructed games, dated by the first record that met them."""

import dataclasses
import datetime as dt
import json

from lasvegas.core import check_record
from lasvegas.profiles import ACHIEVEMENTS, all_games, earned, earned_by_record, games_of
from lasvegas.profiles.history import PlayedGame

from tests.profiles.test_stats import tie_game

BASE = PlayedGame(path="g0", when=dt.datetime(2026, 11, 1, 12), profile="ann", colour="red", mode="multi",
                  seats=3, neutral=False, rounds=4, ai_levels=("easy", "easy"), won=False, shared=False,
                  money=150_000, bills=4, round_money=(40_000, 30_000, 40_000, 40_000), ties_caused=0,
                  ties_suffered=0, biggest_bill=50_000, top_bills=(), single_die_tops=0, tie_breaks=0,
                  last_before_final=False, led_every_round=False)


def game(n=0, **kw):
    return dataclasses.replace(BASE, path=f"g{n}", when=BASE.when + dt.timedelta(days=n), **kw)


def test_every_achievement_has_a_unique_id_a_title_and_a_condition():
    assert 15 <= len(ACHIEVEMENTS) <= 20
    assert len({a.id for a in ACHIEVEMENTS}) == len(ACHIEVEMENTS)
    assert all(a.title and a.condition.endswith(".") for a in ACHIEVEMENTS)


def test_a_lost_game_earns_only_the_first_game():
    assert set(earned([game()])) == {"first-game"}


def test_single_game_achievements_fire_on_the_game_that_meets_them():
    games = [game(0), game(1, won=True, single_die_tops=1, top_bills=(3,)),
             game(2, won=True, ai_levels=("expert", "expert", "expert"), seats=4),
             game(3, won=True, seats=5, neutral=False, biggest_bill=90_000),
             game(4, money=520_000, tie_breaks=1),
             game(5, won=True, neutral=True, last_before_final=True, led_every_round=True)]
    got = earned(games)
    expect = {"first-game": 0, "first-win": 1, "single-die": 1, "experts": 2, "full-table": 3, "top-bill": 3,
              "half-million": 4, "tie-breaker": 4, "neutral": 5, "comeback": 5, "every-round": 5, "streak": 3}
    assert {k: int(e.record[1:]) for k, e in got.items()} == expect
    assert got["experts"].when == games[2].when
    # two Expert seats are not three; a loss against three is no win
    assert "experts" not in earned([game(0, won=True, ai_levels=("expert", "expert", "hard"))])
    assert "experts" not in earned([game(0, ai_levels=("expert",) * 3)])


def test_a_streak_is_three_wins_in_a_row():
    wins = [True, True, False, True, True]
    assert "streak" not in earned([game(i, won=w) for i, w in enumerate(wins)])
    got = earned([game(i, won=w) for i, w in enumerate(wins + [True])])
    assert got["streak"].record == "g5"


def test_career_counts_ten_games_ten_wins_and_six_casinos():
    games = [game(i, won=i % 2 == 0, top_bills=(i % 6 + 1,)) for i in range(20)]
    got = earned(games)
    assert got["ten-games"].record == "g9" and got["ten-wins"].record == "g18"
    assert got["six-casinos"].record == "g5"


def test_solo_achievements_and_a_week_of_daily_challenges():
    solo = dict(mode="solo", seats=1, ai_levels=(), solo_level="normal")
    assert "solo-unaided" not in earned([game(0, won=True, hints=2, **solo)])
    assert earned([game(0, won=True, hints=0, **solo)])["solo-unaided"].record == "g0"
    assert "master" not in earned([game(0, won=True, **dict(solo, solo_level="master"), rounds=1)])
    assert "master" in earned([game(0, won=True, **dict(solo, solo_level="master"))])
    assert "first-game" not in earned([game(0, **solo)])  # a multiplayer achievement

    def daily(n):
        return game(n, daily=(dt.date(2026, 11, 1) + dt.timedelta(days=n)).isoformat(), **solo)
    gap = [daily(n) for n in (0, 1, 2, 4, 5, 6, 7, 8)]
    assert "daily-week" not in earned(gap)
    week = gap + [daily(9), daily(10)]
    assert earned(week)["daily-week"].record == "g10"


def test_a_real_record_earns_what_its_game_did_and_the_toast_names_them(tmp_path):
    rec = tie_game().record()
    rec["players"] = {"red": {"kind": "human", "level": "", "profile": "ann"}, "blue": {"kind": "ai", "level": "expert"}}
    check_record(rec)
    path = tmp_path / "20261101-120000-1.json"
    path.write_text(json.dumps(rec))
    games = games_of("ann", all_games(tmp_path))
    got = {e.id for e in earned_by_record(games, str(path))}
    assert got == {"first-game", "first-win", "single-die", "tie-breaker", "top-bill"}  # one round: not "every round"
    # a later game earns nothing already earned
    later = tmp_path / "20261102-120000-2.json"
    later.write_text(json.dumps(rec))
    games = games_of("ann", all_games(tmp_path))
    assert earned_by_record(games, str(later)) == []
    assert earned(games)["first-game"].when == dt.datetime(2026, 11, 1, 12)
