"""What a Las Vegas seat online knows of the table (for :class:`~lasvegas.net.lasvegas.remote.RemoteMatch`),
kept up to date by the events."""

from __future__ import annotations

import random

from ...core import (
    NEUTRAL, BillsDealt, CasinoPaid, Config, DicePlaced, DicePreplaced, DiceRolled, Event, Game, GameEnded, RoundStarted,
)
from ...match.base import TableView, money_visible


class _PublicTable:
    """What a seat knows of the table, kept up to date by the events (no rule is decided here:
    the events say what moved; the engine built by :meth:`game` answers the previews)."""

    def __init__(self, config: Config, view: TableView, won: dict, turn: int) -> None:
        self.config = config
        self.round = view.round
        self.first_seat = view.first_seat
        self.current = view.current
        self.over = view.over
        self.casino_bills = [list(b) for b in view.casino_bills]
        self.casino_dice = [dict(d) for d in view.casino_dice]
        self.deck_left = view.deck_left
        self.hand = dict(view.hand)
        self.neutral = list(view.neutral)
        self.bills = dict(view.bills)
        #: the bills each owner won (None: hidden from this seat)
        self.won: dict[str, list[int] | None] = {o: (list(w) if w is not None else None) for o, w in won.items()}
        self.final_money: dict[str, int] = {}
        self.roll: tuple[tuple[str, int], ...] = tuple(view.roll)
        self.turn = turn
        #: Biggies: whose Biggie lies on each casino, who still holds theirs, the big dice in the roll
        self.casino_big = [set(b) for b in view.casino_big] or [set() for _ in range(6)]
        self.big_in_hand = set(view.big_in_hand)
        self.roll_big: tuple[int, ...] = tuple(view.roll_big)

    @property
    def to_act(self) -> int | None:
        return None if self.over or not self.roll else self.current

    def legal(self) -> list[int]:
        return sorted({v for _o, v in self.roll}) if not self.over else []

    def apply(self, ev: Event) -> None:
        if isinstance(ev, RoundStarted):
            self.round, self.first_seat = ev.round, ev.first_seat
            self.casino_dice = [{} for _ in range(6)]
            self.casino_big = [set() for _ in range(6)]
            self.big_in_hand = set(self.config.seats) if self.config.biggies else set()
            own, neutral = self.config.start_hands()
            self.hand.update(own)
            self.neutral = list(neutral)
        elif isinstance(ev, BillsDealt):
            self.casino_bills = [list(b) for b in ev.casinos]
            self.deck_left = ev.deck_left
        elif isinstance(ev, DicePreplaced):
            for v in ev.values:
                d = self.casino_dice[v - 1]
                d[ev.owner] = d.get(ev.owner, 0) + 1
        elif isinstance(ev, DiceRolled):
            self.current = ev.seat
            self.roll = tuple(zip(ev.owners, ev.values))
            self.roll_big = tuple(ev.big)
        elif isinstance(ev, DicePlaced):
            d = self.casino_dice[ev.value - 1]
            for owner, n in ev.dice:
                d[owner] = d.get(owner, 0) + n
                if owner == NEUTRAL:
                    self.neutral[ev.seat] -= n
                else:
                    self.hand[owner] -= n
            for owner in ev.big:  # a Biggie is one die in hand and counts two on the casino
                d[owner] = d.get(owner, 0) + 1
                self.casino_big[ev.value - 1].add(owner)
                self.big_in_hand.discard(owner)
            self.roll = ()
            self.roll_big = ()
            self.turn += 1
        elif isinstance(ev, CasinoPaid):
            for owner, bill in ev.awards:
                if owner == NEUTRAL:
                    self.deck_left += 1
                else:
                    self.bills[owner] = self.bills.get(owner, 0) + 1
                    if self.won.get(owner) is not None:
                        self.won[owner].append(bill)
            self.deck_left += len(ev.returned)
            self.casino_dice[ev.casino - 1] = {}
            self.casino_bills[ev.casino - 1] = []
            self.casino_big[ev.casino - 1] = set()
        elif isinstance(ev, GameEnded):
            self.over = True
            self.roll = ()
            self.roll_big = ()
            self.final_money = dict(ev.money)

    def view(self, viewer: int | None, hide_money: bool) -> TableView:
        cfg = self.config
        colour = cfg.seats[viewer] if viewer is not None and viewer < len(cfg.seats) else None
        money: dict[str, int | None] = {}
        for o in self.bills:
            known = self.final_money.get(o, sum(self.won[o]) if self.won.get(o) is not None else None)
            money[o] = known if money_visible(cfg, hide_money, self.over, colour, o) else None
        return TableView(
            viewer=viewer, round=min(self.round, cfg.rounds - 1), first_seat=self.first_seat,
            current=self.to_act, over=self.over, casino_bills=tuple(tuple(b) for b in self.casino_bills),
            casino_dice=tuple(dict(d) for d in self.casino_dice), deck_left=self.deck_left,
            hand=dict(self.hand), neutral=tuple(self.neutral), money=money, bills=dict(self.bills),
            roll=self.roll, legal=tuple(self.legal()), **self._bigs(),
        )

    def _bigs(self) -> dict:
        """The view's Biggie fields (empty in a game without them)."""
        if not self.config.biggies:
            return {}
        order = self.config.owners
        return {"casino_big": tuple(tuple(o for o in order if o in b) for b in self.casino_big),
                "big_in_hand": tuple(c for c in self.config.seats if c in self.big_in_hand),
                "roll_big": self.roll_big if not self.over else ()}

    def game(self, seed: int) -> Game:
        """A rules engine in this table's state; what is hidden (the deck's order, the bills
        won where money is hidden) is filled in at random with ``seed``."""
        cfg = self.config
        owners = cfg.owners
        rng = random.Random(seed)
        pool = cfg.bills()
        for b in [b for bills in self.casino_bills for b in bills] + [b for w in self.won.values() if w for b in w]:
            pool.remove(b)
        rng.shuffle(pool)
        won = []
        for o in owners:
            w = self.won.get(o)
            if w is None:  # hidden: as many bills as it holds, drawn from the unseen ones
                w = [pool.pop() for _ in range(self.bills.get(o, 0))]
            won.append(list(w))
        own = {o: n for o, n in self.hand.items()}
        seat_of = {o: i for i, o in enumerate(owners)}
        roll = [[seat_of[o] for o, _v in self.roll], [v for _o, v in self.roll]]
        version, internal, gauss = random.Random(seed).getstate()
        state = {
            "format": "lasvegas-state/1", "config": cfg.to_dict(), "seed": None,
            "rng": [version, list(internal), gauss], "dice": {"kind": "random", "buffer": []},
            "phase": "game_over" if self.over else "place", "round": min(self.round, cfg.rounds),
            "first_seat": self.first_seat, "current": self.current or 0, "deck": pool,
            "start_deck": cfg.bills(),
            "casino_bills": [list(b) for b in self.casino_bills],
            "casino_dice": [[d.get(o, 0) for o in owners] for d in self.casino_dice],
            "left": [own.get(o, 0) if o != NEUTRAL else 0 for o in owners],
            "neutral_left": list(self.neutral), "roll": roll, "won": won,
        }
        if cfg.biggies:
            state["casino_big"] = [[int(o in b) for o in owners] for b in self.casino_big]
            state["big_left"] = [int(c in self.big_in_hand) for c in cfg.seats]
        return Game.from_dict(state, past=False)  # the public position: nothing of its past is needed
