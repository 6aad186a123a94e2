"""The Las Vegas AI levels, weakest first: Random (``base``), then Easy, Medium, Hard and Expert
(``players``).  A new level is one more entry here."""

from __future__ import annotations

from ..games.levels import N_, Level, LevelBook
from .base import Player, RandomPlayer
from .players import EasyPlayer, ExpertPlayer, HardPlayer, MediumPlayer

LEVELS = LevelBook("lasvegas", (
    Level("random", N_("Random"), RandomPlayer, offered=False),
    Level("easy", N_("Easy"), EasyPlayer),
    Level("medium", N_("Medium"), MediumPlayer),
    Level("hard", N_("Hard"), HardPlayer, cost=0.1, quick=False),
    Level("expert", N_("Expert"), ExpertPlayer, cost=0.4, quick=False),
))


def make_ai(level: str, seed: int | None = None) -> Player:
    """A new AI seat of ``level``; ``ValueError`` with the known levels otherwise."""
    return LEVELS.make(level, seed)  # type: ignore[arg-type]


def available_levels() -> list[str]:
    return list(LEVELS)
