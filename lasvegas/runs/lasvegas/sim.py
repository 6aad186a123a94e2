"""Many complete games of Las Vegas with AI seats, and a summary (``lasvegas simulate``): the
simulation of every game (``games.simulate``) on a Las Vegas table."""

from __future__ import annotations

from typing import Any, Callable

from ...core import COLOURS, Config, Game
from ...kernel.seeds import simulate_seed as game_seed
from ...games import simulate as shared


def simulate(config: Config, levels: list[str], games: int, seed: int,
             on_game: Callable[[int, Game], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games of ``config``; return the summary dict (see ``--json``)."""
    return shared.simulate("lasvegas", lambda s: Game(config, s), levels, games, seed,
                           on_game)  # type: ignore[arg-type]


__all__ = ["simulate", "game_seed", "COLOURS"]
