"""Lords of Vegas achievements: the facts read from real records while the rules replay them,
the conditions and their progress on constructed games, and a profile's games found by its id."""

import dataclasses
import datetime as dt
import json

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.lords.board import TRACK
from lasvegas.lords.record import replay
from lasvegas.lords.runs import simulate
from lasvegas.profiles.lords.achievements import LORDS_ACHIEVEMENTS, Facts, SeatFacts, lords_earned, lords_progress
from lasvegas.profiles.lords.stats import LordsGame, lords_games


@pytest.fixture(scope="module")
def records():
    out = []
    simulate(4, ["hard", "medium", "medium", "easy"], 6, 3, lambda i, r: out.append(json.loads(json.dumps(r))))
    return out


def test_every_achievement_has_a_unique_id_a_title_and_a_condition():
    assert 10 <= len(LORDS_ACHIEVEMENTS) <= 16
    assert len({a.id for a in LORDS_ACHIEVEMENTS}) == len(LORDS_ACHIEVEMENTS)
    assert all(a.title and a.condition.endswith(".") for a in LORDS_ACHIEVEMENTS)


def test_facts_agree_with_what_the_record_and_the_final_board_say(records):
    seen = SeatFacts()
    for rec in records:
        facts = Facts(len(rec["seats"]))
        final = replay(rec, facts.watch)
        for s, f in enumerate(facts.seats):
            # sprawls: counted from the record's own actions, not from the events
            assert f.sprawls == sum(1 for m in rec["moves"] if m["action"].get("type") == "sprawl"
                                    and m["action"].get("seat") == s)
            # the board at the end: every casino a seat bosses then is within its biggest, and
            # the companies it bosses then within its most at once
            mine = [k for k, b in zip(final.casinos(), final.bosses()) if b == s]
            assert all(len(k) <= f.biggest_casino for k in mine)
            assert len({final.tile[k[0]] for k in mine}) <= f.companies <= 5
        for field in dataclasses.fields(SeatFacts):
            for f in facts.seats:
                v = getattr(f, field.name)
                setattr(seen, field.name, max(getattr(seen, field.name), v))
    # six real games with a Hard and two Medium seats: big casinos, reorganizes that win a casino
    assert seen.biggest_casino >= 5 and seen.reorganized_to_boss and seen.sprawls >= 2


def test_last_at_the_last_quarter_is_judged_when_three_quarters_of_the_deck_are_drawn(records):
    for rec in records[:3]:
        facts = Facts(len(rec["seats"]))
        at_quarter = []

        def watch(game, action, events, facts=facts):
            before = facts.quarter_seen
            facts.watch(game, action, events)
            if facts.quarter_seen and not before:
                at_quarter.append(([TRACK[c] for c in game.chip], game.pos, len(game.deck)))
        replay(rec, watch)
        if not at_quarter:  # the game ended before (90 VP)
            assert not any(f.last_at_quarter for f in facts.seats)
            continue
        vp, pos, size = at_quarter[0]
        assert pos >= 0.75 * size
        assert [f.last_at_quarter for f in facts.seats] == [v == min(vp) < max(vp) for v in vp]


def test_a_gamble_won_with_the_lay_off_declined_and_a_late_trade_are_seen():
    """The facts come from the events of each move: a gamble's roll and an accepted trade."""
    class G:  # the parts of a game the facts read, as the rules leave them
        def __init__(self, pos):
            self.pos, self.deck, self.chip, self.tile = pos, [0] * 49, [0, 3, 1], [-1] * 48

        def casinos(self):
            return []

        def bosses(self):
            return []
    facts = Facts(3)
    facts.watch(G(10), A.LayOff(1, False), [E.GambleRolled(2, 1, False, (6, 5), 4, 8, -8, 0)])
    facts.watch(G(11), A.LayOff(2, True), [E.GambleRolled(0, 2, True, (6, 5), 4, 8, -4, -4)])
    facts.watch(G(12), A.LayOff(0, False), [E.GambleRolled(1, 0, False, (1, 1), 4, -4, 4, 0)])
    assert [f.gamble_won_unlaid for f in facts.seats] == [False, False, True]
    facts.watch(G(20), A.Accept(1, 0), [E.TradeAccepted(1, 0, {}, {})])  # before the last quarter
    assert not any(f.late_trade for f in facts.seats)
    facts.watch(G(37), A.EndTurn(0), [])  # 37 of 49 cards drawn: the last quarter begins
    assert facts.quarter_seen and [f.last_at_quarter for f in facts.seats] == [True, False, False]
    facts.watch(G(38), A.Accept(2, 1), [E.TradeAccepted(2, 1, {}, {})])
    assert [f.late_trade for f in facts.seats] == [False, True, True]


