"""Where a server keeps its rooms and their moves: one interface, :class:`MoveStore`, for every store.

Two adapters meet it: :class:`lasvegas.net.store.Store` (SQLite, one server
process: a file synced at each commit, watermarks and receipts beside it) and
:class:`lasvegas.net.redis_store.RedisStore` (Redis: the rooms of several
server processes, ``--redis``).  The rooms and the commit pass
(:mod:`lasvegas.net.rooms`, :mod:`lasvegas.net.passes`, the server's start)
speak to a store only through it; ``tests/net/test_movestore.py`` runs the same
checks against both adapters (a real SQLite file, a real redis-server).  The
server processes sharing their rooms (:mod:`lasvegas.net.shared`) use the Redis
adapter's asynchronous side besides: of two processes taking the same turn, the
one whose append Redis takes first makes the move, so a move is applied there
only once Redis has it (and nothing waits for Redis in the event loop).

A room is kept as its row (:meth:`Room.to_dict`: seats, options, the game's
seed; rewritten when the seats change or the game starts) and its moves, each
as the room stores it (:meth:`Room.stored_move`), numbered from 0.  Writes are
queued (:meth:`MoveStore.save_room`, :meth:`MoveStore.add_move`,
:meth:`MoveStore.delete`) and kept by :meth:`MoveStore.commit`, all at once,
before anyone hears of them.  A room that cannot be rebuilt, or that lost
moves its players saw, is kept aside (never played again, never deleted) with
why: :meth:`MoveStore.damaged` names them, and their players are told
(:func:`lasvegas.net.rooms.lost_words`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .room import Room

#: The first words of why a room is kept aside when it lost moves the server had acknowledged, or
#: was lost whole (its players are told so: lasvegas.net.rooms).
LOST_MOVES = "this server lost moves of this game"
LOST_ROOM = "this server lost this room"


@runtime_checkable
class MoveStore(Protocol):
    """What the rooms and the commit pass ask of a store (module text)."""

    #: "sqlite" or "redis" (the bench reports it)
    backend: str
    #: commits made (the checkpoint pass copies the write-ahead log after new ones)
    commits: int

    # ------------------------------------------------------------ open, list
    def load_all(self) -> tuple[list[Room], list[str]]:
        """Open the store: every room kept, rebuilt from its row and moves, and a line for each one
        that could not be (kept aside: :meth:`damaged`)."""
        ...

    # ------------------------------------------------------------ append
    def save_room(self, room: Room) -> None:
        """Queue ``room``'s row (a change of seats, the start)."""
        ...

    def add_move(self, room: Room, value: Any) -> None:
        """Queue the move ``room`` has just made (number ``room.turn - 1``; ``value`` as stored)."""
        ...

    def delete(self, code: str) -> None:
        """Queue the removal of room ``code`` (its row and moves)."""
        ...

    @property
    def pending(self) -> bool:
        """Whether anything is queued."""
        ...

    def commit(self) -> None:
        """Keep everything queued, at once, before returning (an exception: nothing queued is kept
        queued; the rooms play on in memory and the log says why)."""
        ...

    def checkpoint(self) -> None:
        """Tidy what the commits wrote (blocking: called on a thread of its own)."""
        ...

    # ------------------------------------------------------------ read, park
    def load(self, code: str) -> Room | None:
        """Room ``code`` as kept (None: there is none); one that cannot be rebuilt is kept aside and
        its error raised."""
        ...

    def saved_moves(self, code: str) -> int:
        """How many moves of room ``code`` are kept (-1: no such room): a game is parked (out of
        memory) only when all its moves are."""
        ...

    # ------------------------------------------------------------ receipts
    def receipt(self, room: Room) -> str | None:
        """The receipt of ``room``'s moves as kept, for its players (None: this store signs none)."""
        ...

    def check_receipt(self, code: str, text: str) -> str | None:
        """What a receipt a player shows says of room ``code``: "" (nothing against it), why the room
        lost moves, or None (not a receipt this store signed)."""
        ...

    # ------------------------------------------------------------ damaged
    def declare_damaged(self, code: str, why: str) -> None:
        """Keep room ``code`` aside as it is kept now, never played again, with ``why``."""
        ...

    def damaged(self) -> dict[str, str]:
        """Room code → why it is kept aside."""
        ...

    def close(self) -> None:
        """Commit what is queued and let go of the store."""
        ...
