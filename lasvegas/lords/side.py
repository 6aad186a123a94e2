"""How Lords of Vegas is played by its AIs in runs of many games (``games.sides.Side``): a
tournament's deals, the AIs' moves and their answers to trades, a seat's figures, how a game ended.

A tournament's game ``i`` and its AIs have the seeds of a simulation's (``games.simulate``).
"""

from __future__ import annotations

from ..kernel.seeds import simulate_seed as game_seed
from ..games.sides import Side
from . import actions as A
from .ai import Player, make_player
from .board import SEAT_COLOURS
from .game import Game
from .rules.base import PLAY


def seat_seed(gseed: int, k: int) -> int:
    """The seed of seat ``k``'s AI in a game seeded ``gseed``."""
    return game_seed(gseed, k + 1)


def ai_seats(levels: list[str]) -> dict:
    """The record's ``players``: each seat's colour -> its AI level."""
    return {colour: {"kind": "ai", "level": lv} for colour, lv in zip(SEAT_COLOURS, levels)}


def deal(spec: dict, i: int, seat_levels: list[str]) -> tuple[Game, list[Player]]:
    """Game ``i`` of the tournament ``spec`` and its seats' AIs."""
    gs = game_seed(spec["seed"], i)
    return Game(len(seat_levels), gs), [make_player(lv, seat_seed(gs, k)) for k, lv in enumerate(seat_levels)]


def answer(game: Game, players: list[Player]) -> A.Action | None:
    """The answer to the first trade offered (D14: offers are answered before the game goes on)."""
    if game.proposals and game.phase == PLAY:
        (frm, to) = min(game.proposals)
        return players[to].answer(game, to, game.proposals[(frm, to)])
    return None


SIDE = Side(deal=deal, move=lambda _spec, player, game, seat: player.act(game, seat),
            row=lambda score: {"money": score[1], "vp": score[0]},
            record=lambda game, levels: game.record(ai_seats(levels)), colours=lambda game: game.seats,
            interrupt=answer, ending=lambda game: game.end_reason)
