"""The coach (``lasvegas.ai.coach``) and ``lasvegas analyze``."""

from __future__ import annotations

import json
import threading

import pytest

from lasvegas.ai import coach, make_ai
from lasvegas.ai.coach import LABEL_NAMES, ReviewCancelled, cache_path, label_for, review
from lasvegas.cli import main
from lasvegas.core import PLACE, Config, Game
from lasvegas.kernel.dice import ScriptedDice

WORK = 3000
#: a 2-seat game of one round (blue starts, deal 56) in which red, with its last two dice
#: showing 1 and 3 and blue out of dice, places the 1: placing the 3 wins whatever its
#: last die shows, placing the 1 wins only if that die lands right
CONFIG = Config.multi(2, rounds=1, first_seat=1)
SEED = 56


def _faces(game: Game) -> list[int]:
    out = []
    for r in game.record()["rounds"]:
        for p in r["preplaced"]:
            out.extend(p["values"])
        for t in r["turns"]:
            out.extend(d["value"] for d in t["roll"])
    return out + list(game.roll_values)


def blunder_game() -> tuple[dict, int, dict[int, float]]:
    """The record, the turn of red's blunder, and each value's exact win chance there
    (from the engine, every face of red's last die)."""
    game = Game(CONFIG, SEED)
    medium = make_ai("medium", 0)
    while not (game.current == 0 and game.left == [2, 0] and sorted(game.legal_values()) == [1, 3]):
        game.apply(medium.choose(game))
    turn = sum(len(r["turns"]) for r in game.record()["rounds"])
    choices = [t["value"] for r in game.record()["rounds"] for t in r["turns"]]
    exact = {}
    for v in (1, 3):
        wins = 0
        for face in range(1, 7):
            g = Game(CONFIG, dice=ScriptedDice(_faces(game) + [face]), deck=game.start_deck)
            for c in choices + [v]:
                g.apply(PLACE[c])
            g.apply(g.legal_actions()[0])
            assert g.is_over
            wins += "red" in g.result().winners
        exact[v] = wins / 6
    game.apply(PLACE[1])
    while not game.is_over:
        game.apply(medium.choose(game))
    return game.record(), turn, exact


@pytest.fixture(scope="module")
def blunder():
    return blunder_game()


def test_a_constructed_blunder_is_labelled_a_blunder(blunder):
    record, turn, exact = blunder
    assert exact[3] - exact[1] >= 0.8  # the engine: 3 wins for sure, 1 rarely
    r = review(record, ["red"], seed=1, work=WORK)
    d = next(d for d in r.decisions if d["turn"] == turn)
    assert d["chosen"] == 1 and d["best"] == 3
    assert d["label"] == "blunder"
    chance = {x["value"]: x["chance"] for x in d["ratings"]}
    assert chance[3] == pytest.approx(exact[3], abs=0.05)
    assert chance[1] == pytest.approx(exact[1], abs=0.08)
    assert r.seats["red"]["labels"]["blunder"] >= 1
    assert r.seats["red"]["costliest"]["turn"] == turn


def test_a_forced_move_gets_no_label(blunder):
    record, turn, _ = blunder
    r = review(record, ["red"], seed=1, work=WORK)
    last = r.decisions[-1]  # red's last die: one legal value
    assert last["turn"] > turn and last["forced"] and len(last["ratings"]) == 1
    assert last["label"] is None and last["accuracy"] is None
    assert r.seats["red"]["decisions"] == sum(1 for d in r.decisions if not d["forced"])
    assert sum(r.seats["red"]["labels"].values()) == r.seats["red"]["decisions"]


