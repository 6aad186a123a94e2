"""The random-play policy of benches and property tests.

Uniform over the kinds of action that are legal now (build, sprawl, remodel,
reorganize, gamble), then uniform within the kind; the turn ends with
probability ``END_P`` at each step, so every game ends.  It never proposes a
trade (``random_trade`` makes one for the tests that want trades).  Answers
to lay-offs, dice placement and forced moves are uniform too.
"""

from __future__ import annotations

import random

from . import actions as A
from .board import COST, IN_F, N_LOTS
from .game import PLACE, PLAY, Game

END_P = 0.3


def random_action(game: Game, seat: int, rng: random.Random):
    """A random legal action for ``seat`` (the seat the game waits on)."""
    r = rng.random
    if game.phase != PLAY:
        if game.phase == PLACE:
            lots, vals = game.placing[seat]
            v = list(vals)
            rng.shuffle(v)
            return A.PlaceDice(seat, tuple(v))
        opts = game.legal_actions(seat)
        return opts[int(r() * len(opts))]
    if seat != game.active:
        answers = game.trade_answers(seat)
        return answers[int(r() * len(answers))] if answers else None
    if r() < END_P:
        return A.EndTurn(seat)
    kinds = [0, 1, 2, 3, 4]
    rng.shuffle(kinds)
    for kind in kinds:
        a = _KINDS[kind](game, seat, r)
        if a is not None:
            return a
    return A.EndTurn(seat)


def _pick(xs, r):
    return xs[int(r() * len(xs))] if xs else None


def _take(game: Game, seat: int, r, lot: int) -> int:
    if game.dice_used[seat] < 12:
        return -1
    return _pick([i for i in range(N_LOTS) if game.owner[i] == seat and i != lot], r)


def _build(game: Game, seat: int, r):
    money = game.money[seat]
    lots = [i for i in range(N_LOTS) if game.marker[i] == seat and COST[i] <= money
            and not (game.n == 2 and IN_F[i])]
    colours = [c for c in range(5) if game.supply[c] > 0]
    if not lots or not colours:
        return None
    lot = _pick(lots, r)
    return A.Build(seat, lot, _pick(colours, r), _take(game, seat, r, lot))


def _sprawl(game: Game, seat: int, r):
    return _pick(game.sprawl_options(seat), r)


def _remodel(game: Game, seat: int, r):
    return _pick(game.remodel_options(seat), r)


def _reorganize(game: Game, seat: int, r):
    return _pick(game.reorganize_options(seat), r)


def _gamble(game: Game, seat: int, r):
    gambles = game.gamble_options(seat)
    if not gambles:
        return None
    k, top = gambles[int(r() * len(gambles))]
    return A.Gamble(seat, k[0], 1 + int(r() * top))


_KINDS = (_build, _sprawl, _remodel, _reorganize, _gamble)


def random_trade(game: Game, seat: int, rng: random.Random):
    """A random small trade proposal from ``seat`` (None when it has nothing to offer)."""
    others = [s for s in range(game.n) if s != seat and (seat, s) not in game.proposals]
    if not others or game.phase != PLAY:
        return None
    to = rng.choice(others)

    def side(s: int) -> A.Offer:
        lots = [i for i in range(N_LOTS) if game.marker[i] == s]
        dice = [i for i in range(N_LOTS) if game.owner[i] == s]
        return A.Offer(rng.randint(0, max(0, game.money[s] // 3)),
                       tuple(rng.sample(lots, min(len(lots), rng.randint(0, 1)))),
                       tuple(rng.sample(dice, min(len(dice), rng.randint(0, 1)))))
    give, get = side(seat), side(to)
    if give.is_empty() and get.is_empty():
        return None
    return A.Propose(seat, to, give, get)
