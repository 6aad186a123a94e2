"""docs/rules.md §10, the *Las Vegas Boulevard* table options: one test per Decision, and
the games that do not use them staying exactly as they were."""

import hashlib
import json
import pathlib
import random

import pytest

from lasvegas.core import (
    COLOURS, PLACE, BillsDealt, CasinoPaid, Config, DicePlaced, DicePreplaced, DiceRolled, Game, RoundStarted,
    edition_bills, replay,
)
from lasvegas.kernel.errors import ConfigError, RecordError
from lasvegas.core.config import MINIMUM_BY_SEATS

from .helpers import deck_starting_with, play_random, scripted

DIGESTS = pathlib.Path(__file__).parent / "data" / "digests-before-boulevard.json"


# -- games without the options: byte for byte as before ------------------------------


def _digest_cases():
    for n in range(2, 6):
        for neutral in (False, True):
            if neutral and n == 5:
                continue
            for edition in ("classic", "2018"):
                yield (f"{n}-{'n' if neutral else 'b'}-{edition}",
                       Config.multi(n, neutral=neutral, edition=edition))
    yield "solo-normal", Config.solo("normal")
    yield "solo-hard-blue", Config.solo("hard", "blue")


def test_records_and_saves_without_the_options_are_byte_identical_to_before():
    """The digests were written by the engine before the options existed: the same seeds
    and moves must give the same deck, dice, record and saved state, byte for byte."""
    want = json.loads(DIGESTS.read_text())
    got = {}
    for name, cfg in _digest_cases():
        for seed in (1, 77, 2026):
            g = Game(cfg, seed)
            r = random.Random(seed)
            mid = None
            k = 0
            while not g.is_over:
                g.apply(r.choice(g.legal_actions()))
                k += 1
                if k == 20:
                    mid = json.dumps(g.to_dict(), separators=(",", ":"))
            texts = (("record", json.dumps(g.record(), separators=(",", ":"))), ("state_mid", mid),
                     ("state_end", json.dumps(g.to_dict(), separators=(",", ":"))))
            got[f"{name}/{seed}"] = {k2: hashlib.sha256(v.encode()).hexdigest() for k2, v in texts}
    assert len(want) == 16 * 3 and got == want


def test_options_off_write_no_new_keys():
    g = play_random(Game(Config.multi(5, edition="2018"), 3))
    rec = g.record()
    assert set(rec["config"]) == {"mode", "seats", "opponents", "neutral", "edition", "rounds",
                                  "solo_level"}
    assert all(set(d) == {"owner", "value"} for r in rec["rounds"] for t in r["turns"]
               for d in t["roll"])
    state = g.to_dict()
    assert "casino_big" not in state and "big_left" not in state
    assert set(state["config"]) == {"mode", "seats", "opponents", "neutral", "edition", "rounds",
                                    "solo_level", "first_seat"}


# -- Up to 8 seats ----------------------------------------------------------------------


def test_decision_seats_6_to_8_get_8_dice_of_their_own_colour_and_play_in_seat_order():
    cfg = Config.multi(8, first_seat=5)
    assert cfg.seats == COLOURS and len(set(COLOURS)) == 8
    g = Game(cfg, 4)
    rolls = [e for e in g.opening_events if isinstance(e, DiceRolled)]
    assert rolls[0].seat == 5 and rolls[0].owners == ("orange",) * 8
    seen = []
    r = random.Random(1)
    for _ in range(8):
        seen.append(g.current)
        assert g.dice_in_hand(g.current) == (8, 0)
        g.apply(r.choice(g.legal_actions()))
    assert seen == [5, 6, 7, 0, 1, 2, 3, 4]


# -- Minimum per casino by seat count --------------------------------------------------


def test_decision_minimum_defaults_by_seat_count():
    assert [Config.multi(n).minimum for n in range(2, 9)] == ["classic"] * 4 + ["by-seats"] * 3
    assert [Config.multi(n, minimum="by-seats").minimum_amount for n in range(2, 9)] == [
        30_000, 40_000, 50_000, 60_000, 70_000, 80_000, 90_000]
    assert Config.multi(8, minimum="classic").minimum_amount == 50_000
    assert Config.solo("normal").minimum == "classic"
    with pytest.raises(ConfigError, match="unknown casino minimum 'high'"):
        Config.multi(4, minimum="high")


