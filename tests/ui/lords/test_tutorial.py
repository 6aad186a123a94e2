"""The Lords of Vegas tutorial played through to its end by posted clicks and keys, from the home's
Lords of Vegas card: each note gone on from, each asked lot clicked, each choice picked by its
number, each action confirmed; wrong lots, choices and actions answered with why."""

import pygame

from lasvegas.lords.board import LOT_INDEX
from lasvegas.match.lords.lesson import LordsLessonMatch
from lasvegas.ui.lords.setup import LordsSetupScene
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.lords import tutorial

from .drive import DT, click, key, lot_centre
from .test_pad import press


def open_tutorial(app) -> LordsTableScene:
    app.go("title")
    app.step(DT)
    click(app, app.top.lords_button.rect.center)
    app.step(DT)
    assert isinstance(app.top, LordsSetupScene)
    click(app, app.top.tutorial_button.rect.center)
    app.step(DT)
    table = app.top
    assert isinstance(table, LordsTableScene) and isinstance(table.match, LordsLessonMatch)
    assert table.coach is not None
    return table


def wait_calm(app, table, limit=600):
    for _i in range(limit):
        if table.coach.finished or (table.coach.ready() and table.coach.say()[0]):
            return
        app.step(DT)
    raise AssertionError("the tutorial did not settle")


def play_through(app, table, mistakes: bool) -> dict:
    """Answer every bubble as a player would (by its target); the texts seen, in order."""
    seen: list[str] = []
    wrong = {"lot": 0, "pick": 0, "action": 0}
    for _i in range(200):
        wait_calm(app, table)
        coach = table.coach
        if coach.finished:
            break
        text, target = coach.say()
        seen.append(text)
        if coach.note_up() is not None:
            key(pygame.K_RETURN)
        else:
            task = coach.current().task
            if task.lot is not None and table.selected != LOT_INDEX[task.lot]:
                if mistakes and not wrong["lot"]:
                    wrong["lot"] += 1
                    click(app, lot_centre(LOT_INDEX["C4"]))  # a lot of the player's, not the lesson's
                    app.step(DT)
                    app.step(DT)
                    assert table.selected is None and table.message == task.why_lot
                    continue
                assert target.collidepoint(lot_centre(LOT_INDEX[task.lot]))
                click(app, target.center)
            elif task.pick is not None and table.chosen is None:
                i = tutorial.option_index(table, task.pick)
                if mistakes and not wrong["pick"] and i > 0:
                    wrong["pick"] += 1
                    key(pygame.K_1)  # Build purple: legal, not the lesson's
                    app.step(DT)
                    app.step(DT)
                    assert table.chosen is None and table.message == task.why_pick
                    continue
                assert target == table.rows()[i]
                key(pygame.K_1 + i)
            else:
                if mistakes and not wrong["action"] and task.confirm == "end":
                    pass
                elif mistakes and not wrong["action"]:
                    wrong["action"] += 1
                    key(pygame.K_e)  # ending the turn now is legal, not the lesson's
                    app.step(DT)
                    assert table.message == task.step.why and table.match.game.active == 0
                    continue
                key(pygame.K_e if task.confirm == "end" else pygame.K_RETURN)
        app.step(DT)
        app.step(DT)
    return {"seen": seen, "wrong": wrong}


def test_the_tutorial_played_to_its_end_by_clicks_and_keys(app):
    app.settings.anim_speed = "fast"
    table = open_tutorial(app)
    m = table.match
    g = m.game
    out = play_through(app, table, mistakes=True)
    assert out["wrong"] == {"lot": 1, "pick": 1, "action": 1}
    seen = out["seen"]
    assert seen[0].startswith("Welcome to Lords of Vegas!") and "tutorial" in seen[-1]
    # the first turns as the script says, played by the engine
    assert m.done and table.coach.finished
    assert g.tile[LOT_INDEX["A5"]] == 1 and g.owner[LOT_INDEX["A5"]] == 0  # the gold build
    assert g.chip[0] == 1  # the Sphinx card's payout: 1 VP to the boss
    assert g.value[LOT_INDEX["A5"]] == 6  # the reorganize
    assert g.money == [19, 7]  # the gamble won: 9 on two dice
    assert any("Gamble" in t or "gamble" in t for t in seen)
    # the end: a real game's setup
    assert isinstance(app.top, LordsSetupScene)


def test_a_controller_plays_the_tutorials_first_build(app):
    table = open_tutorial(app)
    wait_calm(app, table)
    press(app, "A")  # the notes: A goes on
    wait_calm(app, table)
    press(app, "A")
    wait_calm(app, table)
    assert table.coach.say()[0].startswith("Build your first casino")
    for _i in range(4):  # the cursor from A1 to A5: right, down
        if table.cursor == LOT_INDEX["A5"]:
            break
        press(app, "DPAD_RIGHT" if table.cursor == LOT_INDEX["A1"] else "DPAD_DOWN")
    press(app, "A")
    assert table.selected == LOT_INDEX["A5"]
    press(app, "RIGHTSHOULDER", "RIGHTSHOULDER", "A")  # the ring on Build gold, A chooses it
    assert table.chosen is not None and table.chosen.label == "Build gold"
    press(app, "A")
    assert table.match.game.tile[LOT_INDEX["A5"]] == 1


def test_the_tutorial_screen_and_its_bubble_leave_the_target_visible(app):
    table = open_tutorial(app)
    wait_calm(app, table)
    text, target = table.coach.say()
    assert target is not None and not target.colliderect(tutorial.BUBBLE)
