"""Event → animation: each of the core's events becomes something that moves.

The presenter takes events in order from the scene's queue and plays them
one at a time; each animation changes the :class:`Board` at the moment the
change is seen (a bill lands, dice land).  Events are dispatched by type.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from ....core import (
    NEUTRAL, BillsDealt, CasinoPaid, DicePlaced, DicePreplaced, DiceRolled, GameEnded, RoundEnded,
    RoundStarted,
)
from ...kit import art
from ...kit.i18n import _
from ..fx import Anim, Flight, TrayDie, Tumble
from ..paint import stacks
from ..paint.flourish import Flourish
from .board import Board
from .layout import DIE_SIZE, TRAY, bill_centre, casino_rect, deck_point, dice_row_rect


class Presenter:
    """Plays events as animations.  ``app`` gives the settings, sounds and cosmetic RNG;
    ``panel_of(owner)`` where a seat's panel is (bills fly there)."""

    def __init__(self, app, board: Board, panel_of: Callable[[str], pygame.Rect]) -> None:
        self.app = app
        self.board = board
        self.panel_of = panel_of
        self.anim: Anim | None = None
        self.tumble: Tumble | None = None
        self.turn_seat: int | None = None
        self.turn_dice: list[TrayDie] = []
        self.groups: list[tuple[int, pygame.Rect]] = []
        self.key_y = TRAY.bottom - 30
        self.banner: tuple[str, float] | None = None
        self.current_event = None
        self.skipping = False
        self._handlers = {
            RoundStarted: self._round_started, BillsDealt: self._bills_dealt,
            DicePreplaced: self._dice_preplaced, DiceRolled: self._dice_rolled,
            DicePlaced: self._dice_placed, CasinoPaid: self._casino_paid,
            RoundEnded: self._round_ended, GameEnded: self._game_ended,
        }

    # ------------------------------------------------------------- state
    @property
    def speed(self) -> float | None:
        return self.app.settings.speed

    @property
    def busy(self) -> bool:
        """Something is moving (an animation, or dice still tumbling)."""
        return self.anim is not None or (self.tumble is not None and not self.tumble.grouped)

    @property
    def grouped(self) -> bool:
        return self.tumble is not None and self.tumble.grouped

    def handles(self, ev) -> bool:
        return type(ev) in self._handlers

    def present(self, ev) -> None:
        self.current_event = ev
        self._handlers[type(ev)](ev)

    def _run(self, anim: Anim) -> None:
        """Start an animation (or finish it at once when animation is off or skipped)."""
        if self.speed is None or self.skipping or anim.duration <= 0:
            anim.finish()
        else:
            self.anim = anim

    def update(self, dt: float) -> None:
        k = self.speed or 1.0
        self.board.update(dt * k)
        if self.banner:
            text, t = self.banner
            t -= dt * k
            self.banner = (text, t) if t > 0 else None
        if self.anim:
            self.anim.update(dt * k)
            if self.anim.done:
                a, self.anim = self.anim, None
                a.finish()
        if self.tumble and not self.tumble.grouped:
            for cue in self.tumble.update(dt * k):
                self.app.sounds.play(cue)

    def skip(self) -> None:
        """Finish what is moving now; the scene skips what is queued."""
        if self.tumble and not self.tumble.grouped:
            self.tumble.finish()
        self.skipping = True
        if self.anim:
            a, self.anim = self.anim, None
            a.finish()

    def roll_now(self) -> None:
        """The dice of the turn on show start tumbling (a human pressed ROLL, or an AI's turn)."""
        self.board.last_move = None  # the last move shows until the next roll
        self.tumble = Tumble(TRAY.inflate(-16, -16), self.turn_dice, self.app.fx_rng, DIE_SIZE)
        self.app.sounds.play("rattle")
        if self.speed is None or self.skipping or art.look().reduced_motion:
            self.tumble.finish()  # reduced motion: the dice land at once, without tumbling

    # ---------------------------------------------------------- handlers
    def _round_started(self, ev) -> None:
        self.board.start_round(ev.round, ev.first_seat)
        self.banner = (_("Round {n} of {total}", n=ev.round + 1, total=self.board.config.rounds), 1.3)
        self._run(Anim(0.5))

    def _bills_dealt(self, ev) -> None:
        b = self.board
        a = Anim(0.0)
        start = deck_point()
        delay = 0.0
        b.deck_left = ev.deck_left + sum(len(x) for x in ev.casinos)

        def one_less():
            b.deck_left -= 1
            self.app.sounds.play("bill")
        for c, bills in enumerate(ev.casinos, start=1):
            for i, bill in enumerate(bills):
                a.sprites.append(Flight("bill", start, bill_centre(c, i, len(bills)), 0.45, delay,
                                        value=bill, height=50))
                a.at(delay, one_less)
                delay += 0.06
        a.duration = delay + 0.45
        a.on_finish = lambda: b.deal(ev.casinos, ev.deck_left)
        b.casino_bills = [[] for _ in range(6)]
        self._run(a)

    def _dice_preplaced(self, ev) -> None:
        a = Anim(0.0)
        start = TRAY.center
        for i, val in enumerate(ev.values):
            end = casino_rect(val).midbottom
            a.sprites.append(Flight("die", start, (end[0], end[1] - 50), 0.6, i * 0.08, owner=ev.owner,
                                    value=val, size=30, height=90, spin=self.app.fx_rng.uniform(-180, 180)))
        a.duration = 0.6 + 0.08 * len(ev.values)

        def done():
            self.board.preplace(ev.owner, ev.values)
            self.app.sounds.play("land")
        a.on_finish = done
        self.app.sounds.play("rattle")
        self._run(a)

    def _dice_rolled(self, ev) -> None:
        self.skipping = False
        self.turn_seat = ev.seat
        self.turn_dice = [TrayDie(o, val) for o, val in zip(ev.owners, ev.values)]
        for i in ev.big:  # the seat's Biggie: drawn bigger in the tray
            if 0 <= i < len(self.turn_dice):
                self.turn_dice[i].scale = art.BIG_SCALE
        self._layout_groups()
        self.tumble = None

    def _layout_groups(self) -> None:
        """Dice of one value side by side, two rows, groups centred in the tray; a Biggie
        leads its group in a column of its own, as tall as the group."""
        by_value: dict[int, list[TrayDie]] = {}
        for d in self.turn_dice:
            by_value.setdefault(d.value, []).append(d)
        step = DIE_SIZE + 6
        big_w = art.big_size(DIE_SIZE) + 6
        gap = 26
        width_one_row = sum(big_w if d.scale > 1 else step for d in self.turn_dice)
        one_row = width_one_row + gap * (len(by_value) - 1) <= TRAY.w - 40
        rows_of = {}
        widths = {}
        for val, ds in by_value.items():
            big = [d for d in ds if d.scale > 1]
            small = len(ds) - len(big)
            rows_of[val] = 1 if one_row or small <= 1 else 2
            widths[val] = len(big) * big_w + math.ceil(small / rows_of[val]) * step - 6
        heights = {}
        for val, ds in by_value.items():
            small = sum(1 for d in ds if d.scale <= 1)
            rows = 1 if small <= 1 or rows_of[val] == 1 else 2
            heights[val] = max((rows * step - 6) if small else 0,
                               art.big_size(DIE_SIZE) if small < len(ds) else 0)
        total = sum(widths.values()) + gap * (len(widths) - 1)
        x = TRAY.centerx - total // 2
        top = TRAY.y + (46 if one_row else 20)
        tall = max([*heights.values(), DIE_SIZE if one_row else 2 * step - 6])
        self.groups = []
        self.key_y = top + tall + 12
        for val in sorted(by_value):
            ds = sorted(by_value[val], key=lambda d: (d.scale <= 1, d.owner == NEUTRAL))
            big = [d for d in ds if d.scale > 1]
            small = ds[len(big):]
            h = heights[val]
            gtop = top + (tall - h) / 2
            gx = x
            for d in big:
                d.target = (gx + big_w / 2 - 3, gtop + h / 2)
                gx += big_w
            cols = max(1, math.ceil(len(small) / rows_of[val]))
            rows = math.ceil(len(small) / cols) if small else 0
            y0 = gtop + (h - (rows * step - 6)) / 2
            for i, d in enumerate(small):
                col, row = i % cols, i // cols
                d.target = (gx + col * step + DIE_SIZE / 2, y0 + row * step + DIE_SIZE / 2)
            h = int(h)
            gtop = int(gtop)
            self.groups.append((val, pygame.Rect(x, gtop, widths[val], h)))
            x += widths[val] + gap

    def _rows_for(self, c: int, extra: list[str]) -> dict[str, pygame.Rect]:
        here = self.board.casino_dice[c]
        owners = [o for o in self.board.config.owners if here.get(o) or o in extra]
        return {o: dice_row_rect(c + 1, i, len(owners)) for i, o in enumerate(owners)}

    def _dice_placed(self, ev) -> None:
        b = self.board
        a = Anim(0.55)
        dice = [d for d in self.turn_dice if d.value == ev.value]
        rows = self._rows_for(ev.value - 1, [o for o, _n in ev.dice])
        here = b.casino_dice[ev.value - 1]
        for i, d in enumerate(dice):
            r = rows.get(d.owner, casino_rect(ev.value))
            end = stacks.top_of(r, len(rows), here.get(d.owner, 0) + i) if d.owner in rows else r.center
            a.sprites.append(Flight("die", (d.x, d.y), end, 0.45, i * 0.03, owner=d.owner,
                                    value=d.value, size=round(DIE_SIZE * d.scale), height=70,
                                    spin=self.app.fx_rng.uniform(-90, 90)))
            d.alpha = 0
        a.duration = 0.5 + 0.03 * len(dice)
        b.highlight = ev.value

        def done():
            b.place(ev.seat, ev.value, ev.dice, ev.big)
            b.highlight = None
            self.turn_dice = []
            self.groups = []
            self.tumble = None
            self.turn_seat = None
            self.app.sounds.play("land")
        a.on_finish = done
        self._run(a)

    def _casino_paid(self, ev) -> None:
        b = self.board
        c = ev.casino
        a = Anim(0.0)
        b.highlight = c
        t0 = 0.55 if ev.cancelled else 0.3
        if ev.cancelled:
            b.cancel(c, ev.cancelled)
        a.at(t0, lambda: b.remove_cancelled(c, ev.cancelled))
        bills = list(b.casino_bills[c - 1])
        flights = [(o, bill) for o, bill in ev.awards] + [(None, bill) for bill in ev.returned]
        delay = t0
        for o, bill in flights:
            idx = bills.index(bill) if bill in bills else 0
            if bill in bills:
                bills[idx] = None
            centre = bill_centre(c, idx, len(bills))
            to_seat = bool(o) and o != NEUTRAL
            end = self.panel_of(o).center if to_seat else deck_point()

            def take(bill=bill):
                b.take_bill(c, bill)
                self.app.sounds.play("bill")
            a.at(delay, take)
            a.sprites.append(Flight("bill", centre, end, 0.6, delay, value=bill,
                                    height=-60 if to_seat else 40))
            a.at(delay + 0.6, lambda o=o, bill=bill: b.award(o, bill, instant=self.speed is None))
            if to_seat:  # the win lands: chips and a ring on the winner's mat, the chips' sound
                a.sprites.append(Flourish(end, art.owner_rgb(o), delay + 0.6))
                a.at(delay + 0.6, lambda: self.app.sounds.play("chips"))
            delay += 0.14
        a.duration = delay + (0.75 if ev.awards else 0.55) if flights else t0 + 0.2

        def done():
            b.clear_casino(c)
            if ev.awards:
                self.app.sounds.play("payout")
        a.on_finish = done
        self._run(a)

    def _round_ended(self, ev) -> None:
        self.skipping = False
        self.board.end_round(ev.money)

    def _game_ended(self, ev) -> None:
        self.board.end_game()
        self.app.sounds.play("fanfare")
