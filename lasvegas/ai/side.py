"""How Las Vegas is played by its AIs in runs of many games (``games.sides.Side``): a
tournament's deals and options, the AIs' moves, a seat's figures.

Games come in groups of one deal per seat rotation: game ``i`` uses the deal seed
``seed + i // n`` (same deck, same first player, same dice stream) with the levels rotated by
``i % n`` seats, so no level keeps a seat position.  The spec's Las Vegas options: ``neutral``,
``edition``, ``rounds`` (a base game of 4 rounds with the classic bills when absent), the
table's ``minimum``, ``hundreds``, ``biggies``, and the Expert's ``expert_work``, ``expert_ms``,
``expert_extend``, ``expert_own_turns``; ``options``: per level, attributes set on its AIs
(experiments).
"""

from __future__ import annotations

from typing import Any

from ..core import Config, Game
from ..core.actions import Action
from ..kernel.seeds import derive_seed
from ..games.sides import Side
from .levels import make_ai


def _ai_seed(seed: int, game: int, seat: int) -> int:
    return derive_seed(derive_seed(seed, game, wrap=False), seat, multiplier=16, wrap=False)


def deal(spec: dict, i: int, seat_levels: list[str]) -> tuple[Game, list[Any]]:
    """Game ``i`` of the tournament ``spec`` and its seats' AIs."""
    n = len(seat_levels)
    cfg = Config.multi(n, neutral=spec.get("neutral", False), edition=spec.get("edition", "classic"),
                       rounds=spec.get("rounds", 4),
                       minimum=spec.get("minimum"), hundreds=spec.get("hundreds", False),
                       biggies=spec.get("biggies", False))
    game = Game(cfg, seed=spec["seed"] + i // n)
    players = []
    for s, lv in enumerate(seat_levels):
        p = make_ai(lv, _ai_seed(spec["seed"], i, s))
        if lv == "expert":
            if spec.get("expert_work"):
                p.work = spec["expert_work"]
            p.configure(spec.get("expert_own_turns", "default"), spec.get("expert_extend") or None)
        for k, v in spec.get("options", {}).get(lv, {}).items():  # experiments: tuned attributes
            setattr(p, k, v)
        players.append(p)
    return game, players


def move(spec: dict, player: Any, game: Game, seat: int) -> Action:
    """The seat's move; the Expert within ``expert_ms`` when the spec gives a time budget."""
    budget = spec["expert_ms"] / 1000 if spec.get("expert_ms") and player.level == "expert" else None
    return player.choose(game, budget)


SIDE = Side(deal=deal, move=move, row=lambda score: {"money": score[0]},
            record=lambda game, _levels: game.record(), colours=lambda game: game.config.seats)
