"""The steering of a replay, written once for both games: ``turn``, ``turns``, ``step``, ``forward``,
``seek``, ``back`` and the speed.

A replay of either game is a record's moves applied one at a time to a game set up again as it
was.  :class:`ReplayControl` keeps where the replay is (``turn``: the moves made so far) and moves
it: ``forward()`` makes the next move, ``step()`` asks the match to make it when the screen is
idle and then stay paused, ``seek(turn)`` rebuilds the game just after the first ``turn`` moves at
once (going back never reverses an animation).  The game's replay gives the rest:

* ``_moves``: the recorded moves, in order;
* ``_new_game()``: the game as it was set up (from the record's own deck and dice);
* ``_apply(game, move)``: one move applied, its events;
* ``_shown(game)``: the game rebuilt by ``seek`` is the one shown now (the screen is told the
  game's own way: a ``Reset`` event, or the screen rebuilds from ``history()`` itself);
* ``_played(move)``: a move was made by ``forward`` (what the game keeps of it).

No pygame here.
"""

from __future__ import annotations

from typing import Any

#: the replay's speeds (moves told per step of the table's pace), slowest first
SPEEDS = (1.0, 2.0, 4.0)


class ReplayControl:
    """A replay's position and steering (see the module's text)."""

    _moves: list
    #: the replay moves on by itself while playing (paused: one move at a time)
    playing: bool = True
    speed_index: int = 0
    _next: int = 0
    _step: bool = False
    #: ``seek`` may reach the end itself (else the last move, the end being reached by playing)
    _seek_to_end: bool = True
    #: playing stops at the end (else it stays on: the results follow the last move)
    _stop_at_end: bool = True

    # ------------------------------------------------------------ to be given by the game
    def _new_game(self) -> Any:
        raise NotImplementedError

    def _apply(self, game: Any, move: Any) -> list:
        raise NotImplementedError

    def _shown(self, game: Any) -> None:
        raise NotImplementedError

    def _played(self, move: Any) -> None:
        return None

    # ------------------------------------------------------------ where the replay is
    @property
    def controls(self) -> "ReplayControl":
        return self

    @property
    def turn(self) -> int:
        """The moves made so far."""
        return self._next

    @property
    def turns(self) -> int:
        return len(self._moves)

    @property
    def at_end(self) -> bool:
        return self._next >= len(self._moves)

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def faster(self, d: int = 1) -> None:
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + d))

    @property
    def stepping(self) -> bool:
        """A step was asked (``step``) and its move not yet made."""
        return self._step

    # ------------------------------------------------------------ moving it
    def step(self) -> None:
        """Make the next move (when the screen is idle), then stay paused."""
        self.playing = False
        self._step = True

    def forward(self) -> list:
        """Make the next recorded move; its events (none at the end)."""
        if self.at_end:
            if self._stop_at_end:
                self.playing = False
            return []
        move = self._moves[self._next]
        self._next += 1
        self._step = False
        events = self._apply(self.game, move)  # type: ignore[attr-defined]
        self._played(move)
        if self.at_end and self._stop_at_end:
            self.playing = False
        return events

    def seek(self, turn: int) -> None:
        """The game just after the first ``turn`` moves, rebuilt at once (0 … turns; but for the
        end where the end is reached by playing)."""
        last = len(self._moves) if self._seek_to_end else len(self._moves) - 1
        turn = max(0, min(int(turn), last))
        game = self._new_game()
        for move in self._moves[:turn]:
            self._apply(game, move)
        self._next = turn
        self._step = False
        self._shown(game)

    def back(self) -> None:
        """Pause and go one move back."""
        self.playing = False
        self.seek(self._next - 1)


__all__ = ["ReplayControl", "SPEEDS"]
