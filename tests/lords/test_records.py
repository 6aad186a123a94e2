"""lords-record/1: written by a recorder, replayed without a random generator, tampering refused."""

import copy
import json
import random

import pytest

from lasvegas.games.checkrec import check_file
from lasvegas.kernel.errors import RecordError, StateError
from lasvegas.kernel.fair import commit
from lasvegas.lords import actions as A
from lasvegas.lords.game import Game
from lasvegas.lords.policy import random_action, random_trade
from lasvegas.lords.record import Recorder, replay


def recorded(n=4, seed=5, trades=True):
    g = Game(n, seed)
    rec = Recorder(g, {c: {"kind": "ai", "level": "random"} for c in g.seats})
    rng = random.Random(seed)
    while not g.is_over:
        if trades and g.phase == "play" and rng.random() < 0.05:
            p = random_trade(g, rng.randrange(n), rng)
            if p is not None:
                rec.apply(p)
                rec.apply(rng.choice(g.trade_answers(p.to)))
                continue
        rec.apply(random_action(g, g.to_act, rng))
    return g, rec.record()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_record_replays_to_the_same_state_with_or_without_its_seed(n):
    g, rec = recorded(n, seed=n * 11)
    rec = json.loads(json.dumps(rec))
    assert replay(rec).to_dict()["money"] == g.money
    unseeded = dict(rec, seed=None)
    h = replay(unseeded)
    assert h.to_dict() | {"seed": None, "dice": None} == g.to_dict() | {"seed": None, "dice": None}
    assert rec["deck"].index("End") >= 30 and len(rec["setup_rolls"]) >= 2 * n


def _first(rec, kind):
    for i, m in enumerate(rec["moves"]):
        if m["action"]["type"] == kind and m["rolls"]:
            return i
    raise AssertionError(kind)


def test_a_changed_die_is_refused():
    _, rec = recorded(4, 7)
    i = _first(rec, "lay_off") if any(m["action"]["type"] == "lay_off" for m in rec["moves"]) else _first(rec, "reorganize")
    bad = copy.deepcopy(rec)
    bad["moves"][i]["rolls"][0] = bad["moves"][i]["rolls"][0] % 6 + 1
    with pytest.raises(RecordError, match=rf"moves\[{i}\].rolls: the seed gives"):
        replay(bad)
    bad["seed"] = None
    with pytest.raises(RecordError):   # replayed from its own dice: the outcome no longer matches
        replay(bad)


def test_an_illegal_action_is_refused():
    _, rec = recorded(3, 8, trades=False)
    bad = copy.deepcopy(rec)
    i = next(i for i, m in enumerate(bad["moves"]) if m["action"]["type"] == "end_turn")
    bad["moves"][i]["action"]["seat"] = (bad["moves"][i]["action"]["seat"] + 1) % 3
    with pytest.raises(RecordError, match=rf"moves\[{i}\]: illegal action"):
        replay(bad)


def test_a_wrong_final_score_is_refused():
    _, rec = recorded(2, 9)
    bad = copy.deepcopy(rec)
    bad["result"]["vp"]["blue"] += 1
    with pytest.raises(RecordError, match="result.vp"):
        replay(bad)
    bad = copy.deepcopy(rec)
    bad["result"]["winners"] = ["green", "blue"]
    with pytest.raises(RecordError, match="result"):
        replay(bad)


def test_a_moved_end_card_or_a_changed_deck_is_refused():
    _, rec = recorded(4, 10, trades=False)
    bad = copy.deepcopy(rec)
    d = bad["deck"]
    i = d.index("End")
    d[i], d[i + 1] = d[i + 1], d[i]
    with pytest.raises(RecordError, match="deck"):
        replay(bad)


def test_the_commitment_is_checked():
    _, rec = recorded(2, 12, trades=False)
    nonce = "ab" * 16
    good = dict(rec, commitment={"sha256": commit(rec["seed"], nonce), "nonce": nonce})
    replay(good)
    with pytest.raises(RecordError, match="commitment"):
        replay(dict(good, seed=rec["seed"] + 1))


HOSTILE = [None, [], "x", {"format": "lords-record/1"}, {"format": "lords-record/2"},
           {"format": "lords-record/1", "seats": ["red", "blue"]}]


@pytest.mark.parametrize("bad", HOSTILE)
def test_hostile_shapes_are_refused_in_words(bad):
    with pytest.raises(RecordError):
        replay(bad)


def test_every_field_damaged_in_turn_is_refused_without_a_traceback():
    _, rec = recorded(2, 13, trades=True)
    rng = random.Random(1)
    junk = [None, -1, 2**70, "A1", [], {}, [7], True, 1.5, {"type": "end_turn"}]
    keys = list(rec)
    for _ in range(300):
        bad = copy.deepcopy(rec)
        k = rng.choice(keys)
        if k == "moves" and bad["moves"] and rng.random() < 0.8:
            m = rng.choice(bad["moves"])
            if rng.random() < 0.5:
                m["action"][rng.choice(list(m["action"]))] = rng.choice(junk)
            else:
                m["rolls"] = rng.choice(junk)
        else:
            bad[k] = rng.choice(junk)
        try:
            replay(bad)
        except RecordError as e:
            assert str(e)


def test_check_record_reads_both_games(tmp_path):
    from lasvegas.core import Config
    from lasvegas.core import Game as VegasGame
    from lasvegas.kernel.dice import RandomDice  # noqa: F401
    _, rec = recorded(3, 14)
    vg = VegasGame(Config.multi(3), 1)
    while not vg.is_over:
        vg.apply(vg.legal_actions()[0])
    f = tmp_path / "both.jsonl"
    f.write_text(json.dumps(rec) + "\n" + json.dumps(vg.record()) + "\n")
    assert check_file(str(f)) == (2, [])
    bad = copy.deepcopy(rec)
    bad["result"]["money"]["red"] += 5
    f.write_text(json.dumps(bad))
    count, problems = check_file(str(f))
    assert count == 1 and "result.money" in problems[0]


@pytest.mark.parametrize("n", [2, 4])
def test_the_game_keeps_its_own_record_the_same_as_a_recorders(n):
    g, rec = recorded(n, seed=n * 7)
    assert g.record({c: {"kind": "ai", "level": "random"} for c in g.seats}) == rec
    assert [A.to_dict(a) for a in g.moves()] == [m["action"] for m in rec["moves"]]
    half = replay(dict(rec, moves=rec["moves"][:40], result=None))
    assert half.record() == {k: v for k, v in rec.items() if k != "players"} | {"moves": rec["moves"][:40],
                                                                                "result": None}
    look = g.copy()  # a copy shares the past and adds its own moves, the game's record untouched
    assert look.record() == g.record()


def test_a_game_restored_from_its_saved_state_has_no_past_to_record():
    g = Game(3, 4)
    g.apply(random_action(g, g.to_act, random.Random(4)))
    with pytest.raises(StateError):
        Game.from_dict(g.to_dict()).record()
