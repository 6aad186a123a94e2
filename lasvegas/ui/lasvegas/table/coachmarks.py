"""Coach marks over the table: a short sentence in a bubble, an arrow to the thing it
is about, and a glowing frame around that thing.

Shown when the match offers them (``match.coach_title`` and
:class:`~lasvegas.match.CoachMark`s in its events: a lesson, a replay with the
coach's verdicts); the table takes each mark as the event stream reaches it.  A
mark that waits holds the table until the player goes on (Next, Space or
Enter); "Skip tutorial" leaves a match that is ``skippable`` at any moment.
"""

from __future__ import annotations

import math

import pygame

from ....match import CoachMark
from ...kit import art
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.i18n import _
from ...kit.widgets import Button
from .layout import (
    CASINO_Y, DECK, INFO, SIGN_H, TRAY, bill_pos, bill_size, casino_rect, dice_row_rect,
)

#: as wide as two casinos: the bubble fits over the empty part of two casino columns
BUBBLE_W = 410
TEXT_SIZE = 19
SKIP_RECT = (800, 10, 200, 38)
#: a mark's target pulses three times when it comes (seconds), then glows steadily
PULSE = 3 * 2 * math.pi / 5


class CoachBar:
    """The coach marks of a match that offers them (else it shows and does nothing)."""

    def __init__(self, match, on_skip) -> None:
        self.title: str | None = getattr(match, "coach_title", None)
        self.mark = None
        self.clock = 0.0
        #: when the mark on show came
        self.since = 0.0
        self.skip_button = Button(SKIP_RECT, _("Skip tutorial"), on_skip, size=18)
        self.next_button = Button((0, 0, 150, 40), _("Next (Space)"), self.go_on, style="primary", size=18)
        self.skip_button.visible = self.active and bool(getattr(match, "skippable", False))
        #: a click elsewhere before the roll: the mark on the roll button says so until the dice roll
        self.roll_nudge = False
        #: where the bubble was last drawn (None: no bubble)
        self.box: pygame.Rect | None = None

    @property
    def active(self) -> bool:
        return self.title is not None

    @property
    def waiting(self) -> bool:
        """A mark holds the table until the player goes on."""
        return self.mark is not None and self.mark.wait

    def take(self, mark) -> None:
        self.mark = mark
        self.since = self.clock

    def wake_in(self) -> float | None:
        """0 while a mark's target pulses (its first seconds), else None: the mark stands still."""
        return 0.0 if self.mark is not None and self.clock - self.since < PULSE else None

    def pull(self, queue, busy: bool) -> bool:
        """Take the marks at the head of the table's event queue: a mark shows as soon as the
        stream reaches it, one that holds the table once what came before it is shown.
        True: the table presents nothing more now (a mark waits, or waits to be shown)."""
        while queue and isinstance(queue[0], CoachMark):
            if queue[0].wait and busy:
                return True
            self.take(queue.popleft())
        return self.waiting

    def clear(self) -> None:
        """A move is on show: the marks about the turn before it are done."""
        self.mark = None
        self.roll_nudge = False

    def nudge_roll(self) -> None:
        """The player clicked something other than ROLL while the mark points at it."""
        m = self.mark
        if m is not None and m.target == "roll":
            self.roll_nudge = True

    def go_on(self) -> None:
        if self.waiting:
            self.mark = None

    def shown(self, await_roll: bool):
        """The mark on show: a mark on the roll button gives way to its ``then`` once rolled."""
        m = self.mark
        if m is not None and m.target == "roll" and not await_roll:
            self.roll_nudge = False
            return m.then
        if m is not None and m.target == "roll" and self.roll_nudge:
            return CoachMark(_("First roll your dice: click ROLL (or press Space)."), "roll", then=m.then)
        return m

    def dice_value(self, await_roll: bool) -> int | None:
        """The group of dice the mark on show points at (Space or Enter places it), if any."""
        m = self.shown(await_roll)
        return m.value if m is not None and m.target == "dice" else None

    # ------------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if not self.active:
            return False
        if self.skip_button.handle(event):
            return True
        if self.waiting:
            if self.next_button.handle(event):
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.go_on()
            # while a mark waits, the table underneath takes no choice (Escape and the log still work)
            return not (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_l))
        return False

    def update(self, dt: float) -> None:
        self.clock += dt

    # ------------------------------------------------------------------- draw
    def target_rect(self, mark, table) -> pygame.Rect | None:
        """Where on the table the mark points (None: nowhere)."""
        if mark.target == "roll":
            return pygame.Rect(table.roll_button.rect)
        if mark.target == "dice":
            for v, r in table.groups:
                if v == mark.value:
                    return pygame.Rect(r)
            return None
        if mark.target == "casino":
            return casino_rect(mark.value)
        if mark.target == "panel" and 0 <= mark.value < len(table.cfg.seats):
            return table.panel_rect(table.cfg.seats[mark.value])
        if mark.target == "deck":
            return pygame.Rect(DECK)
        return None

    @staticmethod
    def bubble_rect(mark, target: pygame.Rect | None, height: int, table=None) -> pygame.Rect:
        """Where the bubble hides least of what the player needs: below the bills of two casino
        columns (over their dice where there are none), else above the casinos; never over the
        thing the mark is about, its bills, the dice on the table or in the tray."""
        cands = []
        for c in range(1, 6):  # the lower part of casinos c and c + 1
            top = max(_bills_bottom(table, c), _bills_bottom(table, c + 1)) + 8
            cands.append(pygame.Rect(casino_rect(c).x, top, BUBBLE_W, height))
        cands += [pygame.Rect(760, 112, BUBBLE_W, height), pygame.Rect(110, 112, BUBBLE_W, height)]
        keep = _needed(table, mark, target)

        def cost(r: pygame.Rect) -> float:
            hidden = sum(w * _overlap(r, k) for k, w in keep)
            return hidden + (1e9 if r.bottom > 712 else 0)

        def near(r: pygame.Rect) -> float:
            return 0.0 if target is None else math.hypot(r.centerx - target.centerx, r.centery - target.centery)
        return min(cands, key=lambda r: (round(cost(r)), near(r)))

    def draw(self, surface, table) -> None:
        if not self.active:
            return
        self.skip_button.draw(surface)
        mark = self.shown(table.await_roll)
        self.box = None
        if mark is None:
            return
        target = self.target_rect(mark, table)
        lines = art.wrap(mark.text, "bold", TEXT_SIZE, BUBBLE_W - 32)
        height = 44 + len(lines) * (TEXT_SIZE + 6) + (52 if mark.wait else 8)
        box = self.box = self.bubble_rect(mark, target, height, table)
        since = self.clock - self.since
        pulse = 0.5 + 0.5 * math.cos(since * 5) if since < PULSE else 1.0
        if target is not None:
            glow = target.inflate(12, 12)
            surface.rect(GOLD, glow, width=3 + int(2 * pulse), border_radius=12)
            if mark.target == "dice":  # the casino those dice go to glows too
                surface.rect(GOLD, casino_rect(mark.value).inflate(6, 6), width=2, border_radius=12)
            _arrow(surface, box, glow)
        surface.blit(art.panel(box.w, box.h, alpha=238, border=(*GOLD, 255)), box)
        art.blit_text(surface, self.title or "", (box.x + 16, box.y + 10), "bold", 14, INK_DIM)
        for i, line in enumerate(lines):
            art.blit_text(surface, line, (box.x + 16, box.y + 34 + i * (TEXT_SIZE + 6)), "bold", TEXT_SIZE, INK)
        if mark.wait:
            self.next_button.rect.bottomright = (box.right - 14, box.bottom - 10)
            self.next_button.draw(surface)


