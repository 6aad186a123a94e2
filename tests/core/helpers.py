"""Helpers to build exact game situations with scripted dice and decks."""

from __future__ import annotations

from lasvegas.core import Config, DicePlaced, Game, edition_bills
from lasvegas.kernel.dice import ScriptedDice


def deck_starting_with(first: list[int], edition: str = "classic") -> list[int]:
    """A full deck of the edition whose top bills are ``first`` (in that order)."""
    rest = edition_bills(edition)
    for b in first:
        rest.remove(b)
    return list(first) + rest


def scripted(config: Config, rolls: list[int], deck: list[int] | None = None) -> Game:
    return Game(config, dice=ScriptedDice(rolls), deck=deck or config.bills())


def play_random(game: Game, seed: int = 0) -> Game:
    import random

    r = random.Random(seed)
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[r.randrange(len(acts))])
    return game


def last_placed(game: Game) -> int:
    """The value of the last placement in the game's log."""
    return next(e.value for e in reversed(game.log) if isinstance(e, DicePlaced))
