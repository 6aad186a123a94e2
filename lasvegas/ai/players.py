"""The AI levels: Easy, Medium, Hard and Expert (their book: ``levels``).

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
from .base import Player
from .fastsim import Gains, Playout, View, encode
from .greedy import GreedyPolicy


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
    """One-step greedy: the rule of ``greedy`` (the value that pays this seat
    the most extra money if the round ended right after placing; in solo the
    player's money minus the other colours').  The playouts of ``fastsim``
    play every other seat with the same rule.
    """

    level = "medium"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.policy = GreedyPolicy()

    def choose(self, game: Game, budget: float | None = None,
               cancel: threading.Event | None = None) -> Place:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return PLACE[self.policy.value(game)]


# ---------------------------------------------------------------- Hard
def _binom_cdf_table(p: float, nmax: int = 16) -> list[list[float]]:
    """``t[r][k]`` = P(Binomial(r, p) <= k) for k in 0..nmax (1.0 beyond r)."""
    t = []
    for r in range(nmax + 1):
        pmf = [math.comb(r, k) * p ** k * (1 - p) ** (r - k) for k in range(r + 1)]
        cdf = []
        acc = 0.0
        for k in range(nmax + 1):
            acc += pmf[k] if k <= r else 0.0
            cdf.append(min(1.0, acc))
        t.append(cdf)
    return t


class HardPlayer(Player):
    """Plays for standing with a one-move look at the whole table.

    For each value it estimates the money it can expect at that casino at the
    end of the round: each opponent's dice still in hand may each land there
    (probability ``land``), so a majority those dice can still catch or tie
    is worth less, and a safe second place is worth its bill.  It adds what
    the move takes from the current leader at that casino (its margin against
    the leader, not just its own money) and charges a price for each own die
    spent (dice kept are worth something later in the round).
    """

    level = "hard"
    land = 0.05
    die_cost = 15000
    leader_weight = 0.5
    _cdf_cache: dict = {}

    def _cdf(self) -> list[list[float]]:
        t = self._cdf_cache.get(self.land)
        if t is None:
            t = self._cdf_cache[self.land] = _binom_cdf_table(self.land)
        return t

    def expected(self, row, rem, me: int, bills) -> float:
        """My expected payout at a casino whose dice are ``row``; owner ``o`` still has ``rem[o]`` dice."""
        m = row[me]
        if m == 0 or not bills:
            return 0.0
        cdf = self._cdf()
        poly = [1.0]  # coefficient k: P(exactly k owners above me, nobody tied with me)
        for o, x in enumerate(row):
            if o == me:
                continue
            r = rem[o]
            if x > m:
                below, tie, above = 0.0, 0.0, 1.0
            elif r == 0:
                if x == m:
                    return 0.0
                below, tie, above = 1.0, 0.0, 0.0
            else:
                c = cdf[r]
                below = c[m - x - 1] if m - x - 1 >= 0 else 0.0
                le = c[m - x]
                tie = le - below
                above = 1.0 - le
            if tie >= 1.0:
                return 0.0
            new = [0.0] * (len(poly) + 1)
            for k, pk in enumerate(poly):
                new[k] += pk * below
                new[k + 1] += pk * above
            poly = new
        return sum(pk * bills[k] for k, pk in enumerate(poly) if k < len(bills))

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
        c = value - 1
        bills = view.bills[c]
        rem = list(left)
        for o, b in enumerate(view.bleft):  # a Biggie still in hand can add one more
            rem[o] += b
        if view.neutral >= 0:
            rem[view.neutral] = sum(nleft)
        rem[me] = 0
        before = list(view.dice[c])
        after = dice[c]
        gain = self.expected(after, rem, me, bills) - self.expected(before, rem, me, bills)
        # what the move takes from the others (solo: all of them; else the leader)
        g0 = po.gains.get(c, encode(before))
        g1 = po.gains.get(c, encode(after))
        if view.solo:
            hit = (sum(g0) - g0[0]) - (sum(g1) - g1[0])
            lead_w = 1.0
        else:
            n = view.n_seats
            lead = max((o for o in range(n) if o != me), key=lambda o: view.money[o])
            hit = g0[lead] - g1[lead]
            lead_w = self.leader_weight
        used = view.left[me] - left[me]
        return gain + lead_w * hit - self.die_cost * used


# ---------------------------------------------------------------- Expert
#: The Expert's model of its own later turns with four and six seats: weights of
#: ``fastsim.learned_multi``, a conditional logit fitted to 14,568 choices the Expert
#: made (with Medium for its own later turns) against three Medium seats, the
#: decisions of ``build/fit_own_policy.py``.  These weights were fitted on a random 80%
#: of them and predict 59% of the other 20% (Medium's rule: 51%); the script's fit on
#: all of them is within 0.15 of these.  The tournament figures in docs/ai.md are
#: measured with these weights.
OWN_POLICY = (4.057438610146356, -0.7095219284451573, -0.03313973635567251,
              0.8317823430277601, 0.8670721435725294, 0.013383071317732894,
              0.7095219284451565, -0.6245569873448162, 0.3006268193655987,
              0.1984279161872497, 0.6112247834739363, -0.30062681936560176)


def round_win_chance(w: tuple, best: int, second: int, left: int) -> float:
    """The fitted chance of winning the game from the money at a round's end: ``best`` and
    ``second`` are the seat's money minus the richest and the second richest other seat's,
    ``left`` the rounds still to play (1 or more); ``w``: the intercepts for 1, 2 and 3 or
    more rounds left, then the slopes per $100k / sqrt(rounds left) (``ROUND_VALUE``)."""
    r = math.sqrt(left)
    z = w[min(left, 3) - 1] + (w[3] * best + w[4] * second) / (100_000 * r)
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))


#: The Expert's fitted chance of winning the game at a round's end before the last (weights of
#: ``round_win_chance``): a logistic fitted to 1,398 round ends (after rounds 1-3) of 466 games
#: of the Expert against three Medium seats (4 seats, classic bills), by ``python
#: build/fit_round_value.py play --seed 9000 --games 800 --out data.jsonl`` (stopped after 466
#: games, deals 9000-9116) then ``python build/fit_round_value.py fit data.jsonl``.
ROUND_VALUE = (-0.0362, 0.2487, 0.3195, 2.1012, 0.6115)


class ExpertPlayer(Player):
    """Monte Carlo search over the rest of the round.

    Every legal value (at most 6) is tried with playouts of the rest of the
    round in which every other seat plays the Medium policy, on dice drawn
    from the AI's own generator; its own later turns follow ``OWN_POLICY``
    with four and six seats and the Medium policy otherwise (``own_policy``).
    The end of a playout is scored by the margin against the best opponent
    (solo: against all the other colours together); in the last round by the
    win itself (ties shared) plus a small margin term.  ``round_value`` (off by
    default) scores a round's end before the last by a fitted chance of winning
    the game instead (``round_win_chance``).
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
    default_work = 12000

    #: successive halving (True) or the same number of playouts for every value
    halving = True
    #: before the last round: margin against the "best" opponent, or the "mean" of them
    versus = "best"
    #: die cost of its own later turns in the playouts (see ``greedy.best_value``)
    self_cost = 0
    #: in work mode (multi-seat), a final pair still within ``extend_z`` standard errors
    #: of each other gets more playouts, up to ``extend`` times the work (1: never;
    #: None: the default, ``model_extend`` with ``model_seats`` seats, never otherwise)
    extend: float | None = None
    model_extend = 3.0
    extend_z = 2.0
    #: its own later turns in the playouts: weights of ``fastsim.learned_multi``, None for
    #: the Medium policy, or "auto" (the default): ``OWN_POLICY`` with ``model_seats``
    #: seats, Medium otherwise (solo always plays them like Medium)
    own_policy: tuple | str | None = "auto"
    #: the seat counts where the fitted own-turn model and the extension are the default:
    #: the model was fitted and both were measured with 4 seats (docs/ai.md, Measured),
    #: and with 6 seats (every Boulevard option on) they lift the Expert to twice the
    #: fair share (docs/ai.md, Bigger tables); with 5 seats the extension took one move
    #: past 1 s, and 2 and 3 seats keep the Expert measured before
    model_seats = frozenset({4, 6})
    #: the value of a round's end before the last, with more than two seats: None (the default)
    #: for the margin against the best opponent, or weights like ``ROUND_VALUE`` for a fitted
    #: chance of winning the game (``round_win_chance``)
    round_value: tuple | None = None
    #: the clock the time budget is read from (seconds; a test may give its own)
    clock = staticmethod(time.perf_counter)

    def __init__(self, seed: int | None = None, work: int | None = None,
                 margin_scale: float = 0.0) -> None:
        super().__init__(seed)
        self.work = work if work is not None else self.default_work
        self._gains_key: tuple | None = None
        self._gains: Gains | None = None
        self.margin_scale = margin_scale  # 0: linear margin; >0: tanh(margin/scale)
        #: simulated turns the last search used (0 when there was nothing to choose)
        self.last_work = 0

    def configure(self, own_turns: str = "default", extend: float | None = None) -> "ExpertPlayer":
        """The command-line choices: ``own_turns`` "medium" plays its own later turns
        like Medium (the earlier Expert), "model" with ``OWN_POLICY`` at every seat
        count; ``extend`` sets the extension cap."""
        if own_turns == "medium":
            self.own_policy = None
        elif own_turns == "model":
            self.own_policy = OWN_POLICY
        if extend is not None:
            self.extend = extend
        return self

    def _model_default(self, view: View) -> bool:
        """Whether the own-turn model and the extension are the default here."""
        return not view.solo and view.n_seats in self.model_seats

    def own_model(self, view: View) -> tuple | None:
        """The weights its playouts use for its own later turns here (None: Medium)."""
        if view.solo:
            return None
        if self.own_policy == "auto":
            return OWN_POLICY if self._model_default(view) else None
        return self.own_policy

    def evaluate(self, view: View, gains: Gains, codes) -> float:
        """The value of a finished round (casino ``codes``) for the deciding seat."""
        g = gains.round_gains(codes)
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
            if not view.last_round and self.round_value is not None and n > 2:
                left = view.rounds - view.round - 1
                others = sorted((tot[o] for o in range(n) if o != s), reverse=True)
                return (round_win_chance(self.round_value, margin, tot[s] - others[1], left)
                        + 0.02 * margin / 100_000)
            if not view.last_round and self.versus == "mean":
                return (tot[s] - (sum(tot) - tot[s]) / (n - 1)) / 100_000
            if view.last_round:
                if margin > 0:
                    win = 1.0
                elif margin < 0:
                    win = 0.0
                else:
                    nb = gains.round_bills(codes)
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
            self.last_work = 0
            return actions[0]
        clock = self.clock
        t0 = clock()
        view = View.of(game)
        key = (view.n_owners, tuple(view.bills))
        if self._gains_key != key:  # the same bills all round: keep the payout cache
            self._gains_key = key
            self._gains = Gains(view.bills, view.n_owners)
        gains = self._gains
        po = Playout(view, gains, self_cost=self.self_cost, own_policy=self.own_model(view))
        values = [a.value for a in actions]
        base = self.rng.getrandbits(62)
        stages = max(1, math.ceil(math.log2(len(values)))) if self.halving else 1
        sums = {v: 0.0 for v in values}
        counts = {v: 0 for v in values}
        scores: dict[int, list[float]] = {v: [] for v in values}
        alive = list(values)
        spent = 0
        sample = 0
        rng = random.Random()
        # a close final pair may get more playouts (work mode, not solo: see ``extend``)
        extend = self.extend
        if extend is None:
            extend = self.model_extend if self._model_default(view) else 1.0
        max_work = self.work * (extend if budget is None and not view.solo else 1)
        track = max_work > self.work  # keep every score only when the extension can use them
        z2 = self.extend_z ** 2
        for stage in range(stages):
            final = track and stage == stages - 1 and len(alive) == 2
            if final:  # paired differences of the last two, on the samples they share
                d = [x - y for x, y in zip(scores[alive[0]], scores[alive[1]])]
                nd, ds, dq = len(d), sum(d), sum(x * x for x in d)
            if budget is not None:
                stage_end_t = t0 + budget * (stage + 1) / stages
            else:
                stage_end_w = self.work * (stage + 1) / stages
            while True:
                if cancel is not None and cancel.is_set():
                    break
                if budget is not None:
                    if clock() >= stage_end_t and counts[alive[0]] > 0:
                        break
                elif spent >= stage_end_w and counts[alive[0]] > 0:
                    if not final or spent >= max_work or nd < 2:
                        break
                    mean = ds / nd
                    var = (dq - nd * mean * mean) / (nd - 1)
                    if mean * mean * nd >= z2 * var:  # the pair is told apart
                        break
                seed = base + sample
                sample += 1
                for v in alive:
                    rng.seed(seed)
                    codes, turns = po.run(v, rng.random)
                    e = self.evaluate(view, gains, codes)
                    sums[v] += e
                    counts[v] += 1
                    if track:
                        scores[v].append(e)
                    spent += turns + 1
                if final:
                    x = scores[alive[0]][-1] - scores[alive[1]][-1]
                    nd += 1
                    ds += x
                    dq += x * x
            if cancel is not None and cancel.is_set():
                break
            if stage < stages - 1 and len(alive) > 2:
                alive.sort(key=lambda v: (-sums[v] / counts[v], v))
                alive = alive[:max(2, (len(alive) + 1) // 2)]
        self.last_work = spent
        pool = [v for v in alive if counts[v]] or [v for v in values if counts[v]]
        if not pool:
            return actions[0]
        best = max(pool, key=lambda v: (sums[v] / counts[v], -v))
        return PLACE[best]


HardPlayer._cdf_cache[HardPlayer.land] = _binom_cdf_table(HardPlayer.land)  # no first-move spike
