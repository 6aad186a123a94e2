"""The tutorial played as a player plays it: real clicks and keys through the app loop,
from the title's first-start offer to the last part's results, with wrong clicks on the way."""

import pygame

from lasvegas.match import LessonMatch, MatchNotice
from lasvegas.ui.kit.settings import Settings
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.rules import RulesScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, key, step_until, steps

LIMIT = 4000  # frames for one step of the lesson to come (about two minutes of game time)


def group_center(table, value):
    return next(r.center for v, r in table.groups if v == value)


def play_part(app, table, wrong_click: bool, seen: list) -> None:
    """Play one part of the tutorial to its end with the mouse (the marks' Next with Space),
    answering each wait as it comes; with ``wrong_click``, the first choice is a wrong value."""
    match = table.match
    for _turn in range(200):
        assert step_until(app, lambda: app.top is not table or table.coach.waiting or table.await_roll
                          or table.human_turn, LIMIT)
        if app.top is not table:
            return
        shown = table.coach.shown(table.await_roll)
        if shown is not None and (not seen or seen[-1] is not shown):
            seen.append(shown)
        if table.coach.waiting:
            if len(seen) % 2:
                key(pygame.K_SPACE)
            else:  # the bubble's own button, where the player sees it
                click(table.coach.next_button.rect.center)
            steps(app, 2)
            assert not table.coach.waiting or table.coach.shown(False) is not shown
        elif table.await_roll:
            assert shown.target == "roll"
            click(table.roll_button.rect.center)
            steps(app, 2)
            assert not table.await_roll
        else:
            mark = table.coach.shown(False)
            assert mark.target == "dice" and mark.value == match.expected  # the coach points at the move
            if wrong_click:
                wrong_click = False
                other = next(v for v, _r in table.groups if v != match.expected)
                before = len(match.game.log)
                click(group_center(table, other))
                steps(app, 3)
                # no move: the same roll waits, and the coach points again, gently
                assert len(match.game.log) == before and table.human_turn
                nudge = table.coach.shown(False)
                assert nudge is not mark and nudge.target == "dice" and nudge.value == match.expected
                assert "this one" in nudge.text or "Click" in nudge.text
                seen.append(nudge)
            click(group_center(table, match.expected))
            steps(app, 2)
    raise AssertionError("the part did not end")


def finish_round(app):
    assert step_until(app, lambda: isinstance(app.top, (SummaryScene, ResultsScene)), LIMIT)
    if isinstance(app.top, SummaryScene):
        key(pygame.K_RETURN)
        assert step_until(app, lambda: isinstance(app.top, ResultsScene), LIMIT)
    return app.top


def test_tutorial_from_the_first_start_offer_to_the_end(app):
    app.go("title")
    title = app.top
    assert isinstance(title, TitleScene) and title.offer
    steps(app, 2)
    click(title.offer_buttons[0].rect.center)
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.match, LessonMatch)
    assert Settings.load().tutorial_offered  # offered once: remembered

    seen: list = []
    play_part(app, table, True, seen)
    results = finish_round(app)
    texts = [m.text for m in seen]
    assert any("Equal counts cancel" in t for t in texts) and any("under the deck" in t for t in texts)
    assert results.outcome.winners == ("red",)  # the richest after the rounds: the player
    assert results.outcome.record is None  # a lesson is kept nowhere

    # part 2: the neutral dice, from the results' button
    nxt = button(results, "Continue: the neutral dice")
    assert nxt is not None
    click(nxt.rect.center)
    steps(app, 2)
    table2 = app.top
    assert isinstance(table2, TableScene) and table2.cfg.neutral
    seen2: list = []
    play_part(app, table2, False, seen2)
    results2 = finish_round(app)
    assert any("white dice" in m.text for m in seen2)
    assert [b.label for b in results2.buttons] == ["Home"]  # the end of the tutorial
    assert not any(isinstance(e, MatchNotice) for e in table2.match.poll())

    # the offer is not made again
    click(button(results2, "Home").rect.center)
    steps(app, 2)
    assert isinstance(app.top, TitleScene) and not app.top.offer


