"""The Lords of Vegas results: the standing with casinos, the VP chart and the best moments read from
the game's events; the achievements the game earned as a toast; Review: the coach rates the player's
decisions on a worker (a progress, Escape cancels), lists them with their labels and the better
choice in words, and opens the replay paused at a rated decision (N: the next one)."""

from __future__ import annotations

import copy
import datetime as _dt
import functools

import pygame
import pytest

from lasvegas.kernel.errors import RecordError
from lasvegas.lords import events as E
from lasvegas.lords.board import TRACK
from lasvegas.lords.game import Game
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.kernel.ratings import LABEL_NAMES
from lasvegas.ui.kit import i18n
from lasvegas.ui.lords import review as R
from lasvegas.ui.lords.replay import LordsReplayScene
from lasvegas.ui.lords.results import LordsResultsScene
from lasvegas.ui.lords.stage_match import seats
from lasvegas.ui.lords.story import story_of
from lasvegas.ui.scenes.notice import NoticeScene

from .drive import DT, key

SEED = 7  # a 2-seat game of 71 moves, 32 of blue's decisions rated


@functools.lru_cache(maxsize=1)
def played() -> tuple[dict, list, list]:
    """A 2-seat game played to its end by AI seats: its state, set-up rolls and moves (played once)."""
    auto = LordsLocalMatch(seats(2, 0), SEED)
    while not auto.game.is_over:
        auto.ai_step()
    return auto.game.to_dict(), list(auto.recorder.setup_rolls), list(auto.recorder.moves)


def finished(profile: str = "") -> LordsLocalMatch:
    """That game, shown with blue a player at this computer."""
    state, rolls, moves = played()
    people = [LordsSeat("Ann", "blue", "human", "", profile), LordsSeat("Vic", "red", "ai", "medium")]
    return LordsLocalMatch(people, SEED, game=Game.from_dict(copy.deepcopy(state)), setup_rolls=list(rolls),
                           moves=copy.deepcopy(moves))


def wait_review(app, scene) -> None:
    assert scene.task.wait(60), "the review did not end"
    app.step(DT)


def test_the_story_of_a_game_agrees_with_its_events():
    m = finished()
    st = story_of(m.record())
    g = m.game
    assert [v[-1] for v in st.vp] == [TRACK[c] for c in g.chip]
    assert all(v[0] == 0 and all(a <= b for a, b in zip(v, v[1:])) for v in st.vp)  # VP never go down
    assert len(st.vp[0]) == g.turn + 1
    bossed = [(k, b) for k, b in zip(g.casinos(), g.bosses()) if b >= 0]
    assert st.casinos == [(sum(1 for _k, b in bossed if b == s), sum(len(k) for k, b in bossed if b == s))
                          for s in range(2)]
    paid = [(m_, s) for ev in m.history() if type(ev) is E.Paid for s, m_ in enumerate(ev.money)]
    assert st.payout.amount == max(p for p, _s in paid)
    assert st.largest.amount >= max(len(k) for k, _b in bossed)
    bad = m.record()
    bad["moves"][3]["action"]["seat"] = 1 - bad["moves"][3]["action"]["seat"]
    with pytest.raises(RecordError):
        story_of(bad)


def test_review_lists_the_player_s_rated_decisions_and_opens_the_replay_there(app, monkeypatch):
    monkeypatch.setattr(R, "BUDGET", (2, 2))  # a small evaluation budget: the coach's rules as they are
    m = finished()
    res = app.go("lords-results", match=m)
    app.step(DT)
    assert res.story is not None and res.review_button.visible
    assert [w for w, _t in res.moments()] == ["Largest casino", "Biggest payout", "Best gamble"]
    key(pygame.K_r)
    app.step(DT)
    rv = app.top
    assert isinstance(rv, R.LordsReviewScene) and rv.colours == ["blue"]
    wait_review(app, rv)
    assert rv.result is not None and rv.error is None and rv.button.label == "Back"
    rated = rv.rated()
    assert rated and all(d["seat"] == "blue" and d["label"] in LABEL_NAMES for d in rated)
    assert all(d["seat"] == "blue" for d in rv.result.decisions)
    assert [d["move"] for d in rated] == sorted(d["move"] for d in rated)
    app.step(DT)
    assert len(rv.list_rows) == min(len(rated), 7)
    # every row in words: the choice and, when it was not the best, the better one
    for d in rated:
        words = R.choice_words(d["action"], rv.name)
        assert words and words != "?"
        better = R.better_text(d, rv.name)
        # never "Best move" and "Better: …" at once, nor "20% instead of 20%"
        told = d["best"] is not None and d["label"] != "best" and \
            R.percent(100 * d["best_chance"]) != R.percent(100 * d["chance"])
        assert better.startswith("Better: ") == told
        if told and d["best_action"] is not None:
            assert R.choice_words(d["best_action"], rv.name) in better
    # the second one: Down, then Enter opens the replay paused as that decision found the game
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    app.step(DT)
    rp = app.top
    assert isinstance(rp, LordsReplayScene)
    assert rp.match.turn == rated[1]["move"] and not rp.match.playing
    assert rp.marks[rated[1]["move"]][0] == rated[1]["label"]
    assert rp.marks[rated[1]["move"]][1].startswith(f"Turn {max(1, rated[1]['turn'])}, Ann: ")
    app.step(DT)
    assert rp.match.turn == rated[1]["move"]  # paused: nothing plays on
    key(pygame.K_n)
    app.step(DT)
    assert rp.match.turn == rated[2]["move"]
    key(pygame.K_p)
    key(pygame.K_p)
    app.step(DT)
    assert rp.match.turn == rated[0]["move"]
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert app.top is rv
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert app.top is res