BASE = LordsGame(path="g0", profile="ann", seats=2, won=False, shared=False, vp=30, money=80, place=2,
                 why="end card", facts=SeatFacts(), ai_levels=("easy",), when=dt.datetime(2026, 11, 1, 12))


def game(n=0, facts=None, **kw):
    return dataclasses.replace(BASE, path=f"g{n}", when=BASE.when + dt.timedelta(days=n),
                               facts=facts or SeatFacts(), **kw)


def test_achievements_fire_on_the_game_that_meets_them_with_progress():
    games = [game(0, SeatFacts(biggest_casino=4, companies=2)),
             game(1, SeatFacts(biggest_casino=6, sprawls=3), won=True, why="90"),
             game(2, SeatFacts(companies=5, last_at_quarter=True), won=True, seats=4, ai_levels=("hard", "easy")),
             game(3, SeatFacts(gamble_won_unlaid=True, reorganized_to_boss=True, late_trade=True)),
             game(4, won=True, seats=4, ai_levels=("expert", "hard", "expert")),
             game(5, won=True, seats=4, ai_levels=("expert", "expert", "expert"))]
    got = lords_earned(games)
    assert {k: v.record for k, v in got.items()} == {
        "lords-first-game": "g0", "lords-first-win": "g1", "lords-grand-casino": "g1", "lords-sprawl": "g1",
        "lords-ninety": "g1", "lords-every-company": "g2", "lords-comeback": "g2", "lords-four": "g2",
        "lords-hard": "g2", "lords-gamble": "g3", "lords-reorganize": "g3",
        "lords-expert": "g4", "lords-expert-table": "g5"}
    assert got["lords-first-win"].when == BASE.when + dt.timedelta(days=1)
    # a late trade in a lost game earns nothing; ten games and five wins are on their way
    progress = lords_progress(games)
    assert progress["lords-ten-games"] == (6, 10) and progress["lords-five-wins"] == (4, 5)
    assert progress["lords-expert"] == (1, 1) and lords_progress(games[:4])["lords-expert"] == (0, 1)
    assert progress["lords-grand-casino"] == (6, 6)
    assert lords_progress(games[:1])["lords-grand-casino"] == (4, 6)
    assert lords_progress(games[:1])["lords-every-company"] == (2, 5)
    many = [game(i, won=i % 2 == 0) for i in range(10)]
    assert set(lords_earned(many)) >= {"lords-ten-games", "lords-five-wins"}
    assert lords_earned(many)["lords-five-wins"].record == "g8"


def test_a_profile_s_games_are_found_by_its_id_never_its_name(tmp_path, records):
    folder = tmp_path
    for i, rec in enumerate(records[:3]):
        rec = json.loads(json.dumps(rec))
        c0, c1 = rec["seats"][:2]
        rec["players"][c0] = {"kind": "human", "level": "", "profile": "ann-1" if i < 2 else "bo-2"}
        rec["names"] = {c0: "Ann", c1: "ann-1"}  # names never decide whose game it is
        (folder / f"2026110{i + 1}-210000-{i}.json").write_text(json.dumps(rec), encoding="utf-8")
    old = json.loads(json.dumps(records[3]))  # an old record: no profile named, still readable
    (folder / "20261105-210000-9.json").write_text(json.dumps(old), encoding="utf-8")
    mine = lords_games(folder, "ann-1")
    assert [g.path.rsplit("/", 1)[-1] for g in mine] == ["20261101-210000-0.json", "20261102-210000-1.json"]
    assert all(g.ai_levels == ("medium", "medium", "easy") for g in mine)
    assert mine[0].when == dt.datetime(2026, 11, 1, 21, 0, 0)
    assert lords_games(folder, "Ann") == []
    facts = Facts(4)
    replay(records[0], facts.watch)
    assert mine[0].facts == facts.seats[0]
    assert "lords-first-game" in lords_earned(mine)
