"""A game's past and its record (``lords-record/1``): every move the game took, with the dice it
rolled, kept as the game plays (the engine face's ``record``; ``lasvegas.lords.record`` reads
records back and checks them).

One part of the rules engine ``lasvegas.lords.game.Game`` (see lasvegas/lords/rules/__init__.py).
The past is a chain of immutable links ``(earlier, action, rolls before it)``: a copy shares it and
adds its own moves, so copying a game for a search costs nothing more.
"""

from __future__ import annotations

from typing import Any

from ...kernel.errors import StateError
from .. import actions as A
from ..board import CARD_NAMES, TRACK

RECORD_FORMAT = "lords-record/1"


def result_of(game: Any) -> dict | None:
    """The ``result`` of a record of ``game``: None while it goes on."""
    if not game.is_over:
        return None
    seats = game.seats
    return {"why": game.end_reason, "winners": [seats[s] for s in game.winners],
            "vp": {seats[s]: TRACK[game.chip[s]] for s in range(game.n)},
            "money": {seats[s]: game.money[s] for s in range(game.n)}}


def make_record(game: Any, setup_rolls: list[int], moves: list[dict],
                players: dict | None = None) -> dict:
    rec: dict[str, Any] = {
        "format": RECORD_FORMAT, "seats": list(game.seats), "seed": game.seed,
        "deck": [CARD_NAMES[c] for c in game.deck], "setup_rolls": list(setup_rolls),
        "moves": [{"action": m["action"], "rolls": list(m["rolls"])} for m in moves],
        "result": result_of(game),
    }
    if players is not None:
        rec["players"] = players
    return rec


class History:
    """``record``: the game so far as a record, from the past the game keeps (``_past``: the last
    link of the chain, None before the first move; ``_setup_rolls``: the dice of the set-up, -1 for
    a game restored from a saved state, whose past is not known)."""

    _past: tuple | None
    _setup_rolls: int

    def moves(self) -> list[A.Action]:
        """Every action applied to this game, in order."""
        return [action for action, _ in self._moves()]

    def _moves(self) -> list[tuple[A.Action, int]]:
        out = []
        link = self._past
        while link is not None:
            link, action, before = link
            out.append((action, before))
        out.reverse()
        return out

    def record(self, players: dict | None = None) -> dict:
        """This game (finished or not) as a ``lords-record/1`` object; ``players``: who sat where
        (colour -> ``{"kind", "level"}``).  ``StateError`` for a game restored from a saved state."""
        if self._setup_rolls < 0:
            raise StateError("a game restored from a saved state has no past to record")
        rolls = self.rolls  # type: ignore[attr-defined]
        moves = self._moves()
        ends = [before for _, before in moves[1:]] + [len(rolls)]
        return make_record(self, rolls[:self._setup_rolls],
                           [{"action": A.to_dict(action), "rolls": rolls[before:end]}
                            for (action, before), end in zip(moves, ends)], players)
