"""A game as data: its saved state (lords-state/1) and what one seat may see of it.

One part of the rules engine ``lasvegas.lords.game.Game``, which is made of these parts
(see lasvegas/lords/rules/__init__.py); the methods use the game's state as ``Game`` keeps it.
"""

from __future__ import annotations

from typing import Any

from ...kernel.errors import StateError
from .. import actions as A
from ..board import (
    COLOURS, DICE_PER_SEAT, END, LAST, LOT_NAMES, MARKERS_PER_SEAT, N_LOTS, SEAT_COLOURS, TILES_PER_COLOUR,
    TOUCHES_STRIP, TRACK,
)
from ..dice import dice_from_dict
from .base import MARKER, DIE_MOVE, LAYOFF, PLACE, OVER, PHASES, STATE_FORMAT


class Saving:
    """``to_dict``/``from_dict`` (the saved state, every field checked: ``StateError`` for anything
    damaged) and ``view(seat)``, a seat's view with hidden information left out."""

    def to_dict(self) -> dict:
        """The whole state as JSON-able data (deck order and dice state included: not for
        players; ``view`` is what a seat may see)."""
        return {
            "format": STATE_FORMAT, "n": self.n, "seed": self.seed, "shuffled": list(self.shuffled),
            "dice": self.dice.to_dict(), "rolls": list(self.rolls),
            "money": list(self.money), "chip": list(self.chip), "marker": list(self.marker),
            "tile": list(self.tile), "owner": list(self.owner), "value": list(self.value),
            "supply": list(self.supply), "markers_used": list(self.markers_used),
            "dice_used": list(self.dice_used), "played": list(self.played),
            "discards": list(self.discards), "deck": list(self.deck), "pos": self.pos,
            "phase": self.phase, "active": self.active, "first": self.first, "turn": self.turn,
            "gambled": self.gambled, "marks": self.marks, "pending_lot": self.pending_lot,
            "pending_value": self.pending_value,
            "gamble": None if self.gamble is None else list(self.gamble),
            "placing": [[s, list(l), list(v)] for s, (l, v) in sorted(self.placing.items())],
            "proposals": [A.to_dict(p) for _, p in sorted(self.proposals.items())],
            "winners": list(self.winners), "end_reason": self.end_reason,
        }

    @classmethod
    def from_dict(cls, d: Any) -> "Game":
        """A game from ``to_dict``'s data; ``StateError`` for anything damaged."""
        try:
            if d.get("format") != STATE_FORMAT:
                raise StateError(f"not a {STATE_FORMAT} state")
            g = cls.__new__(cls)
            n = d["n"]
            if type(n) is not int or not 2 <= n <= 4:
                raise StateError("n: 2 to 4 seats")
            g.n = n
            g.seats = SEAT_COLOURS[:n]
            g.seed = d["seed"]
            g.shuffled = tuple(d["shuffled"])
            g.dice = dice_from_dict(d["dice"])
            g.rolls = list(d["rolls"])
            for name, size in (("money", n), ("chip", n), ("marker", N_LOTS), ("tile", N_LOTS),
                               ("owner", N_LOTS), ("value", N_LOTS), ("supply", 5),
                               ("markers_used", n), ("dice_used", n), ("played", N_LOTS),
                               ("discards", 6)):
                v = d[name]
                if not isinstance(v, list) or len(v) != size:
                    raise StateError(f"{name}: expected {size} entries")
                setattr(g, name, list(v))
            g.deck = list(d["deck"])
            g.pos = d["pos"]
            if d["phase"] not in PHASES:
                raise StateError("phase: unknown")
            for name in ("phase", "active", "first", "turn", "gambled", "marks", "pending_lot",
                         "pending_value", "end_reason"):
                setattr(g, name, d[name])
            g.gamble = None if d["gamble"] is None else tuple(d["gamble"])
            g.placing = {s: (tuple(l), tuple(v)) for s, l, v in d["placing"]}
            g.proposals = {}
            for pd in d["proposals"]:
                p = A.action_from_dict(pd)
                g.proposals[(p.seat, p.to)] = p
            g.winners = tuple(d["winners"])
            g._cas = None
            g._cid = []
            g._bc = None
            g.setup_events = []
            g._past, g._setup_rolls = None, -1  # its past is not known: it cannot be recorded
            problem = g._state_problem()
            if problem:
                raise StateError(f"damaged state: {problem}")
            return g
        except StateError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise StateError(f"damaged state: {type(e).__name__} {e}") from None

    def _state_problem(self) -> str | None:
        """What is inconsistent in a state read from outside, or None."""
        n = self.n

        def ints(xs: Any, lo: int, hi: int) -> bool:
            return all(type(x) is int and lo <= x <= hi for x in xs)
        if not (ints(self.money, 0, 10**9) and ints(self.chip, 0, LAST) and ints(self.marker, -1, n - 1)
                and ints(self.tile, -1, 4) and ints(self.owner, -1, n - 1) and ints(self.value, 0, 6)
                and ints(self.supply, 0, TILES_PER_COLOUR) and ints(self.discards, 0, 49)):
            return "a number out of its range"
        if any(type(x) is not bool for x in self.played) or type(self.gambled) is not bool:
            return "played and gambled are true or false"
        if sorted(self.deck) != list(range(49)) or not ints(self.deck, 0, 48):
            return "the deck must hold the 49 cards once each"
        if sorted(self.shuffled) != list(range(N_LOTS)):
            return "the shuffled deck must hold the 48 lot cards once each"
        if type(self.pos) is not int or not 0 <= self.pos <= 49 or (self.phase != OVER and self.pos >= 49):
            return "pos: out of the deck"
        for c in range(5):
            if self.tile.count(c) + self.supply[c] != TILES_PER_COLOUR:
                return "tiles and supply do not add up"
        for s in range(n):
            if self.owner.count(s) != self.dice_used[s] or self.dice_used[s] > DICE_PER_SEAT:
                return "dice on the board do not add up"
            if self.marker.count(s) != self.markers_used[s] or self.markers_used[s] > MARKERS_PER_SEAT:
                return "markers on the board do not add up"
        for i in range(N_LOTS):
            if (self.owner[i] >= 0) != (self.value[i] > 0) or (self.owner[i] >= 0 and self.tile[i] < 0) \
                    or (self.marker[i] >= 0 and self.tile[i] >= 0):
                return f"lot {LOT_NAMES[i]} is inconsistent"
        if not ints((self.active, self.first), 0, n - 1) or type(self.turn) is not int or type(self.marks) is not int:
            return "active, first, turn or marks"
        if not ints(self.winners, 0, n - 1) or type(self.end_reason) is not str:
            return "winners"
        ph = self.phase
        if ph in (MARKER, DIE_MOVE) and not (type(self.pending_lot) is int and 0 <= self.pending_lot < N_LOTS
                                             and type(self.pending_value) is int):
            return "the pending lot"
        if ph == LAYOFF and not (isinstance(self.gamble, tuple) and len(self.gamble) == 3
                                 and ints(self.gamble, 0, 10**6) and self.gamble[0] < N_LOTS
                                 and self.tile[self.gamble[0]] >= 0 and self.gamble[2] < n):
            return "the pending gamble"
        if ph == PLACE:
            if not self.placing:
                return "no dice to place"
            for s, (lots, vals) in self.placing.items():
                if (type(s) is not int or not 0 <= s < n or len(lots) != len(vals) or not ints(vals, 1, 6)
                        or not ints(lots, 0, N_LOTS - 1) or any(self.owner[i] != s for i in lots)):
                    return "the dice to place"
        elif self.placing:
            return "dice to place outside the placing phase"
        return None

    def view(self, seat: int | None = None) -> dict:
        """Everything public (D19), for ``seat`` or a spectator: never the deck's order."""
        cas = []
        for k in self.casinos():
            cas.append({"lots": [LOT_NAMES[i] for i in k], "colour": COLOURS[self.tile[k[0]]],
                        "boss": self.boss(k), "size": len(k),
                        "strip": any(TOUCHES_STRIP[i] for i in k)})
        return {
            "seat": seat, "seats": list(self.seats), "phase": self.phase, "active": self.active,
            "to_act": self.to_act, "waiting_on": list(self.waiting_on), "turn": self.turn,
            "money": list(self.money), "vp": [TRACK[c] for c in self.chip],
            "markers": {LOT_NAMES[i]: s for i, s in enumerate(self.marker) if s >= 0},
            "tiles": {LOT_NAMES[i]: {"colour": COLOURS[c], "owner": self.owner[i],
                                     "value": self.value[i]}
                      for i, c in enumerate(self.tile) if c >= 0},
            "casinos": cas, "supply": dict(zip(COLOURS, self.supply)),
            "free_markers": [MARKERS_PER_SEAT - m for m in self.markers_used],
            "free_dice": [DICE_PER_SEAT - m for m in self.dice_used],
            "deck_left": len(self.deck) - self.pos, "deck_by_company": list(self.deck_counts()),
            "discards_by_company": list(self.discards),
            "end_card_in": self.deck[self.pos:].index(END) + 1 if END in self.deck[self.pos:] else None,
            "gambled": self.gambled,
            "rerolled": [LOT_NAMES[i] for i in range(N_LOTS) if self.marks >> i & 1],
            "pending": LOT_NAMES[self.pending_lot] if self.phase in (MARKER, DIE_MOVE) else None,
            "gamble": None if self.gamble is None else {
                "casino": LOT_NAMES[self.gamble[0]], "bet": self.gamble[1], "boss": self.gamble[2]},
            "placing": {s: {"lots": [LOT_NAMES[i] for i in l], "values": list(v)}
                        for s, (l, v) in self.placing.items()},
            "proposals": [A.to_dict(p) for _, p in sorted(self.proposals.items())],
            "winners": list(self.winners), "end_reason": self.end_reason,
        }
