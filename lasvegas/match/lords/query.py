"""What a Lords of Vegas table may read of its game: a read-only query face on the match's engine.

The table never holds the rules engine.  It reads :class:`LordsQuery` (``match.query``): the board
(``tile``, ``owner``, ``value``, ``marker``, the casinos and their bosses), the money and points
(``money``, ``chip``), the seats, the phase and whose decision it is, the trades on the table, the
legal actions of a seat and the options of each kind of action, and what the deck shows to
everyone (D19: the cards played, how many are left of each company, where the End card lies: D4).
It never reads the deck's order nor the dice to come, and it changes nothing: the engine's
``apply``, ``copy``, ``determinize``, its random sources and its saved form are not part of it.
Every name the engine offers is one of :data:`READS` or :data:`WITHHELD`
(``tests/match/test_face.py`` checks it), so a new one is sorted on purpose.  No pygame here.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

from ...lords.board import END

#: what a table reads of the game (all public, D19)
READS = frozenset({
    "n", "seats", "phase", "active", "turn", "first", "is_over", "to_act", "waiting_on", "winners",
    "end_reason", "money", "chip", "marker", "tile", "owner", "value", "supply", "markers_used",
    "dice_used", "played", "discards", "pos", "deck_counts", "gamble", "gambled", "marks",
    "pending_lot", "pending_value", "placing", "proposals", "trade_window", "traded", "trade_answers",
    "trade_problem", "casino_of", "casinos", "boss", "bossed", "bosses", "arranged", "default_order",
    "default_placement", "legal_actions", "build_options", "sprawl_options", "remodel_options",
    "reorganize_options", "gamble_options", "decision", "view", "outcome",
})
#: what it never reads: the deck's order and the dice to come (hidden), the moves and the record (they hold
#: the seed and the rolls), the engine's changes and copies
WITHHELD = frozenset({
    "deck", "shuffled", "dice", "rolls", "seed", "setup_events", "apply", "copy", "determinize",
    "to_dict", "from_dict", "moves", "record",
})


class LordsQuery:
    """A read-only face on one Lords of Vegas game (see the module's text)."""

    __slots__ = ("_game",)

    def __init__(self, game: Any) -> None:
        object.__setattr__(self, "_game", game)

    def __getattr__(self, name: str) -> Any:  # (the names of READS are properties: see below)
        raise AttributeError(f"{name!r} is not something a table reads of a Lords of Vegas game")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a table changes nothing of the game")

    def of(self, game: Any) -> bool:
        """This face is on ``game``."""
        return self._game is game

    @property
    def cards_left(self) -> int:
        """Cards still in the deck (the End card with them)."""
        g = self._game
        return len(g.deck) - g.pos

    @property
    def end_card_draw(self) -> int | None:
        """The draw that turns up the End card (1: the next), None once it is drawn (public: D4)."""
        rest = self._game.deck[self._game.pos:]
        return rest.index(END) + 1 if END in rest else None


# each name read is a property reading the game's (``attrgetter``: the table draws every frame)
for _name in sorted(READS):
    setattr(LordsQuery, _name, property(attrgetter("_game." + _name)))

__all__ = ["LordsQuery", "READS", "WITHHELD"]