@pytest.mark.parametrize("n", range(2, 9))
def test_decision_each_casino_is_dealt_until_it_holds_the_tables_minimum(n):
    minimum = MINIMUM_BY_SEATS[n]
    top = [10_000, 20_000, 10_000, 20_000, 30_000, 10_000, 90_000] * 2
    cfg = Config.multi(n, minimum="by-seats", rounds=1)
    g = Game(cfg, 1, deck=deck_starting_with(top))
    dealt = next(e for e in g.log if isinstance(e, BillsDealt)).casinos
    deck = list(g.start_deck)
    for bills in dealt:  # casino by casino, from the top of the deck
        total = 0
        taken = []
        while total < minimum:
            taken.append(deck.pop(0))
            total += taken[-1]
        assert bills == tuple(sorted(taken, reverse=True))


def test_decision_the_deck_running_out_with_a_big_minimum_is_handled():
    """8 seats and $90,000 a casino for 40 rounds: the deck runs out, the casinos get
    what is left (possibly nothing), and the game goes on to its end."""
    cfg = Config.multi(8, edition="2018", rounds=40, biggies=True)
    g = play_random(Game(cfg, 9), 9)
    deals = [e for e in g.log if isinstance(e, BillsDealt)]
    short = [d for d in deals if any(sum(b) < 90_000 for b in d.casinos)]
    assert short and all(d.deck_left == 0 for d in short)
    assert any(not b for d in short for b in d.casinos)  # a casino with no bills at all
    everything = list(g.deck) + [b for w in g.won for b in w]
    assert sorted(everything) == sorted(cfg.bills()) and g.is_over
    replay(json.loads(json.dumps(g.record())))


# -- $100,000 bills -------------------------------------------------------------------


@pytest.mark.parametrize("edition, count", [("classic", 59), ("2018", 53)])
def test_decision_five_hundred_thousand_bills_are_shuffled_into_either_edition(edition, count):
    cfg = Config.multi(4, edition=edition, hundreds=True)
    g = Game(cfg, 12)
    assert len(g.start_deck) == count and g.start_deck.count(100_000) == 5
    assert sorted(g.start_deck) == sorted(edition_bills(edition) + [100_000] * 5)
    assert sorted(g.start_deck) != list(g.start_deck)  # shuffled in, not laid on top
    with pytest.raises(Exception, match="five \\$100,000 bills"):
        Game(cfg, deck=edition_bills(edition))


# -- Biggies --------------------------------------------------------------------------


def _biggie_tie_game() -> Game:
    """2 seats with Biggies, red first: red's Biggie and one die on 3 (counting 3), blue's
    three dice on 3 (3 too); then red places six 1s and blue its Biggie and four 5s."""
    rolls = [3, 3, 1, 1, 1, 1, 1, 1,  # red: the Biggie (first) shows 3
             5, 3, 3, 3, 5, 5, 5, 5,  # blue: its Biggie shows 5
             1, 1, 1, 1, 1, 1,
             5, 5, 5, 5, 5]
    return scripted(Config.multi(2, biggies=True, first_seat=0, rounds=1), rolls)


def test_decision_a_biggie_is_rolled_first_and_placed_with_its_value():
    g = _biggie_tie_game()
    first = g.log[-1]
    assert isinstance(first, DiceRolled) and first.big == (0,) and g.roll_big == (0,)
    assert g.biggie_in_hand(0) and g.biggie_in_hand(1)
    pv = g.preview(3)
    assert pv.placed == {"red": 3} and pv.placed_big == ("red",)
    assert pv.after.dice == {"red": 3} and pv.after.big == ("red",) and pv.before.big == ()
    assert g.preview(1).placed == {"red": 6} and g.preview(1).placed_big == ()
    placed, rolled = g.apply(PLACE[3])
    assert placed == DicePlaced(0, 3, (("red", 2),), ("red",))  # two dice, one of them big
    assert g.casino_counts(3) == {"red": 3} and g.casino_bigs(3) == ("red",)
    assert not g.biggie_in_hand(0) and g.dice_in_hand(0) == (6, 0)
    assert rolled.seat == 1 and rolled.big == (0,)


