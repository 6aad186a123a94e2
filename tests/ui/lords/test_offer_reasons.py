"""Every offer an AI seat makes comes with why, in words, for the player who answers it: the deals
of its own (``lords.offers``: money for a lot or a die, its lot for money, swaps, a build bundled)
and its offers to a human (``lords.propose``).  The reason is an event of the one stream, right after
the engine's ``TradeProposed``, read from the deal and the board before it (``propose.offer_reason``)."""

from __future__ import annotations

import collections

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.lords.ai import make_player
from lasvegas.lords.propose import OfferReason, offer_reason
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.kit import i18n
from lasvegas.ui.lords import words

from ...lords.helpers import L, blank, mark, tile

#: the seeded games played (two humans' seats played by a Medium stand-in, so that the AI seats
#: offer them trades too)
SEEDS = range(8)
COLOURS = ("blue", "green", "red", "yellow")


def play(seed: int, levels: list[str]):
    """A whole game at a local match, as a screen would play it; its events."""
    seats = [LordsSeat(f"P{i}", c, "human" if lv == "human" else "ai", "" if lv == "human" else lv)
             for i, (lv, c) in enumerate(zip(levels, COLOURS))]
    m = LordsLocalMatch(seats, seed)
    stand_in = {i: make_player("medium", i) for i, lv in enumerate(levels) if lv == "human"}
    events: list = []
    for _i in range(5000):
        g = m.game
        if g.is_over:
            break
        if m.ai_due() is not None:
            events += m.ai_step()
            continue
        h = m.human_due()
        asked = sorted(f for (f, to) in g.proposals if to == h) if g.phase == "play" else []
        events += m.act(stand_in[h].answer(g, h, g.proposals[(asked[0], h)]) if asked else stand_in[h].act(g, h))
    assert m.game.is_over
    return m, events


def test_every_offer_an_ai_seat_makes_over_many_games_has_its_reason_in_words():
    kinds: collections.Counter = collections.Counter()
    to_humans = 0
    for seed in SEEDS:
        levels = ["human", "medium", "hard"] if seed % 2 else ["human", "hard", "medium", "human"]
        m, events = play(seed, levels)
        for i, ev in enumerate(events):
            if not isinstance(ev, E.TradeProposed) or ev.seat in m.humans:
                continue
            why = events[i + 1] if i + 1 < len(events) else None
            assert isinstance(why, OfferReason) and (why.seat, why.to) == (ev.seat, ev.to), (seed, ev, why)
            assert why.kind != "deal", (seed, ev, why)  # every deal made is one of the kinds told
            kinds[why.kind] += 1
            to_humans += ev.to in m.humans
            for lang in ("en", "fr", "de"):
                i18n.set_language(lang)
                try:
                    said = words.describe(why, m.name)
                finally:
                    i18n.set_language("en")
                assert said and m.name(ev.seat) in said and "{" not in said, (lang, said)
    # the games hold offers of several kinds, to humans too (else the check above says little)
    assert sum(kinds.values()) >= 40 and len(kinds) >= 4 and to_humans >= 10, kinds


@pytest.mark.parametrize("case", ["grow", "beside_tile", "next_to", "boss_die", "more_dice", "sell",
                                  "sell_plain"])
def test_each_kind_of_reason_is_read_from_the_deal_and_the_board(case):
    g = blank(3, active=1)
    BOB, ANN = 1, 0
    if case == "grow":  # Bob bosses A1; he asks for Ann's A2 next to it
        tile(g, "A1", "gold", BOB, 5)
        mark(g, "A2", ANN)
        p, at, wanted = A.Propose(BOB, ANN, A.Offer(9), A.Offer(0, (L("A2"),))), "A1", "A2"
    elif case == "beside_tile":  # his die on A1 in Cy's casino
        tile(g, "A1", "gold", BOB, 2)
        tile(g, "A4", "gold", 2, 6)
        mark(g, "A2", ANN)
        p, at, wanted = A.Propose(BOB, ANN, A.Offer(9), A.Offer(0, (L("A2"),))), "A1", "A2"
    elif case == "next_to":  # his marker on A1
        mark(g, "A1", BOB)
        mark(g, "A2", ANN)
        p, at, wanted = A.Propose(BOB, ANN, A.Offer(9), A.Offer(0, (L("A2"),))), "A1", "A2"
    elif case in ("boss_die", "more_dice"):  # Ann's die on A2 beside his on A1, Cy's 4 on A4
        tile(g, "A1", "gold", BOB, 3)
        tile(g, "A2", "gold", ANN, 5 if case == "boss_die" else 2)
        tile(g, "A4", "gold", 2, 4)
        p, at, wanted = A.Propose(BOB, ANN, A.Offer(9), A.Offer(0, (), (L("A2"),))), "A1", "A2"
    else:  # he sells his marked A2 for money, next to Ann's tile on A1 (or next to nothing of hers)
        mark(g, "A2", BOB)
        if case == "sell":
            tile(g, "A1", "gold", ANN, 3)
        p, at, wanted = A.Propose(BOB, ANN, A.Offer(0, (L("A2"),)), A.Offer(8)), ("A1" if case == "sell" else None), "A2"
    why = offer_reason(g, p)
    assert (why.kind, why.wanted) == (case, L(wanted))
    assert why.lot == (L(at) if at else -1) or (case == "boss_die" and why.lot in g.casino_of(L("A1")))
    said = words.describe(why, ["Ann", "Bob", "Cy"].__getitem__)
    assert said.startswith("Bob ") and wanted in said
