"""The "Since your last turn" bar: the moves a player missed, played fast, with Skip.

A match that knows its player was away (a correspondence game taken up again)
sends a :class:`~lasvegas.match.CatchUp` before the events the player has not
seen.  While those are shown the table runs :data:`SPEED` times faster, shows
no round summary (the game log tells the rounds) and this bar across the top
of the tray; Skip (or S) jumps to the present: the table builds its board again
from the match's view and shows the current roll (:func:`jump`).
"""

from __future__ import annotations

from typing import Callable

import pygame

from ....core import DiceRolled, GameEnded
from ...kit import art
from ...kit.i18n import _
from ...kit.widgets import Button
from .layout import TRAY

#: how much faster the missed moves are played
SPEED = 4.0


class CatchUpBar:
    def __init__(self, on_skip: Callable[[], None]) -> None:
        #: the missed events still to show
        self.left = 0
        label = _("Skip (S)")
        self.button = Button((0, 0, max(130, art.measure(label, "bold", 20)[0] + 32), 38), label, on_skip, size=20)

    @property
    def speed(self) -> float:
        return SPEED if self.left else 1.0

    def start(self, count: int) -> None:
        self.left = count

    def shown(self) -> None:
        """One more of the missed events is on its way to the screen."""
        self.left = max(0, self.left - 1)

    def handle(self, event) -> bool:
        """Skip, clicked or pressed (S): True when the event was for the bar."""
        if not self.left:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s:
            self.button.click()
            return True
        return self.button.handle(event)

    def draw(self, surface) -> None:
        if not self.left:
            return
        title = _("Since your last turn")
        size = art.fit(title, "display", 24, 380)
        box = pygame.Rect(0, 0, art.measure(title, "display", size)[0] + self.button.rect.w + 60, 52)
        box.midtop = (TRAY.centerx, TRAY.y - 26)
        surface.blit(art.panel(box.w, box.h, alpha=240, border=(246, 196, 72, 160)), box.topleft)
        art.blit_text(surface, title, (box.x + 20, box.centery), "display", size, art.GOLD, anchor="midleft")
        self.button.rect.midright = (box.right - 8, box.centery)
        self.button.draw(surface)


def skip_to_present(table) -> None:
    """Skip: ``table`` (the table scene) jumps over the moves the player missed to the present,
    without animation; the events jumped over still go to its game log."""
    table._pull()
    split, table.catch_up.left = jump(list(table.queue)), 0
    if split is not None:
        table.tell_roll(force=True)  # the roll on show, before the moves jumped over
        table.log_panel.log.extend(split[0])
        table._reset(queue=split[1])


def jump(queued: list) -> tuple[list, list] | None:
    """Split the events waiting to be shown into those jumped over (for the game log) and those
    still shown from the present: the current roll, or the end of the game (None: nothing to jump)."""
    cut = max((i for i, ev in enumerate(queued) if isinstance(ev, (DiceRolled, GameEnded))), default=None)
    return None if cut is None else (queued[:cut], queued[cut:])