def test_decision_a_biggie_counts_two_and_equal_totals_cancel():
    g = _biggie_tie_game()
    events = []
    for value in (3, 3, 1, 5):
        events += g.apply(PLACE[value])
    assert g.is_over
    paid = {e.casino: e for e in events if isinstance(e, CasinoPaid)}
    assert dict(paid[3].dice) == {"red": 3, "blue": 3}
    assert set(paid[3].cancelled) == {"red", "blue"} and paid[3].awards == ()
    assert dict(paid[5].dice) == {"blue": 6}  # the Biggie and four dice
    assert [e for e in events if isinstance(e, DicePlaced)][-1].big == ("blue",)
    rec = g.record()
    assert rec["rounds"][0]["payouts"][2]["dice"] == {"red": 3, "blue": 3}
    assert rec["rounds"][0]["turns"][0]["roll"][0] == {"owner": "red", "value": 3, "big": True}
    assert rec["rounds"][0]["turns"][0]["roll"][1] == {"owner": "red", "value": 3}
    assert rec["config"]["biggies"] is True
    replay(json.loads(json.dumps(rec)))


def test_decision_neutral_dice_have_no_biggie_and_the_pre_roll_is_unchanged():
    g = Game(Config.multi(3, neutral=True, biggies=True), 8)
    pre = [e for e in g.opening_events if isinstance(e, DicePreplaced)]
    assert len(pre) == 1 and pre[0].owner == "neutral" and len(pre[0].values) == 2
    r = random.Random(8)
    while not g.is_over:
        roll = g.log[-1]
        if isinstance(roll, DiceRolled):
            assert all(roll.owners[i] != "neutral" for i in roll.big)
            assert roll.big == ((0,) if g.biggie_in_hand(roll.seat) else ())
        g.apply(r.choice(g.legal_actions()))
    for e in g.log:
        if isinstance(e, DicePlaced):
            assert "neutral" not in e.big


def test_every_seat_places_its_biggie_once_a_round():
    g = play_random(Game(Config.multi(6, biggies=True, rounds=3), 21), 2)
    per_round: dict[int, list[str]] = {}
    rnd = 0
    for e in g.log:
        if isinstance(e, RoundStarted):
            rnd = e.round
        elif isinstance(e, DicePlaced):
            per_round.setdefault(rnd, []).extend(e.big)
    assert all(sorted(v) == sorted(COLOURS[:6]) for v in per_round.values()) and len(per_round) == 3


# -- Neutral dice with more seats, and what solo refuses -------------------------------


@pytest.mark.parametrize("n, each", [(2, 4), (3, 2), (4, 2), (5, 2), (6, 2)])
def test_decision_neutral_dice_with_2_to_6_seats(n, each):
    g = Game(Config.multi(n, neutral=True, first_seat=0), 5)
    assert g.dice_in_hand(0) == (8, each)
    assert len(g.log[-1].values) == 8 + each
    assert any(isinstance(e, DicePreplaced) for e in g.opening_events) == (n == 3)


@pytest.mark.parametrize("kw, words", [
    ({"minimum": "by-seats"}, "no casino minimum by seats"),
    ({"hundreds": True}, "no \\$100,000 bills"),
    ({"biggies": True}, "no Biggies"),
])
def test_decision_solo_mode_takes_none_of_the_options(kw, words):
    with pytest.raises(ConfigError, match="solo mode has " + words):
        Config.solo("normal", **kw)


def test_options_must_be_true_or_false():
    with pytest.raises(ConfigError, match="biggies must be true or false"):
        Config.multi(3, biggies="yes")
    with pytest.raises(ConfigError, match="hundreds must be true or false"):
        Config.from_dict({"seats": ["red", "blue"], "hundreds": 1})


# -- Records and saves with the options ------------------------------------------------


def _all_options_game() -> Game:
    return play_random(Game(Config.multi(6, neutral=True, hundreds=True, biggies=True,
                                         edition="2018"), 31), 4)


def test_config_and_save_round_trip_with_the_options():
    for cfg in (Config.multi(8, hundreds=True, biggies=True), Config.multi(6, minimum="classic"),
                Config.multi(3, minimum="by-seats", neutral=True)):
        assert Config.from_dict(json.loads(json.dumps(cfg.to_dict()))) == cfg
    assert "minimum" not in Config.multi(7).to_dict()
    assert Config.multi(7, minimum="classic").to_dict()["minimum"] == "classic"
    g = Game(Config.multi(7, biggies=True, hundreds=True), 3)
    r = random.Random(3)
    for _ in range(25):
        g.apply(r.choice(g.legal_actions()))
    h = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h == g and h.casino_big == g.casino_big and h.big_left == g.big_left
    while not g.is_over:
        a = r.choice(g.legal_actions())
        assert g.apply(a) == h.apply(a)


