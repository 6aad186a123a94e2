"""``lasvegas tournament`` for every game: AI levels of one game played against each other and
compared, written once over the engine face (``games.engine``).

A tournament's ``spec`` names its game (``"game"``, a name of ``games.registry``; Las Vegas when
absent), its levels one per seat (``"seats"``), its ``"seed"``, whether each game's record is kept
(``"record"``) and the game's own options.  Game ``i`` rotates the levels over the seats: seat
``s`` gets ``seats[(s + i) % n]``, so no level keeps a seat position.  What differs by game is the
game's ``games.sides.Side`` (its registry entry's ``side``): the deal of game ``i`` (its seed, its AIs),
how an AI chooses its move, a decision out of turn (a trade's answer), a seat's figures and the
record.  The figures do not depend on the number of processes: the games are summed in their order.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from ..runs.common import pool_map, tournament_summary
from . import registry
from .engine import Engine
from .play import play_out
from .sides import Side


def side_of(spec: dict) -> Side:
    """The side of the spec's game."""
    return registry.game(spec.get("game", "lasvegas")).side


def seat_levels(levels: list[str], i: int) -> list[str]:
    """The levels of game ``i``, seat by seat (rotated by ``i`` seats)."""
    n = len(levels)
    rot = i % n
    return levels[rot:] + levels[:rot]


def play_game(spec: dict, i: int, keep: Callable[[Engine], None] | None = None) -> list[dict]:
    """Play game ``i`` of a tournament; one row per seat: ``level``, ``share`` (of the win),
    the game's figures (``money``...) and the seat's move times (``times_ms``).  ``keep(game)``
    is given the finished game."""
    side = side_of(spec)
    levels = seat_levels(spec["seats"], i)
    game, ais = side.deal(spec, i, levels)
    times = play_out(side, spec, game, ais)
    if keep is not None:
        keep(game)
    out = game.outcome()
    winners = out.winners
    return [{"level": lv, "share": (1.0 / len(winners)) if s in winners else 0.0, **side.row(out.scores[s]),
             "times_ms": [t * 1000 for t in times[s]]} for s, lv in enumerate(levels)]


def _worker(args: tuple[dict, int]) -> tuple[int, list[dict], dict | None]:
    spec, i = args
    if not spec.get("record"):
        return i, play_game(spec, i), None
    box: list = []
    rows = play_game(spec, i, box.append)
    return i, rows, side_of(spec).record(box[0], seat_levels(spec["seats"], i))


def run_tournament(spec: dict, games: int, jobs: int = 1,
                   on_game: Callable[[int, dict | None], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of ``spec`` on ``jobs`` processes; ``on_game(i, record)`` after each
    one (the game's record when ``spec["record"]``, else None); the ``tournament --json`` summary."""
    t0 = time.perf_counter()
    results: dict[int, list[dict]] = {}
    for i, rows, rec in pool_map(_worker, [(spec, i) for i in range(games)], jobs):
        results[i] = rows
        if on_game is not None:
            on_game(i, rec)
    return tournament_summary(spec.get("game", "lasvegas"), spec["seats"], spec["seed"],
                              time.perf_counter() - t0, [results[i] for i in sorted(results)])
