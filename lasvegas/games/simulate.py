"""``lasvegas simulate`` for every game: many complete games with one AI level per seat, and a
summary, written once over the engine face (``games.engine``); what differs by game is its
registry entry's ``side`` (``games.sides.Side``).

Seeds (the shared scheme of ``lasvegas.kernel.seeds``): game ``i`` of a run seeded ``S`` is
``derive_seed(S, i, stride=7919, offset=17)``; the AI of seat ``k`` gets
``derive_seed(game_seed, k + 1, stride=7919, offset=17)``.
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any, Callable

from ..kernel.seeds import simulate_seed as game_seed
from ..runs.common import simulate_summary
from . import registry
from .engine import Engine
from .play import play_out


def simulate(name: str, new_game: Callable[[int], Engine], levels: list[str], games: int, seed: int,
             on_game: Callable[[int, Engine], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of the game called ``name``, each ``new_game(seed)``, its seat ``k``
    played by an AI of ``levels[k]``; ``on_game(i, game)`` after each one; the ``simulate --json``
    summary (with ``ends``, how the games ended, for a game that ends in several ways)."""
    entry = registry.game(name)
    side, book = entry.side, entry.levels
    n = len(levels)
    wins = [0.0] * n
    totals: list[dict[str, Any]] = [{} for _ in range(n)]
    ends: dict[str, int] = defaultdict(int)
    colours: Any = ()
    t0 = time.perf_counter()
    for i in range(games):
        gs = game_seed(seed, i)
        game = new_game(gs)
        play_out(side, {}, game, [book.make(lv, game_seed(gs, k + 1)) for k, lv in enumerate(levels)])
        out = game.outcome()
        for w in out.winners:
            wins[w] += 1.0 / len(out.winners)
        for s in range(n):
            for key, v in side.row(out.scores[s]).items():
                totals[s][key] = totals[s].get(key, 0) + v
        if side.ending is not None:
            ends[side.ending(game)] += 1
        colours = side.colours(game)
        if on_game is not None:
            on_game(i, game)
    seconds = time.perf_counter() - t0
    summary = simulate_summary(name, games, seed, seconds, [
        {"colour": colours[k] if colours else "", "ai": levels[k], "wins": wins[k], "money": 0, **totals[k]}
        for k in range(n)])
    if side.ending is not None:
        summary["ends"] = dict(ends)
    return summary
