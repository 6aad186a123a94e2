"""Realistic table states for screenshots, the benchmark, the smoke test and tests.

Moves are chosen by the random AI seat through the core; nothing here decides a rule.
"""

from __future__ import annotations

from ...ai import RandomPlayer
from ...core import Game, Phase
from ..kit.session import Session, default_session
from .names import ai_seat_name, player_name


def roll_ends_round(game: Game, value: int) -> bool:
    """Would placing ``value`` now place the last dice of the round?  (Asked of a copy.)"""
    g = game.copy(history=False)
    r = g.round
    g.apply(g.legal_actions()[[a.value for a in g.legal_actions()].index(value)])
    return g.round != r or g.is_over


def advance(game: Game, turns: int, seed: int = 0, *, keep_round: bool = True) -> None:
    """Play ``turns`` placements with the random seat, never ending the round when ``keep_round``."""
    p = RandomPlayer(seed)
    for _ in range(turns):
        if game.phase is not Phase.PLACE:
            return
        a = p.choose(game)
        if keep_round and roll_ends_round(game, a.value):
            others = [x for x in game.legal_actions() if not roll_ends_round(game, x.value)]
            if not others:
                return
            a = others[0]
        game.apply(a)


def advance_to_human(game: Game, human: int, seed: int = 0, turns: int = 60) -> None:
    p = RandomPlayer(seed + 1)
    for _ in range(turns):
        if game.current == human:
            return
        acts = [a for a in game.legal_actions() if not roll_ends_round(game, a.value)]
        if not acts:
            return
        game.apply(acts[int(p.rng.random() * len(acts))])


def advance_to_last_turn(game: Game, seed: int = 0) -> None:
    """Play until the current roll may end the round."""
    p = RandomPlayer(seed)
    while game.phase is Phase.PLACE:
        if any(roll_ends_round(game, v) for v in game.legal_values()):
            return
        acts = [a for a in game.legal_actions() if not roll_ends_round(game, a.value)]
        game.apply(acts[int(p.rng.random() * len(acts))])


def play_to_end(game: Game, seed: int = 0) -> None:
    p = RandomPlayer(seed)
    while game.phase is Phase.PLACE:
        game.apply(p.choose(game))


def demo_session(players: int, humans: int = 1, neutral: bool = False, *, minimum: str | None = None,
                 hundreds: bool = False, biggies: bool = False) -> Session:
    """``players`` seats (the first ``humans`` human) and the table options asked for."""
    s = default_session(players, humans, "random")
    for i, seat in enumerate(s.seats):  # the names the game offers, in the player's language
        seat.name = ai_seat_name(i) if seat.is_ai else player_name(i)
    s.neutral = neutral and players <= 4
    s.minimum, s.hundreds, s.biggies = minimum, hundreds, biggies
    return s
