"""What a tournament of Lords of Vegas needs besides the engine face
(``games.sides.TournamentSide``): its deals, its AIs and their answers to trades.

Seeds (the shared scheme of ``lasvegas.core.seeds``): game ``i`` of a run seeded ``S`` is
``derive_seed(S, i, stride=7919, offset=17)``; the AI of seat ``k`` gets
``derive_seed(game_seed, k + 1, stride=7919, offset=17)`` (the same as Las Vegas's simulate).
"""

from __future__ import annotations

from ..core.seeds import derive_seed
from ..games.sides import TournamentSide
from . import actions as A
from .ai import Player, make_player
from .board import SEAT_COLOURS
from .game import Game
from .rules.base import PLAY


def game_seed(seed: int, i: int) -> int:
    return derive_seed(seed, i, stride=7919, offset=17)


def seat_seed(gseed: int, k: int) -> int:
    return derive_seed(gseed, k + 1, stride=7919, offset=17)


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


SIDE = TournamentSide(deal=deal, move=lambda _spec, player, game, seat: player.act(game, seat),
                      row=lambda score: {"money": score[1], "vp": score[0]},
                      record=lambda game, levels: game.record(ai_seats(levels)), interrupt=answer)
