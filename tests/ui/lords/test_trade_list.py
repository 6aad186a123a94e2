"""The trade's action is chosen from a list: "No action" and every action the engine allows now, each
with its glyph, lot and price; by the mouse and by keys (Up/Down/Enter/Escape); the action's lots
lit on the board; the offer shows it in full."""

import pygame

from lasvegas.lords.queries import priced_actions
from lasvegas.match.lords.local import LordsSeat
from lasvegas.ui.lords.trade import LordsTradeScene

from ...lords.helpers import L, blank, mark, tile
from .drive import DT, click, key, open_trade

ANN, BOB = 0, 1


def _trade(app):
    g = blank(2)
    mark(g, "A2", ANN)
    mark(g, "F7", BOB)
    tile(g, "A1", "purple", ANN, 5)  # A1 is A2's neighbour: building on A2 grows Ann's casino
    tile(g, "C1", "gold", BOB, 4)  # Bob's casino: Ann may gamble there
    sc = open_trade(app, g, [LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "ai", "easy")])
    assert isinstance(sc, LordsTradeScene) and sc.to == BOB
    return sc, g


def test_the_list_holds_the_engines_actions_and_is_chosen_by_mouse(app, read_texts, lit_lots):
    sc, g = _trade(app)
    lit = lit_lots
    lit.clear()  # what was lit before the panel opened
    engine = [a for a, _c in priced_actions(g, ANN)]
    assert sc.actions() == [None] + engine and len(engine) > 3
    click(app, sc.controls()["act"].center)
    read_texts.clear()
    app.step(DT)
    assert sc.list.open
    shown = " ".join(read_texts)
    assert "No action" in read_texts and "Build purple on A2" in shown and "$6" in read_texts
    gamble = next(i for i, a in enumerate(sc.actions()) if type(a).__name__ == "Gamble")
    # a row clicked is chosen; the list closes; the offer carries it
    rows = dict(sc.list.rows(len(sc.actions())))
    build = next(i for i, a in enumerate(sc.actions()) if a is not None and getattr(a, "lot", None) == L("A2"))
    assert build in rows
    click(app, rows[build].center)
    lit.clear()
    read_texts.clear()
    app.step(DT)
    assert not sc.list.open and sc.proposal().action == sc.actions()[build]
    assert ((L("A2"),), 5) in lit  # its lot lit on the board
    shown = " ".join(read_texts)
    assert "Build purple on A2" in shown and "the casino grows to 2 tiles" in shown  # the offer in full
    # a click outside the list closes it as it was
    click(app, sc.controls()["act"].center)
    app.step(DT)
    assert sc.list.open
    click(app, (sc.list.box(len(sc.actions())).x - 40, 20))
    app.step(DT)
    assert not sc.list.open and sc.action_i == build
    # a gamble lights its whole casino, and its price is its largest bet
    sc.action_i = gamble
    lit.clear()
    app.step(DT)
    top = sc.actions()[gamble].bet
    assert ((L("C1"),), 5) in lit and sc.price(sc.actions()[gamble]) == top == 5
    # its bet, from $1 to the engine's largest: Left / Right in the list, or its − and +
    click(app, sc.controls()["act"].center)
    app.step(DT)
    while sc.list.at != gamble:
        key(pygame.K_DOWN)
        app.step(DT)
    key(pygame.K_LEFT)
    key(pygame.K_LEFT)
    app.step(DT)
    assert sc.actions()[gamble].bet == top - 2
    minus = sc.list.bet_buttons(gamble, dict(sc.list.rows(len(sc.actions())))[gamble])[-1]
    for _i in range(top + 2):  # never under $1
        click(app, minus.center)
    app.step(DT)
    assert sc.actions()[gamble].bet == 1 and sc.list.open
    for _i in range(top + 2):  # never over the largest
        key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    app.step(DT)
    assert sc.proposal().action.bet == top and not sc.list.open


