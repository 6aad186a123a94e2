"""fastsim's playouts follow the rules engine: whole games of every mode, every playout policy.

A game is played to its end through the engine (``Game`` with ``ScriptedDice``).
At every decision, a copy of the engine and a ``fastsim.Playout`` started from
the same public view (``View.of``) play the rest of the round with the same
dice (``ScriptedRolls`` over the faces the engine has not rolled yet) and the
same policy; both must make the same placements, consume the same dice, end
with the same dice on every casino, pay the same bills and leave everyone with
the same money and bills.  Only public API: events, ``copy``, ``money``.
"""

from __future__ import annotations

import random

import pytest

from lasvegas.ai import make_ai
from lasvegas.ai.fastsim import (
    Gains, Playout, ScriptedRolls, View, decode, encode, learned_multi, table_roll,
)
from lasvegas.ai.greedy import GreedyPolicy, big_value, roll_counts
from lasvegas.ai.players import OWN_POLICY
from lasvegas.core import (
    EDITIONS, SOLO_LEVELS, CasinoPaid, Config, DicePlaced, DicePreplaced, DiceRolled, Game, RoundEnded,
)
from lasvegas.kernel.dice import ScriptedDice

BASE = [Config.multi(n, neutral=neutral, edition=edition)
        for edition in EDITIONS for n in range(2, 6) for neutral in (False, True)
        if not (neutral and n == 5)]
#: the Boulevard options (docs/rules.md §10): up to 8 seats, the minimum by seats, the
#: $100,000 bills and Biggies, alone and together, with and without neutral dice
BOULEVARD = [
    Config.multi(2, biggies=True),
    Config.multi(3, neutral=True, biggies=True, hundreds=True),
    Config.multi(4, minimum="by-seats", hundreds=True, edition="2018"),
    Config.multi(5, neutral=True, biggies=True, minimum="by-seats"),
    Config.multi(6),
    Config.multi(6, neutral=True, biggies=True, hundreds=True, edition="2018"),
    Config.multi(7, biggies=True, minimum="classic"),
    Config.multi(8, hundreds=True, biggies=True),
]
MULTI = BASE + BOULEVARD
SOLO = [Config.solo(level.name, edition=edition) for edition in EDITIONS for level in SOLO_LEVELS]


def _mode_id(cfg: Config) -> str:
    if cfg.is_solo:
        return f"solo-{cfg.solo_level}-{cfg.edition}"
    options = "".join(f"-{name}" for name in ("hundreds", "biggies") if getattr(cfg, name))
    return (f"{len(cfg.seats)}seats{'-neutral' if cfg.neutral else ''}-{cfg.edition}"
            f"-{cfg.minimum}{options}")


#: a die cost for the deciding seat's own later turns (``Playout.self_cost``)
DIE_COST = 20_000


class Learned:
    """The Expert's own-turn model (``learned_multi``) played on the engine."""

    def __init__(self, game: Game, weights) -> None:
        me = game.current
        self.weights = weights
        self.opps = [o for o in range(game.n_seats) if o != me]
        self.lead = max(self.opps, key=game.money)

    def value(self, game: Game) -> int:
        s = game.current
        own, neu, _ = roll_counts(game.roll_owners, game.roll_values, s)
        return learned_multi(Gains(game.casino_bills, game.n_owners),
                             [encode(r) for r in game.casino_dice], s, game.neutral_owner,
                             own, neu, self.weights, self.lead, self.opps,
                             sum(game.left[o] for o in self.opps), game.left[s],
                             big_value(game))


#: policy name -> (Playout options, the deciding seat's own later turns on the engine)
POLICIES = {
    "medium": ({}, lambda game: GreedyPolicy()),
    "die-cost": ({"self_cost": DIE_COST}, lambda game: GreedyPolicy(die_cost=DIE_COST)),
    "learned": ({"own_policy": OWN_POLICY}, lambda game: Learned(game, OWN_POLICY)),
}


def faces_of(events) -> list[int]:
    """The dice faces the engine rolled in ``events``, in order."""
    out: list[int] = []
    for e in events:
        if isinstance(e, (DiceRolled, DicePreplaced)):
            out.extend(e.values)
    return out


def code_of(game: Game, dice, big=()) -> int:
    """``dice`` ((owner name, count), ...) encoded as fastsim does: scoring counts, the
    owners in ``big`` placing their Biggie (one die counting two)."""
    return sum((n + (name in big)) << (4 * game.owners.index(name)) for name, n in dice)


def engine_round(game: Game, value: int, own_turns) -> dict:
    """Place ``value`` on a copy of ``game`` and play the round out: the deciding seat's
    later turns by ``own_turns``, every other seat by Medium."""
    eng = game.copy(history=False)
    me = eng.current
    medium = make_ai("medium", 0)
    events = eng.apply(next(a for a in eng.legal_actions() if a.value == value))
    log = list(events)
    while not any(isinstance(e, RoundEnded) for e in events):
        if eng.current == me and not eng.config.is_solo:
            events = eng.apply(next(a for a in eng.legal_actions()
                                    if a.value == own_turns.value(eng)))
        else:
            events = eng.apply(medium.choose(eng))
        log += events
    this_round = log[:next(i for i, e in enumerate(log) if isinstance(e, RoundEnded))]
    return {
        "placed": [(e.seat, e.value, code_of(eng, e.dice, e.big)) for e in this_round
                   if isinstance(e, DicePlaced)],
        "faces": len(faces_of(this_round)),
        "dice": [[dict(e.dice).get(name, 0) for name in eng.owners] for e in this_round
                 if isinstance(e, CasinoPaid)],
        "awards": [[dict(e.awards).get(name, 0) for name in eng.owners] for e in this_round
                   if isinstance(e, CasinoPaid)],
        "money": [eng.money(o) for o in range(eng.n_owners) if o != eng.neutral_owner],
        "bills": [len(eng.won[o]) for o in range(eng.n_owners) if o != eng.neutral_owner],
    }


