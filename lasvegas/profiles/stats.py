"""A profile's statistics, computed from its games (``history.PlayedGame``) every time they are asked for."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import Sequence

from .history import PlayedGame


@dataclass(frozen=True)
class Tally:
    """Games played and won."""

    games: int = 0
    wins: int = 0

    def add(self, won: bool) -> "Tally":
        return Tally(self.games + 1, self.wins + int(won))


@dataclass(frozen=True)
class Best:
    """The profile's best game: the most money at the end of a multiplayer game."""

    money: int
    when: _dt.datetime
    seats: int
    won: bool


@dataclass(frozen=True)
class Stats:
    """What the profile screen shows; multiplayer figures unless the name says solo."""

    games: int
    wins: int
    by_seats: dict[int, Tally]  #: table size -> games and wins
    by_level: dict[str, Tally]  #: AI level faced -> games (with at least one seat of it) and wins
    average_money: int  #: at the end of a game, rounded to the dollar (0: no game)
    best: Best | None
    ties_caused: int
    ties_suffered: int
    biggest_bill: int
    casinos_won: tuple[int, ...]  #: casinos 1-6: how many times this profile took the highest bill
    wins_over_time: tuple[tuple[_dt.date, int, int], ...]  #: (day, games so far, wins so far), one per game
    money_by_round: tuple[int, ...]  #: average money won in round 1, 2, … (games of that many rounds)
    solo_games: int
    solo_wins: int
    daily_played: int  #: daily challenges played (their first game of the day)
    daily_won: int


def compute(games: Sequence[PlayedGame]) -> Stats:
    """The statistics of ``games`` (one profile's, oldest first)."""
    multi = [g for g in games if g.mode == "multi"]
    solo = [g for g in games if g.mode == "solo"]
    by_seats: dict[int, Tally] = {}
    by_level: dict[str, Tally] = {}
    casinos = [0] * 6
    over_time = []
    rounds_sum: list[int] = []
    rounds_n: list[int] = []
    wins = 0
    for i, g in enumerate(multi):
        wins += g.won
        over_time.append((g.day, i + 1, wins))
        by_seats[g.seats] = by_seats.get(g.seats, Tally()).add(g.won)
        for level in sorted(set(g.ai_levels)):
            by_level[level] = by_level.get(level, Tally()).add(g.won)
        for c in g.top_bills:
            casinos[c - 1] += 1
        for r, m in enumerate(g.round_money):
            if r == len(rounds_sum):
                rounds_sum.append(0)
                rounds_n.append(0)
            rounds_sum[r] += m
            rounds_n[r] += 1
    best_game = max(multi, key=lambda g: (g.money, g.when), default=None)
    best = Best(best_game.money, best_game.when, best_game.seats, best_game.won) if best_game else None
    dailies = [g for g in solo if g.daily]
    return Stats(
        games=len(multi), wins=wins, by_seats=dict(sorted(by_seats.items())), by_level=by_level,
        average_money=round(sum(g.money for g in multi) / len(multi)) if multi else 0, best=best,
        ties_caused=sum(g.ties_caused for g in multi), ties_suffered=sum(g.ties_suffered for g in multi),
        biggest_bill=max((g.biggest_bill for g in multi), default=0), casinos_won=tuple(casinos),
        wins_over_time=tuple(over_time),
        money_by_round=tuple(round(s / n) for s, n in zip(rounds_sum, rounds_n)),
        solo_games=len(solo), solo_wins=sum(g.won for g in solo),
        daily_played=len({g.daily for g in dailies}), daily_won=len({g.daily for g in dailies if g.won}),
    )
