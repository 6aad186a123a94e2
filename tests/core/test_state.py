"""State serialisation: JSON round trip, and corrupt saves rejected clearly."""

import json
import pathlib
import random

import pytest

from lasvegas.core import Config, Game, replay
from lasvegas.kernel.errors import StateError

#: States and records written before the game kept one log of events (the same format).
OLD_STATES = pathlib.Path(__file__).parent / "data" / "states-before-one-log.json"

CONFIGS = [Config.multi(2), Config.multi(3, neutral=True), Config.multi(5, edition="2018"),
           Config.solo("hard"), Config.solo("master", rounds=1)]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c.mode}-{len(c.seats)}-{c.neutral}")
def test_round_trip_mid_game_is_equal_and_plays_on_identically(cfg):
    g = Game(cfg, 77)
    r = random.Random(3)
    for _ in range(17):
        if g.is_over:
            break
        g.apply(r.choice(g.legal_actions()))
    text = json.dumps(g.to_dict())
    h = Game.from_dict(json.loads(text))
    assert h == g and h.to_dict() == g.to_dict()
    r1, r2 = random.Random(5), random.Random(5)
    while not g.is_over:
        a = r1.choice(g.legal_actions())
        b = r2.choice(h.legal_actions())
        assert g.apply(a) == h.apply(b)
    assert h.record() == g.record()


def _corrupt(mutate):
    g = Game(Config.multi(3), 1)
    for _ in range(4):
        g.apply(g.legal_actions()[-1])
    d = g.to_dict()
    mutate(d)
    return d


@pytest.mark.parametrize("mutate,msg", [
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d.update(config={"seats": ["red"]}), "corrupt"),
    (lambda d: d["deck"].pop(), "bills do not add up"),
    (lambda d: d.update(phase="dancing"), "unknown phase"),
    (lambda d: d.update(current=9), "out of range"),
    (lambda d: d.update(rng=[3, [1, 2], None]), "random generator"),
    (lambda d: d["casino_dice"].pop(), "6 lists"),
    (lambda d: d.update(left="eight"), "not a list"),
    (lambda d: d.update(history=[]), "history is empty"),
    (lambda d: d["history"][0]["turns"].pop(), "history"),
    (lambda d: d["history"][0]["turns"][0].__setitem__(3, 7), "history does not replay"),
    (lambda d: d["history"][0]["payouts"].append([0, [], [], []]), "history"),
    (lambda d: d["history"][0]["casinos"].reverse(), "history"),
    (lambda d: d["history"][0].update(first_seat=5), "first seat"),
    (lambda d: d["roll"][1].append(9), "entries"),
])
def test_corrupt_state_raises_state_error(mutate, msg):
    with pytest.raises(StateError, match=msg):
        Game.from_dict(_corrupt(mutate))


def test_not_an_object():
    for bad in (None, [], "x", 3):
        with pytest.raises(StateError):
            Game.from_dict(bad)


def test_copy_is_independent_and_reseeded_copy_hides_the_deck_order():
    g = Game(Config.multi(4), 5)
    c = g.copy()
    c.apply(c.legal_actions()[0])
    assert c != g and g.round == 0
    s1 = g.copy(history=False, reseed=1)
    s2 = g.copy(history=False, reseed=1)
    assert s1.deck == s2.deck and sorted(s1.deck) == sorted(g.deck)
    assert s1.deck != g.deck  # reshuffled: the real order stays hidden


@pytest.mark.parametrize("name", ["multi-3-neutral", "solo-hard"])
def test_a_state_saved_before_the_one_log_loads_saves_the_same_and_plays_on(name):
    old = json.loads(OLD_STATES.read_text())[name]
    g = Game.from_dict(old["state"])
    assert g.to_dict() == old["state"]
    assert g.record() == old["record"]
    assert g.opening_events == []
    rounds = [r for r in old["record"]["rounds"] if r["payouts"]]
    assert len(g.money_by_round()) == len(rounds) > 0
    r = random.Random(1)
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    rec = json.loads(json.dumps(g.record()))
    assert rec["rounds"][:len(rounds)] == rounds
    assert replay(rec).record() == rec


def test_the_restored_log_is_the_events_the_game_emitted():
    g = Game(Config.multi(2, neutral=True), 9)
    r = random.Random(9)
    emitted = list(g.opening_events)
    for _ in range(40):
        emitted += g.apply(r.choice(g.legal_actions()))
    assert g.log == emitted
    h = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h.log == emitted and h == g


def test_a_position_without_its_past_plays_on_but_cannot_be_saved():
    from lasvegas.core import Config, Game
    from lasvegas.kernel.errors import StateError

    g = Game(Config.multi(3), 5)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    d = g.to_dict()
    d["history"] = "whatever: not read"
    pos = Game.from_dict(d, past=False)
    assert pos.casino_bills == g.casino_bills and pos.rolled == g.rolled and pos.current == g.current
    pos.apply(pos.legal_actions()[0])  # it plays on
    with pytest.raises(StateError):
        pos.to_dict()
    with pytest.raises(StateError):
        Game.from_dict(d)  # with its past, the history is checked
