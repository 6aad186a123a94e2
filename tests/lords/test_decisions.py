"""Decisions D1–D20 (docs/lords-rules.md), one test (at least) each."""

import json

import pytest

from lasvegas.kernel.errors import IllegalAction
from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.lords.board import COMPANY, END, IN_F, LAST, N_LOTS, TRACK
from lasvegas.lords.dice import ScriptedDice
from lasvegas.lords.game import DIE_MOVE, LAYOFF, MARKER, OVER, PLACE, PLAY, Game

from .helpers import BLUE, GREEN, RED, YELLOW, C, L, blank, dice, draw_for, mark, next_cards, of, tile, vp

TEN = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"]
TWELVE = ["B1", "B2", "B3", "B4", "B5", "B6", "C1", "C2", "C3", "C4", "C5", "C6"]


def test_d1_eleventh_marker_moves_one_of_yours():
    g = blank()
    for n in TEN:
        mark(g, n, YELLOW)
    next_cards(g, "D8")
    draw_for(g, YELLOW)
    assert g.phase == MARKER and g.to_act == YELLOW
    assert {a.from_lot for a in g.legal_actions(YELLOW)} == {L(n) for n in TEN}
    with pytest.raises(IllegalAction):
        g.apply(A.EndTurn(YELLOW))
    ev = g.apply(A.MoveMarker(YELLOW, L("A3")))
    assert ev[0] == E.MarkerPlaced(YELLOW, L("D8"), L("A3"))
    assert g.marker[L("A3")] == -1 and g.marker[L("D8")] == YELLOW and g.markers_used[YELLOW] == 10
    assert of(ev, E.Paid)[0].lot_money[YELLOW] == 10 and g.phase == PLAY
    # the orphaned lot can be sprawled into (D11)
    g.marker[L("A2")] = -1     # Yellow's A2 becomes a casino it bosses
    g.markers_used[YELLOW] -= 1
    tile(g, "A2", "gold", YELLOW, 6)
    assert A.Sprawl(YELLOW, L("A2"), L("A3"), -1) in g.sprawl_options(YELLOW)


def test_d2_take_over_with_all_twelve_dice_on_the_board():
    g = blank()
    for n in TWELVE:
        tile(g, n, "aqua", YELLOW, 1)
    tile(g, "E3", "gold", RED, 4)
    next_cards(g, "E3")
    draw_for(g, YELLOW)
    assert g.phase == DIE_MOVE and g.to_act == YELLOW
    assert L("E3") not in {a.from_lot for a in g.legal_actions(YELLOW)}
    ev = g.apply(A.MoveDie(YELLOW, L("C2")))
    assert g.owner[L("C2")] == -1 and g.tile[L("C2")] == C("aqua")
    assert g.owner[L("E3")] == YELLOW and g.value[L("E3")] == 4
    assert g.dice_used == [0, 0, 0, 12] and ev[0] == E.TakeOver(YELLOW, L("E3"), RED, 4, L("C2"))
    assert g.phase == PLAY


def test_d3_take_over_tie_is_resolved_before_the_payout():
    g = blank(money=0)
    tile(g, "A1", "gold", RED, 5)
    tile(g, "A2", "gold", GREEN, 5)
    tile(g, "A3", "gold", GREEN, 3)   # drawn: a Vega card, taken over by Yellow
    g.owner[L("A3")] = -1
    g.value[L("A3")] = 0
    g.dice_used[GREEN] -= 1
    g.value[L("A2")] = 4
    # Yellow's take-over of a dieless A3 puts a 5 (printed) next to Red's 5: tie first
    dice(g, 2, 6)
    next_cards(g, "A3")
    ev = draw_for(g, YELLOW)
    kinds = [type(e).__name__ for e in ev]
    assert kinds.index("TieReroll") < kinds.index("Paid")
    assert g.value[L("A1")] == 2 and g.value[L("A3")] == 6
    assert g.boss(g.casino_of(L("A1"))) == YELLOW


