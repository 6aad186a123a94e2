"""Typed questions the table and the AI ask a Lords of Vegas game (all public, D19)."""

from __future__ import annotations

from dataclasses import dataclass

from . import actions as A
from .board import COLOURS, COMPANY, COST, END, STRIP, TOUCHES_STRIP, TRACK, score
from .game import Game


@dataclass(frozen=True, slots=True)
class Casino:
    lots: tuple[int, ...]
    colour: int
    #: (lot, owner, value) of every tile with a die
    dice: tuple[tuple[int, int, int], ...]
    boss: int
    size: int
    touches_strip: bool

    @property
    def colour_name(self) -> str:
        return COLOURS[self.colour]


def casinos(game: Game) -> list[Casino]:
    """Every casino on the board, in lot order."""
    out = []
    owner, value = game.owner, game.value
    for k, b in zip(game.casinos(), game.bosses()):
        out.append(Casino(k, game.tile[k[0]], tuple((i, owner[i], value[i]) for i in k if owner[i] >= 0),
                          b, len(k), any(TOUCHES_STRIP[i] for i in k)))
    return out


def action_cost(game: Game, a) -> int:
    """What ``a`` costs its player now (0 for actions that cost nothing)."""
    t = type(a)
    if t is A.Build:
        return COST[a.lot]
    if t is A.Sprawl:
        return 2 * COST[a.lot]
    if t is A.Remodel:
        return 5 * len(game.casino_of(a.casino))
    if t is A.Reorganize:
        return sum(game.value[i] for i in game.casino_of(a.casino))
    if t is A.Gamble:
        return a.bet
    return 0


def priced_actions(game: Game, seat: int) -> list[tuple[object, int]]:
    """Each legal build, sprawl, remodel and reorganize of ``seat`` now, with its cost, and each
    gamble as (Gamble with the largest bet, that bet)."""
    out: list[tuple[object, int]] = []
    for a in (game.build_options(seat) + game.sprawl_options(seat) + game.remodel_options(seat)
              + game.reorganize_options(seat)):
        out.append((a, action_cost(game, a)))
    for k, top in game.gamble_options(seat):
        out.append((A.Gamble(seat, k[0], top), top))
    return out


def trade_actions(game: Game, p) -> tuple[Game, list[tuple[object, int]]]:
    """The actions a trade ``p`` (a ``Propose``; its own action aside) may bring for the active
    seat, with their costs: those legal once its offers have changed hands, as the engine checks
    a bundled action at acceptance (D13): the money it brings in counts, and a lot it buys may be
    built on.  Also the game they are priced on (the trade done; the game as it is when the offers
    cannot change hands now)."""
    bare = A.Propose(p.seat, p.to, p.give, p.get)
    after = game.traded(bare) if game.trade_problem(bare) is None else game
    return after, priced_actions(after, after.active)


def turns_started(game: Game, seat: int) -> int:
    """How many turns ``seat`` has started (the seats play in turn from the first player)."""
    if game.turn <= 0:
        return 0
    first = (seat - game.first) % game.n + 1  # the game's turn number of this seat's first turn
    return 0 if game.turn < first else (game.turn - first) // game.n + 1


@dataclass(frozen=True, slots=True)
class CardPayout:
    """What a card of one company would pay now: money per seat (the $1 per marker
    included) and each seat's VP after it."""
    company: int
    money: tuple[int, ...]
    vp_after: tuple[int, ...]


def card_payout(game: Game, company: int) -> CardPayout:
    """What drawing a card of ``company`` (0..4, or 5 = a Strip card) would pay each seat now
    (take-overs aside: they depend on the lot)."""
    n = game.n
    gain = list(game.markers_used)
    chips = list(game.chip)
    owner, value, tile = game.owner, game.value, game.tile
    per_boss: dict[int, list[int]] = {}
    for k, b in zip(game.casinos(), game.bosses()):
        if company != STRIP and tile[k[0]] != company:
            continue
        if company == STRIP and not any(TOUCHES_STRIP[i] for i in k):
            continue
        for i in k:
            if owner[i] >= 0:
                gain[owner[i]] += value[i]
        if b >= 0:
            per_boss.setdefault(b, []).append(len(k))
    for b, sizes in per_boss.items():
        for size in sorted(sizes):
            chips[b] = score(chips[b], size)
    return CardPayout(company, tuple(gain), tuple(TRACK[chips[s]] for s in range(n)))


def deck_counts(game: Game) -> tuple[int, ...]:
    """Cards left in the deck per company (0..4, then the Strip cards with the End card)."""
    return game.deck_counts()


def cards_before_end(game: Game) -> int:
    """Cards still to be drawn before the End card (public: D4 places it by rule)."""
    rest = game.deck[game.pos:]
    return rest.index(END) if END in rest else 0


__all__ = ["Casino", "casinos", "action_cost", "priced_actions", "trade_actions", "turns_started", "CardPayout", "card_payout",
           "deck_counts", "cards_before_end", "COMPANY"]