def _bills_bottom(table, c: int) -> int:
    """Where casino ``c``'s bills end (its sign's bottom when it has none)."""
    n = len(table.board.casino_bills[c - 1]) if table is not None else 4
    if n == 0:
        return CASINO_Y + SIGN_H + 40  # "no bills" is written there
    return bill_pos(c, n - 1, n)[1] + bill_size(n)[1]


def _overlap(a: pygame.Rect, b: pygame.Rect) -> int:
    r = a.clip(b)
    return r.w * r.h


def _needed(table, mark, target) -> list[tuple[pygame.Rect, float]]:
    """What the bubble should not hide, with how much each counts: the mark's target most, the
    casinos' signs and bills, the dice on the casinos and in the tray, the seat panels; the tray's
    empty space and the side boxes less."""
    keep: list[tuple[pygame.Rect, float]] = []
    if target is not None:
        keep.append((target.inflate(16, 16), 20.0))
    if mark.target == "dice":
        keep.append((casino_rect(mark.value), 20.0))
    if table is None:
        return keep
    b = table.board
    for c in range(1, 7):
        r = casino_rect(c)
        keep.append((pygame.Rect(r.x, r.y, r.w, SIGN_H), 4.0))
        bills = b.casino_bills[c - 1]
        for i in range(len(bills)):
            keep.append((pygame.Rect(bill_pos(c, i, len(bills)), bill_size(len(bills))), 10.0))
        owners = [o for o, n in b.casino_dice[c - 1].items() if n]
        for i in range(len(owners)):
            keep.append((dice_row_rect(c, i, len(owners)), 10.0))
    for _v, r in table.groups:
        keep.append((r.inflate(8, 8), 10.0))
    if table.await_roll:
        keep.append((table.roll_button.rect, 10.0))
    keep += [(TRAY, 1.0), (INFO, 0.5), (DECK, 0.3)]
    for o in table.panel_owners:
        keep.append((table.panel_rect(o), 3.0))
    return keep