@pytest.mark.parametrize("n, above, draw", [(4, 30, 31), (3, 32, 33), (2, 33, 34)])
def test_d4_end_card_position(n, above, draw):
    deck = [i for i in range(N_LOTS) if not IN_F[i]] + [i for i in range(N_LOTS) if IN_F[i]]
    g = Game(n, dice=ScriptedDice([6, 6] + [1, 1] * (n - 1)), deck=deck)
    placed = of(g.setup_events, E.EndCardPlaced)[0]
    assert placed.above == above
    assert g.deck.index(END) - 2 * n == draw - 1


def test_d4_two_players_with_f_cards_redrawn_at_set_up():
    deck = [L("F1"), L("A1"), L("F2"), L("A2"), L("B1"), L("B2")] + [
        i for i in range(N_LOTS) if i not in {L(x) for x in ("F1", "A1", "F2", "A2", "B1", "B2")}]
    g = Game(2, dice=ScriptedDice([6, 6, 1, 1]), deck=deck)
    assert of(g.setup_events, E.EndCardPlaced)[0] == E.EndCardPlaced(32, 43)


def test_d5_strip_cards_pay_money_and_vp_end_card_included():
    for card in ("A6", "D5", "F8", "End"):
        g = blank(money=0)
        tile(g, "B4", "purple", RED, 3)
        tile(g, "B5", "purple", RED, 2)
        next_cards(g, card)
        draw_for(g, BLUE)
        assert g.money[RED] == 5 and vp(g, RED) == 2, card


def test_d6_lots_pay_on_the_end_card_and_no_turn_follows():
    g = blank(money=0)
    mark(g, "A1", GREEN)
    mark(g, "A2", GREEN)
    next_cards(g, "End")
    ev = draw_for(g, BLUE)
    assert g.money[GREEN] == 2 and g.phase == OVER
    assert not of(ev, E.TurnStarted)[1:] and all(g.legal_actions(s) == [] for s in range(4))
    with pytest.raises(IllegalAction, match="over"):
        g.apply(A.Propose(GREEN, BLUE, A.Offer(1)))


def test_d7_f_cards_at_a_two_player_set_up():
    deck = [L("F3"), L("A1"), L("A2"), L("F9"), L("F5"), L("B1")] + [
        i for i in range(N_LOTS) if i not in {L(x) for x in ("F3", "A1", "A2", "F9", "F5", "B1")}]
    g = Game(2, dice=ScriptedDice([6, 6, 1, 1]), deck=deck)
    d = of(g.setup_events, E.Dealt)
    assert d[0] == E.Dealt(0, (L("A1"), L("A2")), 7 + 8, (L("F3"),))
    assert d[1] == E.Dealt(1, (L("B1"), g.deck[6]), d[1].money, (L("F9"), L("F5")))
    assert all(g.marker[i] == -1 for i in range(N_LOTS) if IN_F[i])
    assert g.discards[COMPANY[L("F3")]] >= 1


def test_d8_each_owner_places_its_own_dice_and_the_default():
    g = blank(active=RED)
    tile(g, "C1", "gold", RED, 1)
    tile(g, "C2", "gold", RED, 1)
    tile(g, "C4", "gold", GREEN, 1)
    tile(g, "C5", "gold", GREEN, 1)
    tile(g, "C7", "gold", BLUE, 1)
    g.played = [False] * N_LOTS
    g.played[L("C2")] = True        # red's C2 is safe: its card was played
    # rolled in lot order C1 C2 C4 C5 C7: red 2, 6; green 3, 5; blue 4
    dice(g, 2, 6, 3, 5, 4)
    ev = g.apply(A.Reorganize(RED, L("C1")))
    assert g.phase == PLACE and set(g.waiting_on) == {RED, GREEN} and g.to_act == RED
    assert of(ev, E.Reorganized)[0].waiting == (RED, GREEN)
    # the tiles already show D8's default: highest on the safe tile, then by lot id
    assert g.value[L("C2")] == 6 and g.value[L("C1")] == 2
    assert g.value[L("C4")] == 5 and g.value[L("C5")] == 3 and g.value[L("C7")] == 4
    assert g.default_placement(RED) == A.PlaceDice(RED, (2, 6))
    with pytest.raises(IllegalAction, match="values"):
        g.apply(A.PlaceDice(GREEN, (5, 5)))
    with pytest.raises(IllegalAction):
        g.apply(A.PlaceDice(BLUE, (4,)))
    g.apply(A.PlaceDice(GREEN, (3, 5)))   # green answers first: same time
    assert g.phase == PLACE and g.waiting_on == (RED,)
    g.apply(A.PlaceDice(RED, (6, 2)))
    assert g.phase == PLAY and g.value[L("C1")] == 6 and g.value[L("C5")] == 5


