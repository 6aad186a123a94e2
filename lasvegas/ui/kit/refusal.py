"""A refusal of the rules, answered on the screen: the reason in a note for a few seconds, and a
line in the diagnostics log (``diagnostics.log`` beside the error log), never a traceback.

A refusal is no error: the rules answered a move they do not allow, the state stays as it was and
the game goes on.  So it is kept out of the error log, which holds only what went wrong (an
unexpected error inside a screen, a crash): a player's error log stays empty in a normal evening.
The diagnostics log is kept short: past :data:`KEPT` bytes it starts again, the older half kept
as ``diagnostics.log.1``.

Both games' tables use it: the screen asks, the match (the rules) refuses with a reason, the
state stays as it was and the game goes on.
"""

from __future__ import annotations

import os
import time

from . import art, paths

#: seconds a refusal stays on the screen
SHOWN = 4.0
#: the diagnostics log's size before it starts again (the older lines kept in ``.1``)
KEPT = 256 * 1024


def log_refusal(exc: BaseException, where: str = "") -> None:
    """One line in the diagnostics log: the time, where and the engine's reason (a failed write is
    ignored: the game goes on)."""
    try:
        path = paths.diagnostics_log()
        if path.exists() and path.stat().st_size > KEPT:
            os.replace(path, path.with_name(path.name + ".1"))
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} refused{' (' + where + ')' if where else ''}: "
                    f"{type(exc).__name__}: {str(exc)[:300]}\n")
    except OSError:
        pass


class RefusalNote:
    """The last refusal shown: ``show(text, exc)`` logs it and shows ``text`` (the reason in the
    player's language) for :data:`SHOWN` seconds; ``show(text)`` alone is a hint the screen gives
    before asking the rules (a control that cannot succeed: nothing sent, nothing logged)."""

    def __init__(self, where: str = "table") -> None:
        self.where = where
        self.text = ""
        self.left = 0.0

    def show(self, text: str, exc: BaseException | None = None) -> None:
        self.text = text
        self.left = SHOWN
        if exc is not None:
            log_refusal(exc, self.where)

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left = max(0.0, self.left - dt)
            if not self.left:
                self.text = ""

    def draw(self, surface, centre: tuple[int, int], width: int = 640) -> None:
        if not self.text:
            return
        size = art.fit(self.text, "bold", 20, width - 40)
        w = min(width, art.measure(self.text, "bold", size)[0] + 40)
        box = art.panel(w, 40, alpha=235, border=(240, 120, 90, 200))
        r = box.get_rect(center=centre)
        surface.blit(box, r.topleft)
        art.blit_text(surface, self.text, r.center, "bold", size, art.INK, anchor="center")
