"""The one place a seat's money total is put on a screen.

Every drawing of an owner's money total (the seat panels, the round summary,
the game log's round and game ends, the results) goes through :func:`total`
(or, for text made earlier, :func:`report` when it is drawn), so the rule
"a hidden total is drawn for its owner's eyes only" can be watched at one
spot: :func:`watch` calls a function with ``(owner, amount, where)`` for every
total drawn.  The privacy test of the hot-seat game records them frame by
frame (docs/screens.md, the match boundary).  No pygame here.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

from ..kit.i18n import money

Watcher = Callable[[str, int, str], None]

_watchers: list[Watcher] = []


def report(owner: str, amount: int, where: str) -> None:
    """``owner``'s total ``amount`` is drawn now at ``where`` ("panel", "summary", "log", "results"...)."""
    for w in tuple(_watchers):
        w(owner, amount, where)


def total(owner: str, amount: int, where: str) -> str:
    """``owner``'s money total as drawn text ("$120,000"), reported to the watchers."""
    report(owner, amount, where)
    return money(amount)


@contextmanager
def watch(fn: Watcher) -> Iterator[None]:
    """Call ``fn(owner, amount, where)`` for every total drawn while the block runs."""
    _watchers.append(fn)
    try:
        yield
    finally:
        _watchers.remove(fn)
