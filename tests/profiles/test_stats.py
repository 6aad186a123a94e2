"""A profile's statistics equal those computed independently from the games that made the records."""

import json
import random
from collections import Counter

import pytest

from lasvegas.core import CasinoPaid, Config, Game, GameEnded, RoundEnded, check_record
from lasvegas.kernel.errors import RecordError
from lasvegas.profiles import all_games, compute, games_of
from lasvegas.profiles.history import _seen

from tests.core.helpers import deck_starting_with, play_random, scripted

LEVELS = ("easy", "medium", "hard", "expert")


def human(profile=None):
    return {"kind": "human", "level": "", **({"profile": profile} if profile else {})}


def ai(level):
    return {"kind": "ai", "level": level}


def write(folder, n, rec, stamp="20261101-1200"):
    path = folder / f"{stamp}{n:02d}-{n}.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return path


def played_games(tmp_path, count=14):
    """``count`` random games, Ann's profile on one seat each; returns the games and Ann's colours."""
    r = random.Random(7)
    out = []
    for n in range(count):
        seats = r.randint(2, 5)
        cfg = Config.multi(seats, neutral=seats <= 4 and r.random() < 0.4, edition=r.choice(["classic", "2018"]))
        game = play_random(Game(cfg, 1000 + n), n)
        mine = r.choice(cfg.seats)
        rec = game.record()
        players = {c: ai(r.choice(LEVELS)) for c in cfg.seats if c != mine}
        players[mine] = human("ann")
        if n % 5 == 0:  # another profile at the same table
            other = next(c for c in cfg.seats if c != mine)
            players[other] = human("bo")
        rec["players"] = players
        check_record(rec)
        write(tmp_path, n, rec)
        out.append((game, mine, {c: e["level"] for c, e in players.items() if e["kind"] == "ai"}))
    return out


def test_statistics_equal_those_of_the_games_played(tmp_path):
    made = played_games(tmp_path)
    stats = compute(games_of("ann", all_games(tmp_path)))
    assert stats.games == len(made)
    wins = [mine in game.result().winners for game, mine, _l in made]
    assert stats.wins == sum(wins)
    by_seats = Counter(len(g.config.seats) for g, _m, _l in made)
    assert {n: t.games for n, t in stats.by_seats.items()} == dict(by_seats)
    won_at = Counter(len(g.config.seats) for (g, _m, _l), w in zip(made, wins) if w)
    assert {n: t.wins for n, t in stats.by_seats.items()} == {n: won_at[n] for n in by_seats}
    for level in LEVELS:
        faced = [w for (g, _m, lv), w in zip(made, wins) if level in lv.values()]
        if faced:
            assert (stats.by_level[level].games, stats.by_level[level].wins) == (len(faced), sum(faced))
        else:
            assert level not in stats.by_level
    money = [game.result().money[mine] for game, mine, _l in made]
    assert stats.average_money == round(sum(money) / len(money))
    assert stats.best.money == max(money)
    # from the games' event logs, not the records
    paid = [(e, mine) for game, mine, _l in made for e in game.log if isinstance(e, CasinoPaid)]
    assert stats.biggest_bill == max((b for e, m in paid for o, b in e.awards if o == m), default=0)
    tops = Counter(e.casino for e, m in paid if e.awards and e.awards[0][0] == m)
    assert stats.casinos_won == tuple(tops[c] for c in range(1, 7))
    assert stats.ties_caused + stats.ties_suffered == sum(m in e.cancelled for e, m in paid)
    per_round = [[dict(e.won).get(mine, 0) for e in game.log if isinstance(e, RoundEnded)]
                 for game, mine, _l in made]
    assert stats.money_by_round == tuple(round(sum(r[i] for r in per_round) / len(per_round)) for i in range(4))
    assert [w for _d, _g, w in stats.wins_over_time] == [sum(wins[:i + 1]) for i in range(len(wins))]
    # the other profile's games are its own
    assert compute(games_of("bo", all_games(tmp_path))).games == len(range(0, len(made), 5))


def test_practice_games_damaged_files_and_records_without_profiles_do_not_count(tmp_path):
    made = played_games(tmp_path, 3)
    game = play_random(Game(Config.multi(2), 5), 5)
    plain = game.record()
    write(tmp_path, 50, plain)  # nobody's profile
    practice = dict(plain, players={"red": human("ann"), "blue": human()}, practice=True)
    write(tmp_path, 51, practice)
    tampered = dict(plain, players={"red": human("ann"), "blue": human()})
    tampered["final"] = dict(tampered["final"], money={"red": 10**6, "blue": 0})
    with pytest.raises(RecordError):
        check_record(tampered)
    write(tmp_path, 52, tampered)
    (tmp_path / "20261101-130000-x.json").write_bytes(b"\x00{not json")
    assert compute(games_of("ann", all_games(tmp_path))).games == len(made)


