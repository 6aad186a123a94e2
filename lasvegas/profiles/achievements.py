"""Achievements: each a clear condition on a profile's games, earned by the first game that meets it.

They are derived from the games (``history.PlayedGame``, read from the
records) every time, in the order the games were played; an achievement's
date is the date of the record that first met its condition, so it can never
disagree with the records.  Titles and conditions are marked for translation
(``N_``) and translated where they are shown.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..store import N_
from .history import PlayedGame


@dataclass
class Career:
    """What a profile has done so far, the game being looked at included."""

    games: int = 0
    wins: int = 0
    streak: int = 0  #: multiplayer games won in a row, up to this one
    casinos: Counter = field(default_factory=Counter)  #: casino value -> highest bills taken
    dailies: set = field(default_factory=set)  #: dates (YYYY-MM-DD) of daily challenges played

    def add(self, g: PlayedGame) -> None:
        if g.mode == "multi":
            self.games += 1
            self.wins += g.won
            self.streak = self.streak + 1 if g.won else 0
            self.casinos.update(g.top_bills)
        if g.daily:
            self.dailies.add(g.daily)

    def daily_run(self, last: str) -> int:
        """How many days in a row, ending on ``last``, had a daily challenge played."""
        day, n = _dt.date.fromisoformat(last), 0
        while (day - _dt.timedelta(days=n)).isoformat() in self.dailies:
            n += 1
        return n


@dataclass(frozen=True)
class Achievement:
    id: str
    title: str  #: marked with N_, translated when shown
    condition: str  #: what earns it, in words (N_)
    test: Callable[[PlayedGame, Career], bool]


def _multi(test: Callable[[PlayedGame, Career], bool]) -> Callable[[PlayedGame, Career], bool]:
    return lambda g, c: g.mode == "multi" and test(g, c)


ACHIEVEMENTS: tuple[Achievement, ...] = (
    Achievement("first-game", N_("Pull up a chair"), N_("Finish a game."), _multi(lambda g, c: True)),
    Achievement("first-win", N_("Beginner's luck"), N_("Win a game."), _multi(lambda g, c: g.won)),
    Achievement("single-die", N_("One is enough"), N_("Take a casino's highest bill with a single die."),
                _multi(lambda g, c: g.single_die_tops > 0)),
    Achievement("tie-breaker", N_("Tie breaker"),
                N_("Break a tie you were in, then take that casino's highest bill."),
                _multi(lambda g, c: g.tie_breaks > 0)),
    Achievement("top-bill", N_("High roller"), N_("Win a $90,000 bill."),
                _multi(lambda g, c: g.biggest_bill >= 90_000)),
    Achievement("half-million", N_("Half a million"), N_("End a game with $500,000 or more."),
                _multi(lambda g, c: g.money >= 500_000)),
    Achievement("experts", N_("Expert tamer"), N_("Win a game against three Expert seats."),
                _multi(lambda g, c: g.won and g.ai_levels.count("expert") >= 3)),
    Achievement("full-table", N_("Full house"), N_("Win a game at a table of five or more."),
                _multi(lambda g, c: g.won and g.seats >= 5)),
    Achievement("neutral", N_("Nobody's dice"), N_("Win a game with the neutral dice."),
                _multi(lambda g, c: g.won and g.neutral)),
    Achievement("comeback", N_("Comeback"), N_("Win a game after being the poorest before the last round."),
                _multi(lambda g, c: g.won and g.last_before_final)),
    Achievement("every-round", N_("Round after round"), N_("Win the most money in every round of a game."),
                _multi(lambda g, c: g.rounds >= 2 and g.led_every_round)),
    Achievement("streak", N_("Hot streak"), N_("Win three games in a row."), _multi(lambda g, c: c.streak >= 3)),
    Achievement("six-casinos", N_("Grand tour"), N_("Take the highest bill at each of the six casinos."),
                _multi(lambda g, c: len(c.casinos) == 6)),
    Achievement("ten-games", N_("Regular"), N_("Finish ten games."), _multi(lambda g, c: c.games >= 10)),
    Achievement("ten-wins", N_("Card shark"), N_("Win ten games."), _multi(lambda g, c: c.wins >= 10)),
    Achievement("solo-unaided", N_("On my own"), N_("Win a solo level without a hint."),
                lambda g, c: g.mode == "solo" and g.won and g.hints == 0),
    Achievement("master", N_("Master of the Strip"), N_("Beat the Master solo level in a full game."),
                lambda g, c: g.mode == "solo" and g.won and g.solo_level == "master" and g.rounds == 4),
    Achievement("daily-week", N_("A week in Vegas"), N_("Play the daily challenge seven days in a row."),
                lambda g, c: bool(g.daily) and c.daily_run(g.daily) >= 7),
)
BY_ID = {a.id: a for a in ACHIEVEMENTS}


@dataclass(frozen=True)
class Earned:
    """An achievement earned: when, by which game (its record file)."""

    id: str
    when: _dt.datetime
    record: str


def earned(games: Sequence, achievements: Sequence = ACHIEVEMENTS, career=None) -> dict[str, Earned]:
    """The achievements ``games`` (one profile's, oldest first) earn, each with the first game that met it
    (Lords of Vegas's: ``lords_achievements.lords_earned``, its own list and career)."""
    career = Career() if career is None else career
    out: dict[str, Earned] = {}
    for g in games:
        career.add(g)
        for a in achievements:
            if a.id not in out and a.test(g, career):
                out[a.id] = Earned(a.id, g.when, g.path)
    return out


def earned_by_record(games: Sequence[PlayedGame], record: str) -> list[Earned]:
    """The achievements that the game of ``record`` earned (for the toast after a game)."""
    return [e for e in earned(games).values() if e.record == record]
