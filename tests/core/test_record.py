"""Game records (lasvegas-record/1): fields, replay, and inconsistencies found."""

import copy
import json

import pytest

from lasvegas.games.checkrec import check_file
from lasvegas.core import SOLO_LEVELS, Config, DicePlaced, Game, GameEnded, check_record, replay
from lasvegas.kernel.errors import RecordError, StateError
from lasvegas.core.record import read_records

from .helpers import play_random


@pytest.fixture(scope="module")
def record():
    return play_random(Game(Config.multi(3, neutral=True), 123), 4).record()


def test_record_fields(record):
    assert record["format"] == "lasvegas-record/1" and record["seed"] == 123
    assert record["config"] == {"mode": "multi", "seats": ["red", "blue", "green"], "opponents": [],
                                "neutral": True, "edition": "classic", "rounds": 4, "solo_level": None}
    assert len(record["deck"]) == 54 and len(record["rounds"]) == 4
    r0 = record["rounds"][0]
    assert set(r0) == {"first_seat", "casinos", "preplaced", "turns", "payouts"}
    assert len(r0["casinos"]) == 6 and all(c == sorted(c, reverse=True) for c in r0["casinos"])
    assert r0["preplaced"][0]["owner"] == "neutral" and len(r0["preplaced"][0]["values"]) == 2
    t = r0["turns"][0]
    assert set(t) == {"seat", "roll", "value"} and {"owner", "value"} == set(t["roll"][0])
    assert [p["casino"] for p in r0["payouts"]] == [1, 2, 3, 4, 5, 6]
    assert set(r0["payouts"][0]) == {"casino", "dice", "awards", "returned"}
    f = record["final"]
    assert set(f) == {"money", "bills", "winners"}
    json.dumps(record)  # plain JSON


def test_solo_record_has_opponents_and_solo_won():
    rec = play_random(Game(Config.solo("hard"), 5)).record()
    assert rec["config"]["mode"] == "solo" and rec["config"]["solo_level"] == "hard"
    assert rec["config"]["seats"] == ["red"] and len(rec["config"]["opponents"]) == 4
    assert len(rec["rounds"][0]["preplaced"]) == 2
    assert all(len(p["values"]) == 8 for p in rec["rounds"][0]["preplaced"])
    assert isinstance(rec["final"]["solo_won"], bool)
    replay(rec)


def test_replay_from_seed_and_from_scripted_dice(record):
    assert replay(record).record() == record
    no_seed = dict(record, seed=None)
    assert replay(no_seed).record() == no_seed


@pytest.mark.parametrize("tamper,msg", [
    (lambda r: r["rounds"][1]["payouts"][2]["awards"].append({"owner": "red", "bill": 90000}), "payouts"),
    (lambda r: r["rounds"][0]["turns"][0].update(value=7), "was not rolled"),
    (lambda r: r["rounds"][0]["turns"][0]["roll"][0].update(value=7), "roll"),
    (lambda r: r["final"]["winners"].append("purple"), "final.winners"),
    (lambda r: r["rounds"][2]["casinos"][0].append(10000), "casinos"),
    (lambda r: r["deck"].reverse(), "deck"),
    (lambda r: r["rounds"][3]["turns"].pop(), "not finished"),
    (lambda r: r.update(format="lasvegas-record/9"), "format"),
    (lambda r: r["config"].update(neutral="yes"), "neutral"),
    (lambda r: r["config"].update(seats=["red", "blue", "green", "yellow", "purple", "orange", "pink"]), "config"),
    (lambda r: r["rounds"][0]["turns"][0].update(seat=2), "seat"),
])
def test_tampered_record_reports_the_first_inconsistency(record, tamper, msg):
    bad = copy.deepcopy(record)
    tamper(bad)
    with pytest.raises(RecordError, match=msg):
        replay(bad)


def test_tampered_record_without_seed_is_caught_too(record):
    bad = copy.deepcopy(record)
    bad["seed"] = None
    bad["rounds"][0]["payouts"][0]["returned"].append(10000)
    with pytest.raises(RecordError):
        replay(bad)


