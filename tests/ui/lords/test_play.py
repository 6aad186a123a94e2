"""Whole games of Lords of Vegas played through the screen: posted clicks and keys, stepped time."""

import json

import pygame

from lasvegas.lords.record import check_record
from lasvegas.match.lords import local as ML
from lasvegas.ui.lords.results import LordsResultsScene
from lasvegas.ui.lords.setup import LordsSetupScene
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.lords.trade import LordsTradeScene
from lasvegas.ui.scenes.handover import HandoverScene

from .drive import DT, Player, click, key, play_to_end


def steps(app, n=1):
    for _i in range(n):
        app.step(DT)


def start_from_home(app, kinds):
    """Home → the Lords card → the setup, seats set by clicks → Start: the table."""
    app.go("title")
    steps(app)
    title = app.top
    click(app, title.lords_button.rect.center)
    steps(app)
    setup = app.top
    assert isinstance(setup, LordsSetupScene)
    for i, want in enumerate(kinds):
        choice = setup.kinds[i]
        if want == "off" and choice.value != "off":  # a seat leaves by its ×
            click(app, setup.removes[i].rect.center)
            steps(app)
        for _i in range(len(choice.options)):
            if choice.value == want:
                break
            click(app, choice.right.center)
            steps(app)
        assert choice.value == want
    click(app, setup.start_button.rect.center)
    steps(app)
    assert isinstance(app.top, (LordsTableScene, HandoverScene))
    return app.find(LordsTableScene)


def test_two_humans_and_an_ai_play_a_whole_game(app, home):
    app.settings.anim_speed = "instant"
    app.seed = 11
    table = start_from_home(app, ["human", "human", "easy", "off"])
    m = table.match
    assert [s.kind for s in m.seats] == ["human", "human", "ai"]
    assert ML.save_path().is_file()  # saved from the start, in its own slot
    player = Player()
    play_to_end(app, table, player)
    print(player.seen)
    res = app.top
    assert isinstance(res, LordsResultsScene)
    g = m.game
    assert g.is_over and g.winners
    # the humans played through the screen: they built, passed the screen, ended turns
    assert player.seen.get("build", 0) > 0 and player.seen.get("end", 0) > 5 and player.seen.get("pass", 0) > 5
    # the record is kept and replays to the same end; the save is gone
    assert not ML.save_path().exists()
    assert m.record_path is not None and m.record_path.parent == ML.records_folder()
    rec = json.loads(m.record_path.read_text())
    check_record(rec)
    assert rec["players"]["red"] == {"kind": "ai", "level": "easy"}
    assert rec["names"]["blue"] == "Ann"
    # no Las Vegas save was written or replaced
    assert not list(home.rglob("autosave-multi.json"))
    # the results: home by Escape
    key(pygame.K_ESCAPE)
    steps(app)
    assert type(app.top).__name__ == "TitleScene"


def until_my_play(app, table, limit=400):
    """Steps (taking the seat at each pass screen) until the player at the screen is to play."""
    for _i in range(limit):
        if isinstance(app.top, HandoverScene):
            key(pygame.K_RETURN)
        steps(app)
        if table.my_play():
            return
    raise AssertionError("no turn of a player at the screen came")


def test_a_trade_between_two_humans_behind_a_pass_screen(app, home):
    app.settings.anim_speed = "instant"
    app.seed = 4
    table = start_from_home(app, ["human", "human", "off", "off"])
    m = table.match
    until_my_play(app, table)
    a = table.viewer
    b = 1 - a
    money = list(m.game.money)
    key(pygame.K_t)
    steps(app)
    trade = app.top
    assert isinstance(trade, LordsTradeScene)
    assert trade.to == b
    for _i in range(3):
        click(app, trade.controls()["give+"].center)
        steps(app)
    assert trade.give_money == 3
    key(pygame.K_RETURN)  # propose
    steps(app)
    assert (a, b) in m.game.proposals
    # the recipient gets the screen: a pass screen, then the offer with Accept and Reject
    for _i in range(20):
        steps(app)
        if isinstance(app.top, HandoverScene):
            break
    assert isinstance(app.top, HandoverScene) and app.top.name == m.name(b)
    key(pygame.K_RETURN)
    steps(app, 2)
    assert table.viewer == b and table.decide.kind() == "trade"
    key(pygame.K_a)
    steps(app, 2)
    assert m.game.money[a] == money[a] - 3 and m.game.money[b] == money[b] + 3
    # the screen goes back to the active player, who then sees the answer, and finishes the turn
    assert not any("accepts" in line for line in table.log)
    for _i in range(20):
        if isinstance(app.top, HandoverScene):
            key(pygame.K_RETURN)
        steps(app)
    assert table.viewer == a and table.my_play()
    assert any("accepts" in line for line in table.log)


def test_an_ai_answers_a_trade_with_a_reason(app, home):
    app.settings.anim_speed = "instant"
    app.seed = 7
    table = start_from_home(app, ["human", "medium", "off", "off"])
    m = table.match
    until_my_play(app, table)
    key(pygame.K_t)
    steps(app)
    trade = app.top
    click(app, trade.controls()["get+"].center)  # ask for $1, give nothing
    steps(app)
    key(pygame.K_RETURN)
    steps(app, 5)
    assert not m.game.proposals
    assert any("rejected" in line for line in table.log)
    assert any(line.startswith(m.name(1) + ":") for line in table.log), table.log[-5:]


def test_resume_from_the_lords_save(app, home):
    app.settings.anim_speed = "instant"
    app.seed = 3
    table = start_from_home(app, ["human", "easy", "off", "off"])
    until_my_play(app, table)
    before = table.match.game.to_dict()
    app.go("title")
    steps(app)
    click(app, app.top.lords_button.rect.center)
    steps(app)
    setup = app.top
    assert setup.resume_button.visible
    click(app, setup.resume_button.rect.center)
    steps(app)
    again = app.find(LordsTableScene)
    assert again is not None and again.match.game.to_dict() == before
    # its log is told again from the start, as it was
    assert again.log[:len(table.log)] == table.log and len(again.log) >= len(table.log) > 3


def test_the_setup_is_reached_and_worked_by_keys_alone(app, home):
    app.settings.anim_speed = "instant"
    app.seed = 5
    app.go("title")
    steps(app)
    title = app.top
    for _i in range(len(title.buttons)):  # the home's focus moves to the Lords card, Enter opens it
        if title.buttons[title.focus] is title.lords_button:
            break
        key(pygame.K_RIGHT)
        steps(app)
    key(pygame.K_RETURN)
    steps(app)
    setup = app.top
    assert isinstance(setup, LordsSetupScene)
    key(pygame.K_DOWN)  # the ring shows on seat 1's colour, then its name, kind, ×
    for _k in range(6):  # seat 2's colour, name, kind
        key(pygame.K_DOWN)
    steps(app)
    assert setup.focus.current is setup.kinds[1]
    key(pygame.K_RIGHT)  # Human -> AI: Random
    steps(app)
    assert setup.kinds[1].value == "random"
    key(pygame.K_RETURN)  # Enter starts (the Start button's key)
    steps(app, 3)
    table = app.find(LordsTableScene)
    assert table is not None and [s.kind for s in table.match.seats] == ["human", "ai", "ai"]
