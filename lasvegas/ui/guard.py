"""The frame loop's guard: an unexpected error inside a screen (its input, update or drawing) is
written to the error log and answered with the "Something went wrong" screen (the ``error``
scene: where the file is, Resume, Home), never a silent close.  A refusal of the rules never gets
here: the tables answer those where they were asked.  An error of the error screen itself goes
on up (the launch reports it in the error log and in one message)."""

from __future__ import annotations

from typing import Any, Callable

from .files import save


def guarded(app, fn: Callable[..., Any], *args: Any) -> bool:
    """Call ``fn(*args)`` (a scene's call in the frame loop); False when it failed and the error
    screen was opened instead."""
    try:
        fn(*args)
        return True
    except Exception as e:
        if getattr(app.top, "is_error_screen", False) or not app.scenes:
            raise
        path = save.log_error(e)
        app.__dict__.setdefault("errors", []).append(e)  # what a soak counts
        app.show("error", path=path)
        return False