def test_a_save_whose_biggies_do_not_add_up_is_refused():
    g = Game(Config.multi(4, biggies=True), 3)
    g.apply(g.legal_actions()[0])
    d = json.loads(json.dumps(g.to_dict()))
    d["big_left"] = [1, 1, 1, 1]
    d["casino_big"] = [[0] * 4 for _ in range(6)]
    with pytest.raises(Exception, match="saved game is corrupt"):
        Game.from_dict(d)
    del d["casino_big"]
    with pytest.raises(Exception, match="Biggies on casinos"):
        Game.from_dict(d)


def test_record_names_the_minimum_as_an_amount_only_when_it_is_not_classic_up_to_5_seats():
    amounts = [Game(Config.multi(n, minimum=m), 1).record()["config"].get("minimum")
               for n, m in ((4, "classic"), (4, "by-seats"), (6, "by-seats"), (8, "classic"))]
    assert amounts == [None, 50_000, 70_000, 50_000]
    assert "minimum" not in Game(Config.multi(5), 1).record()["config"]
    assert Game(Config.multi(4, minimum="by-seats"), 1).record()["config"]["minimum"] == 50_000
    assert Game(Config.multi(2, minimum="by-seats"), 1).record()["config"]["minimum"] == 30_000
    g = play_random(Game(Config.multi(4, minimum="by-seats", rounds=1), 2))
    assert replay(json.loads(json.dumps(g.record()))).config.minimum == "by-seats"


@pytest.mark.parametrize("tamper, words", [
    (lambda r: r["config"].update(minimum=60_000), "config.minimum: \\$60,000 is not"),
    (lambda r: r["config"].pop("minimum"), "names its minimum"),
    (lambda r: r["config"].pop("hundreds"), "deck"),
    (lambda r: r["config"].update(biggies="yes"), "biggies must be true or false"),
    (lambda r: r["rounds"][0]["turns"][0]["roll"][0].pop("big"), "big: missing in the record"),
    (lambda r: r["rounds"][0]["turns"][0]["roll"][0].update(big=False), "only true is written"),
    (lambda r: r["rounds"][0]["turns"][0]["roll"][1].update(big=True), "big: not expected"),
    (lambda r: r["rounds"][1]["payouts"][0]["dice"].update(
        {k: v + 1 for k, v in r["rounds"][1]["payouts"][0]["dice"].items()}), "payouts"),
])
def test_check_record_checks_every_option(tamper, words):
    rec = json.loads(json.dumps(_all_options_game().record()))
    replay(json.loads(json.dumps(rec)))
    tamper(rec)
    with pytest.raises(RecordError, match=words):
        replay(rec)


def test_a_biggie_in_a_record_counts_two_in_its_payout():
    rec = _all_options_game().record()
    for r in rec["rounds"]:
        big_value = {}
        for t in r["turns"]:
            if t["roll"] and t["roll"][0].get("big") and t["roll"][0]["value"] == t["value"]:
                big_value[t["roll"][0]["owner"]] = t["value"]
        counted = {c: {} for c in range(1, 7)}
        for t in r["turns"]:
            for d in t["roll"]:
                if d["value"] == t["value"]:
                    counted[t["value"]][d["owner"]] = counted[t["value"]].get(d["owner"], 0) + (
                        2 if d.get("big") else 1)
        for p in r["preplaced"]:
            for v in p["values"]:
                counted[v][p["owner"]] = counted[v].get(p["owner"], 0) + 1
        assert sorted(big_value) == sorted(rec["config"]["seats"])
        assert {p["casino"]: p["dice"] for p in r["payouts"]} == counted


def test_events_name_the_biggies_only_when_there_are_some():
    plain = DiceRolled(0, ("red", "red"), (3, 4))
    assert plain.big == () and "big" not in plain.to_dict()
    assert plain == DiceRolled(0, ("red", "red"), (3, 4), ())
    big = DiceRolled(0, ("red", "red"), (3, 4), (0,))
    assert big != plain and big.to_dict()["big"] == (0,)
    placed = DicePlaced(1, 3, (("blue", 2),), ("blue",))
    assert placed.to_dict() == {"event": "DicePlaced", "seat": 1, "value": 3,
                                "dice": (("blue", 2),), "big": ("blue",)}
    assert "big" not in DicePlaced(1, 3, (("blue", 2),)).to_dict()
