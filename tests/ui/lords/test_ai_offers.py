"""AI seats offering trades to human seats (D13–D14): the offer, the pass screen, the answer by keys."""

from __future__ import annotations

import random

import pygame
import pytest

from lasvegas.lords import events as E, propose
from lasvegas.lords.ai import make_player, trade_gains
from lasvegas.lords.game import PLAY
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.scenes.handover import HandoverScene

from .drive import DT, click, key

SEEDS = range(24)


def position(humans: tuple[int, ...]):
    """A game played by AI seats up to an AI seat's turn with a sensible lot to buy from seat 0
    (next to a casino it bosses), as a match where the seats ``humans`` are humans."""
    for seed in SEEDS:
        auto = LordsLocalMatch([LordsSeat(n, c, "ai", "medium") for n, c in
                                (("Ann", "blue"), ("Bob", "green"), ("Vic", "red"))], seed)
        for _i in range(3000):
            g = auto.game
            if g.is_over:
                break
            s = g.active
            if g.phase == PLAY and s not in humans and not g.proposals and auto.ai_due() == s:
                good = [p for p, why in propose.candidates(g, s, [0]) if why.kind == "grow"
                        and (trade_gains(g, s, p, random.Random(0), propose._worth) or (0, 0))[0]
                        >= propose.MIN_GAIN + 1]  # (a margin: the AI values it on worlds of its own)
                if good:
                    seats = [LordsSeat(n, c, "human" if i in humans else "ai", "" if i in humans else "hard")
                             for i, (n, c) in enumerate((("Ann", "blue"), ("Bob", "green"), ("Vic", "red")))]
                    return LordsLocalMatch(seats, seed, game=g, setup_rolls=auto.recorder.setup_rolls,
                                           moves=auto.recorder.moves), s
            auto.ai_step()
    pytest.fail("no position found: the seeds above no longer hold an AI turn with such a lot")


def test_the_offer_is_deterministic_from_the_ai_s_own_generator():
    m, s = position((0,))
    g = m.game
    first = propose.propose_to_human(g.copy(), s, [0], random.Random(5))
    again = propose.propose_to_human(g.copy(), s, [0], random.Random(5))
    assert first == again
    assert propose.propose_to_human(g, s, [], random.Random(5)) is None  # nobody to offer to
    assert propose.propose_to_human(g, 0, [0], random.Random(5)) is None  # not to itself


def test_an_ai_offers_a_human_a_trade_answered_by_keys(app, home, monkeypatch):
    monkeypatch.setattr(propose, "CHANCE", 1.0)  # an AI that looks every turn
    m, s = position((0,))
    table = app.go("lords-table", match=m)
    assert isinstance(table, LordsTableScene) and table.viewer == 0
    for _i in range(600):
        app.step(DT)
        if table.decide.kind() == "trade" and not table.busy:
            break
    assert table.decide.kind() == "trade"
    p = table.decide.proposal()
    assert p.seat == s and p.to == 0 and p.get.lots and p.give.money > 0
    lot = p.get.lots[0]
    money = m.game.money[0]
    assert any("Vic" in line or "Bob" in line for line in table.log if "offers" in line)
    assert any("wants" in line for line in table.log)  # why, in words
    from lasvegas.ui.lords import deal

    why = deal.offer_why(table, p)  # and on the panel that asks the answer
    assert why.startswith(m.name(s) + " wants ") and why in table.log
    key(pygame.K_a)
    app.step(DT)
    assert m.game.marker[lot] == s and m.game.money[0] == money + p.give.money
    table.skip()
    assert any("accepts" in line for line in table.log)
    assert [mv["action"]["type"] for mv in m.recorder.moves[-2:]] == ["propose", "accept"]  # in the record


def test_hot_seat_the_offer_goes_behind_a_pass_screen(app, home, monkeypatch):
    monkeypatch.setattr(propose, "CHANCE", 1.0)
    m, s = position((0, 1))  # Ann and Bob share the screen, Vic (AI) offers Ann a trade
    table = app.go("lords-table", match=m)
    seen_pass = False
    said: list[str] = []
    for _i in range(900):
        app.step(DT)
        if isinstance(app.top, HandoverScene):
            seen_pass = True
            said += app.top.lines
            key(pygame.K_RETURN)
        elif table.decide.kind() == "trade" and not table.busy and table.viewer == 0:
            break
    assert seen_pass and table.viewer == 0 and table.decide.kind() == "trade"
    p = table.decide.proposal()
    assert any(line.startswith(m.name(p.seat) + " wants ") for line in said)  # why, on the pass screen too
    reject = table.decide.buttons()["reject"]
    click(app, reject.center)
    app.step(DT)
    assert (p.seat, p.to) not in m.game.proposals
    table.skip()
    assert any("rejected" in line for line in table.log)


def test_easy_and_random_seats_never_offer(monkeypatch):
    monkeypatch.setattr(propose, "CHANCE", 1.0)
    m, s = position((0,))
    m.seats[s] = LordsSeat(m.seats[s].name, m.seats[s].colour, "ai", "easy")
    m.ai[s] = make_player("easy", 1)
    events = m.ai_step()
    assert not any(isinstance(e, (E.TradeProposed, propose.OfferReason)) for e in events)
