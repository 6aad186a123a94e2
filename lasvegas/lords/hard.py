"""The Hard AI of Lords of Vegas: a search over the unknown deck, and trade proposals.

For each of its candidate actions (Medium's list, pruned to the best few by a
static value, and ending the turn) Hard plays on in the same ``worlds``
determinized worlds (``Game.determinize``: the unknown cards shuffled again
from Hard's own generator, the End card in its public place, fresh dice): the
action, the end of its turn, then one round of draws with take-overs and
payouts as they fall, the other seats playing a fast rule ("medium-lite":
build on their own lots in the colour that best joins their casinos while they
keep a reserve, sprawl when boss with money to spare).  The positions reached
are valued as Medium values them, except that a boss seat counts by what a
payout really moves the chip on the score track (a casino smaller than the next
step scores nothing) and a marked lot next to a casino Hard bosses counts as
room to grow it (``value(..., hard=True)``).  The same worlds serve every candidate, so their
comparison is not blurred by luck.  Hard never reads the deck's order.

Trades: at the start of its Step 2 Hard looks for one deal good for both
sides — buying a marked lot next to its casinos, selling one of its marked lots
that would complete another seat's casino, buying a die that would make it
boss — at the lowest price on a short ladder that the other seat should accept
by Medium's rule; it proposes it only when it gains at least $3 of value.
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from .ai import Medium, trade_gains, value
from .board import COST, IN_F, NEIGHBOURS, N_LOTS
from .game import DIE_MOVE, LAYOFF, MARKER, PLACE, PLAY, Game

PRICES = (1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25, 30)


def hard_value(game: Game, seat: int) -> float:
    """Hard's valuation of a position (``value`` with ``hard=True``)."""
    return value(game, seat, True)


def hard_relative(game: Game, seat: int, val: Any = None) -> float:
    val = val or hard_value
    others = [val(game, s) for s in range(game.n) if s != seat]
    return val(game, seat) - 0.5 * max(others)


def _settle(g: Game) -> None:
    """Answer pending prompts with defaults (no lay-off, D8's placement, first option)."""
    for _ in range(60):
        ph = g.phase
        if ph == PLAY or g.is_over:
            return
        s = g.to_act
        if ph == PLACE:
            g.apply(g.default_placement(s))
        elif ph == LAYOFF:
            g.apply(A.LayOff(s, False))
        else:
            g.apply(g.legal_actions(s)[0])


def lite_action(g: Game, seat: int) -> Any:
    """The rollout rule of the other seats (cheap; no copies)."""
    money = g.money[seat]
    tile, owner = g.tile, g.owner
    take = -1
    if g.dice_used[seat] >= 12:
        return A.EndTurn(seat)
    counts = g.deck_counts()
    best, best_s = None, 0.0
    two = g.n == 2
    for i in range(N_LOTS):
        if g.marker[i] != seat or COST[i] > money - 3 or (two and IN_F[i]):
            continue
        for c in range(5):
            if g.supply[c] <= 0:
                continue
            s = counts[c] * 0.5 + 1.0
            for nb in NEIGHBOURS[i]:
                if tile[nb] == c:
                    s += 3.0 if owner[nb] == seat else -0.5
            if s > best_s:
                best, best_s = A.Build(seat, i, c, take), s
    if best is not None:
        return best
    if money >= 30:
        sp = g.sprawl_options(seat)
        if sp:
            return max(sp, key=lambda a: (-COST[a.lot], a.lot))
    return A.EndTurn(seat)


def rollout(g: Game, seat: int, limit: int = 400) -> None:
    """Play on from the end of ``seat``'s action until its next Step 2 (or the end)."""
    if g.phase == PLAY and g.active == seat:
        g.apply(A.EndTurn(seat))
    for _ in range(limit):
        if g.is_over:
            return
        if g.phase != PLAY:
            _settle(g)
            continue
        if g.active == seat:
            return
        g.apply(lite_action(g, g.active))


class Hard(Medium):
    level = "hard"
    worlds = 8      # determinized worlds per move
    keep = 5        # candidates kept after the static pruning
    val = staticmethod(hard_value)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._traded: tuple | None = None

    def act(self, game: Game, seat: int) -> Any:
        ph = game.phase
        if ph != PLAY or seat != game.active:
            return super().act(game, seat)
        for (frm, to), p in sorted(game.proposals.items()):
            if to == seat:
                return self.answer(game, seat, p)
        key = (game.turn, game.active, game.pos)
        if self._traded != key and game.trade_window:
            self._traded = key
            if not any(k[0] == seat for k in game.proposals):
                p = self.propose(game, seat)
                if p is not None:
                    return p
        return self._search(game, seat)

    # ------------------------------------------------------------ the search
    def _search(self, game: Game, seat: int) -> Any:
        scored = []
        for a in self._candidates(game, seat):
            if type(a) is A.Reorganize:
                g = game.determinize(self.rng)
                g.apply(a)
                _settle(g)
            else:
                g = game.copy()
                g.apply(a)
            scored.append((hard_relative(g, seat, self.val), len(scored), a))
        if not scored:
            return A.EndTurn(seat)
        scored.sort(key=lambda t: (-t[0], t[1]))
        cands = [A.EndTurn(seat)] + [a for _, _, a in scored[:self.keep]]
        worlds = [game.determinize(self.rng) for _ in range(self.worlds)]
        totals = []
        for a in cands:
            t = 0.0
            for w in worlds:
                g = w.copy()
                g.apply(a)
                _settle(g)
                rollout(g, seat)
                t += hard_relative(g, seat, self.val)
            totals.append(t / len(worlds))
        best = max(range(len(cands)), key=lambda i: (totals[i] - (0.0 if i == 0 else 0.5), -i))
        return cands[best]

    # ------------------------------------------------------------ trades
    def _gains(self, game: Game, seat: int, p: A.Propose) -> tuple[float, float] | None:
        other = p.seat if seat == p.to else p.to
        g1 = trade_gains(game, seat, p, random.Random(self.rng.random()), hard_value)
        g2 = trade_gains(game, other, p, random.Random(self.rng.random()), value)
        if g1 is None or g2 is None:
            return None
        return g1[0], g2[0]

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

    def propose(self, game: Game, seat: int) -> A.Propose | None:
        """One trade good for both sides (by Hard's and Medium's values), or None."""
        if not game.trade_window or game.phase != PLAY:
            return None
        best, best_gain = None, 3.0
        for other, kind, lot in self.trade_items(game, seat)[:24]:
            if (seat, other) in game.proposals:
                continue
            for price in PRICES:
                if kind == "sell":
                    if price > game.money[other]:
                        break
                    p = A.Propose(seat, other, A.Offer(0, (lot,)), A.Offer(price))
                else:
                    if price > game.money[seat]:
                        break
                    get = A.Offer(0, (lot,)) if kind == "buy" else A.Offer(0, (), (lot,))
                    p = A.Propose(seat, other, A.Offer(price), get)
                if game.trade_problem(p) is not None:
                    break
                gains = self._gains(game, seat, p)
                if gains is None:
                    break
                mine, theirs = gains
                ok = theirs > 1.0 and theirs >= 0.5 * mine
                if kind == "sell":          # a higher price: more for me, less for them
                    if ok and mine > best_gain:
                        best, best_gain = p, mine
                    elif not ok and mine > 0:
                        break
                    continue
                if mine <= best_gain:
                    break                   # paying more only lowers my gain
                if ok:
                    best, best_gain = p, mine
                    break
        return best


__all__ = ["Hard", "hard_value", "hard_relative", "lite_action", "rollout"]