def test_d9_once_per_die_per_turn_marks_stay_on_tiles():
    g = blank(active=RED)
    tile(g, "A1", "gold", RED, 3)
    tile(g, "A3", "gold", GREEN, 1)
    mark(g, "A2", RED)
    dice(g, 4)
    g.apply(A.Reorganize(RED, L("A1")))
    assert g.marks >> L("A1") & 1
    # the marked casino grows by a merge: still refused
    g.apply(A.Build(RED, L("A2"), C("gold")))
    assert len(g.casino_of(L("A1"))) == 3
    with pytest.raises(IllegalAction, match="already re-rolled"):
        g.apply(A.Reorganize(RED, L("A3")))
    # tie re-rolls neither set marks nor are blocked by them
    assert g.marks == 1 << L("A1")
    # marks are cleared at the start of the next turn
    next_cards(g, "E1")
    g.apply(A.EndTurn(RED))
    assert g.marks == 0


def test_d9_a_die_moved_off_a_marked_tile_leaves_the_mark():
    g = blank(active=RED)
    tile(g, "A1", "gold", RED, 3)
    tile(g, "D1", "aqua", GREEN, 2)
    dice(g, 5)
    g.apply(A.Reorganize(RED, L("A1")))
    # green's die on A1 via a trade: the mark stays with A1
    g.apply(A.Propose(RED, GREEN, A.Offer(0, (), (L("A1"),)), A.Offer(0, (), (L("D1"),))))
    g.apply(A.Accept(GREEN, RED))
    assert g.owner[L("A1")] == GREEN and g.value[L("A1")] == 5 and g.marks >> L("A1") & 1
    assert not g.reorganize_options(RED) or all(a.casino != L("A1") for a in g.reorganize_options(RED))
    assert A.Reorganize(RED, L("D1")) in g.reorganize_options(RED)


def test_d10_remodel_details():
    g = blank(active=RED)
    tile(g, "A1", "gold", RED, 5)
    tile(g, "A2", "gold", BLUE, 2)
    tile(g, "A3", "brown", YELLOW, 6)
    tile(g, "A6", "brown", YELLOW, 1)
    with pytest.raises(IllegalAction, match="differ"):
        g.apply(A.Remodel(RED, L("A1"), C("gold")))
    g.supply[C("aqua")] = 1
    with pytest.raises(IllegalAction, match="tiles are needed"):
        g.apply(A.Remodel(RED, L("A1"), C("aqua")))
    with pytest.raises(IllegalAction, match="boss"):
        g.apply(A.Remodel(RED, L("A3"), C("aqua")))
    g.apply(A.Remodel(RED, L("A1"), C("brown")))   # costs 2 tiles only, loses the boss seat
    assert g.money[RED] == 90 and g.boss(g.casino_of(L("A1"))) == YELLOW
    assert len(g.casino_of(L("A1"))) == 4


