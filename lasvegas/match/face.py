"""One match face for both games: what a screen may ask of any match, whatever runs it.

A match runs or relays one game (the rules engine on this computer, a server, a saved
record, a scripted lesson) for one screen.  Whatever the game and the source, a screen
may ask it:

* who: ``seats_here`` (the seats this screen may act for; none in a replay), ``to_act``
  (the seat whose decision the game waits for, None when nobody's: between turns, the end),
  and each seat's ``name(seat)`` and ``is_ai(seat)`` (played by an AI, here or on a server);
* what happened: ``poll()`` (the events since the last call, in order: the one event stream
  that also feeds the log, the records and the network) and ``history()`` (the events before
  the first ``poll()``'s, for the log of a resumed game or a replay that jumped);
* to act: ``act(action)`` (one action of a seat here; ``IllegalAction`` with the reason when
  it is refused; its events come from ``poll()``), ``why_not(action)`` (None when legal now,
  else the reason in the engine's words) and ``can(action)``;
* the hint: ``hint_offered()`` (this game offers one at all) and ``ask_hint()`` (ask it now for
  the seat here; False when it may not be asked; the answer comes the game's own way);
* the end: ``over`` and ``outcome()`` (the game's result, None before the end), ``game_record()``
  (the game's record as kept, None where the source keeps none or before the end), ``save()`` (keep the game to
  be resumed: False where nothing is kept), ``close()`` (the screen is gone);
* ``query``: the game-specific read-only face the table draws from (Las Vegas:
  :class:`~lasvegas.match.lasvegas.face.LasVegasQuery`, Lords of Vegas:
  :class:`~lasvegas.match.lords.query.LordsQuery`), never the rules engine itself.

A replay also offers its steering (``controls``: :class:`~lasvegas.match.replaying.ReplayControl`,
written once for both games).  Nothing here imports pygame.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class MatchFace(Protocol):
    """What a screen may ask of a match of either game (see the module's text)."""

    @property
    def seats_here(self) -> frozenset[int]: ...

    @property
    def to_act(self) -> int | None: ...

    def name(self, seat: int) -> str: ...

    def is_ai(self, seat: int) -> bool: ...

    def poll(self) -> list: ...

    def history(self) -> list: ...

    def act(self, action: Any) -> Any: ...

    def why_not(self, action: Any) -> str | None: ...

    def can(self, action: Any) -> bool: ...

    def hint_offered(self) -> bool: ...

    def ask_hint(self) -> bool: ...

    @property
    def over(self) -> bool: ...

    def outcome(self) -> Any: ...

    def game_record(self) -> dict | None: ...

    def save(self) -> bool: ...

    def close(self) -> None: ...

    @property
    def query(self) -> Any: ...


class FaceBase:
    """What every match answers the same way from the rest of its face."""

    def can(self, action: Any) -> bool:
        """``action`` is legal now (``why_not`` says why not)."""
        return self.why_not(action) is None  # type: ignore[attr-defined]


__all__ = ["MatchFace", "FaceBase"]
