"""The AI levels: Easy, Medium, Hard and Expert (registered with ``make_ai``).

Every level reads only public information (see ``fastsim.View``) and draws
its random numbers from its own ``random.Random`` seeded at creation, never
from the game's.
"""

from __future__ import annotations

import math
import random
import threading
import time

from ..core import PLACE, Game, Place
from ..core.payout import settle
from .base import Player, register
from .fastsim import Gains, Playout, View


def _counts(game: Game) -> tuple[list[int], list[int]]:
    """Own / neutral dice of the current roll per value (index 1..6)."""
    own = [0] * 7
    neu = [0] * 7
    nn = game.neutral_owner
    for o, v in zip(game.roll_owners, game.roll_values):
        if o == nn and not game.config.is_solo:
            neu[v] += 1
        else:
            own[v] += 1
    return own, neu


# ---------------------------------------------------------------- Easy
class EasyPlayer(Player):
    """A beginner: grabs the biggest group of dice, or plays at random.

    Three times in ten it places a random value; otherwise it places the value
    it rolled most of (ties: the casino with the biggest top bill).  It never
    looks at ties or at who else is at a casino, so it often cancels itself
    out and spends its dice early: easy to exploit.
    """

    level = "easy"
    mistake = 0.3

    def choose(self, game: Game, budget: float | None = None,
               cancel: threading.Event | None = None) -> Place:
        actions = game.legal_actions()
        if len(actions) == 1 or self.rng.random() < self.mistake:
            return actions[int(self.rng.random() * len(actions))]
        seat_owner = 0 if game.config.is_solo else game.current
        mine = [0] * 7
        for o, v in zip(game.roll_owners, game.roll_values):
            if o == seat_owner:
                mine[v] += 1

        def key(a: Place) -> tuple:
            bills = game.casino_bills[a.value - 1]
            return (mine[a.value], bills[0] if bills else 0, a.value)

        return max(actions, key=key)


# ---------------------------------------------------------------- Medium
class MediumPlayer(Player):
    """One-step greedy, from the core's payout preview.

    The value that maximizes the money this seat would win if the round ended
    right after placing; ties: fewest own dice placed (dice kept for later),
    then fewest dice, then the lowest value.  In solo the money counted is the
    player's minus the other colours' (what decides a solo game).
    This is exactly the playout policy of ``fastsim`` (a test checks it).
    """

    level = "medium"

    def choose(self, game: Game, budget: float | None = None,
               cancel: threading.Event | None = None) -> Place:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        solo = game.config.is_solo
        me = game.config.seats[0] if solo else game.config.seats[game.current]
        best = None
        best_key = None
        for a in actions:
            p = game.preview(a.value)
            before = p["before"]["awards"]
            after = p["after"]["awards"]
            mine = sum(b for o, b in after if o == me) - sum(b for o, b in before if o == me)
            if solo:
                others = (sum(b for o, b in after if o != me)
                          - sum(b for o, b in before if o != me))
                d = mine - others
            else:
                d = mine
            placed = p["placed"]
            own = placed.get(me, 0)
            key = (d, -own, -(sum(placed.values()) if not solo else 0))
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best


# ---------------------------------------------------------------- Hard
class HardPlayer(Player):
    """Plays for standing with a one-move look at the whole table.

    For each value it projects the end of the round: every opponent's dice
    still in hand are spread over all casinos (``spread`` dice per die held),
    which discounts majorities that the remaining dice can still catch or
    cancel and rewards second places that are safe.  It then scores its
    projected total against the best opponent's (the margin against the
    leader, not just its own money), plus a value for each own die kept.
    """

    level = "hard"
    spread = 0.2
    keep = 4000

    def choose(self, game: Game, budget: float | None = None,
               cancel: threading.Event | None = None) -> Place:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        view = View.of(game)
        po = Playout(view)
        best = None
        best_s = None
        for a in actions:
            s = self.score(view, po, a.value)
            if best_s is None or s > best_s:
                best, best_s = a, s
        return best

    def score(self, view: View, po: Playout, value: int) -> float:
        dice, left, nleft = po.place_root(value)
        me = view.seat_owner
        n = view.n_owners
        rem = [float(x) for x in left]
        if view.neutral >= 0:
            rem[view.neutral] = float(sum(nleft))
        rem[me] = 0.0
        q = self.spread
        totals = [float(m) for m in view.money]
        for c in range(6):
            row = dice[c]
            proj = [row[o] + q * rem[o] for o in range(n)]
            for o, b in settle(proj, view.bills[c])[0]:
                totals[o] += b
        if view.solo:
            margin = totals[0] - (sum(totals) - totals[0])
        else:
            margin = totals[me] - max(totals[o] for o in range(view.n_seats) if o != me)
        return margin + self.keep * left[me]


