"""A solo level's chance of winning with strong play (``lasvegas solo-odds``).

Plays solo games with the strongest AI choosing for the player and reports
the win rate with a 95% Wilson interval.  The ladder shows a table of these
figures shipped with the game (``lasvegas/data/solo_odds.json``, made by
``build/make_solo_odds.py``).
"""

from __future__ import annotations

import json
import time
from concurrent.futures import ProcessPoolExecutor
from importlib import resources
from typing import Any

from ..core import SOLO_LEVELS, Config, Game
from ..kernel.seeds import derive_seed
from ..runs.progress import Progress
from ..runs.stats import wilson

TABLE_FORMAT = "lasvegas-solo-odds/1"


def strongest_ai() -> str:
    from ..ai import available_levels

    levels = available_levels()
    return "expert" if "expert" in levels else levels[-1]


def game_seed(seed: int, level: str, rounds: int, i: int) -> int:
    """Seed of game ``i``: the same for every run with the same seed."""
    k = [lv.name for lv in SOLO_LEVELS].index(level)
    return derive_seed(seed, i, offset=k * 100_003 + rounds * 10_007)


#: Simulated turns per Expert decision in the odds runs (the Expert's own
#: default is larger; this keeps a 9-level table within minutes on 2 cores).
ODDS_WORK = 3000


def play_one(level: str, rounds: int, seed: int, ai: str, work: int | None = ODDS_WORK) -> tuple[bool, int, int]:
    """One solo game; ``(won, player's money, all other colours' money)``."""
    from ..ai import make_ai

    game = Game(Config.solo(level, rounds=rounds), seed)
    player = make_ai(ai, seed ^ 0x5EED)
    if work is not None and hasattr(player, "work"):
        player.work = work  # a fixed amount of search: reproducible from the seed
    while not game.is_over:
        game.apply(player.choose(game))
    res = game.result()
    me = game.config.seats[0]
    others = sum(v for k, v in res.money.items() if k != me)
    return bool(res.solo_won), res.money[me], others


def _play_chunk(args: tuple[str, int, list[int], str, int | None]) -> list[tuple[bool, int, int]]:
    level, rounds, seeds, ai, work = args
    return [play_one(level, rounds, s, ai, work) for s in seeds]


def solo_odds(level: str, games: int, seed: int, rounds: int = 4, ai: str | None = None,
              jobs: int = 1, progress: Progress | None = None, work: int | None = ODDS_WORK) -> dict[str, Any]:
    ai = ai or strongest_ai()
    seeds = [game_seed(seed, level, rounds, i) for i in range(games)]
    t0 = time.perf_counter()
    results: list[tuple[bool, int, int]] = []
    if jobs <= 1:
        for s in seeds:
            results.append(play_one(level, rounds, s, ai, work))
            if progress:
                progress.step()
    else:
        size = max(1, min(8, games // (jobs * 4) or 1))
        chunks = [(level, rounds, seeds[i:i + size], ai, work) for i in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_chunk, chunks):
                results.extend(part)
                if progress:
                    progress.step(len(part))
    wins = sum(1 for w, _, _ in results if w)
    lo, hi = wilson(wins, games)
    return {
        "level": level,
        "rounds": rounds,
        "games": games,
        "wins": wins,
        "win_rate": round(wins / games, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "mean_margin": round(sum(m - o for _, m, o in results) / games, 1),
        "ai": ai,
        "work": work if ai == "expert" else None,
        "seed": seed,
        "seconds": round(time.perf_counter() - t0, 2),
        "first_outcomes": [w for w, _, _ in results[:10]],
    }


def load_table() -> dict[str, Any] | None:
    """The shipped table, or None if this build has none (the ladder then says so)."""
    try:
        text = resources.files("lasvegas.data").joinpath("solo_odds.json").read_text(encoding="utf-8")
        table = json.loads(text)
    except (FileNotFoundError, ModuleNotFoundError, OSError, ValueError):
        return None
    return table if isinstance(table, dict) and table.get("format") == TABLE_FORMAT else None