def test_a_file_changed_after_it_was_read_is_read_again(tmp_path):
    made = played_games(tmp_path, 2)
    assert len(games_of("ann", all_games(tmp_path))) == 2
    path = sorted(tmp_path.glob("*.json"))[0]
    rec = json.loads(path.read_text())
    rec["players"] = {c: human() for c in rec["config"]["seats"]}
    path.write_text(json.dumps(rec) + "\n")
    assert len(games_of("ann", all_games(tmp_path))) == 1
    assert made


def tie_game():
    """Two seats, one round, every die scripted: the ties, top bills and tie breaks are known."""
    cfg = Config(seats=("red", "blue"), rounds=1, first_seat=0)
    rolls = [1, 2, 2, 2, 2, 2, 2, 2,   # red: 1 on casino 1
             1, 3, 3, 3, 3, 3, 3, 3,   # blue: 1 on casino 1 (blue ties red)
             1, 2, 2, 2, 2, 2, 2,      # red: 1 more on casino 1 (red breaks the tie)
             6, 6, 5, 5, 5, 5, 5,      # blue: 2 on casino 6
             6, 6, 4, 4, 3, 5,         # red: 2 on casino 6 (red ties blue)
             2, 2, 2, 4, 4,            # blue: 3 on casino 2
             4, 4, 3, 5,               # red: 2 on casino 4
             4, 4,                     # blue: 2 on casino 4 (blue ties red)
             3, 5,                     # red: 1 on casino 3
             5]                        # red: 1 on casino 5
    choices = [1, 1, 1, 6, 6, 2, 4, 4, 3, 5]
    deck = deck_starting_with([90_000, 80_000, 70_000, 60_000, 50_000, 10_000, 40_000])
    game = scripted(cfg, rolls, deck)
    for v in choices:
        game.apply(next(a for a in game.legal_actions() if a.value == v))
    assert game.is_over
    return game


def test_ties_caused_and_suffered_single_dice_and_tie_breaks_of_a_known_game(tmp_path):
    _seen.clear()
    game = tie_game()
    rec = game.record()
    rec["players"] = {"red": human("ann"), "blue": human("bo")}
    check_record(rec)
    write(tmp_path, 1, rec)
    ann, = games_of("ann", all_games(tmp_path))
    bo, = games_of("bo", all_games(tmp_path))
    assert (ann.ties_caused, ann.ties_suffered) == (1, 1)  # made casino 6's, suffered casino 4's
    assert (bo.ties_caused, bo.ties_suffered) == (1, 1)
    assert sorted(ann.top_bills) == [1, 3, 5] and ann.single_die_tops == 2 and ann.tie_breaks == 1
    assert bo.top_bills == (2,) and bo.single_die_tops == 0 and bo.tie_breaks == 0
    assert ann.biggest_bill == 90_000 and ann.money == 90_000 + 70_000 + 50_000 and ann.won
    assert ann.round_money == (ann.money,) and not bo.won
    end = game.log[-1]
    assert isinstance(end, GameEnded) and dict(end.money)["red"] == ann.money


@pytest.mark.parametrize("players, ok", [
    ({"red": human("ann-1"), "blue": ai("expert")}, True),
    ({"red": human("ann"), "blue": human()}, True),
    ({"green": human("ann")}, False),  # not a seat
    ({"red": human("Ann!")}, False),  # not an id
    ({"red": dict(ai("easy"), profile="ann")}, False),  # an AI seat is no profile
    ({"red": dict(human(), profile=7)}, False),
    ({"red": {"colour": "x"}}, False),
    ({"red": "ann"}, False),
    (["ann"], False),
])
def test_check_record_checks_the_players_field(players, ok):
    rec = dict(play_random(Game(Config.multi(2), 3), 3).record(), players=players)
    if ok:
        check_record(rec)
    else:
        with pytest.raises(RecordError, match="players"):
            check_record(rec)


def test_the_cache_on_disk_gives_the_same_games_and_follows_the_records(tmp_path):
    from lasvegas.profiles.history import all_games_cached

    records, cache = tmp_path / "records", tmp_path / "profile_games.json"
    records.mkdir()
    played_games(records, 4)
    _seen.clear()
    fresh = all_games_cached(records, cache)
    assert cache.exists() and len(fresh) == 5  # Ann's four and Bo's one
    _seen.clear()  # another run of the game: the cache on disk is read, no record replayed
    data = json.loads(cache.read_text())
    first = sorted(data["files"])[0]
    data["files"][first]["games"][0]["money"] += 1  # what the cache says is what is used …
    cache.write_text(json.dumps(data))
    again = all_games_cached(records, cache)
    assert [g.money for g in again] != [g.money for g in fresh]
    # … until the record changes: then it is read again
    path = records / first
    path.write_text(path.read_text() + "\n")
    _seen.clear()
    assert all_games_cached(records, cache) == fresh
    # a damaged cache is kept aside and everything read again
    cache.write_text('{"format": "lasvegas-profile-games/1", "files": {"x.json": {"size": -1')
    _seen.clear()
    assert all_games_cached(records, cache) == fresh
    assert list(tmp_path.glob("profile_games.damaged-*.json"))