def _arrow(surface, box: pygame.Rect, target: pygame.Rect) -> None:
    """A gold arrow from the bubble's edge to the target's nearest edge."""
    tx = max(target.left, min(box.centerx, target.right))
    ty = target.top if target.top > box.bottom else target.centery
    if target.top <= box.bottom:  # beside the bubble: point at the near side
        tx = target.left if target.centerx > box.centerx else target.right
    sx = max(box.left + 20, min(tx, box.right - 20))
    sy = box.bottom if ty > box.bottom else box.centery
    if sy == box.centery:
        sx = box.right if tx > box.right else box.left
    dx, dy = tx - sx, ty - sy
    d = math.hypot(dx, dy)
    if d < 12:
        return
    ux, uy = dx / d, dy / d
    tip = (tx - ux * 4, ty - uy * 4)
    base = (tip[0] - ux * 18, tip[1] - uy * 18)
    surface.line(GOLD, (sx, sy), base, 5)
    left = (base[0] - uy * 11, base[1] + ux * 11)
    right = (base[0] + uy * 11, base[1] - ux * 11)
    surface.polygon(GOLD, (tip, left, right))


class TakeBack:
    """"Take back my last move" (U), where the player's settings allow it and the match offers it
    (``can_take_back()``: a game with no other human); the match rebuilds the game and says so."""

    def __init__(self, match, settings) -> None:
        self.match = match
        self.settings = settings
        self.button = Button((312, 546, 170, 34), _("Take back (U)"), self.take_back, size=16,
                             hotkeys=(pygame.K_u,))

    def offered(self, my_turn: bool) -> bool:
        can = getattr(self.match, "can_take_back", None)
        return bool(self.settings.take_back and my_turn and can is not None and can())

    def take_back(self) -> None:
        self.match.take_back()

    def handle(self, event, my_turn: bool) -> bool:
        return self.offered(my_turn) and self.button.handle(event)

    def draw(self, surface, my_turn: bool) -> None:
        if self.offered(my_turn):
            self.button.draw(surface)
