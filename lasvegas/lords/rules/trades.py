"""Trades (D13, D14): proposals, answers, and what changes hands.

One part of the rules engine ``lasvegas.lords.game.Game``, which is made of these parts
(see lasvegas/lords/rules/__init__.py); the methods use the game's state as ``Game`` keeps it.
"""

from __future__ import annotations

from typing import Any

from ...kernel.errors import IllegalAction
from .. import actions as A
from .. import events as E
from ..board import DICE_PER_SEAT, MARKERS_PER_SEAT, N_LOTS
from .. import refusals
from ..refusals import Reason, refuse
from .base import PLAY, PLACE, _name
from .build import BuildAndSprawl
from .remodel import RemodelAndReorganize


class Trades:
    """Trades between seats during Step 2 (D13, D14): a proposal checked, accepted, rejected,
    withdrawn or lapsed; what changes hands, bundled actions included."""

    def _offer_problem(self, giver: int, o: A.Offer) -> str | None:
        if type(o) is not A.Offer:
            return Reason("offer.type")
        if type(o.lots) is not tuple or type(o.dice) is not tuple:
            return Reason("offer.tuples")
        if type(o.money) is not int or o.money < 0:
            return Reason("offer.money")
        for lot in o.lots:
            if type(lot) is not int or not 0 <= lot < N_LOTS or self.marker[lot] != giver:
                return Reason("offer.marker", lot=_name(lot), who=self.seats[giver])
        for lot in o.dice:
            if type(lot) is not int or not 0 <= lot < N_LOTS or self.owner[lot] != giver:
                return Reason("offer.die", lot=_name(lot), who=self.seats[giver])
        if len(set(o.lots)) != len(o.lots) or len(set(o.dice)) != len(o.dice):
            return Reason("offer.twice")
        return None

    def _propose(self, a: A.Propose, ev: list) -> None:
        if self.phase != PLAY:
            raise refuse("trade.waiting", waiting=self._waiting_words())
        to = a.to
        if type(to) is not int or not 0 <= to < self.n or to == a.seat:
            raise refuse("trade.seats")
        if (a.seat, to) in self.proposals:
            raise refuse("trade.open")
        for giver, o in ((a.seat, a.give), (to, a.get)):
            p = self._offer_problem(giver, o)
            if p:
                raise refuse("trade.offer", problem=p)
        if a.action is not None:
            if type(a.action) not in A.BUNDLABLE or type(a.action.seat) is not int:
                raise refuse("trade.bundle")
            if self.active not in (a.seat, to) or a.action.seat != self.active:
                raise refuse("trade.bundle_active")
        elif a.give.is_empty() and a.get.is_empty():
            raise refuse("trade.empty")
        self.proposals[(a.seat, to)] = a
        ev.append(E.TradeProposed(a.seat, to, A.offer_to_dict(a.give), A.offer_to_dict(a.get),
                                  None if a.action is None else A.to_dict(a.action)))

    def trade_problem(self, p: A.Propose) -> str | None:
        """Why proposal ``p`` could not be carried out now (D13), or None."""
        if self.phase != PLAY:
            return Reason("trade.pending")
        for giver, o in ((p.seat, p.give), (p.to, p.get)):
            prob = self._offer_problem(giver, o)
            if prob:
                return prob
            if o.money > self.money[giver]:
                return Reason("trade.money", who=self.seats[giver], money=self.money[giver])
        for me, mine, theirs in ((p.seat, p.give, p.get), (p.to, p.get, p.give)):
            if self.markers_used[me] - len(mine.lots) + len(theirs.lots) > MARKERS_PER_SEAT:
                return Reason("trade.markers", who=self.seats[me], n=MARKERS_PER_SEAT)
            if self.dice_used[me] - len(mine.dice) + len(theirs.dice) > DICE_PER_SEAT:
                return Reason("trade.dice", who=self.seats[me], n=DICE_PER_SEAT)
        if p.action is not None and self.active not in (p.seat, p.to):
            return Reason("trade.not_active")
        return None

    def _accept(self, a: A.Accept, ev: list) -> None:
        p = self.proposals.get((a.proposer, a.seat)) if type(a.proposer) is int else None
        if p is None:
            raise refuse("accept.none")
        prob = self.trade_problem(p)
        if prob:
            raise refuse("accept.problem", problem=prob)
        saved = (list(self.money), list(self.marker), list(self.owner), list(self.markers_used),
                 list(self.dice_used))
        self._transfer(p.seat, p.to, p.give)
        self._transfer(p.to, p.seat, p.get)
        done: list = []
        if p.action is not None:
            try:
                _BUNDLED[type(p.action)](self, p.action, done)
            except IllegalAction as e:
                (self.money, self.marker, self.owner, self.markers_used, self.dice_used) = saved
                self._bc = None
                raise refuse("accept.after", problem=refusals.of(e)) from None
        del self.proposals[(p.seat, p.to)]
        ev.append(E.TradeAccepted(a.seat, p.seat, A.offer_to_dict(p.give), A.offer_to_dict(p.get),
                                  None if p.action is None else A.to_dict(p.action)))
        ev.extend(done)
        if self.phase != PLACE:  # after a bundled reorganize: once its dice are placed
            self._ties(ev)  # one tie resolution for the whole trade (a gamble's roll changes no die)

    def _transfer(self, giver: int, receiver: int, o: A.Offer) -> None:
        self.money[giver] -= o.money
        self.money[receiver] += o.money
        for lot in o.lots:
            self.marker[lot] = receiver
        for lot in o.dice:
            self.owner[lot] = receiver  # the die keeps its value and its tile's mark
            self._bc = None
        k, d = len(o.lots), len(o.dice)
        self.markers_used[giver] -= k
        self.markers_used[receiver] += k
        self.dice_used[giver] -= d
        self.dice_used[receiver] += d

    def traded(self, p: A.Propose):
        """A copy of the game once proposal ``p``'s offers have changed hands, its action not done:
        the game its bundled action is checked on at acceptance (D13)."""
        g = self.copy()
        g._transfer(p.seat, p.to, p.give)
        g._transfer(p.to, p.seat, p.get)
        return g

    def _reject(self, a: A.Reject, ev: list) -> None:
        if type(a.proposer) is not int or self.proposals.pop((a.proposer, a.seat), None) is None:
            raise refuse("reject.none")
        ev.append(E.TradeClosed(a.proposer, a.seat, "rejected"))

    def _withdraw(self, a: A.Withdraw, ev: list) -> None:
        if type(a.to) is not int or self.proposals.pop((a.seat, a.to), None) is None:
            raise refuse("withdraw.none")
        ev.append(E.TradeClosed(a.seat, a.to, "withdrawn"))

    def _lapse(self, ev: list) -> None:
        """D14: a proposal lapses when an item in it changed hands."""
        for key in sorted(self.proposals):
            p = self.proposals[key]
            if self._offer_problem(p.seat, p.give) or self._offer_problem(p.to, p.get):
                del self.proposals[key]
                ev.append(E.TradeClosed(key[0], key[1], "lapsed"))

    def trade_answers(self, seat: int) -> list:
        """Accept (when it can be carried out now), reject and withdraw of open proposals."""
        out: list = []
        if not self.proposals:
            return out
        for (frm, to), p in sorted(self.proposals.items()):
            if to == seat:
                if self.trade_problem(p) is None and (p.action is None or self._bundled_ok(p)):
                    out.append(A.Accept(seat, frm))
                out.append(A.Reject(seat, frm))
            elif frm == seat:
                out.append(A.Withdraw(seat, to))
        return out

    def _bundled_ok(self, p: A.Propose) -> bool:
        g = self.copy()
        try:
            g.apply(A.Accept(p.to, p.seat))
        except IllegalAction:
            return False
        return True


def _bundled_gamble(g: Any, a: A.Gamble, ev: list) -> None:
    if g.phase != PLAY or a.seat != g.active:
        raise refuse("gamble.not_active")
    g._do_gamble(a, ev)


def _bundled(do):
    def run(g: Any, a: Any, ev: list) -> None:
        if a.seat != g.active:
            raise refuse("trade.only_active")
        do(g, a, ev)
    return run


#: the actions a trade may bundle, done for the active seat when the trade is accepted
_BUNDLED = {
    A.Build: _bundled(BuildAndSprawl._do_build), A.Sprawl: _bundled(BuildAndSprawl._do_sprawl),
    A.Remodel: _bundled(RemodelAndReorganize._do_remodel),
    A.Reorganize: _bundled(RemodelAndReorganize._do_reorganize),
    A.Gamble: _bundled_gamble,
}
