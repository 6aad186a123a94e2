"""A saved game played again on the table: a ``lasvegas-record/1`` record as a match.

The record is checked first (``core.replay``: the seed, the deck and every
roll); a record that does not check raises ``RecordError`` with the first
inconsistency, never a traceback.  Then a fresh game is set up the same way
and the recorded choices are applied one at a time, whenever the screen is
idle, so the table shows the game as it was played.  Nobody acts here.
"""

from __future__ import annotations

from typing import Any

from ..core import PLACE, Game, IllegalAction, RecordError, ScriptedDice, replay
from .base import Intent, Leave, Seat
from .local import EngineMatch


class ReplayMatch(EngineMatch):
    def __init__(self, record: Any) -> None:
        final = replay(record)  # RecordError: the record does not check
        cfg = final.config
        if record.get("seed") is not None:
            game = Game(cfg, record["seed"])
        else:
            values: list[int] = []
            for r in record["rounds"]:
                for p in r["preplaced"]:
                    values.extend(p["values"])
                for t in r["turns"]:
                    values.extend(d["value"] for d in t["roll"])
            game = Game(cfg, dice=ScriptedDice(values), deck=record["deck"])
        self.game = game
        self.config = cfg
        names = record.get("names") if isinstance(record.get("names"), dict) else {}
        self.seats = tuple(Seat(c, str(names.get(c) or c.title()), "human") for c in cfg.seats)
        self.hide_money = False  # a finished game hides nothing
        self.handover = False
        solo = record.get("solo")
        self.extra: dict[str, Any] = dict(solo) if isinstance(solo, dict) else {}
        self._choices = [t["value"] for r in record["rounds"] for t in r["turns"]]
        self._next = 0
        self._fresh = True
        self._pending: list[Any] = []
        #: the replay moves on by itself while playing (a later viewer may pause it)
        self.playing = True

    @property
    def seats_here(self) -> frozenset[int]:
        return frozenset()

    @property
    def hints_used(self) -> int:
        return int(self.extra.get("hints", 0))

    def can_hint(self) -> bool:
        return False

    def send(self, intent: Intent) -> None:
        if isinstance(intent, Leave):
            self.close()
            return
        raise IllegalAction("a replay takes no moves")

    def update(self, screen_idle: bool = True) -> None:
        if self.playing and screen_idle and self._next < len(self._choices) and not self.game.is_over:
            value = self._choices[self._next]
            self._next += 1
            self._pending.extend(self.game.apply(PLACE[value]))

    def rematch(self) -> None:
        return None

    def close(self) -> None:
        self.playing = False


__all__ = ["ReplayMatch", "RecordError"]