def test_skip_at_any_moment_and_the_offer_dismissed(app):
    app.go("title")
    click(app.top.offer_buttons[-1].rect.center)  # Not now
    steps(app, 2)
    assert not app.top.offer and Settings.load().tutorial_offered
    app.go("title")
    assert not app.top.offer
    # How to play → Play the tutorial → skip in the middle of a turn
    click(button(app.top, "How to play").rect.center)
    steps(app, 2)
    assert isinstance(app.top, RulesScene)
    click(app.top.tutorial_btn.rect.center)
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.match, LessonMatch)
    assert step_until(app, lambda: table.await_roll, LIMIT)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.human_turn, LIMIT)
    click(table.coach.skip_button.rect.center)
    steps(app, 2)
    assert isinstance(app.top, TitleScene)


def test_how_to_play_over_a_game_offers_no_tutorial(app):
    from lasvegas.ui.tools.stage import start_game

    start_game(app, 2, 1, seed=3)
    rules = app.show("rules")
    steps(app, 1)
    assert not rules.tutorial_btn.visible


def bills_on_screen(table) -> list[pygame.Rect]:
    from lasvegas.ui.lasvegas.table.layout import bill_pos, bill_size

    out = []
    for c in range(1, 7):
        bills = table.board.casino_bills[c - 1]
        out += [pygame.Rect(bill_pos(c, i, len(bills)), bill_size(len(bills))) for i in range(len(bills))]
    return out


def test_the_bubble_never_hides_a_bill_and_space_places_the_group_it_points_at(app, read_texts):
    """Both parts played by keys alone: every bubble drawn leaves every bill in view, and Space
    places the group of dice the bubble points at (as the table's help says)."""
    from lasvegas.ui.lasvegas import tutorial

    table = app.go("table", match=tutorial.tutorial_match())
    bubbles = placed_by_space = 0
    for _frame in range(20000):
        top = app.top
        if isinstance(top, ResultsScene):
            if top.rematch is None:
                break
            steps(app, 40)  # the results' keys wait a moment
            click(button(top, top.rematch.start_label).rect.center)
            steps(app, 2)
            table = app.top
            continue
        if isinstance(top, SummaryScene):
            key(pygame.K_RETURN)
        elif top is table:
            box = table.coach.box
            if box is not None:
                bubbles += 1
                hidden = [b for b in bills_on_screen(table) if b.colliderect(box)]
                assert not hidden, f"the bubble {box} hides bills {hidden}: {table.coach.shown(table.await_roll).text}"
            if table.human_turn and not table.coach.waiting:
                before = len(table.match.game.log)
                key(pygame.K_SPACE)  # nothing selected: the group the bubble points at
                steps(app, 2)
                assert len(table.match.game.log) > before, "Space did not place the group pointed at"
                placed_by_space += 1
                continue
            if table.coach.waiting or table.await_roll:
                key(pygame.K_SPACE)
        steps(app)
    assert isinstance(app.top, ResultsScene) and bubbles > 100 and placed_by_space >= 4


def test_a_click_elsewhere_before_the_roll_is_answered(app, read_texts):
    from lasvegas.ui.lasvegas import tutorial
    from lasvegas.ui.lasvegas.table.layout import casino_rect

    table = app.go("table", match=tutorial.tutorial_match())
    assert step_until(app, lambda: table.await_roll, LIMIT)
    click(casino_rect(3).center)  # not ROLL
    read_texts.clear()
    steps(app, 2)
    assert table.await_roll  # nothing rolled
    said = "First roll your dice: click ROLL (or press Space)."
    assert table.coach.shown(True).text == said and any(t.startswith("First roll your dice") for t in read_texts)
    click(table.roll_button.rect.center)
    steps(app, 2)
    mark = table.coach.shown(False)
    assert mark.target == "dice" and mark.text != said  # rolled: the next step's words
