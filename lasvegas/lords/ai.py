"""AI seats for Lords of Vegas: Random, Easy and Medium.

Every level answers every kind of decision through one method,
``act(game, seat)``: Step 2 actions, the lay-off, dice placement after a
reorganize (D8's default), the forced marker and die moves (D1, D2) and the
answers to trade proposals addressed to it (``answer``).  None of them reads
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
from .board import COST, N_LOTS, STRIP, TOUCHES_STRIP, TRACK
from .game import DIE_MOVE, LAYOFF, MARKER, PLACE, PLAY, Game
from .policy import random_action
from .queries import cards_before_end

LEVELS = ("random", "easy", "medium")


class Player:
    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, game: Game, seat: int) -> Any:
        """The action of ``seat``, which the game waits on (or which has a proposal to answer)."""
        if game.phase == PLAY and seat != game.active:
            for (frm, to), p in sorted(game.proposals.items()):
                if to == seat:
                    return self.answer(game, seat, p)
            return None
        return random_action(game, seat, self.rng)

    def answer(self, game: Game, seat: int, p: A.Propose) -> Any:
        return A.Reject(seat, p.seat)


class Easy(Player):
    level = "easy"

    def act(self, game: Game, seat: int) -> Any:
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

    def answer(self, game: Game, seat: int, p: A.Propose) -> Any:
        # takes a gift of money, gives away nothing of its board
        if (p.get.is_empty() and p.action is None and not p.give.is_empty()
                and game.trade_problem(p) is None):
            return A.Accept(seat, p.seat)
        return A.Reject(seat, p.seat)


def value(game: Game, seat: int) -> float:
    """Medium's valuation of a position for ``seat``, in dollars (public information only)."""
    counts = game.deck_counts()          # public (D19)
    left = len(game.deck) - game.pos     # public
    draws = cards_before_end(game)       # public: D4 places the End card by rule
    if game.is_over:
        return 1000.0 * (1.0 if seat in game.winners else 0.0) + TRACK[game.chip[seat]] + game.money[seat] * 0.01
    late = 1.0 - min(draws, 40) / 40.0
    vpw = 2.0 + 6.0 * late
    n = game.n
    owner, value_, tile, played = game.owner, game.value, game.tile, game.played
    v = game.money[seat] * (0.6 + 0.4 * (1 - late)) + vpw * TRACK[game.chip[seat]]
    strip_rate = counts[STRIP] / left if left else 0.0
    for k, b in zip(game.casinos(), game.bosses()):
        rate = counts[tile[k[0]]] / left if left else 0.0
        if any(TOUCHES_STRIP[i] for i in k):
            rate += strip_rate
        pays = rate * draws
        mine = 0
        for i in k:
            if owner[i] == seat:
                pip = value_[i]
                if not played[i]:  # its card may still be drawn by someone else
                    pip *= 1.0 - 0.8 * (n - 1) / n * min(1.0, draws / max(1, left))
                mine += pip
        v += 0.7 * pays * mine
        if b == seat:
            v += 0.7 * pays * len(k) * vpw * 0.6 + 2.0
    v += game.markers_used[seat] * (0.5 * draws / n + 4.0)
    return v


def relative_value(game: Game, seat: int) -> float:
    others = [value(game, s) for s in range(game.n) if s != seat]
    return value(game, seat) - 0.35 * max(others)


class Medium(Easy):
    level = "medium"
    samples = 3

    def act(self, game: Game, seat: int) -> Any:
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
        base = relative_value(game, seat)
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
                total += relative_value(g, seat)
            return total / self.samples
        g = game.copy()
        g.apply(a)
        return relative_value(g, seat)

    def answer(self, game: Game, seat: int, p: A.Propose) -> Any:
        if game.trade_problem(p) is not None:
            return A.Reject(seat, p.seat)
        g = game.determinize(self.rng)
        try:
            g.apply(A.Accept(seat, p.seat))
        except ValueError:
            return A.Reject(seat, p.seat)
        while g.phase in (PLACE, LAYOFF):
            s = g.to_act
            g.apply(g.default_placement(s) if g.phase == PLACE else A.LayOff(s, False))
        mine = value(g, seat) - value(game, seat)
        theirs = value(g, p.seat) - value(game, p.seat)
        if mine > 1.0 and mine >= 0.5 * theirs:
            return A.Accept(seat, p.seat)
        return A.Reject(seat, p.seat)


def make_player(level: str, seed: int = 0) -> Player:
    """The AI of ``level`` (random, easy, medium); ``ValueError`` for another name."""
    cls = {"random": Player, "easy": Easy, "medium": Medium}.get(level)
    if cls is None:
        raise ValueError(f"unknown Lords of Vegas AI level {level!r}: choose from {', '.join(LEVELS)}")
    return cls(seed)


def play_game(game: Game, players: list[Player], recorder: Any = None, max_actions: int = 100_000) -> Game:
    """Play ``game`` to its end with one AI per seat (``recorder.apply`` when given)."""
    apply = recorder.apply if recorder is not None else game.apply
    for _ in range(max_actions):
        if game.is_over:
            return game
        if game.proposals and game.phase == PLAY:
            (frm, to) = min(game.proposals)
            apply(players[to].answer(game, to, game.proposals[(frm, to)]))
            continue
        seat = game.to_act
        apply(players[seat].act(game, seat))  # type: ignore[index]
    raise RuntimeError("the game did not end")
