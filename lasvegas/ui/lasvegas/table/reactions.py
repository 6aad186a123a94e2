"""An online table's quick reactions: a button per phrase (F1–F5) and a toast over the sender's panel.

With a controller: X picks a reaction (the next one each press, ringed for a few
seconds), A sends it, B lets it go; A places the dice again once none is picked.

The match offers them (its optional ``reactions``, the phrases the seat may
send now, and ``react(phrase)``); what the players sent comes back from the
match's ``poll`` as :class:`~lasvegas.match.Reaction` and is shown a few seconds.
"""

from __future__ import annotations

import pygame

from ....match import REACTIONS, Reaction
from ...kit import art
from ...kit.widgets import Button, draw_focus_ring
from ..names import reaction_text

#: the buttons' place in the top bar (left and middle) and size; how long a reaction shows
REACT_X, REACT_W = 10, 138
REACTION_SECONDS = 3.5
#: how long a reaction picked with the controller's X stays picked
PICK_SECONDS = 4.0



class ReactionBar:
    def __init__(self, match, panel_rect, sounds) -> None:
        self.match = match
        self.panel_rect = panel_rect
        self.sounds = sounds
        self.clock = 0.0
        #: seat -> (phrase, until when it shows)
        self.shown: dict[int, tuple[str, float]] = {}
        self.buttons: list[tuple[str, Button]] = []
        #: the reaction picked with the controller (an index into ``buttons``) and until when
        self.picked: int | None = None
        self.picked_until = 0.0
        if hasattr(match, "reactions"):
            for i, phrase in enumerate(REACTIONS):
                rect = (REACT_X + i * (REACT_W + 6), 10, REACT_W, 38)
                self.buttons.append((phrase, Button(rect, reaction_text(phrase), lambda p=phrase: self.react(p),
                                                    size=15, hotkeys=(pygame.K_F1 + i,))))

    @property
    def keys(self) -> tuple[int, ...]:
        """The keys of the reaction buttons (F1-F5), which the app must leave to the table."""
        return tuple(k for _p, b in self.buttons for k in b.hotkeys)

    @property
    def offered(self) -> tuple[str, ...]:
        """The quick reactions the match lets this screen send now (none in a local game)."""
        return tuple(getattr(self.match, "reactions", ()))

    def react(self, phrase: str) -> None:
        if phrase in self.offered:
            self.match.react(phrase)
            self.sounds.play("click")

    def handle(self, event) -> bool:
        if any(b.handle(event) for _p, b in self.buttons if b.visible):
            return True
        pad = getattr(event, "pad", "") if event.type == pygame.KEYDOWN else ""
        if not pad:
            return False
        shown = [i for i, (_p, b) in enumerate(self.buttons) if b.visible]
        if pad == "X" and shown:
            later = [i for i in shown if self.picked is not None and i > self.picked]
            self.picked = (later or shown)[0]
            self.picked_until = self.clock + PICK_SECONDS
            return True
        if self.picked is not None and pad in ("A", "B"):
            if pad == "A":
                self.react(self.buttons[self.picked][0])
            self.picked = None
            return True
        return False

    def update(self, dt: float) -> None:
        self.clock += dt
        offered = self.offered
        for phrase, b in self.buttons:
            b.visible = phrase in offered
        if self.picked is not None and (self.clock > self.picked_until or not self.buttons[self.picked][1].visible):
            self.picked = None

    def wake_in(self) -> float | None:
        """Seconds until a reaction on show or the controller's pick ends (None: none is shown)."""
        ends = [until for _phrase, until in self.shown.values() if until > self.clock]
        if self.picked is not None:
            ends.append(self.picked_until)
        return max(0.0, min(ends) - self.clock) if ends else None

    def take(self, ev: Reaction) -> None:
        self.shown[ev.seat] = (ev.phrase, self.clock + REACTION_SECONDS)

    def on_show(self, seat: int) -> str | None:
        """The reaction ``seat`` sent a moment ago, translated (None when there is none to show)."""
        said = self.shown.get(seat)
        return reaction_text(said[0]) if said is not None and said[1] > self.clock else None

    def draw(self, surface, owners) -> None:
        for _p, b in self.buttons:
            b.draw(surface)
        if self.picked is not None:
            draw_focus_ring(surface, self.buttons[self.picked][1].rect, 8)
        for seat, owner in enumerate(owners):
            said = self.on_show(seat)
            if said is None:
                continue
            r = self.panel_rect(owner)
            word = art.text(said, "display", 18, (40, 20, 0))
            toast = pygame.Rect(0, 0, word.get_width() + 24, word.get_height() + 10)
            toast.midbottom = (r.centerx, r.y + 6)
            surface.rect(art.GOLD, toast, border_radius=12)
            surface.rect(art.owner_rgb(owner), toast, width=2, border_radius=12)
            surface.blit(word, word.get_rect(center=toast.center))
