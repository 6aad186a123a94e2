"""Copying a game: an independent copy, or a look-ahead copy with its own dice."""

from __future__ import annotations

import random
from typing import Any

from ..kernel.dice import RandomDice, ScriptedDice, shuffle


def copy_game(game: Any, *, history: bool = True, reseed: Any = None) -> Any:
    """An independent copy of ``game`` sharing nothing mutable.

    ``history=False`` starts the copy's log empty (the copy cannot be saved
    or write a record).  ``reseed`` gives the copy its own dice, seeded with
    it, and shuffles its deck: what an AI uses to look ahead, since the order
    of the real deck and the real dice to come are hidden from every seat.
    """
    g = type(game).__new__(type(game))
    # everything immutable (config, tables, tuples, numbers) is shared ...
    g.__dict__.update(game.__dict__)
    # ... and everything mutable is copied
    if reseed is not None:
        g._rng = random.Random(reseed)
        g._dice = RandomDice(g._rng)
    else:
        g._rng = random.Random()
        g._rng.setstate(game._rng.getstate())
        if isinstance(game._dice, ScriptedDice):
            g._dice = ScriptedDice(game._dice.values[game._dice.pos:])
        else:
            g._dice = game._dice.clone(g._rng)
    g.casino_bills = [list(b) for b in game.casino_bills]
    g.casino_dice = [list(r) for r in game.casino_dice]
    g.left = list(game.left)
    g.neutral_left = list(game.neutral_left)
    g.casino_big = [list(r) for r in game.casino_big]
    g.big_left = list(game.big_left)
    g.deck = list(game.deck)
    if reseed is not None:
        shuffle(g._rng, g.deck)
    g.won = [list(w) for w in game.won]
    g.log = list(game.log) if history else []
    g._opening = 0
    return g
