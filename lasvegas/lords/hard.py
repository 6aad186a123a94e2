"""The Hard AI of Lords of Vegas: its own valuation, and trade proposals.

Hard plays as Medium does (every build, sprawl, remodel and reorganize tried
on a copy, the best position played while it beats ending the turn; a
reorganize valued over rolls of determinized worlds, ``Game.determinize`` with
Hard's own generator, never the deck's order) but with its own value
(``hard_value``), whose weights were fitted in matches against Medium: a
dollar loses nearly all its worth as the End card nears, a boss seat counts by
what a payout really moves the chip on the score track, and a die on a lot
whose card is still to come is counted as likely lost, and a boss seat in a casino
where other seats have dice is worth less by half their share of its dice (a
reorganize by them re-rolls every die; the top die is theirs that often).

Near the end it looks further: with at most ``pair_draws`` cards before the End
card each of its best actions is also worth the best position a second action
reaches (a boss seat's points come in steps of the score track, which two
builds together may reach where one does not); on its last turn (the End card
next, so ending the turn ends the game with no die rolled) every action and
pair of actions is judged by the game's exact result. With one or two cards
before the End card, its three best actions and ending the turn are each played
out to the game's end in four determinized worlds (the same worlds for each;
Hard's later moves by its greedy step, the other seats' by Medium's policy) and
the best mean result is played. Candidate positions roll their tie re-rolls on
Hard's own generator, never on the game's dice.

Trades: at the start of its Step 2 Hard looks for one deal — buying a marked
lot next to its tiles, selling one of its marked lots next to another seat's
tiles, buying a die in a casino it does not boss — at the lowest price on a
short ladder that the other seat should accept by Medium's rule, and proposes
it only when it gains at least $3 more than the other seat does (by Hard's
value; the other seat's gain weighed fully heads-up, by half with more seats).
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from .players import Medium, trade_gains, value
from .board import STRIP, STRIP_LOTS, TRACK, score
from .dice import RandomDice
from .offers import PRICES
from .game import LAYOFF, PLACE, PLAY, Game
from .queries import cards_before_end


#: Hard's value weights (``hard_value``); fitted by heads-up matches against Medium, see docs/lords-ai.md
MONEY_EARLY = 1.0   # a dollar at the start, in value
MONEY_LATE = 0.3    # a dollar when the End card is near (it buys the last builds; ties are broken by it)
VP_EARLY = 2.0      # a point on the track at the start
VP_LATE = 8.0       # a point on the track when the End card is near
PIP = 0.7           # a pip's expected payout, per expected draw of its casino's cards
PIP_LATE = 0.7      # the same when the End card is near (a payout's money is worth less then)
REL = 0.35          # the best other seat's value is taken off at this weight
END_PAYS = 1.0      # the End card's payout of the casinos touching the Strip (certain)
BOSS = 0.6          # a boss seat's expected points, as a share of their weight
BOSS_BONUS = 2.0    # being boss of a casino at all
RISK = 1.0          # how much a die on a lot whose card is still to come may be lost
MARKED_LOT = 6.0    # a marked lot (plus $1 per draw still to come, shared)
REORG = 0.5         # a boss seat's worth lost, as a share of the other seats' dice in its casino
                    # (a reorganize by them re-rolls every die: the top die is theirs that often)


def hard_value(game: Game, seat: int) -> float:
    """Hard's valuation of a position for ``seat``, in dollars (public information only).

    Medium's terms, with four differences: a dollar loses nearly all its worth as the End
    card nears (money only breaks ties at the end, so keeping it then is a waste); a boss seat
    counts by what a payout really moves the chip on the score track (a casino smaller than
    the next step scores nothing), half by that and half by the casino's size; a die on a lot
    whose card is still to come counts as lost in full when that card is likely drawn by
    another seat; a casino touching the Strip is paid once more, for certain, by the End card
    (D5), besides its expected share of the draws before it."""
    return hard_values(game, (seat,))[seat]


def hard_values(game: Game, seats: Any = None) -> list[float]:
    """``hard_value`` of every seat (or of ``seats`` only: the others are 0.0), the deck, the casinos
    and their payouts looked at once."""
    n = game.n
    want = range(n) if seats is None else seats
    one = want[0] if len(want) == 1 else -1
    if game.is_over:
        return [1000.0 * (s in game.winners) + TRACK[game.chip[s]] + game.money[s] * 0.01 for s in range(n)]
    counts = game.deck_counts()          # public (D19)
    left = len(game.deck) - game.pos     # public
    draws = cards_before_end(game)       # public: D4 places the End card by rule
    late = 1.0 - min(draws, 40) / 40.0
    vpw = VP_EARLY + (VP_LATE - VP_EARLY) * late
    owner, value_, tile, played, chips = game.owner, game.value, game.tile, game.played, game.chip
    worth = MONEY_LATE * late + MONEY_EARLY * (1 - late)
    pip = PIP + (PIP_LATE - PIP) * late
    v = [0.0] * n
    for s in want:
        v[s] = game.money[s] * worth + vpw * TRACK[chips[s]]
    strip_rate = (counts[STRIP] - 1) / left if left else 0.0   # the End card: END_PAYS
    exposed = 1.0 - RISK * (n - 1) / n * min(1.0, draws / max(1, left))
    for k, b in zip(game.casinos(), game.bosses()):
        rate = counts[tile[k[0]]] / left if left else 0.0
        end = 0.0
        if not STRIP_LOTS.isdisjoint(k):
            rate += strip_rate
            end = END_PAYS
        pays = rate * draws + end
        f = pip * pays  # (pip * pays): the same float as the product written out
        if one >= 0:  # one seat's value (a trade weighed): its own dice only
            mine1 = 0.0
            for i in k:
                if owner[i] == one:
                    mine1 += value_[i] if played[i] else value_[i] * exposed
            v[one] += f * mine1
        else:
            mine: dict = {}
            for i in k:
                o = owner[i]
                if o >= 0:
                    mine[o] = mine.get(o, 0.0) + (value_[i] if played[i] else value_[i] * exposed)
            for o, m in mine.items():  # a seat with no die here adds 0.0: left out, the same sum
                if o in want:
                    v[o] += f * m
        if b >= 0 and b in want:
            gain = TRACK[score(chips[b], len(k))] - TRACK[chips[b]]
            seat_worth = PIP * pays * (0.5 * gain + 0.5 * len(k)) * vpw * BOSS + BOSS_BONUS
            if REORG:
                theirs = ours = 0
                for i in k:
                    o = owner[i]
                    if o == b:
                        ours += 1
                    elif o >= 0:
                        theirs += 1
                seat_worth *= 1.0 - REORG * theirs / (ours + theirs)
            v[b] += seat_worth
    for s in want:
        v[s] += game.markers_used[s] * (0.5 * draws / n + MARKED_LOT)
    return v


def hard_relative(game: Game, seat: int, val: Any = None) -> float:
    """``val`` (Hard's value by default) of ``seat`` less a share of the best other seat's."""
    if val is None:  # every seat's value in one look at the board
        vs = hard_values(game)
        return vs[seat] - REL * max(x for s, x in enumerate(vs) if s != seat)
    others = [val(game, s) for s in range(game.n) if s != seat]
    return val(game, seat) - REL * max(others)


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


class Hard(Medium):
    level = "hard"
    rel = staticmethod(hard_relative)
    #: its trade proposals (``offers.Dealer``, at most one a turn): the longest look, with a
    #: build attached to a lot it buys on its own turn where that is worth more
    prices = PRICES
    max_items = 24
    max_swaps = 8
    offer_gain = 3.0
    bundle = True
    #: search the last turn exactly (the End card is the next card): action pairs, by the result
    last_turn = True
    #: most positions looked at in a last-turn search
    last_work = 1500
    #: with at most this many cards before the End card, the best actions are each also worth
    #: the best position one more action reaches (0: never)
    pair_draws = 4
    #: how many of the best actions are followed up so
    pair_top = 8
    #: with 1..``playout_draws`` cards before the End card, the ``playout_top`` best actions (and
    #: ending the turn) are each played out to the game's end in ``playout_worlds`` worlds of
    #: ``Game.determinize`` (Hard's own generator), the other seats played by Medium; 0: never
    playout_draws = 2
    playout_top = 3
    playout_worlds = 4

    def act(self, game: Game, seat: int) -> Any:
        ph = game.phase
        if ph != PLAY or seat != game.active:
            return super().act(game, seat)
        for (frm, to), p in sorted(game.proposals.items()):
            if to == seat:
                return self.answer(game, seat, p)
        deal = self.trade_step(game, seat)
        if deal is not None:
            return deal
        if self.last_turn and cards_before_end(game) == 0 and not game.is_over:
            return self._last_turn(game, seat)
        if self.playout_draws and 0 < cards_before_end(game) <= self.playout_draws and not game.proposals:
            return self._playout_step(game, seat)
        if self.pair_draws and cards_before_end(game) <= self.pair_draws and not game.proposals:
            return self._pair_step(game, seat)
        return super().act(game, seat)

    def _pair_scores(self, game: Game, seat: int) -> list[tuple[float, Any]]:
        """The ``pair_top`` best actions by one look, each worth the best of itself and the best
        position one more action reaches, best first."""
        scored = sorted(((self._try(game, seat, a), i, a) for i, a in enumerate(self._candidates(game, seat))),
                        key=lambda t: (-t[0], t[1]))
        out = []
        for i, (v, _, a) in enumerate(scored[:self.pair_top]):
            if type(a) is not A.Reorganize:
                g = self._world(game)
                g.apply(a)
                if g.phase == PLAY and not g.is_over:
                    for b in self._candidates(g, seat):
                        if type(b) is not A.Reorganize:
                            v = max(v, self._try(g, seat, b))
            out.append((v, i, a))
        out.sort(key=lambda t: (-t[0], t[1]))
        return [(v, a) for v, _, a in out]

    def _playout_step(self, game: Game, seat: int) -> Any:
        """The End card is a few cards away: the ``playout_top`` best actions by the pair look
        and ending the turn are each played out to the game's end in ``playout_worlds``
        determinized worlds (the same worlds for every action: Hard's own generator, never the
        deck's order or the game's dice), Hard's later moves by its greedy step and the other
        seats' by Medium's; the action with the best mean result (a win first, then points over
        the best other seat, then money) is played."""
        base = self.rel(game, seat)
        ranked = [a for v, a in self._pair_scores(game, seat) if v > base + 0.5][:self.playout_top]
        if not ranked:
            return A.EndTurn(seat)
        options = ranked + [A.EndTurn(seat)]
        seeds = [self.rng.getrandbits(64) for _ in range(self.playout_worlds)]
        best, best_v = None, None
        for a in options:
            total = 0.0
            for w in seeds:
                total += self._play_out(game, seat, a, w)
            if best_v is None or total > best_v + 1e-9:
                best, best_v = a, total
        return best

    def _play_out(self, game: Game, seat: int, a: Any, world: int) -> float:
        """The result for ``seat`` of ``a`` played out to the end in world ``world``."""
        rng = random.Random(world)
        g = game.determinize(rng)
        me = _Greedy(world)
        players = [me if s == seat else _quiet_medium(world + s) for s in range(g.n)]
        g.apply(a)
        for _ in range(400):
            if g.is_over:
                return self._result(g, seat)
            s = g.to_act
            g.apply(players[s].act(g, s))  # type: ignore[index]
        return self._result(g, seat) if g.is_over else -1000.0

    def _pair_step(self, game: Game, seat: int) -> Any:
        """Medium's greedy step, each of the ``pair_top`` best actions also worth the best
        position a second action reaches (a boss seat's points come in steps of the score
        track, which two actions together may reach where one does not)."""
        base = self.rel(game, seat)
        scores = self._pair_scores(game, seat)
        if scores and scores[0][0] > base + 0.5:
            return scores[0][1]
        return A.EndTurn(seat)

    def _world(self, game: Game) -> Game:
        """A copy of ``game`` whose dice (tie re-rolls) come from Hard's own generator."""
        return game.copy(RandomDice(self.rng))

    def _try(self, game: Game, seat: int, a: Any) -> float:
        if type(a) is A.Reorganize:
            return super()._try(game, seat, a)
        g = self._world(game)
        g.apply(a)
        return self.rel(g, seat)

    # ------------------------------------------------------------ the last turn
    @staticmethod
    def _result(g: Game, seat: int) -> float:
        """The game's result for ``seat`` once it is over: a win (shared: its share) first,
        then the points over the best other seat, then money."""
        win = 1000.0 / len(g.winners) if seat in g.winners else 0.0
        best = max(TRACK[g.chip[s]] for s in range(g.n) if s != seat)
        return win + TRACK[g.chip[seat]] - best + 0.01 * g.money[seat]

    def _final(self, g: Game, seat: int) -> float | None:
        """The exact result of ending the turn in ``g`` when the End card is the next card (it
        pays the Strip, lots pay, and the game ends: no die is rolled), None if that is not so."""
        if g.is_over:
            return self._result(g, seat)
        if g.phase != PLAY or g.active != seat:
            return None
        e = g.copy()
        e.apply(A.EndTurn(seat))
        return self._result(e, seat) if e.is_over else None

    def _after(self, game: Game, seat: int, a: Any) -> Game:
        g = self._world(game)
        g.apply(a)
        while g.phase == PLACE:
            g.apply(g.default_placement(g.to_act))
        return g

    def _last_turn(self, game: Game, seat: int) -> Any:
        """The End card is next: every action, and every pair of actions, judged by the game's
        exact result (a reorganize on three rolls of Hard's own dice, never followed up), so
        that two builds that win together are found though neither alone moves the chip."""
        base = self._final(game, seat)
        if base is None:
            return super().act(game, seat)
        work = 0
        firsts = []
        for a in self._candidates(game, seat):
            if type(a) is A.Reorganize:
                vs = [self._final(self._after(game, seat, a), seat) for _ in range(3)]
                work += 3
                if all(v is not None for v in vs):
                    firsts.append((sum(vs) / 3, a, None))  # type: ignore[arg-type]
                continue
            g = self._after(game, seat, a)
            v = self._final(g, seat)
            work += 1
            if v is not None:
                firsts.append((v, a, g))
        firsts.sort(key=lambda t: -t[0])
        best, best_v = None, base + 1e-6
        for v, a, g in firsts:
            if g is not None and work < self.last_work:
                for b in self._candidates(g, seat):
                    if type(b) is A.Reorganize:
                        continue
                    v2 = self._final(self._after(g, seat, b), seat)
                    work += 1
                    if v2 is not None and v2 > v:
                        v = v2
                    if work >= self.last_work:
                        break
            if v > best_v:
                best, best_v = a, v
        return best if best is not None else A.EndTurn(seat)

    # ------------------------------------------------------------ trades
    def _gains(self, game: Game, seat: int, p: A.Propose) -> tuple[float, float] | None:
        other = p.seat if seat == p.to else p.to
        g1 = trade_gains(game, seat, p, random.Random(self.rng.random()), hard_value)
        g2 = trade_gains(game, other, p, random.Random(self.rng.random()), value)
        if g1 is None or g2 is None:
            return None
        return g1[0], g2[0]

    def _net(self, game: Game, seat: int, p: A.Propose) -> tuple[float, float] | None:
        """(what ``p`` is worth to ``seat`` less what it is worth to the other seat, both by
        Hard's value, weighed fully heads-up and by half with more seats; what it is worth to
        the other seat by Medium's value, i.e. whether it should accept)."""
        other = p.seat if seat == p.to else p.to
        r = self.rng.random()
        g1 = trade_gains(game, seat, p, random.Random(r), hard_value)
        g2 = trade_gains(game, other, p, random.Random(r), value)
        if g1 is None or g2 is None:
            return None
        return g1[0] - (1.0 if game.n == 2 else 0.5) * g1[1], g2[0]


def _quiet_medium(seed: int) -> Medium:
    """Medium without trade proposals: another seat in a play-out."""
    m = Medium(seed)
    m.trades = False
    return m


class _Greedy(Hard):
    """Hard's greedy step alone (no trades, pairs, searches or play-outs): Hard's later moves
    in a play-out."""
    trades = False
    last_turn = False
    pair_draws = 0
    playout_draws = 0


__all__ = ["Hard", "hard_value", "hard_values", "hard_relative"]
