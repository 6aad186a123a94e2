"""Las Vegas AI levels played against each other and compared (``lasvegas tournament``): the
tournament of every game (``games.tournament``) with Las Vegas's side (``ai.side``:
its deals, its seeds, its options).  ``spec`` as there; its game is Las Vegas."""

from __future__ import annotations

from typing import Any, Callable

from ..core import Game
from ..games import tournament as shared
from .side import _ai_seed  # noqa: F401  (the AIs' seeds: tests/kernel/test_seeds.py)


def play_game(spec: dict, i: int, keep: Callable[[Game], None] | None = None) -> list[dict]:
    """Play game ``i`` of a tournament; one result per seat: level, share, money, move times
    (``times_ms``).  ``keep(game)`` is given the finished game."""
    return shared.play_game(dict(spec, game="lasvegas"), i, keep)  # type: ignore[arg-type]


def run_tournament(spec: dict, games: int, jobs: int = 1,
                   on_game: Callable[[int, dict | None], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of ``spec`` on ``jobs`` processes; ``on_game(i, record)`` after each
    one (the game's record when ``spec["record"]``, else None).  The figures do not depend on
    ``jobs``: the games are summed in their order."""
    return shared.run_tournament(dict(spec, game="lasvegas"), games, jobs, on_game)