def test_thresholds():
    assert [label_for(x) for x in (0, 2, 2.5, 5, 7, 10, 12, 15, 15.01, 80)] == [
        "best", "best", "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


def test_the_same_record_and_seed_give_the_same_review(blunder):
    record = blunder[0]
    a = review(record, ["red", "blue"], seed=7, work=WORK)
    b = review(record, ["red", "blue"], seed=7, work=WORK)
    assert a.decisions == b.decisions
    assert {d["seat"] for d in a.decisions} == {"red", "blue"}


def test_the_ratings_never_read_the_hidden_deck_or_dice():
    """The deck order and the game's dice are hidden: changing them changes no rating."""
    game = Game(Config.multi(4), 11)
    medium = make_ai("medium", 0)
    for _ in range(5):
        game.apply(medium.choose(game))
    a = coach.Rater(2000).rate(game, "s")
    other = game.copy()
    other.deck.reverse()
    other.start_deck = tuple(reversed(other.start_deck))
    other._dice = ScriptedDice([6] * 200)  # the dice to come (private: hidden from every seat)
    other._rng.seed(99)
    assert coach.Rater(2000).rate(other, "s") == a
    assert len(a) == len(game.legal_values()) and all(0 <= c <= 1 for c in a.values())


def test_cancel_and_progress(blunder, tmp_path):
    record = blunder[0]
    steps = []
    r = review(record, ["red"], seed=1, work=500, progress=lambda d, t: steps.append((d, t)))
    n = len(r.decisions)
    assert steps == [(i, n) for i in range(1, n + 1)]
    stop = threading.Event()
    stop.set()
    with pytest.raises(ReviewCancelled):
        review(record, ["red"], seed=1, work=500, cache=tmp_path / "c.json", cancel=stop)


def _write(tmp_path, record) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_analyze_json_has_the_documented_shape(blunder, tmp_path, capsys):
    path = _write(tmp_path, blunder[0])
    assert main(["analyze", path, "--seat", "red", "--json", "--work", str(WORK)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"seats", "decisions", "seconds"}
    assert set(out["seats"]) == {"red"}
    red = out["seats"]["red"]
    assert set(red) == {"decisions", "labels", "accuracy"}
    assert list(red["labels"]) == list(LABEL_NAMES)
    assert isinstance(red["accuracy"], float) and 0 <= red["accuracy"] <= 100
    assert isinstance(out["seconds"], (int, float))
    for d in out["decisions"]:
        assert set(d) == {"turn", "round", "seat", "chosen", "ratings", "best", "chance", "best_chance",
                          "forced", "loss", "label", "accuracy"}
        assert d["seat"] == "red" and d["label"] in LABEL_NAMES + (None,)
        assert all(set(x) == {"value", "chance"} for x in d["ratings"])
    assert main(["analyze", path, "--work", str(WORK)]) == 0  # the text: the same review
    text = capsys.readouterr().out
    assert "red:" in text and "accuracy" in text and "win chance over the game" in text


def test_the_cache_is_used_the_second_time(blunder, tmp_path, monkeypatch):
    record = blunder[0]
    cache = tmp_path / "game.json.review.json"
    first = review(record, ["red"], seed=3, work=WORK, cache=cache)
    assert cache.is_file()

    def no_search(*a, **kw):
        raise AssertionError("the cache was not used")

    monkeypatch.setattr(coach.Rater, "rate", no_search)
    second = review(record, ["red"], seed=3, work=WORK, cache=cache)
    assert second.decisions == first.decisions
    assert second.notice is None


@pytest.mark.parametrize("garbage", [b"{not json", b'{"format": "lasvegas-review/1", "entries": [1]}',
                                     b'{"format": "lasvegas-review/1", "entries": [{"key": "k", "decisions": '
                                     b'[{"turn": 0, "round": 1, "seat": "red", "chosen": 9, "ratings": []}]}]}',
                                     b"\xff\xfe"])
def test_a_damaged_cache_is_kept_aside_and_ignored(blunder, tmp_path, garbage):
    record = blunder[0]
    path = _write(tmp_path, record)
    cache = cache_path(path)
    cache.write_bytes(garbage)
    r = review(record, ["red"], seed=3, work=500, cache=cache)
    assert r.notice and r.decisions
    kept = [p for p in tmp_path.iterdir() if "damaged" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == garbage
    assert json.loads(cache.read_text())["format"] == "lasvegas-review/1"  # written afresh


def test_a_record_that_does_not_check_is_one_line_and_status_1(blunder, tmp_path, capsys):
    bad = dict(blunder[0])
    bad["deck"] = list(reversed(bad["deck"]))
    path = _write(tmp_path, bad)
    assert main(["analyze", path]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be analysed" in err
    (tmp_path / "x.json").write_text("nonsense")
    assert main(["analyze", str(tmp_path / "x.json")]) == 1
    assert main(["analyze", str(tmp_path / "missing.json")]) == 1


def test_a_seat_that_did_not_play(blunder, tmp_path, capsys):
    path = _write(tmp_path, blunder[0])
    assert main(["analyze", path, "--seat", "purple"]) == 2
    assert "did not play" in capsys.readouterr().err


def test_a_review_on_a_worker_thread_ends_or_is_cancelled(blunder):
    record = blunder[0]
    task = coach.ReviewTask(record, ["red"], seed=1, work=500).start()
    assert task.wait(30)
    assert task.finished and task.error is None and task.fraction == 1.0
    assert task.result.decisions == review(record, ["red"], seed=1, work=500).decisions
    slow = coach.ReviewTask(record, ["red"], seed=1, work=10**9)
    slow.cancel()
    assert slow.start().wait(30)
    assert slow.finished and isinstance(slow.error, ReviewCancelled) and slow.result is None


def test_a_cancelled_review_keeps_what_it_rated(blunder, tmp_path, monkeypatch):
    record = blunder[0]
    cache = tmp_path / "c.json"
    stop = threading.Event()
    with pytest.raises(ReviewCancelled):
        review(record, ["red"], seed=2, work=500, cache=cache, cancel=stop,
               progress=lambda done, total: stop.set())
    kept = json.loads(cache.read_text())["entries"][0]["decisions"]
    assert len(kept) == 1
    calls = []
    orig = coach.Rater.rate
    monkeypatch.setattr(coach.Rater, "rate", lambda self, *a, **kw: calls.append(1) or orig(self, *a, **kw))
    full = review(record, ["red"], seed=2, work=500, cache=cache)
    assert len(calls) == len(full.decisions) - 1
    assert full.decisions == review(record, ["red"], seed=2, work=500).decisions


def test_a_solo_game_reviews_the_player():
    game = Game(Config.solo("normal"), 5)
    medium = make_ai("medium", 1)
    while not game.is_over:
        game.apply(medium.choose(game))
    r = review(game.record(), work=200)
    assert set(r.seats) == {"red"} and len(r.decisions) == sum(len(x["turns"]) for x in game.record()["rounds"])
    assert all(0.0 <= d["chance"] <= 1.0 for d in r.decisions)
