"""The Lords of Vegas AI levels Random, Easy and Medium, and Medium's value and trade rule that
Hard (``hard.py``) builds on.  ``ai.py`` names the levels and makes a seat of any of them.

Every level answers every kind of decision through one method,
``act(game, seat)``: Step 2 actions, the lay-off, dice placement after a
reorganize (D8's default), the forced marker and die moves (D1, D2) and the
answers to trade proposals addressed to it (``answer``; ``judge`` gives the
answer with a short sentence saying why, ``reason`` the sentence alone).  None of them reads
the deck's order: Medium's outlook uses only the public counts (D19).

* **Random** – the benches' random-play policy.
* **Easy** – plausible but weak: builds on its lots in a random colour when it
  can afford it, sometimes sprawls or makes a small bet, keeps a little money,
  never remodels or reorganizes, never lays off.
* **Medium** – a greedy one-step look: every candidate action is tried on a
  copy and the position valued (money, VP, expected casino income from the
  cards still to come, control of casinos, take-over risk of its dice on
  lots whose card is still in the deck); it plays the best while that beats
  ending the turn.  Reorganizes are valued on a few sampled rolls (its own
  random generator, never the game's).
"""

from __future__ import annotations

import random
from typing import Any

from . import actions as A
from .board import COST, LOT_NAMES, N_LOTS, NEIGHBOURS, STRIP, STRIP_LOTS, TRACK
from .dice import RandomDice
from .offers import Dealer
from .game import DIE_MOVE, LAYOFF, MARKER, PLACE, PLAY, Game
from .policy import random_action
from .queries import cards_before_end


class Player:
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def at_table(self) -> None:
        """This seat plays at the desktop table or on the server (the Expert caps its time there)."""

    def act(self, game: Game, seat: int) -> A.Action | None:
        """The action of ``seat``, which the game waits on (or which has a proposal to answer)."""
        if game.phase == PLAY and seat != game.active:
            for (frm, to), p in sorted(game.proposals.items()):
                if to == seat:
                    return self.answer(game, seat, p)
            return None
        return random_action(game, seat, self.rng)

    def answer(self, game: Game, seat: int, p: A.Propose) -> A.Action:
        return A.Accept(seat, p.seat) if self.judge(game, seat, p)[0] else A.Reject(seat, p.seat)

    def judge(self, game: Game, seat: int, p: A.Propose) -> tuple[bool, str]:
        """Whether ``seat`` accepts proposal ``p``, and why in a short sentence."""
        return False, "I do not trade"

    def reason(self, game: Game, seat: int, p: A.Propose) -> str:
        """The short sentence behind ``answer`` (for the screen)."""
        return self.judge(game, seat, p)[1]

    def note_offer(self, game: Game, p: A.Propose) -> None:
        """A trade this seat proposed in the current turn, made outside ``act`` (Medium and Hard do
        not propose it again in that turn)."""

    def recall(self, game: Game, offered: list[A.Propose], looked: bool) -> None:
        """What this seat did earlier in the current turn, told to a player made afresh for one
        decision (the server's): the trades it proposed, and whether it already looked for one."""
        for p in offered:
            self.note_offer(game, p)


