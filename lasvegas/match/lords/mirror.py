"""A seat's mirror of a Lords of Vegas game online, kept from the server's events (one round trip a move).

A client of a Lords room (the desktop table online, the ``lasvegas bot``) keeps
a rules engine showing the table as its seat may see it.  It is built from the
seat's view once, when the connection sits at the table (``state``: the start,
a resume, a resync); from then on every ``events`` message says which moves
made its events (``moves``: each as the record writes it, the action with its
seat and the dice it rolled), and the mirror plays them on its own engine: the
cards the events show drawn are put first in the unknown part of its deck (the
End card stays where it lies: its place is public), the dice come from the
move's rolls.  The events the mirror makes must be exactly the server's; when
they are not (or a message says no moves: a server of an earlier build, a
resume), the client asks for the table again (``look``).  The deck's real
order never reaches a client: only the cards already drawn.  No network here.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ...kernel.errors import LasVegasError
from ...lords import actions as A
from ...lords.board import CARD_INDEX
from ...lords.dice import RandomDice, ScriptedDice
from ...lords.game import Game
from ...lords.seat_view import game_from_view
from .wire import event_to_wire


class Mirror:
    """The table of one seat, kept from the events (see the module's text)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.game: Game | None = None
        #: the server's events the table shows (its cursor), and the moves it has played
        self.cursor = 0
        self.turn = -1
        #: the last ``state``: (view, move number, decision, whether the events it was built with
        #: reached its cursor: a seat taken up again without them knows no played card yet)
        self._view: tuple[dict, int, dict, bool] | None = None
        self._events: list[dict] = []

    def state(self, view: dict, events: list[dict], cursor: int, turn: int, decision: dict) -> Game:
        """The table from a ``state``'s view at event ``cursor`` and move ``turn`` (``events``: the
        events the client holds, for the cards played; ``decision``: the seat's pending ``decide``'s,
        for a forced move's lot when the view of a server of an earlier build does not name it)."""
        self._events = events[:cursor]
        self.game = game_from_view(view, self._events, decision, self.rng)
        self.cursor, self.turn = cursor, turn
        self._view = (view, turn, decision, len(events) >= cursor)
        return self.game

    def follow(self, first: int, events: list[dict], moves: list[dict] | None, held: list[dict]) -> bool:
        """Play the moves of an ``events`` message (its ``events`` from ``first`` on; ``held``: every
        event the client holds with them); False when the mirror cannot follow them (no moves, moves
        whose events are not the server's, a gap): look again."""
        g = self.game
        if g is None:
            return False
        if first + len(events) <= self.cursor:  # events before the view (a resume's catching up)
            last = self._view
            if last is not None and not last[3] and last[1] == self.turn and len(held) >= self.cursor:
                self.state(last[0], held, self.cursor, self.turn, last[2])  # now with the played cards
            return True
        if first != self.cursor or not moves:
            return False
        mine = g.copy()
        try:
            _arrange(mine, [CARD_INDEX[e["card"]] for e in events if e["event"] == "CardDrawn"])
            mine.dice = ScriptedDice([r for m in moves for r in m["rolls"]])
            made: list[dict] = []
            for m in moves:
                made += [event_to_wire(e) for e in mine.apply(A.action_from_dict(m["action"]))]
        except (LasVegasError, KeyError, TypeError, ValueError, IndexError):
            return False
        if json.loads(json.dumps(made)) != events:  # (as they travel: a tuple is a list)
            return False
        mine.dice = RandomDice(random.Random(self.rng.random()))  # (the table's previews roll)
        self.game = mine
        self.cursor += len(events)
        self.turn += len(moves)
        return True


def _arrange(g: Game, drawn: list[int]) -> None:
    """Put the cards ``drawn`` (in order) first in the unknown part of ``g``'s deck, each swapped
    with the card in its place, so the End card keeps its place."""
    deck = g.deck
    for i, card in enumerate(drawn):
        at = g.pos + i
        j = deck.index(card, at)
        deck[at], deck[j] = deck[j], deck[at]


def moves_of(msg: dict) -> Any:
    """The ``moves`` of an ``events`` message (None from a server that does not send them)."""
    moves = msg.get("moves")
    return moves if isinstance(moves, list) else None


__all__ = ["Mirror", "moves_of"]
