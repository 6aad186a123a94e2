"""Hot seat: the pass screen comes before the next player's moment, so each player watches their
own card turn over and their own dice land (never the player before them)."""

import pygame

from lasvegas.lords import events as E
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.scenes.handover import HandoverScene

from ...lords.helpers import blank, mark, next_cards
from .drive import DT, key

ANN, BOB = 0, 1


def watch(app, table, shown, limit=200, until=None):
    """Steps, noting each event the table puts on show, with who held the screen then."""
    for _i in range(limit):
        app.step(DT)
        if table.current is not None and (not shown or shown[-1][0] is not table.current):
            shown.append((table.current, table.viewer, isinstance(app.top, HandoverScene)))
        if until is not None and until():
            return


def test_bobs_card_is_drawn_after_the_pass_screen_and_shown_to_bob(app):
    app.settings.anim_speed = "normal"
    g = blank(2)
    mark(g, "A1", ANN)
    next_cards(g, "C1")
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "human", "")], game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    shown = []
    watch(app, table, shown, until=lambda: isinstance(app.top, HandoverScene))
    key(pygame.K_RETURN)
    watch(app, table, shown, until=lambda: table.viewer == ANN and not table.busy)
    assert table.viewer == ANN and g.active == ANN
    shown.clear()
    key(pygame.K_e)  # Ann ends her turn: Bob draws C1
    app.step(DT)
    assert g.active == BOB and any(isinstance(ev, E.CardDrawn) for ev in table.held)
    # nothing of Bob's moment plays to Ann: the pass screen comes first
    watch(app, table, shown, until=lambda: isinstance(app.top, HandoverScene))
    assert isinstance(app.top, HandoverScene) and app.top.name == "Bob"
    assert not any(isinstance(ev, E.CardDrawn) for ev, _v, _p in shown)
    assert not any("draws C1" in line for line in table.log)
    key(pygame.K_RETURN)
    watch(app, table, shown, until=lambda: not table.busy)
    draws = [(ev, viewer) for ev, viewer, _p in shown if isinstance(ev, E.CardDrawn)]
    assert draws and all(viewer == BOB for _ev, viewer in draws)
    assert any("draws C1" in line for line in table.log)
    assert table.held == [] and table.viewer == BOB


def test_alone_at_the_screen_nothing_is_held(app):
    app.settings.anim_speed = "normal"
    g = blank(2)
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Vic", "red", "ai", "easy")], game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    for _i in range(5):
        app.step(DT)
    assert table.viewer == ANN and not isinstance(app.top, HandoverScene)
    key(pygame.K_e)
    app.step(DT)
    assert table.held == [] and (table.busy or g.active != ANN)
    assert isinstance(app.top, LordsTableScene)


def _bobs_casino(app):
    """Ann and Bob at the screen, Bob boss of a gold casino on B3, the next gamble's dice 3+4."""
    from ...lords.helpers import dice, tile

    app.settings.anim_speed = "instant"
    g = blank(2)
    tile(g, "B3", "gold", BOB, 4)
    dice(g, 3, 4)
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "human", "")], game=g)
    m.poll()
    return g, app.go("lords-table", match=m)


def _take(app):
    for _i in range(6):
        app.step(DT)
        if isinstance(app.top, HandoverScene):
            return app.top
    return None


def test_the_pass_screens_say_who_asks_what_what_was_answered_and_the_moves_since(app):
    from ...lords.helpers import L

    g, table = _bobs_casino(app)

    def take():
        return _take(app)
    first = take()
    key(pygame.K_RETURN)
    app.step(DT)
    assert first is not None and table.viewer == ANN
    from lasvegas.lords import actions as A

    assert table.act(A.Gamble(ANN, L("B3"), 5))
    ask = take()
    assert ask.name == "Bob"
    assert ask.look == "A question for Bob in Ann's turn; then the screen goes back to Ann."
    assert ask.lines[0] == "Ann bets $5 at your casino on B3: lay off half?"
    assert ask.picture is not None
    key(pygame.K_RETURN)
    app.step(DT)
    assert table.act(A.LayOff(BOB, True))
    back = take()
    assert back.name == "Ann" and back.look == "Back to Ann's turn."
    assert back.lines == ["Bob laid off half of the bet."]  # not the roll: Ann watches it
    key(pygame.K_RETURN)
    app.step(DT)
    assert table.act(A.EndTurn(ANN))
    turn = take()
    assert turn.name == "Bob" and turn.look == "The others look away: the next turn is Bob's."
    assert turn.lines[0] == "Before your first turn"  # Bob's first turn: no "last turn" (tests/ui/lords/test_recap.py)
    assert turn.lines[1:] == ["Ann gambled $5 at B3 and lost $5."]
    assert not any("draws" in line for line in turn.lines)  # Bob's own card: he watches it


