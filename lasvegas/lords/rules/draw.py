"""The draw and payouts (Step 1): a turn starts, a card is drawn, casinos pay, the game ends.

One part of the rules engine ``lasvegas.lords.game.Game``, which is made of these parts
(see lasvegas/lords/rules/__init__.py); the methods use the game's state as ``Game`` keeps it.
"""

from __future__ import annotations

from .. import actions as A
from .. import events as E
from ..board import (
    COMPANY, DICE_PER_SEAT, DIE, END, IN_F, LAST, LOT_NAMES, MARKERS_PER_SEAT, STRIP, TOUCHES_STRIP, TRACK,
    score,
)
from ..refusals import refuse
from .base import PLAY, MARKER, DIE_MOVE, OVER


class DrawAndPayouts:
    """Step 1 of a turn: the card drawn and what it does (a marker laid, a die placed, a take-over;
    D1 and D2 when a seat must name the marker or the die that moves), the payout of a company
    card, the End card and the 90-point end (2.7), and the winners (D18)."""

    def _start_turn(self, ev: list) -> None:
        self.turn += 1
        self.gambled = False
        self.marks = 0
        ev.append(E.TurnStarted(self.active, self.turn))
        self._draw(ev)

    def _draw(self, ev: list) -> None:
        a = self.active
        while True:
            card = self.deck[self.pos]
            self.pos += 1
            ev.append(E.CardDrawn(a, card, COMPANY[card], len(self.deck) - self.pos))
            if card == END:
                self._payout(END, ev)
                self._finish("end card", ev)
                return
            self.played[card] = True
            if self.n == 2 and IN_F[card]:  # 2.9: nothing placed, pay, draw again
                self._payout(card, ev)
                if self._check90(ev):
                    return
                continue
            if self.tile[card] < 0:
                if self.markers_used[a] >= MARKERS_PER_SEAT:  # D1
                    self.phase = MARKER
                    self.pending_lot = card
                    return
                self.marker[card] = a
                self.markers_used[a] += 1
                ev.append(E.MarkerPlaced(a, card))
            else:
                prev = self.owner[card]
                if prev != a:
                    val = self.value[card] if prev >= 0 else DIE[card]
                    if self.dice_used[a] >= DICE_PER_SEAT:  # D2
                        self.phase = DIE_MOVE
                        self.pending_lot = card
                        self.pending_value = val
                        return
                    if prev >= 0:
                        self.dice_used[prev] -= 1
                    self.dice_used[a] += 1
                    self.owner[card] = a
                    self.value[card] = val
                    self._bc = None
                    ev.append(E.TakeOver(a, card, prev, val))
                    self._ties(ev)  # D3
            self._after_draw(card, ev)
            return

    def _after_draw(self, card: int, ev: list) -> None:
        self._payout(card, ev)
        if not self._check90(ev):
            self.phase = PLAY

    def _payout(self, card: int, ev: list) -> None:
        n = self.n
        gain = list(self.markers_used)  # every marker on the board pays $1 (D6)
        lot_money = tuple(gain)
        comp = COMPANY[card]
        owner, value, tile = self.owner, self.value, self.tile
        paid = []
        bosses: dict[int, list[tuple[int, ...]]] = {}
        for lots in self.casinos():
            if comp != STRIP:
                if tile[lots[0]] != comp:
                    continue
            elif not any(TOUCHES_STRIP[i] for i in lots):
                continue
            top = 0
            boss = -1
            for i in lots:
                o = owner[i]
                if o >= 0:
                    v = value[i]
                    gain[o] += v
                    if v > top:
                        top = v
                        boss = o
            paid.append((lots, boss, len(lots)))
            if boss >= 0:
                bosses.setdefault(boss, []).append(lots)
        money = self.money
        for s in range(n):
            money[s] += gain[s]
        self.discards[comp] += 1
        ev.append(E.Paid(card, comp, tuple(gain), lot_money, tuple(paid)))
        chip = self.chip
        for boss in sorted(bosses):
            for lots in sorted(bosses[boss], key=len):  # smallest casino first
                before = chip[boss]
                chip[boss] = score(before, len(lots))
                ev.append(E.Scored(boss, lots, len(lots), before, chip[boss]))

    def _check90(self, ev: list) -> bool:
        """D17: a chip on 90 after a payout wins at once."""
        top = [s for s in range(self.n) if self.chip[s] == LAST]
        if not top:
            return False
        self._finish("90", ev, top)
        return True

    def _finish(self, why: str, ev: list, among: list[int] | None = None) -> None:
        n = self.n
        if among is None:
            best = max(self.chip)
            among = [s for s in range(n) if self.chip[s] == best]
        rich = max(self.money[s] for s in among)
        self.winners = tuple(s for s in among if self.money[s] == rich)  # D18: shared
        self.end_reason = why
        self.phase = OVER
        for key in sorted(self.proposals):
            ev.append(E.TradeClosed(key[0], key[1], "lapsed"))
        self.proposals.clear()
        ev.append(E.GameEnded(why, self.winners, tuple(TRACK[c] for c in self.chip),
                              tuple(self.money)))

    def _move_marker(self, a: A.MoveMarker, ev: list) -> None:
        if self.phase != MARKER or a.seat != self.active:
            raise refuse("marker.nothing")
        f = self._lot_arg(a.from_lot, "move marker")
        if self.marker[f] != a.seat:
            raise refuse("marker.not_yours", lot=LOT_NAMES[f])
        lot = self.pending_lot
        self.marker[f] = -1
        self.marker[lot] = a.seat
        ev.append(E.MarkerPlaced(a.seat, lot, f))
        self.pending_lot = -1
        self._ties(ev)
        self._after_draw(lot, ev)

    def _move_die(self, a: A.MoveDie, ev: list) -> None:
        if self.phase != DIE_MOVE or a.seat != self.active:
            raise refuse("die_move.nothing")
        f = self._lot_arg(a.from_lot, "move die")
        lot = self.pending_lot
        if self.owner[f] != a.seat or f == lot:
            raise refuse("die_move.not_yours", lot=LOT_NAMES[f])
        self.owner[f] = -1
        self.value[f] = 0
        prev = self.owner[lot]
        if prev >= 0:
            self.dice_used[prev] -= 1
        self.owner[lot] = a.seat
        self.value[lot] = self.pending_value
        self._bc = None
        ev.append(E.TakeOver(a.seat, lot, prev, self.pending_value, f))
        self.pending_lot = -1
        self._ties(ev)  # D3, once the die stands on its new tile
        self._after_draw(lot, ev)
