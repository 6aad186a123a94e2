"""A hint for a seat at the table: the Hard AI's choice for it and why (no pygame, no screen).

Thought on a world the seat may see (``Game.determinize``: the deck's unknown order shuffled
again, the hint's own dice and generator, never the game's), and checked against the real game
before it is told.  The match asks for it on a worker (``match.lords.local``); the UI says it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..core.errors import IllegalAction
from . import actions as A
from .dice import RandomDice
from .game import PLAY, Game
from .hard import Hard, hard_relative


@dataclass(frozen=True)
class LordsHint:
    """The Hard AI's choice for ``seat`` now and why: ``kind`` is "end" (nothing is worth more
    than ending the turn), "gain" (a build, sprawl or remodel worth about ``amount`` dollars to
    the seat by Hard's value), "chance" (a reorganize or a gamble: worth its risk) or "decision"
    (a lay-off, dice placed, a marker or die moved, a trade answered: ``amount``, what accepting
    the trade is worth to the seat)."""
    seat: int
    action: Any
    kind: str
    amount: int = 0


def think_hint(game: Game, seat: int, seed: int) -> LordsHint | None:
    """Hard's choice for ``seat`` in ``game`` (read only), decided on a world the seat may see:
    the deck's unknown order shuffled again and the dice drawn from ``seed``'s generator
    (``Game.determinize``), so neither the deck's order nor a roll to come can show through.
    None when the seat has nothing to decide or the choice is not legal in the real game."""
    asked = sorted(f for (f, to) in game.proposals if to == seat) if game.phase == PLAY else []
    if game.is_over or (seat not in game.waiting_on and not asked):
        return None
    rng = random.Random(seed)
    world = game.determinize(rng)
    hard = Hard(rng.getrandbits(62))
    hard.trades = False  # a hint is a move of the seat's own, never an offer made for it
    if asked:  # a trade to answer comes first (D14)
        action = hard.answer(world, seat, world.proposals[(asked[0], seat)])
    else:
        action = hard.act(world, seat)
    check = game.copy()
    try:
        check.apply(action)
    except (IllegalAction, TypeError, ValueError, IndexError):
        return None
    t = type(action)
    if t is A.EndTurn:
        return LordsHint(seat, action, "end")
    if t in (A.Build, A.Sprawl, A.Remodel):
        after = world.copy()
        after.dice = RandomDice(random.Random(rng.random()))  # a tie's re-roll: the hint's own dice
        after.apply(action)
        return LordsHint(seat, action, "gain", round(hard_relative(after, seat) - hard_relative(world, seat)))
    if t in (A.Reorganize, A.Gamble):
        return LordsHint(seat, action, "chance")
    if t in (A.Accept, A.Reject):  # what the trade is worth to the seat, by Hard's value
        after = world.copy()
        after.dice = RandomDice(random.Random(rng.random()))
        try:
            after.apply(A.Accept(seat, action.proposer))
        except IllegalAction:
            return LordsHint(seat, action, "decision")
        return LordsHint(seat, action, "decision", round(hard_relative(after, seat) - hard_relative(world, seat)))
    return LordsHint(seat, action, "decision")