def test_files_json_jsonl_truncated_and_garbage(tmp_path, record):
    one = tmp_path / "one.json"
    one.write_text(json.dumps(record))
    many = tmp_path / "many.jsonl"
    many.write_text(json.dumps(record) + "\n" + json.dumps(record) + "\n")
    assert check_file(str(one)) == (1, [])
    assert check_file(str(many)) == (2, [])
    cut = tmp_path / "cut.jsonl"
    cut.write_text(json.dumps(record) + "\n" + json.dumps(record)[:500])
    n, problems = check_file(str(cut))
    assert problems and "line 2" in problems[0] and "truncated" in problems[0]
    for name, content in [("empty.json", ""), ("bin.json", b"\xff\xfe\x00")]:
        p = tmp_path / name
        p.write_bytes(content if isinstance(content, bytes) else content.encode())
        assert check_file(str(p))[1]
    assert "no such file" in check_file(str(tmp_path / "missing.json"))[1][0]
    assert check_file(str(tmp_path))[1]
    arr = tmp_path / "arr.json"
    arr.write_text("[1, 2]")
    assert "JSON object" in check_file(str(arr))[1][0]


def test_read_records_yields_each_line(tmp_path, record):
    p = tmp_path / "r.jsonl"
    p.write_text("\n".join(json.dumps(record) for _ in range(3)) + "\n")
    assert [w.split()[-1] for w, _ in read_records(p)] == ["1", "2", "3"]


def test_optional_solo_hints_field_is_accepted_and_checked():
    rec = play_random(Game(Config.solo("normal", rounds=1), 3)).record()
    rec["solo"] = {"hints": 2}
    replay(rec)
    rec["solo"] = {"hints": -1}
    with pytest.raises(RecordError, match="solo"):
        replay(rec)


def test_optional_names_field_is_accepted_and_checked():
    rec = play_random(Game(Config.multi(2, rounds=1), 3)).record()
    rec["names"] = {"red": "Ann", "blue": "Bob"}
    replay(rec)
    rec["names"] = {"purple": "Zed"}
    with pytest.raises(RecordError, match="names"):
        replay(rec)


def _every_mode():
    for edition in ("classic", "2018"):
        for n in (2, 3, 4, 5):
            yield Config.multi(n, edition=edition)
        for n in (2, 3, 4):
            yield Config.multi(n, neutral=True, edition=edition)
    for lv in SOLO_LEVELS:
        yield Config.solo(lv.name)
    yield Config.solo("hard", edition="classic", rounds=2)


@pytest.mark.parametrize("cfg", list(_every_mode()),
                         ids=lambda c: f"{c.mode}-{len(c.seats)}-{c.neutral}-{c.edition}-{c.solo_level}")
def test_the_record_built_from_the_events_replays_in_every_mode(cfg):
    for seed in (1, 2):
        g = play_random(Game(cfg, seed), seed)
        rec = json.loads(json.dumps(g.record()))
        check_record(rec)
        assert replay(rec).record() == rec
        no_seed = dict(rec, seed=None)
        assert replay(no_seed).record() == no_seed
        # the record tells what the events told
        placed = [e.value for e in g.log if isinstance(e, DicePlaced)]
        assert [t["value"] for r in rec["rounds"] for t in r["turns"]] == placed
        end = g.log[-1]
        assert isinstance(end, GameEnded) and rec["final"]["winners"] == list(end.winners)


def test_a_copy_without_its_history_has_no_record_and_cannot_be_saved():
    g = Game(Config.multi(3), 4)
    c = g.copy(history=False)
    c.apply(c.legal_actions()[0])
    with pytest.raises(StateError, match="without its history"):
        c.record()
    with pytest.raises(StateError, match="without its history"):
        c.to_dict()
    full = g.copy()
    full.apply(full.legal_actions()[0])
    assert replay(json.loads(json.dumps(play_random(full).record()))).record() == full.record()
