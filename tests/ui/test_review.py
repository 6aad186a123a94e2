"""The coach's review from the results: the button, the progress, the summary, cancelling."""

import json
import time

import pygame

from lasvegas.ai import RandomPlayer
from lasvegas.ai.coach import cache_path
from lasvegas.match import LocalMatch, PlaceDice
from lasvegas.ui.lasvegas import demo

from .conftest import button, click, key, steps


def results_of_a_saved_game(app, seed=3):
    """A game played to its end through a match that saves it, and its results screen."""
    session = demo.demo_session(2, 2)  # two players at this screen
    match = LocalMatch(session.new_game(seed), session, saver=app.services.saver)
    p = RandomPlayer(seed)
    while match.outcome() is None:
        match.send(PlaceDice(p.choose(match.game).value))
    outcome = match.outcome()
    return app.go("results", outcome=outcome, rematch=match.rematch()), outcome


def wait_for(cond, seconds=60.0):
    end = time.monotonic() + seconds
    while not cond() and time.monotonic() < end:
        time.sleep(0.01)
    return cond()


def test_the_finished_game_knows_its_saved_record(app, home):
    _results, outcome = results_of_a_saved_game(app)
    assert outcome.record is not None and outcome.record.startswith(str(home))
    assert json.loads(open(outcome.record, encoding="utf-8").read())["rounds"]


def test_results_without_a_saved_record_offer_no_review(app):
    from lasvegas.ui.tools import stage

    scene = stage.results(app, seed=2, players=3)  # a staged game is not saved
    assert scene.review_button is None


def test_review_button_shows_progress_then_the_summary(app, read_texts):
    app.services.review_work = 200
    results, outcome = results_of_a_saved_game(app)
    app.step(1 / 30)
    click(button(results, "Review (R)").rect.center)
    steps(app)
    review = app.top
    assert type(review).__name__ == "ReviewScene"
    assert wait_for(lambda: review.task.finished)
    read_texts.clear()
    steps(app, 2)
    for phrase in ("Review of the game", "Best move", "Good", "Inaccuracy", "Mistake", "Blunder",
                   "Chance to win after each move", "Back"):
        assert phrase in read_texts, phrase
    assert any(t.startswith("Accuracy ") for t in read_texts)
    assert any("points of win chance given away" in t for t in read_texts)
    assert sorted(review.review.seats) == sorted(outcome.config.seats)  # both players are human
    assert cache_path(outcome.record).exists()
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is results


def test_the_progress_bar_is_drawn_while_the_coach_works(app, read_texts):
    app.services.review_work = 5_000_000  # far longer than the test
    results, _outcome = results_of_a_saved_game(app)
    app.step(1 / 30)
    key(pygame.K_r, "r")
    steps(app, 2)
    review = app.top
    assert "The coach is rating every move…" in read_texts and "Cancel" in read_texts
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is results
    assert review.task.cancelled
    assert review.task.wait(30) and review.task.finished


def test_escape_cancels_and_keeps_what_was_rated(app):
    app.services.review_work = 20_000
    results, outcome = results_of_a_saved_game(app)
    app.step(1 / 30)
    results.review()
    review = app.top
    assert wait_for(lambda: review.task.done >= 1)
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is results
    assert review.task.wait(60)
    kept = json.loads(cache_path(outcome.record).read_text(encoding="utf-8"))
    assert kept["entries"][0]["decisions"]


def test_a_record_that_cannot_be_read_is_told(app, home, read_texts):
    bad = home / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    app.go("title")
    app.show("review", record_path=str(bad))
    steps(app, 2)
    assert "This game could not be reviewed." in read_texts
    key(pygame.K_ESCAPE)
    steps(app)
    assert type(app.top).__name__ == "TitleScene"


def test_a_replay_of_a_saved_record_offers_the_review(app, home):
    from lasvegas.match.lasvegas.replay import open_record

    _results, outcome = results_of_a_saved_game(app)
    replay = open_record(outcome.record)
    replay.seek(replay.turns)
    replay.poll()  # the screen has rebuilt from the view
    replay.step()
    replay.update()
    again = replay.outcome()
    assert again is not None and again.record == outcome.record
    scene = app.go("results", outcome=again, rematch=None)
    assert scene.review_button is not None


def test_the_reviewed_game_on_the_table_shows_the_best_value_and_the_verdict(app):
    """T on the review: the replay at the first rated move, the coach's best casino glowing
    with "Best: v" and the label of the move made; stepping on reaches the next rated move."""
    from lasvegas.match import CoachMark
    from lasvegas.ui.lasvegas.scenes.table import TableScene

    from .conftest import step_until

    app.services.review_work = 200
    results, outcome = results_of_a_saved_game(app, seed=4)
    app.step(1 / 30)
    click(button(results, "Review (R)").rect.center)
    steps(app)
    review = app.top
    assert wait_for(lambda: review.task.finished)
    steps(app, 2)
    rated = [d for d in review.review.decisions if d["label"] is not None]
    key(pygame.K_t)
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene) and table.replay is not None
    assert table.match.turn == rated[0]["turn"] and not table.match.playing
    for d in rated[:3]:
        while table.match.turn < d["turn"]:  # a forced move between: no mark, step over it
            table.replay.controls.step()
            before = table.match.turn
            assert step_until(app, lambda: table.match.turn > before and table.idle, 600)
        assert step_until(app, lambda: table.ready and table.coach.mark is not None, 600)
        mark = table.coach.mark
        assert isinstance(mark, CoachMark) and mark.target == "casino" and mark.value == d["best"]
        assert mark.text.startswith(f"Best: {d['best']}. ") and f"placed the {d['chosen']}s" in mark.text
        assert table.match.turn == d["turn"]
        table.coach.draw(app.screen, table)  # drawn over the table without error
        table.replay.controls.step()  # the move is made: its mark goes
        assert step_until(app, lambda: table.match.turn > d["turn"] and table.coach.mark is not mark, 600)


def test_the_rated_moves_can_be_browsed_and_one_shown_on_the_table(app, read_texts):
    app.services.review_work = 200
    results, outcome = results_of_a_saved_game(app)
    app.step(1 / 30)
    key(pygame.K_r, "r")
    steps(app)
    review = app.top
    assert wait_for(lambda: review.task.finished)
    read_texts.clear()
    steps(app, 2)
    rated = review.rated
    assert len(rated) > 3 and "Rated moves: Up/Down to browse, Enter shows one on the table" in read_texts
    first = rated[0]
    assert f"placed the {first['chosen']}s" in read_texts and f"best: the {first['best']}s" in read_texts
    for _ in range(3):
        key(pygame.K_DOWN)
    steps(app)
    assert review.selected == 3
    key(pygame.K_UP)
    steps(app)
    assert review.selected == 2
    key(pygame.K_RETURN)
    steps(app, 2)
    table = app.top
    assert type(table).__name__ == "TableScene" and table.match.controls.turn == rated[2]["turn"]
