"""The trades an AI seat proposes on its own turn (D13–D14): what it looks at, how it prices a
deal, when it attaches an action, when it withdraws an offer, and how it never repeats itself.

``Dealer`` is a part of Medium (``players.py``) and so of Hard (``hard.py``); each level sets how
far it looks (the class attributes below) and values a deal by its own evaluation (``_net``: what
the deal is worth to it less a share of what it is worth to the other seat, and what it is worth
to the other seat by Medium's rule of acceptance).  The shapes of a deal:

* money for a marked lot of another seat next to its tiles ("buy"), for a die of another seat in
  a casino where it has dice but is not boss ("die"), or its own marked lot next to another
  seat's tiles for money ("sell");
* swaps, with money to balance either way: its marked lot for theirs, a die of its own (in a
  casino it does not boss) for their marked lot, its marked lot for their die;
* with ``bundle``, on its own turn, a build on the lot it buys attached to the deal (D13: the
  bundled action is done after the transfers, within the money left).

A deal is offered only when its worth to the AI is at least ``offer_gain`` and the other seat
should accept it by Medium's rule; the money on the deal is the best for the AI on a short ladder.
The AI looks at most once a turn, never proposes a deal it already proposed in that turn, and
withdraws an open offer of its own when the position has changed so that the deal no longer gains
it half of ``offer_gain`` (or can no longer be carried out).  Public information only: every deal
is valued in worlds of the AI's own random generator (``Game.determinize``), never the deck's
order or the game's dice.  No pygame.
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from .board import COST, IN_F, NEIGHBOURS, N_LOTS
from .dice import RandomDice
from .game import PLAY, Game

#: the money ladder a deal is priced on
PRICES = (1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25, 30)


class Dealer:
    """The trade proposals of an AI seat (a part of Medium and Hard)."""

    #: propose trades at all
    trades = True
    #: the money ladder
    prices: tuple[int, ...] = PRICES
    #: at most this many one-sided deals (buy, sell, die) and swaps are priced per look
    max_items = 24
    max_swaps = 8
    #: what a deal must be worth to the AI (its ``_net``) to be offered
    offer_gain = 3.0
    #: attach a build on the lot bought, on its own turn, where that is worth more
    bundle = False

    # ``rng`` and ``rel`` come from the player; ``_net`` from the level
    rng: random.Random

    def _net(self, game: Game, seat: int, p: A.Propose) -> tuple[float, float] | None:
        raise NotImplementedError

    # ------------------------------------------------------------ once a turn, never twice
    def _trade_memory(self, game: Game) -> set:
        """The deals proposed in the current turn (forgotten when the turn changes)."""
        key = (game.turn, game.active)
        if getattr(self, "_made_key", None) != key:
            self._made_key = key
            self._made: set = set()
            self._looked = False
        return self._made

    def note_offer(self, game: Game, p: A.Propose) -> None:
        """Remember a deal this seat proposed in the current turn (made elsewhere: it is not made
        again in this turn)."""
        self._trade_memory(game).add(p)

    def recall(self, game: Game, offered: list[A.Propose], looked: bool) -> None:
        """What this seat did earlier in the current turn (a player made afresh for one decision,
        as the server makes it): the deals it proposed are never proposed again in this turn, and
        once it has looked for a deal it does not look again."""
        made = self._trade_memory(game)
        made.update(offered)
        if looked:
            self._looked = True

    def trade_step(self, game: Game, seat: int) -> Any:
        """On ``seat``'s own Step 2: the withdrawal of an open offer of its that lost its point, else
        the one deal it proposes this turn (at its first look), else None."""
        if not self.trades or game.phase != PLAY or seat != game.active or not game.trade_window:
            return None
        made = self._trade_memory(game)
        for (frm, to), p in sorted(game.proposals.items()):
            if frm == seat:
                made.add(p)
                if self.lost_point(game, seat, p):
                    return A.Withdraw(seat, to)
        if self._looked:
            return None
        self._looked = True
        if any(frm == seat for (frm, _to) in game.proposals):
            return None
        p = self.propose(game, seat)
        if p is not None:
            made.add(p)
        return p

    def lost_point(self, game: Game, seat: int, p: A.Propose) -> bool:
        """Whether open offer ``p`` of ``seat`` is no longer worth making: it cannot be carried
        out now, or it gains ``seat`` less than half of ``offer_gain`` (its own evaluation)."""
        if game.trade_problem(p) is not None:
            return True
        gains = self._net(game, seat, p)
        return gains is None or gains[0] < 0.5 * self.offer_gain

    # ------------------------------------------------------------ what to price
    def trade_items(self, game: Game, seat: int) -> list[tuple[int, str, int]]:
        """(other seat, kind, lot) worth pricing: "buy" a marked lot or "die" of theirs next to
        my tiles, "sell" my marked lot next to their tiles."""
        out = []
        tile, owner, marker = game.tile, game.owner, game.marker
        two = game.n == 2
        for i in range(N_LOTS):
            if two and IN_F[i]:
                continue
            near = {owner[nb] for nb in NEIGHBOURS[i] if tile[nb] >= 0 and owner[nb] >= 0}
            m = marker[i]
            if tile[i] < 0 and m >= 0:
                if m != seat and seat in near:
                    out.append((m, "buy", i))
                elif m == seat:
                    out.extend((o, "sell", i) for o in sorted(near) if o != seat)
            elif tile[i] >= 0 and owner[i] >= 0 and owner[i] != seat:
                k = game.casino_of(i)
                if game.boss(k) != seat and any(owner[j] == seat for j in k):
                    out.append((owner[i], "die", i))
        return out

    def swap_items(self, game: Game, seat: int,
                   items: list[tuple[int, str, int]]) -> list[tuple[int, A.Offer, A.Offer]]:
        """(other seat, what I give, what I get) of the swaps worth pricing (money added later):
        my marked lot they want for theirs I want, a die of mine in a casino I do not boss for
        their marked lot, my marked lot for their die; the cheapest of mine first."""
        spare = sorted((i for i in range(N_LOTS) if game.owner[i] == seat and game.tile[i] >= 0
                        and game.boss(game.casino_of(i)) != seat), key=lambda i: (game.value[i], i))[:2]
        out = []
        for o in sorted({it[0] for it in items}):
            buy = [i for (x, k, i) in items if x == o and k == "buy"]
            sell = [i for (x, k, i) in items if x == o and k == "sell"]
            die = [i for (x, k, i) in items if x == o and k == "die"]
            for b in buy:
                out.extend((o, A.Offer(0, (s,)), A.Offer(0, (b,))) for s in sell)
                out.extend((o, A.Offer(0, (), (d,)), A.Offer(0, (b,))) for d in spare)
            for x in die:
                out.extend((o, A.Offer(0, (s,)), A.Offer(0, (), (x,))) for s in sell)
        return out[:self.max_swaps]

    # ------------------------------------------------------------ pricing
    def propose(self, game: Game, seat: int) -> A.Propose | None:
        """The one deal good for both sides by Medium's rule and worth at least ``offer_gain`` to
        ``seat`` by its own ``_net`` (the best of them), never one already made this turn; or None."""
        if not game.trade_window or game.phase != PLAY:
            return None
        made = self._trade_memory(game)
        best: tuple[A.Propose | None, float] = (None, self.offer_gain)
        items = self.trade_items(game, seat)
        for other, kind, lot in items[:self.max_items]:
            if (seat, other) in game.proposals:
                continue
            if kind == "sell":
                deal = (A.Offer(0, (lot,)), A.NO_OFFER)
            else:
                deal = (A.NO_OFFER, A.Offer(0, (lot,)) if kind == "buy" else A.Offer(0, (), (lot,)))
            found = self._price(game, seat, other, deal, None, best[1], made)
            if found is not None:
                best = found
            if kind == "buy" and self.bundle and seat == game.active:
                build = self._bundled_build(game, seat, other, lot)
                if build is not None:
                    found = self._price(game, seat, other, deal, build, best[1], made)
                    if found is not None:
                        best = found
        for other, give, get in self.swap_items(game, seat, items):
            if (seat, other) not in game.proposals:
                found = self._price(game, seat, other, (give, get), None, best[1], made)
                if found is not None:
                    best = found
        return best[0]

    def _price(self, game: Game, seat: int, other: int, deal: tuple[A.Offer, A.Offer], action: A.Action | None,
               floor: float, made: set) -> tuple[A.Propose, float] | None:
        """The deal ``deal`` (what I give, what I get, no money yet) with the money that is best for
        me while the other seat should accept, if it is worth more than ``floor`` to me; else None."""
        give, get = deal

        def make(m: int) -> A.Propose:  # m > 0: I pay m; m < 0: they pay -m
            return A.Propose(seat, other, A.Offer(max(m, 0), give.lots, give.dice),
                             A.Offer(max(-m, 0), get.lots, get.dice), action)

        def judge(m: int) -> tuple[A.Propose, float, bool] | None:
            p = make(m)
            if game.trade_problem(p) is not None:
                return None
            gains = self._net(game, seat, p)
            if gains is None:
                return None
            mine, theirs = gains
            return p, mine, theirs > 1.0 and theirs >= 0.5 * mine

        best = None
        if give.is_empty() or get.is_empty():
            start = None
        else:  # a swap: even first, then money one way or the other
            start = judge(0)
            if start is None:
                return None
            if start[2] and start[1] > floor and start[0] not in made:
                best, floor = (start[0], start[1]), start[1]
        if get.is_empty() or (start is not None and start[2]):
            for price in self.prices:       # they pay: the most they accept
                if price > game.money[other]:
                    break
                r = judge(-price)
                if r is None:
                    break
                p, mine, ok = r
                if ok and mine > floor and p not in made:
                    best, floor = (p, mine), mine
                elif not ok and mine > 0:
                    break
            return best
        for price in self.prices:           # I pay: the least they accept
            if price > game.money[seat]:
                break
            r = judge(price)
            if r is None:
                break
            p, mine, ok = r
            if mine <= floor:
                break                       # paying more only lowers my gain
            if ok and p not in made:
                return p, mine
        return best

    def _bundled_build(self, game: Game, seat: int, other: int, lot: int) -> A.Build | None:
        """The build on ``lot`` (once bought from ``other``) that this seat would like best, if it
        could make one at all (its money then: at most what it holds less the lot's cost)."""
        if COST[lot] >= game.money[seat]:
            return None
        g = game.copy()
        g.dice = RandomDice(random.Random(0))  # only the options are read, never a roll
        g.proposals[(seat, other)] = A.Propose(seat, other, A.NO_OFFER, A.Offer(0, (lot,)))
        try:
            g.apply(A.Accept(other, seat))
        except ValueError:
            return None
        builds = [b for b in g.build_options(seat) if b.lot == lot]
        if not builds:
            return None
        return max(builds, key=lambda b: (self._build_worth(g, seat, b), -b.colour, -b.take_from))

    def _build_worth(self, g: Game, seat: int, b: A.Build) -> float:
        c = g.copy()
        c.dice = RandomDice(self.rng)
        c.apply(b)
        return self.rel(c, seat)  # type: ignore[attr-defined]


__all__ = ["Dealer", "PRICES"]
