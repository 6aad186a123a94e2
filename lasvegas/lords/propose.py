"""AI seats proposing trades to human seats (docs/lords-rules.md, D13–D14).

On its own turn, before its action, an AI seat may offer a human seat money for
one of the human's marked lots (no tile on it yet) that touches a casino the AI
bosses or a lot the AI marked: room to grow.  Each candidate is valued as Hard
values a position (``ai.trade_gains`` with ``hard.hard_value``: public
information only, the AI's own random generator for anything unknown); the AI offers the best one that gains it
at least ``MIN_GAIN`` dollars while the human gains something too (the price
covers at least the lot's cost), and only sometimes (``CHANCE`` per turn): a
seat that offered every turn would be a nuisance.  Everything comes from the
AI's own ``random.Random``: one seed gives one game.  No pygame, no screen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from . import actions as A
from .players import trade_gains
from .hard import hard_value
from .board import COST, NEIGHBOURS, N_LOTS
from .game import PLAY, Game

#: the chance that an AI seat looks for a trade to offer on a turn of its own
CHANCE = 0.35
#: what the trade must be worth to the AI (in Medium's dollars) to be offered
MIN_GAIN = 2.0
#: the money the AI keeps whatever it offers
RESERVE = 4
#: at most this many lots are valued per look (the nearest to its casinos first)
MAX_CANDIDATES = 6


@dataclass(frozen=True)
class OfferReason:
    """Why an AI seat made its offer (told after the engine's ``TradeProposed``), read from the deal
    and the board before it (``offer_reason``: public facts only).  ``wanted`` is the lot of what
    it wants (or gives, for "sell"); ``lot`` the lot it is about, -1 for none.  ``kind``:

    * a marked lot it wants: "grow" (touching its casino at ``lot``), "beside_tile" (touching its
      tile on ``lot`` in a casino it does not boss) or "next_to" (touching its marked lot ``lot``);
    * a die it wants: "boss_die" (it would then be boss of the casino at ``lot``) or "more_dice"
      (one more die of its in that casino);
    * only money it wants, for its marked lot: "sell" (``wanted`` touches the other seat's tile on
      ``lot``) or "sell_plain";
    * "deal": none of these (both sides gain by its reckoning, which is why it offers at all)."""
    seat: int
    to: int
    kind: str
    lot: int
    wanted: int


def offer_reason(game: Game, p: A.Propose) -> OfferReason:
    """Why seat ``p.seat`` offers ``p`` in ``game`` as it stands before the offer: what it wants
    (a lot next to its casino, its tile or its marker; a die that makes it boss or adds to its
    share), or, wanting only money, what its lot is to the other seat.  Every deal has one."""
    seat, to = p.seat, p.to
    for wanted in p.get.lots:
        nbs = NEIGHBOURS[wanted]
        for kind, test in (("grow", lambda nb: game.tile[nb] >= 0 and game.boss(game.casino_of(nb)) == seat),
                           ("beside_tile", lambda nb: game.tile[nb] >= 0 and game.owner[nb] == seat),
                           ("next_to", lambda nb: game.tile[nb] < 0 and game.marker[nb] == seat)):
            at = next((nb for nb in nbs if test(nb)), None)
            if at is not None:
                return OfferReason(seat, to, kind, at, wanted)
    for wanted in p.get.dice:
        k = game.casino_of(wanted)
        after = [seat if i == wanted else game.owner[i] for i in k]
        mine = [game.value[i] for i, o in zip(k, after) if o == seat]
        best_other = max((game.value[i] for i, o in zip(k, after) if o not in (seat, -1)), default=0)
        kind = "boss_die" if game.boss(k) != seat and mine and max(mine) > best_other else "more_dice"
        return OfferReason(seat, to, kind, k[0], wanted)
    if p.give.lots and not p.get.lots and not p.get.dice:
        wanted = p.give.lots[0]
        at = next((nb for nb in NEIGHBOURS[wanted] if game.tile[nb] >= 0 and game.owner[nb] == to), None)
        if at is not None:
            return OfferReason(seat, to, "sell", at, wanted)
        return OfferReason(seat, to, "sell_plain", -1, wanted)
    lots = [*p.get.lots, *p.get.dice, *p.give.lots, *p.give.dice]
    return OfferReason(seat, to, "deal", -1, lots[0] if lots else -1)


def _worth(game: Game, seat: int) -> float:
    """A position's worth to ``seat``: Hard's valuation (``hard.hard_value``)."""
    return hard_value(game, seat)


def _room(game: Game, seat: int, lot: int) -> tuple[int, int] | None:
    """(rank, the lot of ours it touches): 0 next to a casino ``seat`` bosses, 1 next to its marked lot."""
    best = None
    for nb in NEIGHBOURS[lot]:
        if game.tile[nb] >= 0 and game.boss(game.casino_of(nb)) == seat:
            return (0, nb)
        if best is None and game.marker[nb] == seat and game.tile[nb] < 0:
            best = (1, nb)
    return best


def candidates(game: Game, seat: int, humans: list[int]) -> list[tuple[A.Propose, OfferReason]]:
    """The offers ``seat`` could make now: money for a human's marked lot next to its own."""
    out = []
    cash = game.money[seat] - RESERVE
    for lot in range(N_LOTS):
        owner = game.marker[lot]
        if owner not in humans or game.tile[lot] >= 0:
            continue
        room = _room(game, seat, lot)
        if room is None:
            continue
        price = COST[lot] + 2
        if price > cash:
            continue
        p = A.Propose(seat, owner, give=A.Offer(money=price), get=A.Offer(lots=(lot,)))
        out.append((room[0], COST[lot], lot, p, offer_reason(game, p)))
    out.sort(key=lambda c: (c[0], -c[1], c[2]))
    return [(p, why) for _r, _c, _l, p, why in out[:MAX_CANDIDATES]]


def propose_to_human(game: Game, seat: int, humans: list[int],
                     rng: random.Random) -> tuple[A.Propose, OfferReason] | None:
    """The trade AI seat ``seat`` offers a human seat now, with why; None most turns.

    Only on ``seat``'s own turn in its Step 2 with no proposal open, and only with ``CHANCE``."""
    if (game.is_over or game.phase != PLAY or game.active != seat or game.proposals
            or not humans or seat in humans):
        return None
    if rng.random() >= CHANCE:
        return None
    best = None
    for p, why in candidates(game, seat, humans):
        if game.trade_problem(p):
            continue
        gains = trade_gains(game, seat, p, rng, _worth)
        if gains is None:
            continue
        mine, _theirs = gains
        if mine >= MIN_GAIN and (best is None or mine > best[0]):
            best = (mine, p, why)
    return None if best is None else (best[1], best[2])


__all__ = ["propose_to_human", "candidates", "offer_reason", "OfferReason", "CHANCE", "MIN_GAIN"]
