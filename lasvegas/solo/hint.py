"""The solo hint: the move the strongest AI would make, and the chance to win after it.

``hint(game, budget, cancel)`` returns ``(Place, win_chance)``.  The move is
the choice of the strongest AI level this build has (``expert`` once it is
there, else the best available).  The chance is a Monte Carlo estimate: from
the position after that move, the rest of the *game* is played out many times
with a quick greedy solo policy (``greedy_value``: the move that most raises
your money minus the other colours' at its casino, with a price on your own
dice), on dice and a deck order drawn from the hint's own generator (the real
deck order is hidden, so it is shuffled for every playout).  The fraction of
playouts won is the estimate.  That policy is much faster and weaker than
the Expert (from the start of a Normal game it wins about half the time, the
Expert about four times in five), so the chance is a cautious one: what
steady, sensible play keeps, not the best that can be done.

Deterministic for a seed: the AI is asked with its fixed work budget, and the
number of playouts is fixed; ``budget`` (seconds) only cuts the playouts
short when time runs out, and ``cancel`` stops at once.

No pygame here: imports the core and the AI only.
"""

from __future__ import annotations

import threading
import time

from ..ai.greedy import GreedyPolicy
from ..ai.worker import BackgroundTask
from ..core import PLACE, Game, Phase, Place
from ..kernel.seeds import derive_seed

#: playouts of the rest of the game behind one hint (the estimate's standard error is below 4.5%)
PLAYOUTS = 160


def strongest_level() -> str:
    """The AI level behind the hint: the strongest this build has (``greedy``: none)."""
    from ..ai import available_levels

    levels = available_levels()
    for name in ("expert", "hard", "medium"):
        if name in levels:
            return name
    return "greedy"  # no real AI level in this build: the playout policy itself


#: the playout policy's price of one of my own dice, and its reward for each other colour's die
#: placed (measured from the start of a game, 600 games: Normal 51% won, against 32% without them)
DIE_COST, OTHERS_BONUS = 30_000, 10_000


def greedy_policy() -> GreedyPolicy:
    """The solo playout policy: the greedy rule (``ai.greedy``) that values its dice.

    The value with the best score: how much placing it raises my money minus
    the other colours' at its casino (if the round ended now), minus a price
    for each of my dice it spends (they are worth more later), plus a reward
    for each other colour's die it takes out of their hands.  Ties: fewer of
    my dice, then the lowest value.
    """
    return GreedyPolicy(die_cost=DIE_COST, others_bonus=OTHERS_BONUS)


def greedy_value(game: Game) -> int:
    """The value the solo playout policy (``greedy_policy``) places in ``game``."""
    return greedy_policy().value(game)


def playout(game: Game, seed: int) -> tuple[bool, int]:
    """Play a copy of ``game`` to its end with the greedy policy: (won, my margin)."""
    g = game.copy(history=False, reseed=seed)
    policy = greedy_policy()
    while g.phase is Phase.PLACE:
        g.apply(PLACE[policy.value(g)])
    return outcome(g)


def outcome(game: Game) -> tuple[bool, int]:
    """A finished solo game: (won, the player's money minus the other colours')."""
    res = game.result()
    me = game.config.seats[0]
    others = sum(m for o, m in res.money.items() if o != me)
    return bool(res.solo_won), res.money[me] - others


def win_chance(game: Game, value: int, *, playouts: int = PLAYOUTS, seed: int = 0,
               deadline: float | None = None, cancel: threading.Event | None = None) -> float:
    """Estimated chance of winning the solo game after placing ``value`` now."""
    after = game.copy(history=False)
    after.apply(PLACE[value])
    if after.is_over:
        return 1.0 if outcome(after)[0] else 0.0
    wins = n = 0
    for i in range(playouts):
        if n and ((cancel is not None and cancel.is_set()) or
                  (deadline is not None and time.perf_counter() >= deadline)):
            break
        won, _margin = playout(after, derive_seed(seed, i, stride=7919, offset=value))
        wins += won
        n += 1
    return wins / n


def hint(game: Game, budget: float | None = None, cancel: threading.Event | None = None, *,
         seed: int = 0, playouts: int = PLAYOUTS, level: str | None = None) -> tuple[Place, float]:
    """``(move, win_chance)`` for the solo player to move in ``game`` (which is not changed)."""
    from ..ai import make_ai

    if not game.config.is_solo:
        raise ValueError("a hint is for solo games")
    if game.phase is not Phase.PLACE:
        raise ValueError("the game is over: there is nothing to hint")
    t0 = time.perf_counter()
    actions = game.legal_actions()
    if len(actions) == 1:
        move = actions[0]
    else:
        level = level or strongest_level()
        move = None
        if level != "greedy":
            move = make_ai(level, seed).choose(game.copy(history=False), None, cancel)
        if move not in actions:
            move = PLACE[greedy_value(game)]
    deadline = None if budget is None else t0 + budget
    return move, win_chance(game, move.value, playouts=playouts, seed=seed, deadline=deadline, cancel=cancel)


class HintTask(BackgroundTask):
    """A hint computed on a daemon thread; poll ``done``, then read ``result``
    (``(Place, win_chance)``) or ``error``."""

    def __init__(self, game: Game, budget: float | None = None, seed: int = 0) -> None:
        self.budget = budget
        self.seed = seed
        copy = game.copy(history=False)
        super().__init__(lambda cancel: hint(copy, budget, cancel, seed=seed), "solo-hint")