# ---------------------------------------------------------------- Expert
class ExpertPlayer(Player):
    """Monte Carlo search over the rest of the round.

    Every legal value (at most 6) is tried with playouts of the rest of the
    round in which every seat plays the Medium policy on dice drawn from the
    AI's own generator.  The end of a playout is scored by the margin against
    the best opponent (solo: against all the other colours together); in the
    last round by the win itself (ties shared) plus a small margin term.
    Playouts are shared out by successive halving: every value gets the same
    random numbers in a stage (common random numbers, so values are compared
    on the same luck), and the weaker half is dropped after each stage.

    Two budgets: ``work`` (simulated turns per decision; deterministic, the
    default, used by tests and tournaments) and ``budget`` seconds passed to
    ``choose`` (time-limited, as the desktop game uses it; not reproducible).
    ``cancel`` stops the search at once and returns the best value so far.
    """

    level = "expert"
    #: simulated turns per decision in the deterministic mode (about 100 ms here)
    default_work = 6000

    def __init__(self, seed: int | None = None, work: int | None = None,
                 margin_scale: float = 0.0) -> None:
        super().__init__(seed)
        self.work = work if work is not None else self.default_work
        self.margin_scale = margin_scale  # 0: linear margin; >0: tanh(margin/scale)

    def evaluate(self, view: View, gains: Gains, dice) -> float:
        g = gains.round_gains(dice)
        money = view.money
        if view.solo:
            me = money[0] + g[0]
            others = sum(money) + sum(g) - me
            margin = me - others
            if view.last_round:
                return (1.0 if margin > 0 else 0.0) + 0.02 * margin / 100_000
        else:
            s = view.current
            n = view.n_seats
            tot = [money[o] + g[o] for o in range(n)]
            best = max(tot[o] for o in range(n) if o != s)
            margin = tot[s] - best
            if view.last_round:
                if margin > 0:
                    win = 1.0
                elif margin < 0:
                    win = 0.0
                else:
                    nb = gains.round_bills(dice)
                    bills = [view.nbills[o] + nb[o] for o in range(n)]
                    top = max((tot[o], bills[o]) for o in range(n))
                    if (tot[s], bills[s]) == top:
                        win = 1.0 / sum(1 for o in range(n) if (tot[o], bills[o]) == top)
                    else:
                        win = 0.0
                return win + 0.02 * margin / 100_000
        if self.margin_scale > 0:
            left = view.rounds - view.round - 1
            return math.tanh(margin / (self.margin_scale * math.sqrt(left)))
        return margin / 100_000

    def choose(self, game: Game, budget: float | None = None,
               cancel: threading.Event | None = None) -> Place:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        t0 = time.perf_counter()
        view = View.of(game)
        po = Playout(view)
        gains = po.gains
        values = [a.value for a in actions]
        base = self.rng.getrandbits(62)
        stages = max(1, math.ceil(math.log2(len(values))))
        sums = {v: 0.0 for v in values}
        counts = {v: 0 for v in values}
        alive = list(values)
        spent = 0
        sample = 0
        rng = random.Random()
        for stage in range(stages):
            if budget is not None:
                stage_end_t = t0 + budget * (stage + 1) / stages
            else:
                stage_end_w = self.work * (stage + 1) / stages
            while True:
                if cancel is not None and cancel.is_set():
                    break
                if budget is not None:
                    if time.perf_counter() >= stage_end_t and counts[alive[0]] > 0:
                        break
                elif spent >= stage_end_w and counts[alive[0]] > 0:
                    break
                seed = base + sample
                sample += 1
                for v in alive:
                    rng.seed(seed)
                    dice, turns = po.run(v, rng.random)
                    sums[v] += self.evaluate(view, gains, dice)
                    counts[v] += 1
                    spent += turns + 1
            if cancel is not None and cancel.is_set():
                break
            if stage < stages - 1 and len(alive) > 2:
                alive.sort(key=lambda v: (-sums[v] / counts[v], v))
                alive = alive[:max(2, (len(alive) + 1) // 2)]
        pool = [v for v in alive if counts[v]] or [v for v in values if counts[v]]
        if not pool:
            return actions[0]
        best = max(pool, key=lambda v: (sums[v] / counts[v], -v))
        return PLACE[best]


register("easy", EasyPlayer)
register("medium", MediumPlayer)
register("hard", HardPlayer)
register("expert", ExpertPlayer)