def test_d11_sprawl_targets():
    g = blank(active=RED)
    tile(g, "A2", "gold", RED, 5)
    mark(g, "A1", RED)
    with pytest.raises(IllegalAction, match="marker"):
        g.apply(A.Sprawl(RED, L("A2"), L("A1")))   # own marker: build it instead
    with pytest.raises(IllegalAction, match="touch"):
        g.apply(A.Sprawl(RED, L("A2"), L("A6")))
    with pytest.raises(IllegalAction, match="touch"):
        g.apply(A.Sprawl(RED, L("A2"), L("B1")))   # never across the Strip
    g.supply[C("gold")] = 0
    with pytest.raises(IllegalAction, match="no gold tile"):
        g.apply(A.Sprawl(RED, L("A2"), L("A5")))
    g.supply[C("gold")] = 5
    tile(g, "A6", "gold", GREEN, 2)
    g.apply(A.Sprawl(RED, L("A2"), L("A3")))   # joins Green's A6 casino
    assert g.casino_of(L("A2")) == (L("A2"), L("A3"), L("A6"))
    g = blank(2)
    g.tile[L("F2")] = C("gold")
    g.owner[L("F2")] = BLUE
    g.value[L("F2")] = 5
    g._cas = None
    g._bc = None
    with pytest.raises(IllegalAction, match="block F"):
        g.apply(A.Sprawl(BLUE, L("F2"), L("F3")))


def _gamble(bet, roll, lay, boss_money=100):
    g = blank(active=RED)
    tile(g, "A1", "gold", BLUE, 6)
    tile(g, "A2", "gold", BLUE, 1)
    g.money[BLUE] = boss_money
    g.apply(A.Gamble(RED, L("A1"), bet))
    dice(g, *roll)
    return g, g.apply(A.LayOff(BLUE, lay))[0]


def test_d12_layoff_rounding():
    g, e = _gamble(5, (2, 1), True)       # win: boss $2, bank $3
    assert (e.gambler, e.boss_money, e.bank) == (5, -2, 3) and g.money == [98, 100, 105, 100]
    g, e = _gamble(5, (6, 6), True)       # 12: boss $5, bank $5
    assert (e.gambler, e.boss_money, e.bank) == (10, -5, 5)
    g, e = _gamble(5, (1, 1), False)      # 2, no lay-off: boss pays $10
    assert (e.gambler, e.boss_money, e.bank) == (10, -10, 0)
    g, e = _gamble(5, (3, 4), True)       # loss: boss gets $2, bank $3
    assert (e.gambler, e.boss_money, e.bank) == (-5, 2, -3) and g.money == [102, 100, 95, 100]
    g, e = _gamble(5, (4, 4), False)
    assert (e.gambler, e.boss_money, e.bank) == (-5, 5, 0)


def test_d12_boss_short_of_money_and_bet_limits():
    g, e = _gamble(4, (5, 5), False, boss_money=1)   # a $4 win, the boss has $1
    assert (e.gambler, e.boss_money) == (1, -1) and g.money[BLUE] == 0
    g, e = _gamble(4, (5, 5), True, boss_money=1)    # bank's $2 in full, boss $1 of $2
    assert (e.gambler, e.boss_money, e.bank) == (3, -1, 2)
    g = blank(active=RED, money=7)
    tile(g, "A1", "gold", BLUE, 6)
    tile(g, "A2", "gold")                 # a dieless tile counts for the limit: $10
    with pytest.raises(IllegalAction, match=r"\$7"):
        g.apply(A.Gamble(RED, L("A1"), 8))   # capped by money
    with pytest.raises(IllegalAction):
        g.apply(A.Gamble(RED, L("A1"), 0))
    tile(g, "C1", "gold")
    with pytest.raises(IllegalAction, match="no boss"):
        g.apply(A.Gamble(RED, L("C1"), 1))
    tile(g, "E1", "gold", RED, 3)
    with pytest.raises(IllegalAction, match="you are the boss"):
        g.apply(A.Gamble(RED, L("E1"), 1))
    with pytest.raises(IllegalAction):
        g.apply(A.Gamble(BLUE, L("E1"), 1))   # not Blue's turn


