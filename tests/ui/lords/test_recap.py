"""The pass screen's recap: one line for each other player's turn since yours, read from the game's
events (what they built, sprawled, remodelled, reorganized, gambled, traded; no card, payout or
dice placement); on a first turn no "Since your last turn"."""

import pygame

from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.lords.queries import turns_started
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords import recap
from lasvegas.ui.scenes.handover import HandoverScene

from ...lords.helpers import C, L, blank, dice, mark, tile
from .drive import DT, key

ANN, BOB, CID = 0, 1, 2
NAMES = ["Ann", "Bob", "Cid"]


def _pass_screen(app):
    for _i in range(20):
        app.step(DT)
        if isinstance(app.top, HandoverScene):
            return app.top
    raise AssertionError("no pass screen")


def _take(app, table, seat):
    key(pygame.K_RETURN)
    for _i in range(20):
        app.step(DT)
        if table.viewer == seat and not table.busy:
            return
    raise AssertionError("the screen did not go to the seat")


def test_one_line_a_turn_since_yours_and_no_last_turn_on_a_first_one(app):
    app.settings.anim_speed = "instant"
    g = blank(3)
    g.first, g.turn = ANN, 1  # Ann's first turn
    for lot in ("A2", "A3"):
        mark(g, lot, ANN)
    mark(g, "C1", CID)
    tile(g, "E1", "gold", ANN, 3)
    dice(g, 5, 2, 3, 4)  # the reorganize's two dice, then the gamble's roll
    m = LordsLocalMatch([LordsSeat(n, c, "human", "") for n, c in zip(NAMES, ("blue", "green", "red"))], game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    _pass_screen(app)
    _take(app, table, ANN)
    assert table.act(A.Build(ANN, L("A2"), C("purple")))
    assert table.act(A.Build(ANN, L("A3"), C("purple")))
    assert table.act(A.Reorganize(ANN, L("A2")))
    if g.phase == "place":  # Ann places her re-rolled dice (not told in the recap)
        assert table.act(A.PlaceDice(ANN, tuple(g.placing[ANN][1])))
    assert table.act(A.EndTurn(ANN))
    bob = _pass_screen(app)
    assert bob.name == "Bob" and turns_started(g, BOB) == 1
    assert bob.lines[0] == "Before your first turn"  # never "Since your last turn" on a first turn
    assert bob.lines[1:] == ["Ann built 2 tiles on A2, A3 and reorganized A2."]
    _take(app, table, BOB)
    assert table.act(A.EndTurn(BOB))
    cid = _pass_screen(app)
    _take(app, table, CID)
    assert table.act(A.Build(CID, L("C1"), C("aqua")))
    assert table.act(A.Sprawl(CID, L("C1"), L("C2")))
    assert table.act(A.Gamble(CID, L("E1"), 2))  # Ann's casino: a question for Ann first
    ask = _pass_screen(app)
    assert ask.name == "Ann" and ask.lines[0].startswith("Cid bets $2")
    _take(app, table, ANN)
    assert table.act(A.LayOff(ANN, False))
    _pass_screen(app)
    _take(app, table, CID)
    assert table.act(A.EndTurn(CID))
    ann = _pass_screen(app)
    assert ann.name == "Ann" and turns_started(g, ANN) == 2
    assert ann.lines[0] == "Since your last turn"
    rolled = next(ev for ev in table.shown if isinstance(ev, E.GambleRolled))
    result = (f"won ${rolled.gambler}" if rolled.gambler > 0 else f"lost ${-rolled.gambler}")
    assert ann.lines[1:] == ["Bob drew a card and did nothing more.",
                             f"Cid built 1 tile on C1, sprawled onto C2 and gambled $2 at E1 and {result}."]
    told = " ".join(ann.lines)  # no card drawn, payout, score nor placed dice: what they chose only
    assert "draws" not in told and "pays" not in told and "VP" not in told and "places" not in told
    assert ann.picture is not None


def test_the_recap_cut_to_the_latest_turns_a_trade_told_and_in_french_and_german(lang):
    from lasvegas.lords.board import LOT_NAMES

    def name(s):
        return NAMES[s]
    events = []
    for t in range(1, 11):  # Bob's and Cid's turns build, Ann's (seat 0) are hers
        seat = t % 3
        events.append(E.TurnStarted(seat, t))
        if seat != ANN:
            events.append(E.Built(seat, t, C("gold"), 6, 3))
        events.append(E.Paid(t, C("gold"), (1, 1, 1), (1, 1, 1), ()))
        if t == 10:
            events.append(E.TradeAccepted(CID, BOB, {"money": 3}, {}, None))
        events.append(E.TurnEnded(seat))
    lines = recap.since(events, ANN, name)
    assert len(lines) == recap.MOST and lines[0] == "… and 2 turns before"
    assert all(not x.startswith("Ann") for x in lines)
    assert lines[-1] == f"Bob built 1 tile on {LOT_NAMES[10]} and traded with Cid."
    assert recap.in_progress(events[:-1], BOB, name) == f"built 1 tile on {LOT_NAMES[10]} and traded with Cid"
    for code, words in (("fr", "a construit 1\u00a0tuile en"), ("de", "baute 1\u00a0Plättchen auf")):
        lang(code)
        said = recap.since(events, ANN, name)
        assert words in said[-1], said