def test_review_in_french_and_german_says_the_choices_in_the_language(app, monkeypatch):
    monkeypatch.setattr(R, "BUDGET", (1, 1))
    m = finished()
    for lang, build, turn in (("fr", "Construction", "Tour"), ("de", "bauen", "Zug")):
        i18n.set_language(lang)
        rv = app.go("lords-review", record=m.record(), colours=["blue"], names=["Ann", "Vic"])
        wait_review(app, rv)
        words = [R.choice_words(d["action"], rv.name) for d in rv.rated()]
        assert any(build in w for w in words), (lang, words)
        assert R.verdict_text(dict(rv.rated()[0], seat_index=0), rv.name).startswith(turn)
        app.step(DT)


def test_escape_cancels_a_review_under_way(app):
    m = finished()
    app.go("lords-results", match=m)
    app.step(DT)
    key(pygame.K_r)
    app.step(DT)
    rv = app.top
    assert isinstance(rv, R.LordsReviewScene) and rv.result is None
    key(pygame.K_ESCAPE)  # the full budget: stopped after the decision being rated
    app.step(DT)
    assert isinstance(app.top, LordsResultsScene)
    assert rv.task.wait(30)
    assert isinstance(rv.task.error, R.ReviewCancelled)


def test_the_achievements_a_game_earned_show_as_a_toast(app):
    book = app.services.profiles
    ann = book.create("Ann", "purple", "diamond", _dt.date(2026, 10, 1))
    book.save()
    m = finished(ann.id)
    m.record_path = m.keep_record()
    res = app.go("lords-results", match=m)
    app.step(DT)
    app.step(DT)
    assert app.top is res  # drawn with its toast (no error screen)
    ids = [aid for who, aid in res.toast.notes]
    assert "lords-first-game" in ids and all(who == "Ann" for who, _a in res.toast.notes)
    assert ("lords-first-win" in ids) == (0 in m.game.winners)
    assert res.wake_in() == 0.0  # the note is shown, then fades
    head, _body = res.toast.lines()
    assert head.startswith("Achievement for Ann: ")
    # a game with no profile at the table earns nobody anything
    other = finished()
    other.record_path = other.keep_record()
    assert app.go("lords-results", match=other).toast.notes == []


def test_a_review_is_kept_beside_the_record_read_back_and_never_listed_as_a_record(app, monkeypatch):
    from lasvegas.ui.kit import paths
    from lasvegas.ui.lords.records import lords_files
    from lasvegas.ui.files.records_list import list_records

    monkeypatch.setattr(R, "BUDGET", (1, 1))
    m = finished()
    m.record_path = m.keep_record()
    res = app.go("lords-results", match=m)
    app.step(DT)

    def open_review() -> R.LordsReviewScene:
        key(pygame.K_r)
        app.step(DT)
        assert isinstance(app.top, R.LordsReviewScene)
        return app.top

    rv = open_review()
    wait_review(app, rv)
    kept = R.kept_path(m.record_path)
    assert kept.is_file() and kept.parent == m.record_path.parent
    first = [(d["move"], d["label"], d["best_action"]) for d in rv.rated()]
    assert [e.path for e in list_records(paths.records_dir())] == [m.record_path]
    assert not any(e.damaged for e in list_records(paths.records_dir()))
    assert lords_files(m.record_path.parent) == [m.record_path]
    key(pygame.K_ESCAPE)
    app.step(DT)
    # the second time: read back at once, the same verdicts
    again = open_review()
    assert again.task is None and again.result is not None
    assert [(d["move"], d["label"], d["best_action"]) for d in again.rated()] == first
    app.step(DT)
    key(pygame.K_ESCAPE)
    app.step(DT)
    # a kept review that does not check: put aside, the player told, the game reviewed again
    for bad in ("{not json", '{"format": "lords-review/1", "entries": [{"key": "k", "seats": ["blue"], '
                             '"decisions": [{"move": -1}], "summary": {}}]}'):
        kept.write_text(bad, encoding="utf-8")
        key(pygame.K_r)
        app.step(DT)
        told = app.top  # the player is told, over the review under way
        assert isinstance(told, NoticeScene) and "review" in " ".join(told.paragraphs)
        rv = app.scenes[-2]
        assert isinstance(rv, R.LordsReviewScene) and rv.task is not None
        assert any(".damaged-" in p.name for p in kept.parent.iterdir())
        key(pygame.K_RETURN)
        app.step(DT)
        assert app.top is rv
        wait_review(app, rv)
        assert kept.is_file() and R.read_kept(kept, rv.key) is not None
        key(pygame.K_ESCAPE)
        app.step(DT)
    assert app.top is res
    assert not any(e.damaged for e in list_records(paths.records_dir()))
    assert lords_files(m.record_path.parent) == [m.record_path]
