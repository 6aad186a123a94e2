"""The Lords of Vegas AI levels, weakest first: Random, Easy and Medium (``players``), Hard
(``hard``), Expert (``expert``).  A new level is one more entry here (its label translated in the catalogues)."""

from __future__ import annotations

from ..games.levels import N_, Level, LevelBook
from .expert import Expert
from .hard import Hard
from .players import Easy, Medium, Player

LEVELS = LevelBook("lords", (
    Level("random", N_("Random"), Player),
    Level("easy", N_("Easy"), Easy),
    Level("medium", N_("Medium"), Medium, trades=True),
    Level("hard", N_("Hard"), Hard, trades=True, cost=0.1, quick=False),
    Level("expert", N_("Expert"), Expert, trades=True, cost=0.6, quick=False),
), unknown="unknown Lords of Vegas AI level {level!r}: choose from {levels}")
