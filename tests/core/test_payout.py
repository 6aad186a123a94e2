"""docs/rules.md §5 (payout) and the neutral owner at payout (§7)."""

from lasvegas.core import PLACE, CasinoPaid, Config, Payout, Preview, settle

from .helpers import deck_starting_with, scripted

A, B, C, D, N = 0, 1, 2, 3, 4  # owner indices; N plays the neutral owner


def counts(**kw):
    row = [0] * 5
    for name, n in kw.items():
        row["ABCDN".index(name)] = n
    return row


def test_rulebook_example_1_ties_cancel_and_the_rest_move_up():
    # A 5, B 3, C 3, D 1; bills 80k, 30k, 10k -> B and C cancel, A 80k, D 30k, 10k under the deck
    awards, returned, cancelled = settle(counts(A=5, B=3, C=3, D=1), [80_000, 30_000, 10_000])
    assert awards == [(A, 80_000), (D, 30_000)]
    assert returned == [10_000]
    assert sorted(cancelled) == [B, C]


def test_rulebook_example_everyone_cancels():
    awards, returned, cancelled = settle(counts(A=2, C=2, B=1, D=1), [60_000, 20_000])
    assert awards == [] and returned == [60_000, 20_000] and sorted(cancelled) == [A, B, C, D]


def test_rulebook_example_2_a_lone_owner_takes_only_the_highest_bill():
    awards, returned, _ = settle(counts(B=3), [40_000, 40_000])
    assert awards == [(B, 40_000)] and returned == [40_000]


def test_rulebook_example_3_bills_run_out_before_owners():
    awards, returned, cancelled = settle(counts(C=4, B=2, D=1), [70_000, 20_000])
    assert awards == [(C, 70_000), (B, 20_000)] and returned == [] and cancelled == []


def test_tied_owners_cancel_whatever_their_rank():
    # a tie for last place cancels too, and a tie at the top lets lower owners win
    assert settle(counts(A=4, B=1, C=1), [50_000, 10_000])[0] == [(A, 50_000)]
    assert settle(counts(A=4, B=4, C=1), [50_000, 10_000])[0] == [(C, 50_000)]


def test_empty_casino_returns_every_bill():
    assert settle([0, 0, 0], [90_000]) == ([], [90_000], [])


def test_casino_without_bills_pays_nothing():
    assert settle(counts(A=3, B=1), []) == ([], [], [])


def test_neutral_example_1_neutral_takes_80k_and_b_takes_30k():
    awards, returned, _ = settle(counts(N=4, B=2, A=1, C=1), [80_000, 30_000])
    assert awards == [(N, 80_000), (B, 30_000)]


def test_neutral_example_2_c_takes_70k_neutral_40k_a_nothing():
    awards, returned, _ = settle(counts(C=5, N=3, A=1), [70_000, 40_000])
    assert awards == [(C, 70_000), (N, 40_000)] and returned == []


def _round_deck():
    # casino 1: 10k+20k+10k+10k ; casino 2: 10k+10k+30k ; 3: 90k ; 4: 50k ; 5: 40k+20k ; 6: 60k
    return deck_starting_with([10_000, 20_000, 10_000, 10_000, 10_000, 10_000, 30_000,
                               90_000, 50_000, 40_000, 20_000, 60_000])


def test_decision_order_under_the_deck_and_neutral_bills_go_under_when_won():
    # 2 players, neutral variant, 1 round: seat 0 rolls twelve 1s (8 own + 4 neutral) and
    # places them all on casino 1; seat 1 rolls twelve 2s onto casino 2.
    g = scripted(Config.multi(2, neutral=True, first_seat=0, rounds=1), [1] * 12 + [2] * 12, _round_deck())
    deck_before = list(g.deck)
    g.apply(PLACE[1])
    events = g.apply(PLACE[2])
    paid = [e for e in events if isinstance(e, CasinoPaid)]
    assert paid[0] == CasinoPaid(1, (("red", 8), ("neutral", 4)), (),
                                 (("red", 20_000), ("neutral", 10_000)), (10_000, 10_000))
    assert paid[1].awards == (("blue", 30_000), ("neutral", 10_000)) and paid[1].returned == (10_000,)
    # under the deck, casino by casino, highest first, the neutral's bill when it is won
    assert g.deck == deck_before + [10_000, 10_000, 10_000,  # casino 1: neutral's, then leftovers
                                    10_000, 10_000,          # casino 2
                                    90_000, 50_000, 40_000, 20_000, 60_000]
    assert g.won[0] == [20_000] and g.won[1] == [30_000]


def test_neutral_dice_a_seat_placed_never_count_for_it():
    g = scripted(Config.multi(2, neutral=True, first_seat=0, rounds=1), [1] * 12 + [2] * 12, _round_deck())
    g.apply(PLACE[1])
    g.apply(PLACE[2])
    assert g.money_table() == {"red": 20_000, "blue": 30_000}
    assert "neutral" not in g.money_table()


def test_neutral_can_cancel_a_seat():
    # seat 0: 4 own 3s + 4 neutral 3s on casino 3 -> red 4, neutral 4 tie and cancel
    rolls = [3, 3, 3, 3, 5, 5, 5, 5] + [3, 3, 3, 3] + [6] * 12 + [5] * 4
    g = scripted(Config.multi(2, neutral=True, first_seat=0, rounds=1), rolls)
    g.apply(PLACE[3])
    g.apply(PLACE[6])
    events = g.apply(PLACE[5])
    paid3 = [e for e in events if isinstance(e, CasinoPaid)][2]
    assert set(paid3.cancelled) == {"red", "neutral"} and paid3.awards == ()


def test_payout_preview_is_pure_and_matches_the_payout():
    rolls = [1] * 8 + [2] * 8
    g = scripted(Config.multi(2, first_seat=0, rounds=1), rolls, _round_deck())
    before = g.to_dict()
    pv = g.preview(1)
    assert g.to_dict() == before
    assert pv == Preview(1, {"red": 8}, Payout({}, (), (), (20_000, 10_000, 10_000, 10_000)),
                         Payout({"red": 8}, (("red", 20_000),), (), (10_000, 10_000, 10_000)), (), ())
    assert g.casino_payout(1) == pv.before
    events = g.apply(PLACE[1]) + g.apply(PLACE[2])
    paid1 = [e for e in events if isinstance(e, CasinoPaid)][0]
    assert paid1.awards == pv.after.awards and paid1.returned == pv.after.returned


def test_preview_warns_about_ties_created_and_broken():
    # seat 0 puts 2 dice on casino 4; seat 1 rolls two 4s (tie created) or three (tie broken)
    rolls = [4, 4, 1, 1, 1, 1, 1, 1] + [4, 4, 4, 2, 2, 2, 2, 2]
    g = scripted(Config.multi(2, first_seat=0, rounds=1), rolls + [1] * 20)
    g.apply(PLACE[4])
    pv = g.preview(4)
    assert pv.placed == {"blue": 3} and pv.ties_created == () and pv.ties_broken == ()
    assert pv.after.awards[0][0] == "blue"
