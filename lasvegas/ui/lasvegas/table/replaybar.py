"""The replay bar: the controls the table shows over a match that plays itself.

It steers the match's optional ``controls`` (``lasvegas.match.Controls``):
play and pause (Space), a move back or forward (← →), the start of this or the
previous round and of the next one ([ ], the buttons « Round and Round »), and the
speed 1×/2×/4× (S), which
the table applies to everything that moves.  With a controller: A plays and
pauses, the d-pad steps, LB and RB go a round back and on, X changes the speed.
Each button has a tooltip (what it does, its key).  Going back pauses and is instant:
the match rebuilds the game and sends a ``Reset``.
"""

from __future__ import annotations

import pygame

from ...kit import art
from ...kit.art import INK, INK_DIM
from ...kit.i18n import _
from ...kit.widgets import Button

SPEEDS = (1.0, 2.0, 4.0)
#: where the move counter ends: before the table's Log button (``LogPanel``'s place, x 1008)
END = 1002


class ReplayBar:
    def __init__(self, controls, x: int = 398, y: int = 10) -> None:
        self.controls = controls
        self.speed = 1.0
        # the rounds' buttons say so (not |< >|, read as "to the start / the end")
        spec = [(_("« Round"), 116, self.round_back), ("<", 44, self.back), ("", 84, self.play_pause),
                (">", 44, self.forward), (_("Round »"), 116, self.round_forward), ("", 50, self.next_speed)]
        self.buttons: list[Button] = []
        for label, w, fn in spec:
            self.buttons.append(Button((x, y, w, 38), label, fn, size=20))
            x += w + 6
        self.play_button = self.buttons[2]
        self.speed_button = self.buttons[5]
        self.text_pos = (x + 4, y + 19)
        #: where the mouse is (for the tooltips), in the table's coordinates
        self.mouse = (-1, -1)
        self._labels()

    def tips(self) -> list[str]:
        """What each button does, with its key: shown while the mouse is over it."""
        return [_("To the start of this round, or the one before ( [ )"), _("A move back (Left arrow)"),
                _("Play or pause (Space)"), _("A move on (Right arrow)"), _("To the start of the next round ( ] )"),
                _("Speed: 1×, 2× or 4× (S)")]

    def _labels(self) -> None:
        self.play_button.label = _("Pause") if self.controls.playing else _("Play")
        self.speed_button.label = f"{self.speed:g}×"

    # ------------------------------------------------------------ actions
    def play_pause(self) -> None:
        c = self.controls
        if not c.playing and c.turn >= c.turns:
            c.seek(0)  # played to the end: from the start again
        c.playing = not c.playing
        self._labels()

    def back(self) -> None:
        c = self.controls
        c.playing = False
        c.seek(c.turn - 1)
        self._labels()

    def forward(self) -> None:
        self.controls.step()
        self._labels()

    def _round_now(self) -> int:
        c = self.controls
        return max([i for i, s in enumerate(c.round_starts) if s <= c.turn] or [0])

    def round_back(self) -> None:
        """To the start of this round, or of the previous one when already there."""
        c = self.controls
        r = self._round_now()
        if c.turn <= c.round_starts[r] and r > 0:
            r -= 1
        c.playing = False
        c.seek(c.round_starts[r])
        self._labels()

    def round_forward(self) -> None:
        c = self.controls
        r = self._round_now() + 1
        if r < len(c.round_starts):
            c.playing = False
            c.seek(c.round_starts[r])
            self._labels()

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)] if self.speed in SPEEDS else 1.0
        self._labels()

    def info_lines(self) -> list[str]:
        """What the info box says while a roll of the replay shows."""
        if self.controls.playing:
            return [_("Replay: playing."), _("Space pauses.")]
        return [_("Replay: paused."), _("Space plays;"), _("Left/Right: a move back/on.")]

    # -------------------------------------------------------------- input
    KEYS = {pygame.K_SPACE: "play_pause", pygame.K_LEFT: "back", pygame.K_RIGHT: "forward",
            pygame.K_LEFTBRACKET: "round_back", pygame.K_RIGHTBRACKET: "round_forward", pygame.K_s: "next_speed"}

    #: controller buttons (``pad`` of the keys the input map sends) with a meaning of their own here
    PAD = {"A": "play_pause", "LEFTSHOULDER": "round_back", "RIGHTSHOULDER": "round_forward", "X": "next_speed"}

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        for b in self.buttons:
            if b.handle(event):
                return True
        if event.type == pygame.KEYDOWN and getattr(event, "pad", "") in self.PAD:
            getattr(self, self.PAD[event.pad])()
            return True
        if event.type == pygame.KEYDOWN and event.key in self.KEYS:
            getattr(self, self.KEYS[event.key])()
            return True
        return False

    # --------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        self._labels()
        for b in self.buttons:
            b.draw(surface)
        c = self.controls
        move = _("Move {n}/{total}", n=min(c.turn + 1, c.turns), total=c.turns)
        room = END - self.text_pos[0]  # ends before the table's Log button, at any text size
        art.blit_text(surface, move, self.text_pos, "body", art.fit(move, "body", 15, room, 10), INK_DIM,
                      anchor="midleft")
        self.draw_tip(surface)

    def tip_on_show(self) -> str | None:
        for b, tip in zip(self.buttons, self.tips()):
            if b.rect.collidepoint(self.mouse):
                return tip
        return None

    def draw_tip(self, surface) -> None:
        """The tooltip of the button under the mouse, just below it."""
        tip = self.tip_on_show()
        if tip is None:
            return
        b = next(b for b in self.buttons if b.rect.collidepoint(self.mouse))
        w, h = art.measure(tip, "body", 15)
        box = pygame.Rect(0, 0, w + 20, h + 10)
        box.midtop = (b.rect.centerx, b.rect.bottom + 6)
        box.clamp_ip(pygame.Rect(0, 0, 1280, 720))
        surface.rect((8, 22, 17), box, border_radius=8)
        surface.rect((120, 200, 180), box, width=1, border_radius=8)
        art.blit_text(surface, tip, box.center, "body", 15, INK, anchor="center")
