"""The Lords of Vegas AI seats: the levels by name, a seat of any level, a game played by AI seats.

The levels are listed in ``levels.py`` and live below this module, so that each depends only on
the ones it builds on: ``players.py`` (Random, Easy, Medium, and Medium's value and trade rule) and
``hard.py`` (Hard, built on Medium), ``expert.py`` (Expert, Hard's best actions played forward).  Every level answers every kind of decision through one method,
``act(game, seat)``, and trade proposals through ``answer``/``judge``/``reason``; none reads
the deck's order (D19).
"""

from __future__ import annotations

from typing import Any

from .game import PLAY, Game
from .hard import Hard
from .levels import LEVELS
from .players import Easy, Medium, Player, relative_value, trade_gains, value

__all__ = ["LEVELS", "Player", "Easy", "Medium", "Hard", "value", "relative_value", "trade_gains",
           "make_player", "play_game"]


def make_player(level: str, seed: int = 0, table: bool = False) -> Player:
    """The AI of ``level`` (one of ``LEVELS``); ``ValueError`` for another name.  ``table``: a seat
    of the desktop game or the server (``Player.at_table``: the Expert also stops at a time cap,
    a weaker answer under load, never a long wait); without it every level is deterministic
    (tests, tournaments)."""
    player = LEVELS.make(level, seed)
    if table:
        player.at_table()
    return player


def play_game(game: Game, players: list[Player], recorder: Any = None, max_actions: int = 100_000) -> Game:
    """Play ``game`` to its end with one AI per seat (``recorder.apply`` when given)."""
    apply = recorder.apply if recorder is not None else game.apply
    for _ in range(max_actions):
        if game.is_over:
            return game
        if game.proposals and game.phase == PLAY:
            (frm, to) = min(game.proposals)
            apply(players[to].answer(game, to, game.proposals[(frm, to)]))
            continue
        seat = game.to_act
        apply(players[seat].act(game, seat))  # type: ignore[index]
    raise RuntimeError("the game did not end")