class Easy(Player):
    level = "easy"

    def act(self, game: Game, seat: int) -> A.Action | None:
        ph = game.phase
        r = self.rng.random
        if ph == PLAY and seat != game.active:
            return super().act(game, seat)
        if ph == LAYOFF:
            return A.LayOff(seat, False)
        if ph == PLACE:
            return game.default_placement(seat)
        if ph in (MARKER, DIE_MOVE):
            opts = game.legal_actions(seat)
            return opts[int(r() * len(opts))]
        for (frm, to), p in sorted(game.proposals.items()):
            if to == seat:
                return self.answer(game, seat, p)
        reserve = 5
        builds = [a for a in game.build_options(seat)
                  if game.money[seat] - COST[a.lot] >= reserve or r() < 0.2]
        if builds and r() < 0.8:
            return builds[int(r() * len(builds))]
        if r() < 0.25:
            sprawls = [a for a in game.sprawl_options(seat) if game.money[seat] - 2 * COST[a.lot] >= reserve]
            if sprawls:
                return sprawls[int(r() * len(sprawls))]
        if r() < 0.15:
            g = game.gamble_options(seat)
            if g:
                k, top = g[int(r() * len(g))]
                return A.Gamble(seat, k[0], max(1, min(top, game.money[seat] // 4)))
        return A.EndTurn(seat)

    def judge(self, game: Game, seat: int, p: A.Propose) -> tuple[bool, str]:
        # takes a gift, gives away nothing of its board
        prob = game.trade_problem(p)
        if prob is not None:
            return False, f"that trade cannot be made: {prob}"
        if p.action is not None:
            return False, "I accept no trade with an action in it"
        if not p.get.is_empty():
            return False, "I give nothing away"
        if p.give.is_empty():
            return False, "there is nothing in it for me"
        return True, "a gift: thank you"


def value(game: Game, seat: int) -> float:
    """Medium's valuation of a position for ``seat``, in dollars (public information only;
    Hard's is ``hard.hard_value``)."""
    return values(game, (seat,))[seat]


def values(game: Game, seats: Any = None) -> list[float]:
    """``value`` of every seat (or of ``seats`` only: the others are 0.0), the deck and the
    casinos looked at once (each seat's sum made in the same order as alone: the same floats)."""
    n = game.n
    want = range(n) if seats is None else seats
    if game.is_over:
        return [1000.0 * (1.0 if s in game.winners else 0.0) + TRACK[game.chip[s]] + game.money[s] * 0.01
                for s in range(n)]
    counts = game.deck_counts()          # public (D19)
    left = len(game.deck) - game.pos     # public
    draws = cards_before_end(game)       # public: D4 places the End card by rule
    late = 1.0 - min(draws, 40) / 40.0
    vpw = 2.0 + 6.0 * late
    owner, value_, tile, played = game.owner, game.value, game.tile, game.played
    v = [0.0] * n
    for s in want:
        v[s] = game.money[s] * (0.6 + 0.4 * (1 - late)) + vpw * TRACK[game.chip[s]]
    strip_rate = counts[STRIP] / left if left else 0.0
    exposed = 1.0 - 0.8 * (n - 1) / n * min(1.0, draws / max(1, left))
    for k, b in zip(game.casinos(), game.bosses()):
        rate = counts[tile[k[0]]] / left if left else 0.0
        if not STRIP_LOTS.isdisjoint(k):
            rate += strip_rate
        f = 0.7 * (rate * draws)  # (0.7 * pays): the same float as the product written out
        mine: dict = {}
        for i in k:
            o = owner[i]
            if o >= 0:  # its card may still be drawn by someone else when not played
                mine[o] = mine.get(o, 0) + (value_[i] if played[i] else value_[i] * exposed)
        for o, m in mine.items():  # a seat with no die here adds 0.0: left out, the same sum
            if o in want:
                v[o] += f * m
        if b >= 0 and b in want:
            v[b] += f * len(k) * vpw * 0.6 + 2.0
    for s in want:
        v[s] += game.markers_used[s] * (0.5 * draws / n + 4.0)
    return v


def relative_value(game: Game, seat: int) -> float:
    vs = values(game)
    return vs[seat] - 0.35 * max(x for s, x in enumerate(vs) if s != seat)


class Medium(Dealer, Easy):
    level = "medium"
    samples = 3
    #: the position's worth to the seat that plays (Hard has its own)
    rel = staticmethod(relative_value)
    #: its trade proposals (``offers.Dealer``): a shorter look than Hard's, by its own value
    prices = (2, 4, 6, 8, 10, 12, 15, 20)
    max_items = 8
    max_swaps = 3
    offer_gain = 2.0

    def act(self, game: Game, seat: int) -> A.Action | None:
        ph = game.phase
        if ph == PLAY and seat != game.active:
            return super().act(game, seat)
        if ph == LAYOFF:
            _, bet, _ = game.gamble  # type: ignore[misc]
            return A.LayOff(seat, 2 * bet > game.money[seat])
        if ph == PLACE:
            return game.default_placement(seat)
        if ph == MARKER:
            opts = game.legal_actions(seat)
            return max(opts, key=lambda a: (COST[a.from_lot], a.from_lot))
        if ph == DIE_MOVE:
            return min(game.legal_actions(seat), key=lambda a: self._die_worth(game, seat, a.from_lot))
        for (frm, to), p in sorted(game.proposals.items()):
            if to == seat:
                return self.answer(game, seat, p)
        deal = self.trade_step(game, seat)
        if deal is not None:
            return deal
        base = self.rel(game, seat)
        best, best_v = None, base + 0.5
        for a in self._candidates(game, seat):
            v = self._try(game, seat, a)
            if v > best_v:
                best, best_v = a, v
        return best if best is not None else A.EndTurn(seat)

    def _die_worth(self, game: Game, seat: int, lot: int) -> tuple:
        k = game.casino_of(lot)
        return (game.boss(k) == seat, game.value[lot], lot)

    def _candidates(self, game: Game, seat: int) -> list:
        out: list = []
        take = -1
        if game.dice_used[seat] >= 12:
            mine = [i for i in range(N_LOTS) if game.owner[i] == seat]
            take = min(mine, key=lambda i: self._die_worth(game, seat, i))
        for a in game.build_options(seat) + game.sprawl_options(seat):
            if a.take_from == take:
                out.append(a)
        out.extend(game.remodel_options(seat))
        out.extend(game.reorganize_options(seat))
        return out

    def _try(self, game: Game, seat: int, a: Any) -> float:
        if type(a) is A.Reorganize:
            total = 0.0
            for _ in range(self.samples):
                g = game.determinize(self.rng)
                g.apply(a)
                while g.phase == PLACE:
                    g.apply(g.default_placement(g.to_act))
                total += self.rel(g, seat)
            return total / self.samples
        g = game.copy(RandomDice(self.rng))  # a tie re-roll on its own dice: never the game's next roll
        g.apply(a)
        return self.rel(g, seat)

    def judge(self, game: Game, seat: int, p: A.Propose) -> tuple[bool, str]:
        prob = game.trade_problem(p)
        if prob is not None:
            return False, f"that trade cannot be made: {prob}"
        gains = self._gains(game, seat, p)
        if gains is None:
            return False, "that trade cannot be carried out"
        mine, theirs = gains
        if mine > 1.0 and mine >= 0.5 * theirs:
            return True, f"a fair deal: worth about ${mine:.0f} to me"
        return False, _refusal(game, seat, p, mine, theirs)

    def _gains(self, game: Game, seat: int, p: A.Propose) -> tuple[float, float] | None:
        return trade_gains(game, seat, p, self.rng)

    def _net(self, game: Game, seat: int, p: A.Propose) -> tuple[float, float] | None:
        """(what ``p`` is worth to ``seat`` less half what it is worth to the other seat, what it
        is worth to the other seat by Medium's value, i.e. whether it should accept): Medium's value
        in one world, each side's worth also counting ``ROOM`` for each marked lot of its that
        touches a die of its own (``room``: where its casino can grow), which its value leaves out."""
        gains = trade_gains(game, seat, p, random.Random(self.rng.random()))
        if gains is None:
            return None
        other = p.to if seat == p.seat else p.seat
        before, after = room(game), room(game, p)
        mine = gains[0] + ROOM * (after[seat] - before[seat])
        theirs = gains[1] + ROOM * (after[other] - before[other])
        return mine - 0.5 * theirs, gains[1]


#: what Medium counts, when it proposes a trade, for a marked lot touching a die of the same seat
ROOM = 6.0


def room(game: Game, p: A.Propose | None = None) -> list[int]:
    """Per seat, its marked lots (no tile yet) that touch a tile carrying a die of its own: lots
    where its casino can grow.  With ``p``: once ``p``'s lots and dice have changed hands."""
    marker, owner = game.marker, game.owner
    if p is not None:
        marker, owner = list(marker), list(owner)
        for giver, to, o in ((p.seat, p.to, p.give), (p.to, p.seat, p.get)):
            for i in o.lots:
                marker[i] = to
            for i in o.dice:
                owner[i] = to
    out = [0] * game.n
    tile = game.tile
    for i in range(N_LOTS):
        m = marker[i]
        if m >= 0 and tile[i] < 0 and any(owner[nb] == m and tile[nb] >= 0 for nb in NEIGHBOURS[i]):
            out[m] += 1
    return out


def trade_gains(game: Game, seat: int, p: A.Propose, rng: random.Random,
                val: Any = None) -> tuple[float, float] | None:
    """What accepting ``p`` is worth to ``seat`` and to its proposer (``val`` positions, by
    default Medium's), in a determinized world; None when it cannot be carried out."""
    val = val or value
    g = game.determinize(rng)
    g.proposals[(p.seat, p.to)] = p
    try:
        g.apply(A.Accept(p.to, p.seat))
    except ValueError:
        return None
    for _ in range(40):
        if g.phase not in (PLACE, LAYOFF):
            break
        s = g.to_act
        g.apply(g.default_placement(s) if g.phase == PLACE else A.LayOff(s, False))
    other = p.seat if seat == p.to else p.to
    return val(g, seat) - val(game, seat), val(g, other) - val(game, other)


def _refusal(game: Game, seat: int, p: A.Propose, mine: float, theirs: float) -> str:
    """A short sentence saying why ``seat`` turns ``p`` down."""
    give = p.get if seat == p.to else p.give
    lots = give.dice + give.lots
    if lots:
        lot = max(lots, key=lambda i: (game.boss(game.casino_of(i)) == seat if game.owner[i] >= 0 else False,
                                       COST[i]))
        if game.owner[lot] == seat and game.boss(game.casino_of(lot)) == seat:
            what = f"my boss seat at {LOT_NAMES[lot]}"
        elif game.owner[lot] == seat:
            what = f"my die at {LOT_NAMES[lot]}"
        else:
            what = f"my lot {LOT_NAMES[lot]}"
        if mine <= 1.0:
            return f"not enough for {what}"
        return f"it helps you far more than me ({what})"
    if mine <= 1.0:
        return "it is not worth it to me"
    return "it helps you far more than me"


#: why a seat keeps what a trade asks of it (``refusal_code``), the most telling first
REFUSAL_CODES = ("boss_seat", "joins_casino", "keeps_die", "keeps_lot")


def refusal_code(game: Game, seat: int, p: A.Propose) -> tuple[str, int]:
    """Why ``seat`` keeps what ``p`` asks of it, as a code of ``REFUSAL_CODES`` and the lot it is
    about, or ``("", -1)`` when ``p`` asks for no lot of its: "boss_seat" (its die that makes it
    boss of a casino), "joins_casino" (its marked lot touching a tile of its own: the lot would
    join its casino), "keeps_die" (another die of its), "keeps_lot" (another marked lot).  Public
    information only (the board)."""
    give = p.get if seat == p.to else p.give
    found: list[tuple[int, int, int]] = []
    for i in give.dice:
        if 0 <= i < N_LOTS and game.owner[i] == seat:
            boss = game.tile[i] >= 0 and game.boss(game.casino_of(i)) == seat
            found.append((0 if boss else 2, -COST[i], i))
    for i in give.lots:
        if 0 <= i < N_LOTS and game.marker[i] == seat:
            joins = any(game.tile[nb] >= 0 and game.owner[nb] == seat for nb in NEIGHBOURS[i])
            found.append((1 if joins else 3, -COST[i], i))
    if not found:
        return "", -1
    rank, _, lot = min(found)
    return REFUSAL_CODES[rank], lot
