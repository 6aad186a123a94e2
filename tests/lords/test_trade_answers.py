"""The AI seats' trades: a refusal says what the asked lot is to the seat (a code and a lot, put
in words by the screen in English, French and German), AI-only games never repeat an offer in a
turn nor loop, and a trade offer never depends on the game's future dice."""

import random

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords.ai import make_player, play_game
from lasvegas.lords.dice import RandomDice
from lasvegas.lords.game import Game
from lasvegas.lords.players import refusal_code
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat, TradeReason

from .helpers import L, blank, mark, tile

NAMES = ["Ann", "Dora", "Cy", "Di"].__getitem__


def test_a_refusal_names_the_lot_and_what_it_is_to_the_seat():
    g = blank(2)
    tile(g, "A2", "gold", owner=1, value=4)
    mark(g, "A3", 1)                     # beside Blue's own tile: it joins her casino
    mark(g, "F1", 1)                     # nowhere near
    buy = A.Propose(0, 1, A.Offer(5), A.Offer(0, (L("A3"),)))
    assert refusal_code(g, 1, buy) == ("joins_casino", L("A3"))
    assert refusal_code(g, 1, A.Propose(0, 1, A.Offer(5), A.Offer(0, (L("F1"),)))) == ("keeps_lot", L("F1"))
    assert refusal_code(g, 1, A.Propose(0, 1, A.Offer(5), A.Offer(0, (), (L("A2"),)))) == ("boss_seat", L("A2"))
    # a boss seat tells more than a marked lot; money alone asks for no lot
    both = A.Propose(0, 1, A.Offer(5), A.Offer(0, (L("F1"),), (L("A2"),)))
    assert refusal_code(g, 1, both) == ("boss_seat", L("A2"))
    assert refusal_code(g, 1, A.Propose(0, 1, A.Offer(0), A.Offer(5))) == ("", -1)
    # the proposer's own side is not what the answering seat keeps
    assert refusal_code(g, 0, buy) == ("", -1)


def _refused_lot_trade():
    """A match (a human and a Medium seat) and the human's $1 offer for a marked lot of the
    Medium's beside its own tile, found by playing Medium seats on."""
    for seed in range(12):
        m = LordsLocalMatch([LordsSeat("Ann", "blue"), LordsSeat("Dora", "green", "ai", "medium")], seed)
        g = m.game
        players = [make_player("medium", 7), None]
        for _ in range(400):
            if g.is_over:
                break
            if g.phase == "play" and g.active == 0 and g.trade_window and not g.proposals:
                for i in range(len(g.marker)):
                    if g.marker[i] == 1 and g.tile[i] < 0:
                        p = A.Propose(0, 1, A.Offer(1), A.Offer(0, (i,)))
                        if g.trade_problem(p) is None and refusal_code(g, 1, p)[0] == "joins_casino":
                            return m, p
            s = g.to_act
            if s == 0:
                m.act(players[0].act(g, 0))
            else:
                m.ai_step()
    raise AssertionError("no position found")


def test_the_match_tells_a_refusal_by_the_lot_kept():
    m, p = _refused_lot_trade()
    lot = p.get.lots[0]
    m.act(p)
    events = m.ai_step()
    reasons = [e for e in events if type(e) is TradeReason]
    assert len(reasons) == 1
    r = reasons[0]
    assert (r.seat, r.proposer, r.accepted, r.kind, r.lot, r.money) == (1, 0, False, "joins_casino", lot, 1)


@pytest.mark.parametrize("lang,want", [("en", "Dora: not for $5: C4 joins my casino."),
                                       ("fr", "Dora : pas pour 5 $ : C4 rejoint mon casino."),
                                       ("de", "Dora: nicht für 5 $ – C4 gehört zu meinem Casino.")])
def test_the_reason_in_words(lang, want):
    from lasvegas.ui.kit import i18n
    from lasvegas.ui.lords.words import describe

    try:
        i18n.set_language(lang)
        r = TradeReason(1, 0, False, "joins_casino", 3, lot=L("C4"), money=5)
        said = describe(r, NAMES)
        assert said.replace("\u00a0", " ").replace("\u202f", " ") == want   # money keeps its sign beside
        for kind in ("boss_seat", "keeps_die", "keeps_lot"):
            text = describe(TradeReason(1, 0, False, kind, lot=L("C4")), NAMES)
            assert "C4" in text and "{" not in text and text.startswith("Dora")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("seats", [("hard", "medium"), ("hard", "medium", "medium", "medium"),
                                   ("hard", "hard")])
def test_ai_only_games_never_repeat_an_offer_in_a_turn_nor_loop(seats):
    offers = 0
    for seed in range(3):
        g = Game(len(seats), 100 + seed)
        players = [make_player(level, seed * 10 + s) for s, level in enumerate(seats)]
        seen: set = set()

        class Watch:
            def apply(self, a):
                nonlocal offers
                if type(a) is A.Propose:
                    key = (g.turn, a)
                    assert key not in seen, f"offer repeated in turn {g.turn}: {a}"
                    seen.add(key)
                    offers += 1
                return g.apply(a)

        play_game(g, players, Watch(), max_actions=20_000)   # raises when the game does not end
        assert g.is_over
    assert offers > 0        # the AIs do trade


def test_a_trade_offer_never_reads_the_games_dice():
    # the first position where Hard offers a trade; the same offer with other dice to come
    g = Game(2, 0)
    players = [make_player("hard", 0), make_player("medium", 1)]
    for _ in range(2000):
        s = g.to_act
        probe = g.copy()
        a = make_player("hard", 5).propose(probe, s) if s == 0 and g.phase == "play" and g.active == 0 else None
        if a is not None:
            break
        g.apply(players[s].act(g, s))
    assert a is not None
    g2 = g.copy()
    g2.dice = RandomDice(random.Random(987654))
    assert g2.view(0) == g.view(0)
    assert make_player("hard", 5).propose(g, 0) == make_player("hard", 5).propose(g2, 0) == a