def test_d13_die_for_die_swap_with_no_spare_dice():
    g = blank(active=RED)
    for n in TWELVE:
        tile(g, n, "aqua", RED, 2)
    tile(g, "E1", "brown", GREEN, 3)
    for n in ["E2", "E3", "E4", "E5", "E6", "F1", "F2", "F3", "F4", "F5", "F6"]:
        tile(g, n, "silver", GREEN, 1)
    assert g.dice_used[GREEN] == 12
    g.value[L("B1")] = 6
    g.apply(A.Propose(RED, GREEN, A.Offer(0, (), (L("B1"),)), A.Offer(0, (), (L("E1"),))))
    g.apply(A.Accept(GREEN, RED))
    assert g.owner[L("B1")] == GREEN and g.value[L("B1")] == 6
    assert g.owner[L("E1")] == RED and g.value[L("E1")] == 3
    assert g.dice_used[RED] == 12 and g.dice_used[GREEN] == 12


def test_d13_validated_at_acceptance_atomic_with_a_bundled_action():
    g = blank(active=RED, money=10)
    mark(g, "A2", RED)
    mark(g, "D9", GREEN)
    # Red builds A2 if Green pays $6; Red could not afford... it can: $10. Green gives $6 and D9.
    bundled = A.Build(RED, L("A2"), C("gold"))
    g.apply(A.Propose(GREEN, RED, A.Offer(6, (L("D9"),)), A.Offer(0), bundled))
    with pytest.raises(IllegalAction, match="no such proposal"):
        g.apply(A.Accept(BLUE, GREEN))
    g.money[GREEN] = 5
    with pytest.raises(IllegalAction, match=r"only \$5"):
        g.apply(A.Accept(RED, GREEN))
    g.money[GREEN] = 10
    ev = g.apply(A.Accept(RED, GREEN))
    assert g.money == [10, 4, 10, 10] and g.marker[L("D9")] == RED and g.tile[L("A2")] == C("gold")
    assert [type(e).__name__ for e in ev] == ["TradeAccepted", "Built"]


def test_d13_a_bundled_action_illegal_after_the_transfers_undoes_everything():
    g = blank(active=RED, money=10)
    mark(g, "A4", RED)   # costs $12
    g.apply(A.Propose(RED, GREEN, A.Offer(5), A.Offer(0), A.Build(RED, L("A4"), C("gold"))))
    before = g.to_dict()
    with pytest.raises(IllegalAction, match="costs"):
        g.apply(A.Accept(GREEN, RED))
    assert g.to_dict() == before
    assert A.Accept(GREEN, RED) not in g.legal_actions(GREEN)


def test_d13_a_bundled_gamble_after_a_die_swap_resolves_ties_once():
    g = blank(active=RED)
    tile(g, "A1", "gold", BLUE, 5)
    tile(g, "A2", "gold", GREEN, 4)
    tile(g, "D1", "aqua", RED, 5)
    tile(g, "D2", "aqua", BLUE, 1)
    # Red offers Green its D1 die (a 5) and bundles a gamble at Blue's A1 casino.
    g.apply(A.Propose(RED, GREEN, A.Offer(0, (), (L("D1"),)), A.Offer(0), A.Gamble(RED, L("A1"), 2)))
    g.apply(A.Propose(BLUE, GREEN, A.Offer(0, (), (L("D2"),)), A.Offer(0, (), (L("A2"),))))
    dice(g, 6, 2)
    ev = g.apply(A.Accept(GREEN, BLUE))      # a die for a die: A2 (4) to Blue, D2 (1) to Green
    assert not of(ev, E.TieReroll)
    tile(g, "D4", "aqua", BLUE, 5)           # after Red's D1 goes to Green: Green 5 and Blue 5 tie
    ev = g.apply(A.Accept(GREEN, RED))
    kinds = [type(e).__name__ for e in ev]
    assert kinds == ["TradeAccepted", "Gambled", "TieReroll"] and g.phase == LAYOFF
    assert g.value[L("D1")] == 6 and g.value[L("D4")] == 2


