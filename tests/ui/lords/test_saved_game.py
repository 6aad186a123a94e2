"""A saved Lords of Vegas game is never lost by a click: Start asks "Abandon …?" with Keep it
focused and Resume is the setup's default; the home screen shows the saved game."""

import pygame

from lasvegas.lords.board import LOT_NAMES
from lasvegas.match.lords import local as ML
from lasvegas.ui.lords.setup import LordsSetupScene
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.scenes.confirm import ConfirmScene
from lasvegas.ui.scenes.handover import HandoverScene

from .drive import DT, click, key


def steps(app, n=1):
    for _i in range(n):
        app.step(DT)


def saved_game(seed=7):
    seats = [ML.LordsSeat("Ann", "blue", "human", ""), ML.LordsSeat("Bob", "green", "human", ""),
             ML.LordsSeat("Vega Vic", "red", "ai", "medium")]
    m = ML.LordsLocalMatch(seats, seed, autosave=True)
    assert m.save()
    return m


def slot_files(home):
    """Every file of the Lords save slot (the save and its backup), by name, with its bytes."""
    return {p.name: p.read_bytes() for p in home.rglob("autosave-lords*")}


def open_setup(app):
    app.go("title")
    steps(app)
    app.show("lords-setup")
    steps(app)
    setup = app.top
    assert isinstance(setup, LordsSetupScene)
    return setup


def test_start_asks_before_replacing_the_saved_game_and_keep_it_is_the_default(app, home, read_texts):
    old = saved_game()
    old.save()  # a second write: the backup copy exists too
    before = slot_files(home)
    assert "autosave-lords.json" in before and len(before) >= 2, before
    setup = open_setup(app)
    # Resume names the game and is the default button; Start is not
    assert setup.resume_button.visible and "Ann and Bob" in setup.resume_button.label
    assert setup.resume_button.style == "primary" and setup.start_button.style != "primary"
    # Start: the question, the save untouched
    click(app, setup.start_button.rect.center)
    steps(app)
    ask = app.top
    assert isinstance(ask, ConfirmScene)
    assert "Abandon" in ask.question and "Ann and Bob" in ask.question and "turn" in ask.question
    assert ask.buttons[ask.focus].label == "Keep it"
    assert slot_files(home) == before
    # Enter presses the focused Keep it: back on the setup, nothing replaced
    key(pygame.K_RETURN)
    steps(app)
    assert app.top is setup
    assert slot_files(home) == before
    assert ML.read_save().game.seed == old.game.seed
    # Escape on the question keeps it too
    click(app, setup.start_button.rect.center)
    steps(app)
    assert isinstance(app.top, ConfirmScene)
    key(pygame.K_ESCAPE)
    steps(app)
    assert app.top is setup and slot_files(home) == before
    # confirmed: a new game takes the save's place
    click(app, setup.start_button.rect.center)
    steps(app)
    ask = app.top
    click(app, ask.yes_btn.rect.center)
    steps(app, 2)
    table = app.find(LordsTableScene)
    assert table is not None and isinstance(app.top, (LordsTableScene, HandoverScene))
    assert slot_files(home)["autosave-lords.json"] != before["autosave-lords.json"]
    assert ML.read_save().game.seed == table.match.game.seed != old.game.seed


def test_enter_on_the_setup_resumes_the_saved_game(app, home):
    old = saved_game(seed=9)
    before = slot_files(home)
    open_setup(app)
    key(pygame.K_RETURN)
    steps(app, 2)
    table = app.find(LordsTableScene)
    assert table is not None and table.match.game.seed == old.game.seed
    assert slot_files(home)["autosave-lords.json"] == before["autosave-lords.json"] or \
        ML.read_save().game.seed == old.game.seed


def test_without_a_save_start_starts_at_once(app, home):
    app.seed = 3
    setup = open_setup(app)
    assert not setup.resume_button.visible and setup.start_button.style == "primary"
    key(pygame.K_RETURN)
    steps(app, 2)
    assert app.find(LordsTableScene) is not None and ML.read_save() is not None


def test_the_home_screen_shows_the_saved_lords_game_and_resumes_it(app, home, read_texts):
    old = saved_game(seed=12)
    g = old.game
    app.go("title")
    steps(app, 2)
    title = app.top
    tile = title.resume_buttons["lords"]
    assert "Lords of Vegas" in tile.label and "Ann and Bob" in tile.label and f"turn {max(1, g.turn)}" in tile.label
    # whose turn it is and everyone's points, as drawn
    drawn = " ".join(read_texts)
    assert f"{old.name(g.active)}'s turn" in drawn
    for s in range(g.n):
        assert f"{old.name(s)} 0 VP" in drawn
    assert "saved games show here" not in drawn
    click(app, tile.rect.center)
    steps(app, 2)
    table = app.find(LordsTableScene)
    assert table is not None and table.match.game.seed == old.game.seed and table.match.autosave


def test_the_home_screen_without_a_lords_save_has_no_lords_tile(app, home, read_texts):
    app.go("title")
    steps(app, 2)
    assert "lords" not in app.top.resume_buttons
    assert any("saved games show here" in t for t in read_texts)


def test_the_setup_remembers_the_last_seats_and_a_damaged_memory_is_kept_aside(app, home):
    app.seed = 4
    setup = open_setup(app)
    setup.kinds[3].set_value("hard")
    setup.fields[3].value = "Dora"
    setup.colours[3].set_value("purple")
    setup.start_now()
    app.step(DT)
    assert app.find(LordsTableScene) is not None
    ML.clear_save()
    again = open_setup(app)
    assert again.kinds[3].value == "hard" and again.fields[3].value == "Dora" and again.colours[3].value == "purple"
    assert [k.value for k in again.kinds[:3]] == ["human", "human", "medium"]
    # a hostile file: the usual seats, the file kept aside, no traceback
    from lasvegas.ui.lords.setup import last_setup_path

    last_setup_path().write_text('{"seats": [{"kind": "rm -rf", "colour": "blue", "name": "x"}]}')
    app.go("title")
    steps(app)
    app.show("lords-setup")
    steps(app)
    fresh = app.find(LordsSetupScene)
    assert fresh is not None and fresh.kinds[3].value == "off" and fresh.fields[0].value == "Ann"
    assert type(app.top).__name__ == "NoticeScene"  # the player is told
    assert not last_setup_path().exists() and list(last_setup_path().parent.glob("lords_last_setup*damaged*"))


def test_a_game_resumed_in_the_middle_of_a_turn_says_so_and_what_was_done(app, home):
    from lasvegas.lords import actions as A

    seats = [ML.LordsSeat("Ann", "blue", "human", ""), ML.LordsSeat("Bob", "green", "human", "")]
    m = ML.LordsLocalMatch(seats, 5, autosave=True)
    g = m.game
    who = m.name(g.active)
    build = g.build_options(g.active)[0]
    m.act(build)
    assert m.save()
    resumed = ML.read_save()
    assert resumed is not None and resumed.game.active == g.active
    app.go("lords-table", match=resumed)
    steps(app, 3)
    assert isinstance(app.top, HandoverScene) and app.top.name == who
    lot = LOT_NAMES[build.lot]
    assert app.top.look == f"{who}'s turn, in progress: {who} built 1 tile on {lot}."
    assert "next turn" not in app.top.look
    # the turn ended, the next pass screen is an ordinary one
    key(pygame.K_RETURN)
    steps(app, 3)
    table = app.find(LordsTableScene)
    assert table.act(A.EndTurn(g.active))
    steps(app, 3)
    assert isinstance(app.top, HandoverScene) and "in progress" not in app.top.look
