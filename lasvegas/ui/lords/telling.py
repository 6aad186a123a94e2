"""The events told one at a time at the Lords of Vegas table: each on show for its moment (a
banner, its lots flashing, its line in the log), Space showing the rest at once, and the seats'
money and score chips counting towards the game's.

A mixin of :class:`lasvegas.ui.lords.table.LordsTableScene` (its queue, the event on show, the
money shown); it decides no rule."""

from __future__ import annotations

from ...lords import events as E
from ..kit import art
from . import deal, words
from .show import LANDED, event_lots

#: seconds each event is shown (at normal speed)
EVENT_TIME = {E.CardDrawn: 0.7, E.Built: 0.6, E.Sprawled: 0.6, E.Remodelled: 0.8, E.Reorganized: 0.7,
              E.GambleRolled: 0.9, E.Paid: 0.6, E.Scored: 0.4, E.TakeOver: 0.6, E.MarkerPlaced: 0.4,
              E.TieReroll: 0.6, E.GameEnded: 0.6}


class Telling:
    def speed(self) -> float | None:
        if art.look().reduced_motion:
            return None
        return self.app.settings.speed

    def rolling(self) -> bool:
        """A gamble's dice are still to land: on show and tumbling, or still to be shown.  Until
        then its result is told nowhere (banner, log, the seats' money)."""
        if isinstance(self.current, E.GambleRolled) and self.current_left > 0 \
                and 1 - self.current_left / self.current_total < LANDED:
            return True
        return any(isinstance(ev, E.GambleRolled) for ev in self.queue)

    def _landed(self) -> None:
        """The gamble's line in the log once its dice have landed."""
        if self.untold:
            self.log.append(self.untold)
            self.untold = ""

    @property
    def busy(self) -> bool:
        """Events are still being shown (the players wait for them)."""
        return self.current is not None or bool(self.queue)

    def _next_event(self) -> None:
        ev = self.queue.pop(0)
        self.shown.append(ev)
        if isinstance(ev, E.CardDrawn):
            self.drawn = ev.card
        elif isinstance(ev, E.TurnStarted):
            self.showing = ev.seat
        if len(self.shown) > 4000:  # a long game: the oldest forgotten (a recap tells the latest)
            cut = len(self.shown) - 2000
            del self.shown[:cut]
            self.seen = {s: max(0, n - cut) for s, n in self.seen.items()}
            self.turn_seen = {s: max(0, n - cut) for s, n in self.turn_seen.items()}
        line = words.describe(ev, self.name)
        extra = deal.log_line(self.match, ev)  # an offer with an action: the whole deal
        self._landed()  # the previous gamble's line, if it was cut short
        if line:
            self.log.append(line + (" " + extra if extra else ""))
        self.current = ev
        sp = self.speed()
        if isinstance(ev, E.GambleRolled) and line and sp is not None:  # told once the dice land
            self.untold = self.log.pop()
        self.current_left = 0.0 if sp is None else EVENT_TIME.get(type(ev), 0.15) / sp
        self.current_total = max(1e-6, self.current_left)
        self.spin = self.app.fx_rng.uniform(0, 360)
        self.flash = event_lots(ev)

    def skip(self) -> None:
        """Show every waiting event at once (Space while they play)."""
        while self.queue:
            self._next_event()
        self._landed()
        self.current = None
        self.flash = ()
        g = self.match.query
        self.shown_money = [float(m) for m in g.money]
        self.shown_chip = [float(c) for c in g.chip]

    def _animate(self, dt: float) -> None:
        g = self.match.query
        sp = self.speed()
        if sp is None:  # no animation: every event told at once
            if self.queue or self.current is not None:
                self.skip()
            return
        if self.current is not None:
            self.current_left -= dt
            if not self.rolling():
                self._landed()
            if self.current_left <= 0:
                self.current = None
                self.flash = ()
        if self.current is None and self.queue:
            self._next_event()
        rate = None if sp is None else 4.0 * sp
        if self.held or self.rolling():  # the mats keep what the player before saw until the next player
            return  # has the screen; and a gamble's money moves once its dice have landed
        for s in range(g.n):
            for shown, real in ((self.shown_money, g.money[s]), (self.shown_chip, g.chip[s])):
                if rate is None:
                    shown[s] = float(real)
                else:
                    d = real - shown[s]
                    stepped = d * min(1.0, dt * rate) + (0.5 if d > 0 else -0.5 if d < 0 else 0) * dt * rate
                    shown[s] = real if abs(stepped) >= abs(d) else shown[s] + stepped