def test_d13_eleventh_marker_by_trade_and_what_cannot_be_traded():
    g = blank(active=RED)
    for n in TEN:
        mark(g, n, GREEN)
    mark(g, "E1", RED)
    g.apply(A.Propose(RED, GREEN, A.Offer(0, (L("E1"),)), A.Offer(3)))
    with pytest.raises(IllegalAction, match="markers"):
        g.apply(A.Accept(GREEN, RED))
    tile(g, "E4", "gold")   # a dieless tile is nobody's: not tradable
    with pytest.raises(IllegalAction, match="no die"):
        g.apply(A.Propose(BLUE, YELLOW, A.Offer(0, (), (L("E4"),)), A.Offer(1)))
    with pytest.raises(IllegalAction, match="bundles"):
        g.apply(A.Propose(BLUE, YELLOW, A.Offer(1), A.Offer(0), A.EndTurn(RED)))
    with pytest.raises(IllegalAction, match="active player"):
        g.apply(A.Propose(BLUE, YELLOW, A.Offer(1), A.Offer(0), A.Reorganize(RED, L("E4"))))


def test_d14_trade_window_and_proposals():
    g = blank(active=RED)
    tile(g, "A1", "gold", BLUE, 6)
    mark(g, "C1", YELLOW)
    g.apply(A.Propose(BLUE, YELLOW, A.Offer(4), A.Offer(0, (L("C1"),))))   # any pair
    with pytest.raises(IllegalAction, match="already"):
        g.apply(A.Propose(BLUE, YELLOW, A.Offer(1)))
    g.apply(A.Propose(YELLOW, BLUE, A.Offer(1)))        # the other ordered pair
    assert len(g.view(RED)["proposals"]) == 2           # public
    with pytest.raises(IllegalAction):
        g.apply(A.Accept(BLUE, BLUE))
    g.apply(A.Withdraw(YELLOW, BLUE))
    # no trade while a prompt is pending
    g.apply(A.Gamble(RED, L("A1"), 1))
    assert g.phase == LAYOFF
    with pytest.raises(IllegalAction, match="no trade now"):
        g.apply(A.Propose(GREEN, BLUE, A.Offer(1)))
    with pytest.raises(IllegalAction):
        g.apply(A.Accept(YELLOW, BLUE))
    dice(g, 3, 4)
    g.apply(A.LayOff(BLUE, False))
    # an item changing hands makes the proposal lapse
    g.apply(A.Propose(GREEN, YELLOW, A.Offer(2), A.Offer(0, (L("C1"),))))
    ev = g.apply(A.Accept(YELLOW, BLUE))
    assert E.TradeClosed(GREEN, YELLOW, "lapsed") in ev and not g.proposals
    # proposals lapse at the end of the turn
    g.apply(A.Propose(GREEN, YELLOW, A.Offer(2)))
    ev = g.apply(A.EndTurn(RED))
    assert E.TradeClosed(GREEN, YELLOW, "lapsed") in ev and not g.proposals


def test_d15_no_payment_goes_below_zero():
    g, e = _gamble(5, (1, 1), False, boss_money=0)
    assert min(g.money) >= 0 and e.boss_money == 0
    g = blank(active=RED, money=5)
    mark(g, "A1", RED)
    with pytest.raises(IllegalAction, match="costs"):
        g.apply(A.Build(RED, L("A1"), C("gold")))
    g.apply(A.Propose(RED, BLUE, A.Offer(6)))
    with pytest.raises(IllegalAction, match=r"only \$5"):
        g.apply(A.Accept(BLUE, RED))


