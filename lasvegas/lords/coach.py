"""The Lords of Vegas coach: a review of a finished ``lords-record/1`` game, decision by
decision (no pygame; ``lasvegas analyze FILE --seat COLOUR``).

Every decision of the reviewed seat is rated: its actions (build, sprawl, remodel,
reorganize, gamble), the end of its turn, the trades it proposed, withdrew or answered,
its answers to a lay-off, its dice placements after a reorganize and its forced marker
and die moves.  For each decision the coach lists the alternatives (every legal one;
in Step 2, the ``SHORTLIST`` best of them by a first look, the seat's own choice, ending the
turn and the Expert's choice, ``lords.expert`` with ``EXPERT_WORK`` play-out moves, so that the
better choice told is never worse than the Expert's) and rates each as the seat's **chance of winning the game** after it:

- the alternative is played in ``WORLDS`` worlds consistent with what the seat could
  see (``Game.determinize`` with the coach's own generator: the deck's unseen order is
  shuffled again, dice come from the generator; the record's deck and dice are never
  read), every alternative on the same worlds (common random numbers); a reorganize in
  ``REORGANIZE_WORLDS`` times as many, a gamble's roll (a gamble, a lay-off answer)
  exactly over its three outcomes (``GAMBLE_ROLLS``);
- in each world the seat's turn ends with the alternative (the next card is drawn, the
  next seat's forced moves made; the other seats' answers, lay-offs and placements are
  Medium's, ``lasvegas.lords.ai``); with at most ``PLAYOUT_DRAWS`` card before the End
  card the game is played out to its end by Medium seats (in fewer worlds: ``END_WORLDS``);
- the position reached is turned into a win chance: an ended game gives the seat's share
  of the win; otherwise Hard's valuation of every seat (``hard.hard_values``) gives, for
  each seat, the chance that it stays ahead of each other seat over the cards still to
  come before the End card, ``Phi(margin / (SIGMA * sqrt(1 + draws)))`` multiplied over
  the others, shared out so that the seats' chances sum to 1 (SIGMA fitted on Hard and
  Medium games, docs/lords-ai.md).

The choice is labelled like the Las Vegas coach's (``ratings.LABELS``: best, good,
inaccuracy, mistake, blunder) by the win-chance points it gave away against the best
alternative found, which is told in words ("Reorganizing C4 gave 38 % instead of 22 %").
A decision with one legal choice is forced: rated, not labelled.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from ..kernel.seeds import derive_seed
from . import actions as A
from .ai import Medium
from .board import COLOURS, LOT_NAMES
from .game import DIE_MOVE, LAYOFF, MARKER, PLACE, PLAY, Game
from .chance import SIGMA, win_chance  # noqa: F401 (the coach's measure, told here)
from .expert import Expert
from .hard import hard_values
from .queries import cards_before_end
from .record import replay
from ..kernel.ratings import LABEL_NAMES, label_for, move_accuracy

REVIEW_FORMAT = "lords-review/1"
#: worlds each alternative is rated in (the same worlds for every alternative of a decision)
WORLDS = 32
#: a reorganize's dice are re-rolled: it is rated in this many times ``WORLDS`` worlds
REORGANIZE_WORLDS = 4
#: a gamble's roll (a gamble, or a boss's lay-off answer) is rated exactly over its three
#: outcomes, by a roll of each: (dice, probability): the boss pays double, the bet, or wins it
GAMBLE_ROLLS = (((1, 1), 2 / 36), ((1, 2), 14 / 36), ((2, 3), 20 / 36))
#: in Step 2, gambles rated besides the seat's own: all in, at the casinos taking the biggest bets
GAMBLES = 2
#: in Step 2, how many alternatives (besides the seat's choice and ending the turn) are
#: rated in full, the best by a first look at the position right after each
SHORTLIST = 12
#: with at most this many cards before the End card, positions are played out to the end
PLAYOUT_DRAWS = 1
#: positions played to the end are rated in this many times fewer worlds
END_WORLDS = 4
#: most moves a position is played on before it is valued (to the end of the seat's turn)
SETTLE_MOVES = 40
#: the Expert's play-out moves when it chooses for a Step 2 decision: its choice is always among
#: the alternatives rated (0: no Expert), one world a stage, Hard's ``EXPERT_TOP`` best actions
#: searched (besides its greedy choice and ending the turn): the review of a 4-seat game stays
#: within a minute (docs/ai.md)
EXPERT_WORK = 80
EXPERT_TOP = 2


# ------------------------------------------------------------------ words
def _lot(i: int) -> str:
    return LOT_NAMES[i] if isinstance(i, int) and 0 <= i < len(LOT_NAMES) else "?"


def _offer(o: A.Offer) -> str:
    parts = []
    if o.money:
        parts.append(f"${o.money}")
    parts += [f"lot {_lot(i)}" for i in o.lots] + [f"the die on {_lot(i)}" for i in o.dice]
    return " and ".join(parts) or "nothing"


#: each action in words, as the subject of a sentence (``describe``)
_WORDS: dict[type, Callable[[Any, list[str]], str]] = {
    A.Build: lambda a, s: f"Building {COLOURS[a.colour]} on {_lot(a.lot)}",
    A.Sprawl: lambda a, s: f"Sprawling from {_lot(a.casino)} onto {_lot(a.lot)}",
    A.Remodel: lambda a, s: f"Remodelling the casino at {_lot(a.casino)} to {COLOURS[a.colour]}",
    A.Reorganize: lambda a, s: f"Reorganizing {_lot(a.casino)}",
    A.Gamble: lambda a, s: f"Betting ${a.bet} at {_lot(a.casino)}",
    A.EndTurn: lambda a, s: "Ending the turn",
    A.LayOff: lambda a, s: "Laying off half the bet" if a.lay_off else "Keeping the whole bet",
    A.PlaceDice: lambda a, s: "Placing the dice " + ", ".join(map(str, a.values)),
    A.MoveMarker: lambda a, s: f"Moving the marker from {_lot(a.from_lot)}",
    A.MoveDie: lambda a, s: f"Moving the die from {_lot(a.from_lot)}",
    A.Accept: lambda a, s: f"Accepting {s[a.proposer]}'s offer",
    A.Reject: lambda a, s: f"Refusing {s[a.proposer]}'s offer",
    A.Withdraw: lambda a, s: f"Withdrawing the offer to {s[a.to]}",
    A.Propose: lambda a, s: f"Offering {s[a.to]} {_offer(a.give)} for {_offer(a.get)}",
}


def describe(a: A.Action | None, seats: list[str]) -> str:
    """An action in words, as the subject of a sentence ("Reorganizing C4"); None: not
    proposing a trade, or keeping one made."""
    if a is None:
        return "Doing nothing"
    words = _WORDS.get(type(a))
    return words(a, seats) if words is not None else type(a).__name__


KINDS = {A.Build: "action", A.Sprawl: "action", A.Remodel: "action", A.Reorganize: "action",
         A.Gamble: "action", A.EndTurn: "end of turn", A.Propose: "trade proposed", A.Withdraw: "trade withdrawn",
         A.Accept: "trade answered", A.Reject: "trade answered", A.LayOff: "lay-off answer",
         A.PlaceDice: "dice placement", A.MoveMarker: "marker moved", A.MoveDie: "die moved"}


# --------------------------------------------------------------- rating
class Rater:
    """Rates the alternatives of one decision in ``worlds`` worlds drawn from ``rng``."""

    def __init__(self, worlds: int = WORLDS, shortlist: int = SHORTLIST, expert_work: int = EXPERT_WORK) -> None:
        self.worlds = worlds
        self.shortlist = shortlist
        self.expert_work = expert_work
        #: the Expert's choice in the decision rated last (None: not a Step 2 action, or no Expert)
        self.expert: A.Action | None = None

    def expert_choice(self, game: Game, seat: int, rng: random.Random) -> A.Action | None:
        """What the Expert (``lords.expert``, ``expert_work`` play-out moves, no trade proposals)
        plays in ``seat``'s Step 2, thought on a world of ``rng`` (never the record's deck or
        dice); None for another decision, or a choice the game does not allow."""
        if (self.expert_work <= 0 or game.phase != PLAY or seat != game.active
                or any(to == seat for (_f, to) in game.proposals)):
            return None
        e = Expert(rng.getrandbits(62), work=self.expert_work)
        e.trades = False
        e.min_worlds = 1
        e.top = EXPERT_TOP
        a = e.act(game.determinize(rng), seat)
        check = game.copy()
        try:
            check.apply(a)
        except ValueError:
            return None
        return a

    def alternatives(self, game: Game, seat: int, chosen: A.Action) -> list[A.Action | None]:
        """The choices rated for ``seat``'s decision ``chosen`` (the chosen one first); None
        stands for not making a proposal, or keeping one made."""
        t = type(chosen)
        if t in (A.Propose, A.Withdraw) and not (game.phase == PLAY and seat == game.active):
            return [chosen, None]
        if t in (A.Accept, A.Reject):
            return [chosen, A.Reject(seat, chosen.proposer) if t is A.Accept else A.Accept(seat, chosen.proposer)]
        if game.phase == PLAY and seat == game.active:
            opts = [a for a in game.legal_actions(seat) if type(a) not in (A.Gamble, A.Accept, A.Reject)]
            # gambles: all in at the GAMBLES casinos that take the biggest bets (and the seat's own)
            for k, top in sorted(game.gamble_options(seat), key=lambda g: (-g[1], g[0]))[:GAMBLES]:
                opts.append(A.Gamble(seat, k[0], top))
            if t in (A.Propose, A.Withdraw):
                opts.append(None)  # not proposing it, or keeping the offer made
            out = [chosen] + [a for a in opts if a != chosen]
            return out
        out = [chosen] + [a for a in game.legal_actions(seat) if a != chosen]
        return out

    def rate(self, game: Game, seat: int, chosen: A.Action,
             rng: random.Random) -> list[tuple[A.Action | None, float]]:
        """``[(alternative, win chance)]`` of ``seat``'s decision, the chosen one first."""
        alts = self.alternatives(game, seat, chosen)
        self.expert = self.expert_choice(game, seat, rng) if len(alts) > 1 else None
        if self.expert is not None and self.expert not in alts:
            alts.append(self.expert)
        if len(alts) == 1:
            return [(chosen, self._chance(game, seat, chosen, [rng.getrandbits(32)]))]
        seeds = [rng.getrandbits(32) for _ in range(self.worlds)]
        if cards_before_end(game) <= PLAYOUT_DRAWS:  # played to the end: dearer, and less left to chance
            seeds = seeds[:max(1, self.worlds // END_WORLDS)]
        if game.phase == PLAY and seat == game.active and len(alts) > self.shortlist + 2:
            alts = self._shortlist(game, seat, alts, seeds[0])
        return [(a, self._chance(game, seat, a, seeds)) for a in alts]

    def _shortlist(self, game: Game, seat: int, alts: list, seed: int) -> list:
        """The chosen action, ending the turn and the best others by Hard's value of the
        position right after each (in one world)."""
        keep = [alts[0]] + [a for a in alts[1:] if type(a) is A.EndTurn or a is None or a == self.expert]
        looks = []
        for a in alts[1:]:
            if a in keep:
                continue
            g = game.determinize(random.Random(seed))
            try:
                g.apply(a)
            except ValueError:
                continue
            looks.append((hard_values(g, (seat,))[seat], len(looks), a))
        looks.sort(key=lambda x: (-x[0], x[1]))
        return keep + [a for _, _, a in looks[:self.shortlist]]

    def _chance(self, game: Game, seat: int, a: A.Action | None, seeds: list[int]) -> float:
        t = type(a)
        if t is A.Reorganize and len(seeds) > 1:
            seeds = seeds + [derive_seed(sd, k, stride=7919, offset=17)
                             for k in range(1, REORGANIZE_WORLDS) for sd in seeds]
        if t in (A.Gamble, A.LayOff) or (a is None and game.phase == LAYOFF):
            return sum(p * self._mean(game, seat, a, seeds, roll) for roll, p in GAMBLE_ROLLS)
        return self._mean(game, seat, a, seeds, None)

    def _mean(self, game: Game, seat: int, a: A.Action | None, seeds: list[int], roll: tuple | None) -> float:
        total = 0.0
        for sd in seeds:
            rng = random.Random(sd)
            g = game.determinize(rng)
            if roll is not None:
                g.dice = _Loaded(roll, g.dice)
            if a is not None:
                try:
                    g.apply(a)
                except ValueError:  # not possible in this world (never for a legal choice)
                    continue
            total += win_chance(self._settle(g, seat, rng), seat)
        return total / len(seeds)

    def _settle(self, g: Game, seat: int, rng: random.Random) -> Game:
        """``g`` after the rated choice: the seat's turn ended there (the next card drawn, the
        next seat's forced moves made), the others' answers, lay-offs and placements made by
        Medium; near the End card, played on to the game's end by Medium seats (the seat's
        later turns too)."""
        ai = Medium(rng.getrandbits(32))
        to_end = cards_before_end(g) <= PLAYOUT_DRAWS
        ended = False
        for _ in range(2000 if to_end else SETTLE_MOVES):
            if g.is_over:
                break
            if g.proposals and g.phase == PLAY:
                frm, to = min(g.proposals)
                g.apply(ai.answer(g, to, g.proposals[(frm, to)]))
                continue
            s = g.to_act
            if s is None:
                break
            if g.phase == PLAY and g.active == seat and s == seat and not ended:
                g.apply(A.EndTurn(seat))  # the seat's turn ends with the rated choice
                ended = True
                continue
            if g.phase == PLAY and not to_end and g.active != seat:
                break  # the next seat's turn: the position is valued here
            g.apply(ai.act(g, s))
        return g


class _Loaded:
    """Dice that roll ``first`` (a gamble's roll being rated), then on from ``then``."""

    __slots__ = ("first", "then")

    def __init__(self, first: tuple, then: Any) -> None:
        self.first = list(first)
        self.then = then

    def roll(self) -> int:
        return self.first.pop(0) if self.first else self.then.roll()

    def clone(self) -> "_Loaded":
        return _Loaded(tuple(self.first), self.then.clone())


# ---------------------------------------------------------------- review
@dataclass
class LordsReview:
    seats: list[str]
    decisions: list[dict] = field(default_factory=list)
    summary: dict[str, dict] = field(default_factory=dict)
    seconds: float = 0.0
    seed: int = 0

    def to_json(self) -> dict:
        return {"format": REVIEW_FORMAT, "seed": self.seed, "seconds": round(self.seconds, 2),
                "decisions": self.decisions, "seats": self.summary}


def _positions(rec: dict, seats: set[int]) -> tuple[Game, list[tuple[int, Game, A.Action]]]:
    """The checked replay of ``rec`` and, for every move of ``seats``, (move number, a copy of
    the game as the move found it, the move)."""
    found: list[tuple[int, Game, A.Action]] = []
    count = [0]

    def before(game: Game, action: A.Action) -> None:
        s = getattr(action, "seat", None)
        if s in seats:
            found.append((count[0], game.copy(), action))
        count[0] += 1
    final = replay(rec, before=before)
    return final, found


def review(rec: dict, colours: list[str], seed: int = 0, rater: Rater | None = None,
           progress: Callable[[int, int], None] | None = None) -> LordsReview:
    """Rate every decision of the seats ``colours`` of a ``lords-record/1`` record (which must
    check: ``RecordError`` otherwise)."""
    t0 = time.perf_counter()
    rater = rater or Rater()
    seat_names = list(rec["seats"]) if isinstance(rec, dict) and isinstance(rec.get("seats"), list) else []
    want = {seat_names.index(c) for c in colours if c in seat_names}
    final, found = _positions(rec, want)
    seats = list(final.seats)
    out = LordsReview(seats, seed=seed)
    for k, (n, game, action) in enumerate(found):
        seat = action.seat
        rng = random.Random(derive_seed(seed, n, stride=7919, offset=17))
        rated = rater.rate(game, seat, action, rng)
        chosen = rated[0][1]
        expert = next(((a, c) for a, c in rated if rater.expert is not None and a == rater.expert), None)
        best_a, best = max(rated, key=lambda r: r[1])
        forced = len(rated) == 1
        loss = max(0.0, (best - chosen) * 100)
        d = {
            "move": n, "turn": game.turn, "seat": seats[seat], "kind": KINDS.get(type(action), "action"),
            "chosen": describe(action, seats), "action": A.to_dict(action), "chance": round(chosen, 4),
            "forced": forced, "alternatives": len(rated) - 1,
            "draws_left": cards_before_end(game),
            "expert": None if expert is None else describe(expert[0], seats),
            "expert_chance": None if expert is None else round(expert[1], 4),
        }
        if forced:
            d.update(label=None, loss=0.0, best=None, best_action=None, best_chance=round(chosen, 4), advice=None)
        else:
            same = best - chosen <= 1e-9
            d.update(label=label_for(loss), loss=round(loss, 2),
                     best=None if same else describe(best_a, seats), best_chance=round(best, 4),
                     best_action=None if same or best_a is None else A.to_dict(best_a),
                     advice=None if same else
                     f"{describe(best_a, seats)} gave {best:.0%} instead of {chosen:.0%}")
        out.decisions.append(d)
        if progress is not None:
            progress(k + 1, len(found))
    for c in colours:
        mine = [d for d in out.decisions if d["seat"] == c]
        rated = [d for d in mine if not d["forced"]]
        costliest = max(rated, key=lambda d: d["loss"], default=None)
        out.summary[c] = {
            "decisions": len(mine), "unforced": len(rated),
            "labels": {name: sum(1 for d in rated if d["label"] == name) for name in LABEL_NAMES},
            "accuracy": round(sum(move_accuracy(d["loss"]) for d in rated) / len(rated), 1) if rated else None,
            "costliest": costliest,
            "chances": [[d["move"], d["chance"]] for d in mine],
            "won": c in [seats[s] for s in final.winners] if final.is_over else None,
        }
    out.seconds = time.perf_counter() - t0
    return out


__all__ = ["REVIEW_FORMAT", "Rater", "LordsReview", "review", "win_chance", "describe", "SIGMA"]
