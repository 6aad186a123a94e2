"""Random game states in every mode, for the AI tests."""

from __future__ import annotations

import random

from lasvegas.core import Config, Game

#: (description, config) for every mode the AI must play
MODES = [
    ("2 seats", Config.multi(2)),
    ("3 seats", Config.multi(3)),
    ("4 seats", Config.multi(4)),
    ("5 seats", Config.multi(5)),
    ("2 seats neutral", Config.multi(2, neutral=True)),
    ("3 seats neutral (pre-roll)", Config.multi(3, neutral=True)),
    ("4 seats neutral 2018", Config.multi(4, neutral=True, edition="2018")),
    ("3 seats 2018", Config.multi(3, edition="2018")),
    # the Boulevard table options (docs/rules.md §10)
    ("6 seats by-seats hundreds", Config.multi(6, hundreds=True)),
    ("8 seats all options", Config.multi(8, hundreds=True, biggies=True)),
    ("3 seats neutral biggies", Config.multi(3, neutral=True, biggies=True)),
    ("5 seats neutral biggies 2018", Config.multi(5, neutral=True, biggies=True, edition="2018")),
    ("solo normal", Config.solo("normal")),
    ("solo hard", Config.solo("hard")),
    ("solo expert-3", Config.solo("expert-3")),
    ("solo master", Config.solo("master")),
]


def random_state(config: Config, seed: int, moves: int) -> Game:
    """A game of ``config`` after up to ``moves`` random placements (never over)."""
    g = Game(config, seed)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(moves):
        acts = g.legal_actions()
        a = acts[rng.randrange(len(acts))]
        probe = g.copy(history=False)
        probe.apply(a)
        if probe.is_over:
            break
        g.apply(a)
    return g


def record_own_policy(monkeypatch) -> list:
    """A list that receives the ``own_policy`` of every ``fastsim.Playout`` made from now on."""
    from lasvegas.ai import fastsim

    seen: list = []
    orig = fastsim.Playout.__init__

    def spy(self, *a, **kw):
        orig(self, *a, **kw)
        seen.append(self.own_policy)

    monkeypatch.setattr(fastsim.Playout, "__init__", spy)
    return seen
