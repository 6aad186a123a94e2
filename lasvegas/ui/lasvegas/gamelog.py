"""The game log: every event of a game told in words, newest last (no pygame).

The table's log panel, the results screens and the text file written beside
a saved record all read these sentences.  Only what every player saw goes in:
the rolls, the moves, the payouts, the rounds' ends and the winner — never the
deck's order, and no money totals while a table hides them (``hide_money``;
the final totals are public once the game is over).
"""

from __future__ import annotations

from typing import Iterable

from ...core import (
    NEUTRAL, BillsDealt, CasinoPaid, Config, DicePlaced, DicePreplaced, DiceRolled, GameEnded,
    RoundEnded, RoundStarted,
)
from ..kit.i18n import _, and_list, clauses, money, ngettext


class GameLog:
    """Sentences for a game's events.  ``names``: each colour's seat name (others: the colour)."""

    def __init__(self, config: Config, names: dict[str, str] | None = None, *, hide_money: bool = False) -> None:
        self.config = config
        self.names = dict(names or {})
        self.hide_money = hide_money and not config.is_solo
        self.lines: list[str] = []
        #: the money totals each sentence tells, by its index in ``lines``: ((owner, total), ...);
        #: the log panel reports them as drawn (``ui.lasvegas.totals``), so the hidden-money rule can be watched
        self.totals: dict[int, tuple[tuple[str, int], ...]] = {}
        self._told: list[tuple[str, int]] = []

    def name(self, owner: str) -> str:
        if owner == NEUTRAL:
            return _("the neutral dice")
        if self.config.is_solo and owner == self.config.seats[0]:
            return _("You")  # whatever name the game's files kept for the solo player
        return self.names.get(owner) or _(owner.title())

    def short(self, owner: str) -> str:
        """Whose dice, in a list of dice: "neutral", or the name."""
        return _("neutral") if owner == NEUTRAL else self.name(owner)

    def seat_name(self, seat: int) -> str:
        seats = self.config.seats
        return self.name(seats[seat]) if 0 <= seat < len(seats) else str(seat)

    def add(self, ev) -> list[str]:
        """Tell ``ev``; the new sentences (none for an event nobody needs told)."""
        tell = _TELLERS.get(type(ev))
        self._told = []
        new = tell(self, ev) if tell else []
        if self._told and new:
            self.totals[len(self.lines) + len(new) - 1] = tuple(self._told)
        self.lines.extend(new)
        return new

    def _total(self, owner: str, amount: int) -> str:
        """An owner's money total in a sentence (kept in ``totals``)."""
        self._told.append((owner, amount))
        return money(amount)

    def extend(self, events: Iterable) -> None:
        for ev in events:
            self.add(ev)

    def text(self) -> str:
        return "\n".join(self.lines) + ("\n" if self.lines else "")

    # ----------------------------------------------------------- tellers
    def _round_started(self, ev) -> list[str]:
        return [_("Round {n} of {total} begins; {name} plays first.", n=ev.round + 1, total=self.config.rounds,
                  name=self.seat_name(ev.first_seat))]

    def _bills_dealt(self, ev) -> list[str]:
        parts = [_("casino {c}: {bills}", c=c, bills=_list(money(b) for b in bills))
                 for c, bills in enumerate(ev.casinos, start=1)]
        return [_("Bills dealt — {casinos}.", casinos=clauses(parts))]

    def _dice_preplaced(self, ev) -> list[str]:
        n = len(ev.values)
        casinos = _list(str(v) for v in sorted(ev.values))
        if ev.owner == NEUTRAL:
            return [ngettext("Before the first turn, {n} neutral die goes on casino {casinos}.",
                             "Before the first turn, {n} neutral dice go on casinos {casinos}.", n, casinos=casinos)]
        return [ngettext("Before the first turn, {n} die of {name} goes on casino {casinos}.",
                         "Before the first turn, {n} dice of {name} go on casinos {casinos}.", n,
                         name=self.name(ev.owner), casinos=casinos)]

    def _dice_rolled(self, ev) -> list[str]:
        own_colour = self.config.seats[ev.seat] if ev.seat < len(self.config.seats) else None
        by_owner: dict[str, list[int]] = {}
        for o, v in zip(ev.owners, ev.values):
            by_owner.setdefault(o, []).append(v)
        parts = []
        for o, values in by_owner.items():
            shown = " ".join(str(v) for v in sorted(values))
            parts.append(shown if o == own_colour else _("{values} ({whose})", values=shown, whose=self.short(o)))
        return [_("{name} rolls {dice}.", name=self.seat_name(ev.seat), dice=clauses(parts))]

    def _dice_placed(self, ev) -> list[str]:
        n = sum(k for _o, k in ev.dice)
        name = self.seat_name(ev.seat)
        counts: dict[str, int] = {}  # each owner's dice once (a solo roll names each die)
        for o, k in ev.dice:
            counts[o] = counts.get(o, 0) + k
        if len(counts) == 1:
            return [ngettext("{name} places {n} die on casino {c}.", "{name} places {n} dice on casino {c}.", n,
                             name=name, c=ev.value)]
        return [ngettext("{name} places {n} die on casino {c} ({detail}).",
                         "{name} places {n} dice on casino {c} ({detail}).", n, name=name, c=ev.value,
                         detail=_list(self._whose_dice(ev.seat, o, k) for o, k in counts.items()))]

    def _whose_dice(self, seat: int, owner: str, k: int) -> str:
        """``k`` of the dice placed, by whose they are: the mover's own, neutral, or another's (solo)."""
        own = self.config.seats[seat] if 0 <= seat < len(self.config.seats) else None
        if owner == NEUTRAL:
            return ngettext("{n} neutral", "{n} neutral", k)
        if owner == own and not self.config.is_solo:
            return ngettext("{n} of their own", "{n} of their own", k)
        return ngettext("{n} of {whose}", "{n} of {whose}", k, whose=self.name(owner))

    def _casino_paid(self, ev) -> list[str]:
        dice = dict(ev.dice)
        parts = []
        for o, bill in ev.awards:
            k = dice.get(o, 0)
            if o == NEUTRAL:
                parts.append(ngettext("the neutral dice ({n} die) take {bill}, which goes under the deck",
                                      "the neutral dice ({n} dice) take {bill}, which goes under the deck",
                                      k, bill=money(bill)))
            else:
                parts.append(ngettext("{name} wins {bill} with {n} die", "{name} wins {bill} with {n} dice", k,
                                      name=self.name(o), bill=money(bill)))
        ties: dict[int, list[str]] = {}
        for o in ev.cancelled:
            ties.setdefault(dice.get(o, 0), []).append(self.name(o))
        for k, who in sorted(ties.items(), reverse=True):
            parts.append(ngettext("{names} tie with {n} die each and get nothing",
                                  "{names} tie with {n} dice each and get nothing", k, names=_list(who)))
        if ev.returned:
            parts.append(ngettext("{bills} goes under the deck", "{bills} go under the deck", len(ev.returned),
                                  bills=_list(money(b) for b in ev.returned)))
        if not dice:
            parts.insert(0, _("no dice"))
        return [_("Casino {c} pays: {what}.", c=ev.casino, what=clauses(parts))]

    def _round_ended(self, ev) -> list[str]:
        line = _("Round {n} ends.", n=ev.round + 1)
        if self.hide_money:
            return [line]
        won = dict(ev.won)
        totals = _list(_("{name} {total} (+{won})", name=self.name(o), total=self._total(o, m), won=money(won.get(o, 0)))
                       for o, m in sorted(dict(ev.money).items(), key=lambda om: -om[1]) if o != NEUTRAL)
        return [line + " " + _("Money: {totals}.", totals=totals)]

    def _game_ended(self, ev) -> list[str]:
        winners = [self.name(o) for o in ev.winners]
        if ev.solo_won is not None:
            me = self.name(self.config.seats[0])
            line = (_("The game is over: {name} beats the solo opponents.", name=me) if ev.solo_won
                    else _("The game is over: the solo opponents beat {name}.", name=me))
        elif len(winners) == 1:
            line = _("The game is over: {name} wins.", name=winners[0])
        else:
            line = _("The game is over: {names} share the win.", names=_list(winners))
        totals = _list(_("{name} {total}", name=self.name(o), total=self._total(o, m))
                       for o, m in sorted(dict(ev.money).items(), key=lambda om: -om[1]) if o != NEUTRAL)
        return [line + " " + _("Final money: {totals}.", totals=totals)]


_TELLERS = {
    RoundStarted: GameLog._round_started, BillsDealt: GameLog._bills_dealt,
    DicePreplaced: GameLog._dice_preplaced, DiceRolled: GameLog._dice_rolled,
    DicePlaced: GameLog._dice_placed, CasinoPaid: GameLog._casino_paid,
    RoundEnded: GameLog._round_ended, GameEnded: GameLog._game_ended,
}


def _list(items: Iterable[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return and_list(items)


def game_log(config: Config, events: Iterable, names: dict[str, str] | None = None, *,
             hide_money: bool = False) -> list[str]:
    """The sentences of a whole list of events (a finished game's log)."""
    log = GameLog(config, names, hide_money=hide_money)
    log.extend(events)
    return log.lines
