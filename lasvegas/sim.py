"""Many complete games with AI seats, and a summary (``lasvegas simulate``)."""

from __future__ import annotations

import time
from typing import Any, Callable

from .core import COLOURS, Config, Game
from .core.seeds import derive_seed
from .runs import simulate_summary


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a run started with seed ``base`` (and of seat
    ``k`` of a game seeded ``base``, with ``index`` ``k + 1``)."""
    return derive_seed(base, index, stride=7919, offset=17)


def simulate(config: Config, levels: list[str], games: int, seed: int,
             on_game: Callable[[int, Game], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games; return the summary dict (see ``--json``)."""
    from .ai import make_ai

    n = len(config.seats)
    wins = [0.0] * n
    money = [0] * n
    t0 = time.perf_counter()
    for i in range(games):
        s = game_seed(seed, i)
        game = Game(config, s)
        players = [make_ai(lv, game_seed(s, k + 1)) for k, lv in enumerate(levels)]
        while not game.is_over:
            game.apply(players[game.current].choose(game))
        res = game.result()
        if config.is_solo:
            wins[0] += 1.0 if res.solo_won else 0.0
        else:
            share = 1.0 / len(res.winners)
            for w in res.winners:
                wins[config.seats.index(w)] += share
        for k, c in enumerate(config.seats):
            money[k] += res.money[c]
        if on_game:
            on_game(i, game)
    seconds = time.perf_counter() - t0
    return simulate_summary("lasvegas", games, seed, seconds, [
        {"colour": c, "ai": levels[k], "wins": wins[k], "money": money[k]}
        for k, c in enumerate(config.seats)])


__all__ = ["simulate", "game_seed", "COLOURS"]
