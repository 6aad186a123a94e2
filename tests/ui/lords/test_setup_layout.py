"""The Lords of Vegas setup in the Las Vegas setup's layout: seats added and removed in playing
order, a colour marker that skips the colours other seats have, one bottom bar in one font."""

from __future__ import annotations

import pygame

from lasvegas.ui.kit import setup_form as form
from lasvegas.ui.lords.setup import LordsSetupScene
from lasvegas.ui.lasvegas.scenes.setup import SetupScene

from .drive import DT, click


def open_setup(app) -> LordsSetupScene:
    app.go("title")
    setup = app.show("lords-setup")
    assert isinstance(setup, LordsSetupScene)
    app.step(DT)
    return setup


def names(setup):
    return [s.name for s in setup.seats()]


def test_a_seat_removed_by_its_cross_the_others_move_up_and_one_is_added_back(app, home):
    setup = open_setup(app)
    assert names(setup) == ["Ann", "Bob", "Vega Vic"] and setup.add_button.visible
    click(app, setup.removes[0].rect.center)  # Ann leaves: Bob is seat 1, Vega Vic seat 2
    app.step(DT)
    assert names(setup) == ["Bob", "Vega Vic"]
    assert setup.colours[0].rect.y < setup.colours[1].rect.y and not setup.fields[2].visible
    assert not any(r.enabled for r in setup.removes if r.visible)  # two seats at least: no ×
    click(app, setup.removes[0].rect.center)
    app.step(DT)
    assert names(setup) == ["Bob", "Vega Vic"]
    for _k in range(2):  # up to four
        click(app, setup.add_button.rect.center)
        app.step(DT)
    assert len(setup.seats()) == 4 and not setup.add_button.visible
    colours = [s.colour for s in setup.seats()]
    assert len(set(colours)) == 4, colours  # each added seat in a colour no other seat has
    assert setup.seats()[2].kind == "ai" and setup.seats()[2].level == "medium"
    assert [w for w in setup.reading_order() if w.visible][:4] == [setup.colours[0], setup.fields[0],
                                                                  setup.kinds[0], setup.removes[0]]


def test_the_colour_marker_gives_the_next_colour_no_other_seat_has(app, home):
    setup = open_setup(app)
    first = setup.colours[0]
    others = {s.colour for s in setup.seats()[1:]}
    seen = []
    for _k in range(8):
        click(app, first.rect.center)
        app.step(DT)
        seen.append(first.value)
    assert not others & set(seen) and len(set(seen)) == 8 - len(others)
    assert setup.problem_with(setup.seats()) == ""


def test_both_setups_share_the_bottom_bar_and_the_panels(app, home):
    lords = open_setup(app)
    bar = [lords.back_button, lords.rules_button, lords.tutorial_button, lords.online_button, lords.start_button]
    assert lords.back_button.rect == pygame.Rect(form.BACK_RECT) and lords.start_button.rect == pygame.Rect(
        form.START_RECT)
    assert all(b.size >= form.BAR_SIZE for b in bar)  # one font: the display face of the bar
    rects = [b.rect for b in bar]
    assert all(a.right < b.x for a, b in zip(rects, rects[1:]))  # a row, left to right, none over another
    shown = [w.rect for w in lords.widgets() if w.visible]
    assert all(r.colliderect(form.SEATS_PANEL) or r.colliderect(form.OPTIONS_PANEL) or r.y >= form.BAR_Y - 10
               for r in shown)
    lv = SetupScene(app)
    assert lv.back_btn.rect == lords.back_button.rect and lv.start_btn.rect == lords.start_button.rect
    assert lv.seat_widgets[0][0].rect == lords.colours[0].rect and lv.seat_widgets[0][2].rect == lords.kinds[0].rect


def test_both_results_say_play_again_and_home_in_the_same_places(app, home):
    from lasvegas.ui.tools import stage as lv_stage
    from lasvegas.ui.kit import podium
    from lasvegas.ui.lords import stage as lords_stage

    lv = lv_stage.results(app, 1, 2)
    lords_stage.stage(app, "results", 1, 2)
    lords = app.top
    assert [(b.label, b.rect) for b in lv.buttons] == [("Play again", pygame.Rect(podium.AGAIN_RECT)),
                                                      ("Home", pygame.Rect(podium.HOME_RECT))]
    assert [(b.label, b.rect) for b in (lords.again_button, lords.home_button, lords.review_button)] == [
        ("Play again", pygame.Rect(podium.AGAIN_RECT)), ("Home", pygame.Rect(podium.HOME_RECT)),
        ("Review (R)", pygame.Rect(podium.REVIEW_RECT))]


def test_resume_sits_in_the_options_panel_and_a_problem_at_the_seats_foot(app, home):
    from .test_saved_game import saved_game

    saved_game()
    setup = open_setup(app)
    assert setup.resume_button.visible and form.OPTIONS_PANEL.contains(setup.resume_button.rect)
    assert setup.resume_button.style == "primary" and setup.start_button.style != "primary"
    setup.colours[1].set_value(setup.colours[0].value)  # as a hostile memory could: two seats alike
    setup.start()
    app.step(DT)
    assert app.top is setup and "same colour" in setup.problem