def test_back_to_the_proposer_both_answers_are_told_the_trade_accepted_and_the_lay_off(app):
    """A trade with a gamble at the recipient's casino: Bob accepts, then answers the lay-off on the
    same screen; back to Ann, the pass screen tells both, not only the last."""
    from lasvegas.lords import actions as A

    from ...lords.helpers import L

    g, table = _bobs_casino(app)
    assert _take(app) is not None
    key(pygame.K_RETURN)
    app.step(DT)
    assert table.act(A.Propose(ANN, BOB, A.Offer(2), A.NO_OFFER, A.Gamble(ANN, L("B3"), 4)))
    ask = _take(app)
    assert ask.name == "Bob" and ask.lines[1] == "With it, Ann will gamble $4 at B3 — against Bob."  # the bet said once
    key(pygame.K_RETURN)
    app.step(DT)
    assert table.act(A.Accept(BOB, ANN))
    for _i in range(6):
        app.step(DT)
    assert table.act(A.LayOff(BOB, True))
    back = _take(app)
    assert back.name == "Ann" and back.look == "Back to Ann's turn."
    assert back.lines == ["Bob accepts Ann's trade.", "Bob laid off half of the bet."]


def test_a_question_in_an_ai_seats_turn_says_its_turn_goes_on_not_that_the_screen_goes_back(app):
    from lasvegas.lords import actions as A
    from lasvegas.ui.lords import handing

    from ...lords.helpers import L

    app.settings.anim_speed = "instant"
    g = blank(3, active=2)
    mark(g, "A2", BOB)
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "human", ""),
                         LordsSeat("Dora", "red", "ai", "hard")], game=g)
    table = app.go("lords-table", match=m)
    g.proposals[(2, BOB)] = A.Propose(2, BOB, A.Offer(8), A.Offer(0, (L("A2"),)))
    said = handing.pass_screen(table, BOB)
    assert said["look"] == "A question for Bob in Dora's turn; then Dora plays on."
    assert said["lines"][0] == "Dora offers $8 for marker A2: accept?"


def test_the_pass_screens_little_board_does_not_show_the_card_about_to_be_drawn(app, monkeypatch):
    from lasvegas.lords import actions as A
    from lasvegas.ui.lords import handing

    from ...lords.helpers import C, L

    drawn: list = []
    real = handing.lords_thumbnail

    def spy(tiles, markers, owners, h, marked=()):
        drawn.append(markers)
        return real(tiles, markers, owners, h, marked)
    monkeypatch.setattr(handing, "lords_thumbnail", spy)
    app.settings.anim_speed = "instant"
    g = blank(2)
    mark(g, "A2", ANN)
    next_cards(g, "C1")  # Bob's card: his marker goes on C1 once he has the screen
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "human", "")], game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    watch(app, table, [], until=lambda: isinstance(app.top, HandoverScene))
    key(pygame.K_RETURN)
    watch(app, table, [], until=lambda: table.viewer == ANN and not table.busy)
    assert table.act(A.Build(ANN, L("A2"), C("purple")))  # something for Bob's recap
    assert table.act(A.EndTurn(ANN))
    drawn.clear()
    watch(app, table, [], until=lambda: isinstance(app.top, HandoverScene))
    assert app.top.name == "Bob" and app.top.picture is not None
    assert g.marker[L("C1")] == BOB  # the game has drawn it ...
    assert drawn and drawn[-1][L("C1")] == ""  # ... the picture has not
