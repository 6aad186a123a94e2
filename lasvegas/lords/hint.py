"""A hint for a seat at the table: the Expert AI's choice for it and why (no pygame, no screen).

The Expert (``lords.expert``: Hard's best actions played forward in worlds of its own) with
``HINT_WORK`` play-out moves, never proposing a trade for the seat.  Thought on a world the seat may see (``Game.determinize``: the deck's unknown order shuffled
again, the hint's own dice and generator, never the game's), and checked against the real game
before it is told.  The match asks for it on a worker (``match.lords.local``); the UI says it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..kernel.errors import IllegalAction
from . import actions as A
from .dice import RandomDice
from .expert import Expert
from .game import PLAY, Game
from .hard import hard_relative

#: the play-out moves of a hint (None: the Expert's own budget for the table's seats,
#: ``expert.default_work``: the hint is the Expert's move)
HINT_WORK: int | None = None


@dataclass(frozen=True)
class LordsHint:
    """The Expert AI's choice for ``seat`` now and why: ``kind`` is "end" (nothing is worth more
    than ending the turn), "gain" (a build, sprawl or remodel worth about ``amount`` dollars to
    the seat by Hard's value), "chance" (a reorganize or a gamble: worth its risk) or "decision"
    (a lay-off, dice placed, a marker or die moved, a trade answered: ``amount``, what accepting
    the trade is worth to the seat)."""
    seat: int
    action: A.Action
    kind: str
    amount: int = 0


def think_hint(game: Game, seat: int, seed: int, cancel: Any = None) -> LordsHint | None:
    """The Expert's choice for ``seat`` in ``game`` (read only), decided on a world the seat may see:
    the deck's unknown order shuffled again and the dice drawn from ``seed``'s generator
    (``Game.determinize``), so neither the deck's order nor a roll to come can show through.
    None when the seat has nothing to decide or the choice is not legal in the real game.
    ``cancel.is_set()`` asks for the best choice found so far."""
    asked = sorted(f for (f, to) in game.proposals if to == seat) if game.phase == PLAY else []
    if game.is_over or (seat not in game.waiting_on and not asked):
        return None
    rng = random.Random(seed)
    world = game.determinize(rng)
    expert = Expert(rng.getrandbits(62), work=HINT_WORK)
    expert.trades = False  # a hint is a move of the seat's own, never an offer made for it
    if asked:  # a trade to answer comes first (D14)
        action = expert.answer(world, seat, world.proposals[(asked[0], seat)], cancel=cancel)
    else:
        action = expert.act(world, seat, cancel=cancel)
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
