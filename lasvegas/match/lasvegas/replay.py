"""A saved game played again on the table: a ``lasvegas-record/1`` record as a match.

The record is checked first (``core.replay``: the seed, the deck and every
roll); a record that does not check raises ``RecordError`` with the first
inconsistency, never a traceback.  Then a fresh game is set up the same way
and the recorded choices are applied one at a time, whenever the screen is
idle, so the table shows the game as it was played.  Nobody acts here.

The screen steers it through ``controls`` (this match itself): pause and
play, one move at a time, and ``seek(turn)``, which rebuilds the game at that
turn at once — a new game with the first ``turn`` recorded choices applied,
their events dropped — and tells the screen with a ``Reset`` event, so going
back never reverses an animation.
"""

from __future__ import annotations

from typing import Any

from ...core import PLACE, Game, read_records, replay
from ...kernel.errors import IllegalAction, RecordError
from ...core.record import start_game
from ..base import Intent, Leave, Reset, Seat
from ..replaying import ReplayControl
from .local import EngineMatch


class ReplayMatch(ReplayControl, EngineMatch):
    #: the end is reached by playing (the results follow the last move)
    _seek_to_end = False
    _stop_at_end = False

    def __init__(self, record: Any) -> None:
        final = replay(record)  # RecordError: the record does not check
        cfg = final.config
        self._record = record
        self.config = cfg
        self.game = self._new_game()
        names = record.get("names") if isinstance(record.get("names"), dict) else {}
        players = record.get("players") if isinstance(record.get("players"), dict) else {}
        # who played each seat, where the record says it (an older record does not: no kind is shown)
        self.seats = tuple(Seat(c, str(names.get(c) or c.title()), players.get(c, {}).get("kind", ""),
                                players.get(c, {}).get("level", "")) for c in cfg.seats)
        self.hide_money = False  # a finished game hides nothing
        self.handover = False
        solo = record.get("solo")
        self.extra: dict[str, Any] = dict(solo) if isinstance(solo, dict) else {}
        self._moves = [t["value"] for r in record["rounds"] for t in r["turns"]]
        starts, n = [], 0
        for r in record["rounds"]:
            starts.append(n)
            n += len(r["turns"])
        #: the turn at which each round starts
        self.round_starts = tuple(starts)
        self._next = 0
        self._step = False
        self._fresh = True
        self._pending: list[Any] = []
        #: the replay moves on by itself while playing (a later viewer may pause it)
        self.playing = True
        #: coach marks by turn (the coach's verdicts, ``annotate``), shown with that turn's roll
        self._marks: dict[int, Any] = {}
        self.coach_title: str | None = None

    def annotate(self, marks: dict[int, Any], title: str) -> None:
        """Show ``marks[turn]`` (a ``CoachMark``: the coach's best value and its label of the
        move made) with the roll of each reviewed turn; ``title`` heads them."""
        self._marks = dict(marks)
        self.coach_title = title

    def opening(self) -> list[Any]:
        mark = self._marks.get(self._next)
        return super().opening() + ([mark] if mark is not None else [])

    def _new_game(self) -> Game:
        """The game as it was set up: from the seed, or the recorded deck and dice."""
        return start_game(self._record, self.config)

    # ------------------------------------------------------------ the replay's steering (ReplayControl)
    def _apply(self, game: Game, value: int) -> list:
        return game.apply(PLACE[value])

    def _shown(self, game: Game) -> None:
        self.game = game
        self._fresh = False  # opening(): the current roll only
        self._pending = [Reset(tuple(self.history()))]

    def round_of(self, turn: int) -> int:
        return max(i for i, s in enumerate(self.round_starts) if s <= turn) if self.round_starts else 0

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
        if any(isinstance(e, Reset) for e in self._pending):
            return  # the screen rebuilds from view() first: the next move waits for it
        if (self.playing or self.stepping) and screen_idle and not self.at_end and not self.game.is_over:
            self._pending.extend(self.forward())
            mark = self._marks.get(self._next)
            if mark is not None and not self.game.is_over:  # with the roll of the next turn
                self._pending.append(mark)

    def rematch(self) -> None:
        return None

    def game_record(self) -> dict:
        return self._record

    def close(self) -> None:
        self.playing = False


def open_record(path: Any, game: int = 1) -> ReplayMatch:
    """The replay of game number ``game`` (from 1) in a record file (one object, or JSON Lines).

    Whatever the file holds, the only error is a ``RecordError`` whose text names
    the file (and line) and the first thing wrong."""
    where = str(path)
    for n, (where, rec) in enumerate(read_records(path), start=1):
        if n == game:
            try:
                match = ReplayMatch(rec)
            except RecordError as e:
                raise RecordError(f"{where}: {e}") from None
            if n == 1:  # the coach reviews a file's first game
                match.record_path = str(path)
            return match
    raise RecordError(f"{where}: there is no game {game} in this file")


__all__ = ["ReplayMatch", "RecordError", "open_record"]
