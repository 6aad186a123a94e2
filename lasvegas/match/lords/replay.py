"""A finished Lords of Vegas game played again on its table: a ``lords-record/1`` record as a match.

The record is checked whole first (``lords.record.replay``); a record that does
not check raises ``RecordError`` naming the first inconsistency, never a
traceback.  The game is then set up again from the record's own inline random
results (the deck as shuffled and every die rolled, ``ScriptedDice``), never
from a random generator, and the recorded moves are applied one at a time
(``forward``), so the table tells the very events of the game as it was played.

Nobody acts here: every seat is shown as the record says who played it, and
``ai_due``/``human_due`` are always None.  ``seek(k)`` rebuilds the game just
after the first ``k`` moves at once (going back never reverses an animation);
``history()`` is every event up to there, for the log.  No pygame here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ...kernel.errors import RecordError
from ...core import read_records
from ...kernel.errors import IllegalAction
from ...lords import actions as A
from ...lords.board import CARD_INDEX, END, SEAT_COLOURS
from ...lords.dice import ScriptedDice
from ...lords.game import Game
from ...lords.record import RECORD_FORMAT, replay
from ..replaying import SPEEDS, ReplayControl
from .local import SHOWN_COLOURS, LordsLocalMatch, LordsSeat


def _seats(rec: dict, n: int, ai_name: Callable[[str], str] | None = None,
           colour_name: Callable[[str], str] | None = None) -> list[LordsSeat]:
    """The record's seats; ``ai_name(level)``: the name of an AI seat a server named after its level
    ("AI Hard", from every version of the server) in the reader's language; ``colour_name(colour)``:
    the name of a seat the record names not, in the reader's language (else the colour in English)."""
    names = rec.get("names") if isinstance(rec.get("names"), dict) else {}
    players = rec.get("players") if isinstance(rec.get("players"), dict) else {}
    out = []
    for i in range(n):
        c = SEAT_COLOURS[i]
        who = players.get(c) if isinstance(players.get(c), dict) else {}
        kind = "ai" if who.get("kind") == "ai" else "human"
        level = str(who.get("level", "")) if kind == "ai" else ""
        name = str(names.get(c) or "").strip()[:16]
        if ai_name is not None and kind == "ai" and level and name in ("", f"AI {level.title()}"):
            name = ai_name(level)
        name = name or (colour_name(c) if colour_name is not None else c.title())
        out.append(LordsSeat(name, SHOWN_COLOURS[i], kind, level))
    return out


class LordsReplayMatch(ReplayControl, LordsLocalMatch):
    """A checked ``lords-record/1`` record played again move by move (see the module's text)."""

    def __init__(self, record: Any, ai_name: Callable[[str], str] | None = None,
                 colour_name: Callable[[str], str] | None = None) -> None:
        final = replay(record)  # RecordError: the record does not check
        self._record = record
        n = final.n
        deck = [CARD_INDEX[c] for c in record["deck"]]
        self._shuffled = [c for c in deck if c != END]
        self._rolls = list(record["setup_rolls"]) + [r for m in record["moves"] for r in m["rolls"]]
        self._moves = [A.action_from_dict(m["action"]) for m in record["moves"]]
        self.final = final
        super().__init__(_seats(record, n, ai_name, colour_name), game=self._new_game(), setup_rolls=list(record["setup_rolls"]),
                         moves=[], autosave=False)
        self.ai = {}  # nobody thinks in a replay
        g = self._new_game()
        #: the game's turn number before each move (the jumps by turn)
        self.turn_of_move: list[int] = []
        for action in self._moves:
            self.turn_of_move.append(g.turn)
            g.apply(action)
        self._events = list(self.game.setup_events)
        self._next = 0
        #: the replay moves on by itself while playing (paused: one move at a time)
        self.playing = True
        self.speed_index = 0
        self.record_path: Any = None

    def _new_game(self) -> Game:
        """The game as it was set up, from the record's deck and dice (no random generator)."""
        return Game(len(self._record["seats"]), dice=ScriptedDice(self._rolls), deck=self._shuffled)

    # ------------------------------------------------------------ nobody acts
    @property
    def humans(self) -> list[int]:
        return []

    def ai_due(self) -> int | None:
        return None

    def human_due(self) -> int | None:
        return None

    def act(self, action: Any) -> list:
        raise IllegalAction("a replay takes no moves")

    def ai_step(self) -> list:
        return []

    def save(self) -> bool:
        return False

    # ------------------------------------------------------------ the replay's steering (ReplayControl)
    def _apply(self, game: Game, action: Any) -> list:
        return game.apply(action)

    def _played(self, action: Any) -> None:
        self.recorder.moves.append({"action": A.to_dict(action), "rolls": []})

    def _shown(self, game: Game) -> None:
        self.game = game
        self.recorder.game = game
        self.recorder.moves = [{"action": A.to_dict(a), "rolls": []} for a in self._moves[:self._next]]
        self._events = []

    def turn_start(self, d: int) -> int:
        """The move at which a turn starts: this one's (``d`` = 0; the one before when already
        there), or the next one's (``d`` = 1; the end when none)."""
        t = self.turn_of_move
        k = self._next
        if d > 0:
            now = t[k] if k < len(t) else None
            return next((i for i in range(k + 1, len(t)) if t[i] != now), len(t))
        start = k
        while start > 0 and start < len(t) + 1 and t[start - 1] == (t[start] if start < len(t) else None):
            start -= 1
        if start == k and k > 0:  # already at a turn's start: the one before
            start = k - 1
            while start > 0 and t[start - 1] == t[start]:
                start -= 1
        return start

    def history(self) -> list:
        """Every event up to the move shown (the log), told again from the record's start."""
        g = self._new_game()
        events = list(g.setup_events)
        for action in self._moves[:self._next]:
            events.extend(g.apply(action))
        return events

    def record(self) -> dict:
        return self._record

    game_record = record


def open_lords_record(path: Any, ai_name: Callable[[str], str] | None = None,
                      colour_name: Callable[[str], str] | None = None, game: int = 1) -> LordsReplayMatch:
    """The replay of game number ``game`` (from 1) of the Lords of Vegas record file ``path``; the
    only error is a ``RecordError`` naming the file and the first thing wrong (whatever the file holds)."""
    where = str(path)
    for n, (where, rec) in enumerate(read_records(Path(path)), start=1):
        if n < game:
            continue
        if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
            raise RecordError(f"{where}: format is {rec.get('format') if isinstance(rec, dict) else None!r}, "
                              f"expected {RECORD_FORMAT!r}")
        try:
            match = LordsReplayMatch(rec, ai_name, colour_name)
        except RecordError as e:
            raise RecordError(f"{where}: {e}") from None
        if n == 1:  # the coach reviews a file's first game
            match.record_path = str(path)
        return match
    raise RecordError(f"{where}: there is no game {game} in this file" if game > 1
                      else f"{where}: there is no game in this file")


__all__ = ["LordsReplayMatch", "open_lords_record", "SPEEDS"]