def fastsim_round(game: Game, value: int, faces: list[int], options: dict) -> dict:
    """The same round through a ``Playout`` from ``View.of(game)`` with scripted dice."""
    view = View.of(game)
    dice = ScriptedRolls(faces)
    po = Playout(view, roller=dice.counts, faces=dice.faces, **options)
    trace: list = []
    codes, turns = po.run(value, None, trace)
    assert turns == len(trace) - 1
    gains = po.gains.round_gains(codes)
    bills = po.gains.round_bills(codes)
    players = [o for o in range(view.n_owners) if o != view.neutral]
    return {
        "placed": trace,
        "faces": dice.pos,
        "dice": [decode(c, view.n_owners) for c in codes],
        "awards": [list(po.gains.get(c, codes[c])) for c in range(6)],
        "money": [view.money[o] + gains[o] for o in players],
        "bills": [view.nbills[o] + bills[o] for o in players],
    }


def play_and_compare(config: Config, seed: int, policy: str) -> int:
    """Play one game (random moves, scripted dice); at every decision compare the rest
    of the round through the engine and through fastsim.  Returns the decisions checked."""
    options, own_turns = POLICIES[policy]
    rng = random.Random(seed)
    stream = [rng.randrange(1, 7) for _ in range(6000)]
    game = Game(config, seed, dice=ScriptedDice(stream))
    used = len(faces_of(game.opening_events))
    checked = 0
    rounds = set()
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        want = engine_round(game, action.value, own_turns(game))
        got = fastsim_round(game, action.value, stream[used:], options)
        assert got == want, (config, seed, policy, game.round, checked)
        checked += 1
        rounds.add(game.round)
        used += len(faces_of(game.apply(action)))
    assert rounds == set(range(config.rounds))
    return checked


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("config", MULTI, ids=_mode_id)
def test_multi_seat_games_agree(config, policy):
    assert play_and_compare(config, 11, policy) > 4 * config.rounds


@pytest.mark.parametrize("config", SOLO, ids=_mode_id)
def test_solo_games_agree(config):
    assert play_and_compare(config, 12, "medium") > 2 * config.rounds


def test_the_modes_cover_every_seat_count_edition_and_solo_level():
    assert {(len(c.seats), c.neutral, c.edition) for c in BASE} == {
        (n, neutral, e) for n in range(2, 6) for neutral in (False, True) for e in EDITIONS
        if not (neutral and n == 5)}
    assert {len(c.seats) for c in MULTI} == set(range(2, 9))
    for option in ("hundreds", "biggies"):
        assert {len(c.seats) for c in BOULEVARD if getattr(c, option)} >= {2, 3, 6, 8} - (
            {2} if option == "hundreds" else set())
    assert any(c.minimum == "by-seats" and len(c.seats) <= 5 for c in BOULEVARD)
    assert any(c.minimum == "classic" and len(c.seats) > 5 for c in BOULEVARD)
    assert any(c.neutral and c.biggies for c in BOULEVARD)
    assert {c.solo_level for c in SOLO} == {lv.name for lv in SOLO_LEVELS}
    three_neutral = Game(Config.multi(3, neutral=True), 1)
    assert any(isinstance(e, DicePreplaced) for e in three_neutral.opening_events)


@pytest.mark.parametrize("config", [Config.multi(4), Config.multi(3, neutral=True),
                                    Config.multi(2, neutral=True, edition="2018"),
                                    Config.multi(8, biggies=True, hundreds=True),
                                    Config.multi(5, neutral=True, biggies=True),
                                    Config.solo("normal"), Config.solo("master")], ids=_mode_id)
def test_random_dice_are_rolled_as_the_script_rolls_them(config):
    """A playout's own random dice (``table_roll``; solo: one number per die), written
    down as faces and replayed by ``ScriptedRolls``, give the same placements."""
    for seed in range(20):
        game = Game(config, seed)
        view = View.of(game)
        value = game.legal_actions()[seed % len(game.legal_actions())].value
        faces: list[int] = []

        def counts(n, rnd):
            c = table_roll(n, rnd)
            faces.extend(v for v in range(1, 7) for _ in range(c[v]))
            return c

        def rnd_recorded(r=random.Random(seed)):
            x = r.random()
            if config.is_solo:
                faces.append(int(x * 6) + 1)
            return x

        free: list = []
        po = Playout(view, roller=None if config.is_solo else counts)
        codes, _ = po.run(value, rnd_recorded, free)
        again = random.Random(seed)
        assert Playout(view).run(value, again.random) == (codes, len(free) - 1)
        dice = ScriptedRolls(faces)
        scripted: list = []
        assert Playout(view, roller=dice.counts, faces=dice.faces).run(value, None, scripted)[0] == codes
        assert scripted == free and dice.pos == len(faces)