def test_d16_first_player_tie_rerolls_among_the_tied():
    g = Game(3, dice=ScriptedDice([6, 5, 5, 6, 1, 1, 2, 3, 4, 4]), deck=range(48))
    rolls = of(g.setup_events, E.FirstPlayerRoll)
    assert [r.rolls for r in rolls] == [((0, 6, 5), (1, 5, 6), (2, 1, 1)), ((0, 2, 3), (1, 4, 4))]
    assert g.first == 1 and g.active == 1 and g.turn == 1


def _nines(g):
    for i in range(1, 10):
        tile(g, f"C{i}", "gold", GREEN, 1)
        tile(g, f"D{i}", "aqua", RED, 1)


def test_d17_two_players_reach_90_in_the_same_payout():
    for money, winners in (([0, 5, 9, 0], (RED,)), ([0, 9, 9, 0], (GREEN, RED))):
        g = blank(money=0)
        _nines(g)
        g.chip[GREEN] = g.chip[RED] = LAST - 1
        g.money = [m - 9 * (s in (GREEN, RED)) for s, m in enumerate(money)]
        next_cards(g, "A6")     # a Strip card: both casinos touch the Strip
        ev = draw_for(g, BLUE)
        end = of(ev, E.GameEnded)[0]
        assert end.why == "90" and end.winners == winners and g.phase == OVER
        assert vp(g, GREEN) == vp(g, RED) == 90


def test_d17_the_90_check_runs_only_after_the_complete_payout():
    g = blank(money=0)
    _nines(g)
    g.chip[GREEN] = LAST - 1
    next_cards(g, "A6")
    ev = draw_for(g, BLUE)
    assert vp(g, GREEN) == 90 and g.winners == (GREEN,)
    assert vp(g, RED) == 8 and g.money[RED] == 9    # Red's casino was still paid and scored
    assert type(ev[-1]).__name__ == "GameEnded" and not of(ev, E.TurnStarted)[1:]


def test_d18_tie_on_vp_and_money_is_shared():
    g = blank(money=0)
    g.chip[RED] = g.chip[GREEN] = TRACK.index(20)
    g.money = [0, 4, 4, 0]
    next_cards(g, "End")
    draw_for(g, BLUE)
    assert g.winners == (GREEN, RED)


def test_d19_view_is_public_and_never_shows_the_deck_order():
    g = Game(4, 11)
    v = g.view(2)
    text = repr(v)
    assert {k for k in v if k.startswith("deck")} == {"deck_left", "deck_by_company"}
    assert v["deck_left"] == len(g.deck) - g.pos
    assert sum(v["deck_by_company"]) == v["deck_left"] and v["deck_by_company"][5] == 4 - sum(
        1 for c in g.deck[:g.pos] if COMPANY[c] == 5)
    assert sum(v["deck_by_company"]) + sum(v["discards_by_company"]) == 49
    assert str(g.deck[g.pos:]) not in text
    assert json.loads(json.dumps(v))["deck_left"] == v["deck_left"]   # plain JSON for a client
    # two games that differ only in the unknown order give the same view
    h = g.determinize(__import__("random").Random(4))
    assert h.deck[:g.pos] == g.deck[:g.pos] and h.deck.index(END) == g.deck.index(END)
    assert h.view(2) == v and sorted(h.deck) == sorted(g.deck)


def test_d20_dieless_tiles():
    g = blank(money=0)
    tile(g, "A5", "gold")      # sprawled earlier, its die moved away
    tile(g, "A2", "gold", RED, 2)
    next_cards(g, "C2")
    draw_for(g, BLUE)
    assert g.money[RED] == 2 and vp(g, RED) == 2    # counts for VP, pays no money
    assert g.owner[L("A5")] == -1
    next_cards(g, "A5")
    g.apply(A.EndTurn(BLUE))
    assert g.owner[L("A5")] == GREEN and g.value[L("A5")] == 3    # printed value
    g = blank(active=RED)
    tile(g, "A1", "gold", RED, 6)
    tile(g, "A2", "gold")
    g.apply(A.Remodel(RED, L("A1"), C("brown")))
    assert g.money[RED] == 90   # the dieless tile counts in the remodel cost
