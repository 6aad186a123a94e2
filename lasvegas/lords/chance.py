"""A seat's chance of winning a Lords of Vegas position, from Hard's valuation (public only).

An ended game gives the seat's share of the win.  Otherwise Hard's valuation of every seat
(``hard.hard_values``) gives, for each seat, the chance that it stays ahead of each other seat
over the cards still to come before the End card, ``Phi(margin / (SIGMA * sqrt(1 + draws)))``
multiplied over the others, shared out so that the seats' chances sum to 1.  The coach rates
choices by it (``lords.coach``) and the Expert values the end of a play-out by it
(``lords.expert``).
"""

from __future__ import annotations

import math

from ..kernel.ratings import pairwise_chances
from .game import Game
from .hard import hard_values
from .queries import cards_before_end

#: spread of Hard's value margin between two seats per card still to come before the End
#: card, in dollars of value (fitted on 45 games of Hard and Medium seats, 1,333 positions: docs/lords-ai.md)
SIGMA = 25.0


def win_chance(game: Game, seat: int) -> float:
    """``seat``'s chance of winning from ``game`` (public information only; see the module)."""
    return win_chances(game)[seat]


def win_chances(game: Game) -> list[float]:
    """Every seat's chance of winning from ``game`` (they sum to 1)."""
    if game.is_over:
        return [1.0 / len(game.winners) if s in game.winners else 0.0 for s in range(game.n)]
    return chances_of(game, hard_values(game))


def chances_of(game: Game, v: list[float], sigma: float = SIGMA) -> list[float]:
    """Every seat's chance of winning from ``game`` (not over), ``v`` being Hard's values
    (``sigma``: the spread per ``sqrt(1 + cards before the End card)``)."""
    return chances_at(v, cards_before_end(game), sigma)


def chances_at(v: list[float], draws: int, sigma: float = SIGMA) -> list[float]:
    """Every seat's chance of winning, ``v`` being Hard's values with ``draws`` cards before the
    End card (the formula of :func:`chances_of`, for positions kept without their game)."""
    return pairwise_chances(v, sigma * math.sqrt(1.0 + draws))


__all__ = ["SIGMA", "win_chance", "win_chances", "chances_of", "chances_at"]
