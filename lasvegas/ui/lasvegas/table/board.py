"""What the table shows: built once from the match's view, then changed only by events.

The board lags the game while events are animated: the presenter calls
these methods when each animation reaches the moment the change is seen.
It re-derives no rule: a round's starting hands come from the core's
``Config.start_hands()``, everything else from the events themselves.
"""

from __future__ import annotations

from ....core import NEUTRAL, Config
from ....match import Match
from ...kit.anim import Counter


class Board:
    def __init__(self, match: Match) -> None:
        cfg = match.config
        self.config: Config = cfg
        view = match.query.view(None)
        self.round = view.round
        self.first_seat = view.first_seat
        self.over = view.over
        #: each owner's dice on each casino as they score (a Biggie counts 2)
        self.casino_dice: list[dict[str, int]] = [dict(d) for d in view.casino_dice]
        #: whose Biggie is on each casino, and who still holds theirs
        self.casino_big: list[set[str]] = [set(b) for b in view.casino_big] or [set() for _ in range(6)]
        self.big_in_hand: set[str] = set(view.big_in_hand)
        self.casino_bills: list[list[int]] = [list(b) for b in view.casino_bills]
        self.deck_left = view.deck_left
        self.returned: list[int] = []
        # money this screen may know: each seat here may see its own
        known = dict(view.money)
        for s in match.seats_here:
            for o, m in match.query.view(s).money.items():
                if m is not None:
                    known[o] = m
        self.known = {o for o, m in known.items() if m is not None}
        self.money = {o: Counter(m or 0) for o, m in known.items()}
        self.bills = dict(view.bills)
        self.round_bills = {o: 0 for o in view.bills}
        self.hand = dict(view.hand)
        self.neutral = list(view.neutral)
        self.cancelled: dict[int, set] = {}
        #: casino -> {owner: dice} of the ties its payout cancelled: shown struck out until it is cleared
        self.tied: dict[int, dict[str, int]] = {}
        self.highlight: int | None = None
        #: money after each round finished on this screen ({owner: total})
        self.round_totals: list[dict[str, int]] = []
        #: the dice that landed last, shown until the next roll: (seat, casino, ((owner, count), ...))
        self.last_move: tuple[int, int, tuple] | None = None

    # ------------------------------------------------- changes by events
    def start_round(self, rnd: int, first_seat: int) -> None:
        self.round = rnd
        self.first_seat = first_seat
        self.returned = []
        self.casino_dice = [{} for _ in range(6)]  # pre-placed dice follow as events
        self.casino_big = [set() for _ in range(6)]
        self.tied = {}
        self.big_in_hand = set(self.config.seats) if self.config.biggies else set()
        self.round_bills = {o: 0 for o in self.round_bills}
        self.last_move = None
        own, neutral = self.config.start_hands()
        self.hand.update(own)
        self.neutral = list(neutral)

    def deal(self, casinos, deck_left: int) -> None:
        self.casino_bills = [list(b) for b in casinos]
        self.deck_left = deck_left

    def preplace(self, owner: str, values) -> None:
        for val in values:
            d = self.casino_dice[val - 1]
            d[owner] = d.get(owner, 0) + 1
        if owner in self.hand:
            self.hand[owner] = max(0, self.hand[owner] - len(values))

    def place(self, seat: int, value: int, dice, big=()) -> None:
        """``dice``: (owner, physical dice); ``big``: owners whose Biggie is among them (it scores 2)."""
        self.last_move = (seat, value, tuple(dice))
        cd = self.casino_dice[value - 1]
        for owner in big:
            cd[owner] = cd.get(owner, 0) + 1
            self.casino_big[value - 1].add(owner)
            self.big_in_hand.discard(owner)
        for owner, n in dice:
            cd[owner] = cd.get(owner, 0) + n
            if owner == NEUTRAL:
                self.neutral[seat] = max(0, self.neutral[seat] - n)
            elif owner in self.hand:
                self.hand[owner] = max(0, self.hand[owner] - n)

    def take_bill(self, casino: int, bill: int) -> None:
        lst = self.casino_bills[casino - 1]
        if bill in lst:
            lst.remove(bill)

    def award(self, owner: str | None, bill: int, instant: bool) -> None:
        """Bill ``bill`` reaches ``owner`` (None or the neutral dice: under the deck)."""
        if owner and owner != NEUTRAL:
            if owner in self.money:
                self.money[owner].set(self.money[owner].target + bill, instant=instant)
            self.bills[owner] = self.bills.get(owner, 0) + 1
            self.round_bills[owner] = self.round_bills.get(owner, 0) + 1
        else:
            self.returned.append(bill)
            self.deck_left += 1

    def cancel(self, casino: int, owners) -> None:
        self.cancelled[casino] = set(owners)

    def remove_cancelled(self, casino: int, owners) -> None:
        self.tied[casino] = {o: self.casino_dice[casino - 1].get(o, 0) for o in owners}
        for o in owners:
            self.casino_dice[casino - 1].pop(o, None)
            self.casino_big[casino - 1].discard(o)
        self.cancelled.pop(casino, None)

    def clear_casino(self, casino: int) -> None:
        self.tied.pop(casino, None)
        self.casino_dice[casino - 1] = {}
        self.casino_big[casino - 1] = set()
        self.casino_bills[casino - 1] = []
        self.highlight = None

    def end_round(self, totals) -> None:
        totals = dict(totals)
        for o, total in totals.items():
            if o in self.money:
                self.money[o].set(total, instant=True)
                self.known.add(o)
        self.round_totals.append(totals)

    def end_game(self) -> None:
        self.over = True

    # ------------------------------------------------------------ queries
    def update(self, dt: float) -> None:
        for c in self.money.values():
            c.update(dt)
