"""A game played out by its AIs, one per seat, over the engine face: the loop of every run of
many games (``games.tournament``, ``games.simulate``).  Knows no game: what differs is the game's
``games.sides.Side``."""

from __future__ import annotations

import time
from typing import Any

from .engine import Engine
from .sides import Side

#: a game longer than this many decisions is a fault of the rules or an AI, not a game
MAX_DECISIONS = 100_000


def play_out(side: Side, spec: dict, game: Engine, ais: list[Any]) -> list[list[float]]:
    """Play ``game`` to its end, seat ``s`` chosen by ``ais[s]``; each seat's move times in
    seconds (a seat's answers out of turn are not its moves).  ``RuntimeError`` for a game that
    does not end."""
    apply, move, interrupt = game.apply, side.move, side.interrupt
    times: list[list[float]] = [[] for _ in ais]
    pc = time.perf_counter
    for _ in range(MAX_DECISIONS):
        if game.is_over:
            return times
        if interrupt is not None:
            answer = interrupt(game, ais)
            if answer is not None:
                apply(answer)
                continue
        s = game.to_act
        t = pc()
        a = move(spec, ais[s], game, s)  # type: ignore[index]
        times[s].append(pc() - t)  # type: ignore[index]
        apply(a)
    raise RuntimeError("the game did not end")