def test_the_list_by_keys_and_the_ring(app, read_texts, lit_lots):
    sc, g = _trade(app)
    lit = lit_lots
    lit.clear()  # what was lit before the panel opened
    n = len(sc.actions())
    # the ring reaches the action line; Space opens the list on the action chosen
    for _i in range(40):
        if getattr(sc, "ring", None) == "act":
            break
        key(pygame.K_DOWN)
        app.step(DT)
    assert sc.ring == "act"
    key(pygame.K_SPACE)
    app.step(DT)
    assert sc.list.open and sc.list.at == 0
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    app.step(DT)
    assert sc.list.at == 2 and sc.action_i == 0
    key(pygame.K_ESCAPE)  # Escape closes the list, nothing chosen, the panel stays
    app.step(DT)
    assert not sc.list.open and sc.action_i == 0 and app.top is sc
    key(pygame.K_SPACE)
    for _i in range(n + 1):  # Up from the top goes round to the last rows: the list scrolls with it
        key(pygame.K_UP)
    app.step(DT)
    assert sc.list.at == n - 1 and sc.list.top == max(0, n - 9)
    assert n - 1 in dict(sc.list.rows(n))
    key(pygame.K_RETURN)  # Enter chooses and does not propose
    app.step(DT)
    assert not sc.list.open and sc.action_i == n - 1 and app.top is sc
    assert sc.proposal().action == sc.actions()[-1]


def test_the_list_counts_what_the_trade_brings_in(app):
    """D13: a bundled action is checked at acceptance, once the offers have changed hands: the money
    the trade brings the active seat pays for it, and a lot it buys may be built on."""
    from lasvegas.lords import actions as A

    from ...lords.helpers import C, blank, mark, tile

    g = blank(2, money=4)
    g.money[BOB] = 20
    mark(g, "A4", ANN)
    mark(g, "B2", BOB)
    tile(g, "C6", "gold", ANN, 3)  # Ann's casino of 1 tile: a remodel costs $5, she has $4
    sc = open_trade(app, g, [LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "ai", "easy")])
    remodels = [a for a in sc.actions() if type(a) is A.Remodel]
    assert not remodels and not any(type(a) is A.Remodel for a, _c in priced_actions(g, ANN))
    # Ann offers A4 to Bob for $5: with the $5 the remodel is offered
    sc.give.add(L("A4"))
    get_plus = sc.controls()["get+"].center
    for _i in range(5):
        click(app, get_plus)
    app.step(DT)
    assert sc.get_money == 5
    remodel = next(i for i, a in enumerate(sc.actions()) if type(a) is A.Remodel and a.colour == C("purple"))
    assert sc.price(sc.actions()[remodel]) == 5
    sc.action_i = remodel
    p = sc.proposal()
    assert type(p.action) is A.Remodel
    done = g.copy()  # the engine takes it: proposed, accepted, the remodel done with the $5
    done.apply(p)
    done.apply(A.Accept(BOB, ANN))
    assert done.tile[L("C6")] == C("purple") and done.money[ANN] == 4
    # with no money coming in the remodel is no longer possible: the choice goes back to no action
    for _i in range(5):
        click(app, sc.controls()["get-"].center)
    app.step(DT)
    assert sc.get_money == 0
    assert not any(type(a) is A.Remodel for a in sc.actions()) and sc.proposal().action is None
    # a lot being bought may be built on (Bob's B2)
    sc.get_money = 0
    sc.give_money = 0
    sc.give.clear()
    g.money[ANN] = 30  # enough for B2, which Bob gives her
    sc.get.add(L("B2"))
    sc._acts = None
    build = [a for a in sc.actions() if type(a) is A.Build and a.lot == L("B2")]
    assert build and not any(type(a) is A.Build and a.lot == L("B2") for a, _c in priced_actions(g, ANN))
    sc.action_i = sc.actions().index(build[0])
    done = g.copy()
    done.apply(sc.proposal())
    done.apply(A.Accept(BOB, ANN))
    assert done.tile[L("B2")] >= 0 and done.owner[L("B2")] == ANN
