"""Starting a game where one is saved: ask before anything replaces a game in progress."""

from __future__ import annotations

from typing import Callable

from . import save
from ..kit.i18n import _


def start_or_ask(app, session, start: Callable[[], None]) -> None:
    """Call ``start`` for a new game of ``session``; when its save slot holds a game in
    progress, ask first ("Abandon Ann and Bo's game in round 3?"), Keep it being the default."""
    saved = save.read_autosave(save.slot_of(session))
    if saved is None:
        start()
        return
    app.show("confirm", question=_("Abandon {what}?", what=saved.describe()),
             detail=_("A new game takes the place of the saved one: it cannot be resumed afterwards."),
             yes=_("Abandon it"), no=_("Keep it"), on_yes=start, default_no=True)
