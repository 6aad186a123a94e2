"""The Expert AI of Lords of Vegas: Hard's best few actions, each played forward and compared.

On its own Step 2 the Expert takes as candidates Hard's greedy choice, Hard's ``top`` best
actions by its one-step look (its two-action look near the End card), ending the turn and the
trade Hard would offer at its first look of the turn.  Each candidate is played forward in
worlds drawn by ``Game.determinize`` from the Expert's own generator (the deck's unknown
order shuffled again, its own dice: never the deck's real order or the game's dice); in a
world, after the candidate, its own later moves are Hard's greedy step and the other seats'
are played by a model of them (``opponents``: Medium's policy by default, or Hard's greedy
step), no play-out seat proposing trades.  A play-out runs until the Expert's next turn has
started (its card drawn and paid), or to the game's end when at most ``end_draws`` cards
are left before the End card.  Its end is valued by the Expert's chance of winning
(``chance.win_chances``: the share of the win once the game is over), then the margin of
Hard's value (or of points) over the best other seat, then money.

The candidates share the same worlds (common random numbers: the world's deck, dice and the
models' generators are the same for every candidate), and the work is shared out by
successive halving: after each stage the weaker half is dropped.  Two budgets: ``work``
(the play-out moves of a decision; deterministic, for tests and tournaments) and a time cap
in seconds (``budget``: the desktop game and the server, a weaker answer under load);
``cancel`` (anything with ``is_set()``) answers at once with the best candidate so far.

Variants measured and left off by default (``build/screen_lords_expert.py`` screens them on
paired games; figures in docs/journal/ai.md): ``meet`` (each seat modelled by its level, a Hard
or Expert seat by Hard's greedy step), ``prior_z`` (another candidate than Hard's first only when
it beats it by that many standard errors of their paired differences), ``leaf = "margin"``
(Hard's value over the best other seat instead of the win chance), ``leaf_sigma`` (another
spread of the win chance at the leaf than the coach's), ``rounds`` (play-outs that go past more
of its turns), ``turns`` (play-outs that go past a given number of turns), ``diverse`` (Hard's
best action on each lot or casino as the candidates, rather than its best actions).

A trade proposal addressed to it is answered by the same search (accept or reject, played
forward); a lay-off, dice placement and forced moves are Hard's.  On its last turn (the End
card next) Hard's exact search of actions and pairs of actions is played.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from . import actions as A
from .chance import SIGMA, chances_of
from .game import PLAY, Game
from .hard import Hard, _Greedy, _quiet_medium, hard_values
from .board import TRACK
from .queries import cards_before_end

#: play-out moves of one decision when no work is given (about 0.4 s of CPU at 4 seats on the
#: 2-core machine of docs/lords-ai.md)
DEFAULT_WORK = 450
#: the same heads-up, where a play-out to the seat's next turn is one turn of the other seat: twice
#: the worlds won 6.5 points more of 400 paired games against Hard (docs/journal/ai.md, sixth pass)
HEADS_UP_WORK = 900

#: the time cap of a decision at the table (seconds): a weaker answer under load, never a long wait
TABLE_SECONDS = 2.5


def default_work(seats: int) -> int:
    """The play-out moves of a decision at a table of ``seats`` when no work is given."""
    return HEADS_UP_WORK if seats == 2 else DEFAULT_WORK


class Expert(Hard):
    level = "expert"
    #: how many of Hard's best actions are searched (besides its greedy choice, ending the
    #: turn and its trade)
    top = 4
    #: with at most this many cards before the End card, play-outs go to the game's end
    end_draws = 4
    #: the other seats in play-outs: "medium" (Medium's policy) or "hard" (Hard's greedy step)
    opponents = "medium"
    #: a reorganize of a Medium seat in a play-out is valued on this many rolls (Medium: 3)
    model_samples = 1
    #: worlds each stage plays at least, whatever the budget
    min_worlds = 2
    #: most moves of one play-out
    max_steps = 600
    #: the levels of the table's seats when known (``meet``): a Hard or Expert seat is played
    #: in play-outs by Hard's greedy step, another by ``opponents``
    seat_levels: list[str] | None = None
    #: a candidate other than the first is played only when its mean beats the first's by this
    #: many standard errors of their paired differences (0: the best mean is played)
    prior_z = 0.0
    #: the leaf value before the game's end: "chance" (the win chance) or "margin" (Hard's value
    #: over the best other seat, in dollars / 100)
    leaf = "chance"
    #: the spread of the win chance at the leaf, per ``sqrt(1 + cards before the End card)``
    #: (None: the coach's ``chance.SIGMA``)
    leaf_sigma: float | None = None
    #: how many of the seat's turns a play-out goes past (1: until its next turn has started)
    rounds = 1
    #: how many turns a play-out goes past when given (its own, then the next seats'; None: until
    #: its next turn, ``rounds``)
    turns: int | None = None
    #: the candidates are Hard's best action on each of ``top`` lots or casinos, not its ``top``
    #: best actions (often the colours of one build)
    diverse = False
    #: the clock the time cap is read from (a test may give its own)
    clock = staticmethod(time.perf_counter)

    def __init__(self, seed: int = 0, work: int | None = None, budget: float | None = None) -> None:
        super().__init__(seed)
        #: play-out moves per decision (deterministic; None: ``default_work`` of the table's seats)
        self.work = work
        #: a time cap per decision, in seconds (None: the work alone decides)
        self.budget = budget
        #: what the last search spent (play-out moves) and found: [(action, mean, worlds)]
        self.last_work = 0
        self.last_search: list[tuple[Any, float, int]] = []

    def meet(self, levels: list[str]) -> None:
        """The level of every seat (``"human"`` for a person): whom the play-outs model how."""
        self.seat_levels = list(levels)

    def at_table(self) -> None:
        """At the desktop table and on the server: the default work, within ``TABLE_SECONDS``."""
        self.budget = TABLE_SECONDS

    # ------------------------------------------------------------ decisions
    def act(self, game: Game, seat: int, budget: float | None = None, cancel: Any = None) -> Any:
        """``seat``'s action (see the module); ``budget`` seconds at most when given (else the
        player's own cap), ``cancel.is_set()`` asks for the best answer found so far."""
        self.last_search = []
        if game.phase == PLAY:
            for (frm, to), p in sorted(game.proposals.items()):
                if to == seat:
                    return self.answer(game, seat, p, budget, cancel)
        if game.phase != PLAY or seat != game.active:
            return super().act(game, seat)
        deal = self.trade_step(game, seat)
        if type(deal) is A.Withdraw:
            return deal
        if self.last_turn and cards_before_end(game) == 0 and not game.is_over:
            return self._last_turn(game, seat)
        cands = self.candidates(game, seat, deal)
        if len(cands) == 1:
            return cands[0]
        return self.search(game, seat, cands, budget, cancel)

    def answer(self, game: Game, seat: int, p: A.Propose, budget: float | None = None,
               cancel: Any = None) -> Any:
        """Accept or reject ``p``, whichever plays forward better (Hard's answer first: it stands
        when the two are alike or no world was played)."""
        if game.trade_problem(p) is not None:
            return A.Reject(seat, p.seat)
        yes, no = A.Accept(seat, p.seat), A.Reject(seat, p.seat)
        cands = [yes, no] if self.judge(game, seat, p)[0] else [no, yes]
        return self.search(game, seat, cands, budget, cancel)

    def candidates(self, game: Game, seat: int, deal: Any = None) -> list:
        """Hard's greedy choice first, then its ``top`` best actions, ending the turn and ``deal``
        (the trade Hard offers now, if any)."""
        base = self.rel(game, seat)
        if self.pair_draws and cards_before_end(game) <= self.pair_draws:
            scored = self._pair_scores(game, seat)
        else:
            tried = sorted(((self._try(game, seat, a), i, a) for i, a in enumerate(self._candidates(game, seat))),
                           key=lambda t: (-t[0], t[1]))
            scored = [(v, a) for v, _, a in tried]
        end = A.EndTurn(seat)
        out = [scored[0][1] if scored and scored[0][0] > base + 0.5 else end]
        if self.diverse:  # Hard's best action on each of ``top`` other lots or casinos
            seen = {_target(out[0])}
            for _v, a in scored:
                if len(out) > self.top:
                    break
                if _target(a) not in seen:
                    seen.add(_target(a))
                    out.append(a)
        else:
            for _v, a in scored[:self.top]:
                if a not in out:
                    out.append(a)
        if end not in out:
            out.append(end)
        if deal is not None and deal not in out:
            out.append(deal)
        return out

    # ------------------------------------------------------------ the search
    def search(self, game: Game, seat: int, cands: list, budget: float | None = None,
               cancel: Any = None) -> Any:
        """The candidate with the best mean result over common worlds, by successive halving;
        the first candidate when nothing was played (cancelled at once)."""
        if budget is None:
            budget = self.budget
        clock = self.clock
        t0 = clock()
        k = len(cands)
        work = default_work(game.n) if self.work is None else self.work
        to_end = cards_before_end(game) <= self.end_draws
        stop = self._stop_turn(game, seat)
        sums, counts = [0.0] * k, [0] * k
        res: list[list[float]] = [[] for _ in range(k)]
        alive = list(range(k))
        stages = max(1, math.ceil(math.log2(k)))
        base = self.rng.getrandbits(62)
        spent = worlds = 0
        stopped = False
        for stage in range(stages):
            end_work = work * (stage + 1) / stages
            end_time = None if budget is None else t0 + budget * (stage + 1) / stages
            played = 0
            while not stopped:
                if played >= self.min_worlds and (spent >= end_work or (end_time is not None and clock() >= end_time)):
                    break
                seed = base + worlds
                worlds += 1
                results = []
                for i in alive:  # one world for every candidate alive, or for none
                    r = self._playout(game, seat, cands[i], seed, stop, to_end, cancel)
                    if r is None:
                        stopped = True
                        break
                    results.append((i, r[0]))
                    spent += r[1]
                if stopped:
                    break
                for i, v in results:
                    sums[i] += v
                    counts[i] += 1
                    res[i].append(v)
                played += 1
                if cancel is not None and cancel.is_set():
                    stopped = True
            if stopped:
                break
            if stage < stages - 1 and len(alive) > 2:
                alive.sort(key=lambda i: (-sums[i] / counts[i], i))
                alive = alive[:max(2, (len(alive) + 1) // 2)]
        self.last_work = spent
        self.last_search = [(cands[i], sums[i] / counts[i], counts[i]) for i in range(k) if counts[i]]
        pool = [i for i in alive if counts[i]]
        if not pool:
            return cands[0]
        best = max(pool, key=lambda i: (sums[i] / counts[i], -i))
        if self.prior_z and best != 0 and counts[0] >= 2:
            m = min(counts[0], counts[best])
            d = [res[best][j] - res[0][j] for j in range(m)]
            mean = sum(d) / m
            var = sum((x - mean) ** 2 for x in d) / (m - 1)
            if mean <= self.prior_z * math.sqrt(var / m):
                return cands[0]
        return cands[best]

    def _stop_turn(self, game: Game, seat: int) -> int:
        """The turn number at which a play-out stops: the seat's next turn, once started."""
        n = game.n
        ahead = (seat - game.active) % n
        if self.turns is not None:
            return game.turn + ahead + self.turns
        return game.turn + (ahead if ahead else n) + n * (self.rounds - 1)

    def _models(self, n: int, seat: int, seed: int) -> list:
        out: list = []
        for s in range(n):
            lv = self.seat_levels[s] if self.seat_levels and len(self.seat_levels) == n else None
            if s == seat:
                out.append(_Greedy(seed + s))
            elif lv in ("hard", "expert") or (lv is None and self.opponents == "hard"):
                out.append(_Greedy(seed + s))
            else:
                m = _quiet_medium(seed + s)
                m.samples = self.model_samples
                out.append(m)
        return out

    def _playout(self, game: Game, seat: int, a: Any, seed: int, stop: int, to_end: bool,
                 cancel: Any) -> tuple[float, int] | None:
        """(the result for ``seat`` of ``a`` played forward in world ``seed``, the moves played);
        None when cancelled."""
        rng = random.Random(seed)
        g = game.determinize(rng)
        players = self._models(g.n, seat, seed)
        try:
            g.apply(a)
        except ValueError:  # not possible in this world (never for a legal choice)
            return -1.0, 1
        steps = 1
        while not g.is_over and steps < self.max_steps:
            if not to_end and g.turn >= stop:
                break
            if cancel is not None and cancel.is_set():
                return None
            if g.proposals and g.phase == PLAY:
                frm, to = min(g.proposals)
                g.apply(players[to].answer(g, to, g.proposals[(frm, to)]))
            else:
                s = g.to_act
                g.apply(players[s].act(g, s))  # type: ignore[index]
            steps += 1
        return self._leaf(g, seat), steps

    def _leaf(self, g: Game, seat: int) -> float:
        """The worth of a play-out's end to ``seat``: its chance of winning, then its margin over
        the best other seat (points once the game is over, Hard's value before), then money."""
        n = g.n
        if g.is_over:
            best = max(TRACK[g.chip[s]] for s in range(n) if s != seat)
            share = 1.0 / len(g.winners) if seat in g.winners else 0.0
            return share + 1e-3 * (TRACK[g.chip[seat]] - best) + 1e-6 * g.money[seat]
        v = hard_values(g)
        best = max(v[s] for s in range(n) if s != seat)
        if self.leaf == "margin":
            return 0.01 * (v[seat] - best)
        c = chances_of(g, v, SIGMA if self.leaf_sigma is None else self.leaf_sigma)[seat]
        return c + 1e-4 * (v[seat] - best)


def _target(a: Any) -> tuple:
    """What an action is played on: a build's lot, a sprawl's, a remodel's or reorganize's casino."""
    t = type(a)
    if t is A.Build or t is A.Sprawl:
        return (t.__name__, a.lot)
    if t is A.Remodel or t is A.Reorganize:
        return (t.__name__, a.casino)
    return (t.__name__, a)


__all__ = ["Expert", "DEFAULT_WORK", "HEADS_UP_WORK", "TABLE_SECONDS", "default_work"]
