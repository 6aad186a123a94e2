"""Lords of Vegas achievements: what a profile's Lords of Vegas games earn, with progress (no pygame).

Like the Las Vegas ones (``achievements``), each is a clear condition, earned by the
first game that meets it, derived from the records every time (so they can never
disagree with them).  A game's facts are read while its record is replayed by the
rules (``Facts.watch``); a profile's games are the records that name its profile id on
a human seat (``lords_stats``), never a name.  Titles and conditions are marked for
translation (``N_``) and translated where they are shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from ...lords import events as E
from ...lords.board import COLOURS, TRACK
from ...store import N_
from ..achievements import Achievement, Earned, earned

#: the share of the deck drawn that starts a game's "last quarter"
LAST_QUARTER = 0.75


@dataclass
class SeatFacts:
    """What one seat did in one game (read from its record)."""

    biggest_casino: int = 0  #: most tiles of a casino it was the boss of
    companies: int = 0  #: most companies (tile colours) it was the boss of at once
    gamble_won_unlaid: bool = False  #: won a gamble whose boss had declined to lay it off
    reorganized_to_boss: bool = False  #: became a casino's boss by reorganizing it
    sprawls: int = 0
    last_at_quarter: bool = False  #: had the fewest VP when the last quarter of the deck began
    late_trade: bool = False  #: a trade of its was accepted in the last quarter of the deck


class Facts:
    """The facts of every seat of a game, gathered move by move: pass ``watch`` to ``replay``."""

    def __init__(self, n: int) -> None:
        self.seats = [SeatFacts() for _ in range(n)]
        self.quarter_seen = False
        self._bossed: dict[tuple, int] = {}
        self._reorg: tuple[int, int, int] | None = None

    def watch(self, game, action, events: list) -> None:
        seats = self.seats
        bossed = {k: b for k, b in zip(game.casinos(), game.bosses()) if b >= 0}
        colours: list[set] = [set() for _ in seats]
        for k, b in bossed.items():
            f = seats[b]
            f.biggest_casino = max(f.biggest_casino, len(k))
            colours[b].add(game.tile[k[0]])
        for s, cs in enumerate(colours):
            seats[s].companies = max(seats[s].companies, len(cs))
        late = self.quarter_seen
        for ev in events:
            t = type(ev)
            if t is E.GambleRolled and not ev.lay_off and ev.gambler > 0:
                seats[ev.seat].gamble_won_unlaid = True
            elif t is E.Sprawled:
                seats[ev.seat].sprawls += 1
            elif t is E.TradeAccepted and late:
                seats[ev.seat].late_trade = seats[ev.proposer].late_trade = True
        for ev in events:
            if type(ev) is E.Reorganized:  # who bossed it before; judged once its dice are placed
                before = next((b for k, b in self._bossed.items() if ev.lots[0] in k), -1)
                self._reorg = (ev.seat, ev.lots[0], before)
        if self._reorg is not None and game.phase != "place":
            seat, lot, before = self._reorg
            now = next((b for k, b in bossed.items() if lot in k), -1)
            if now == seat != before:
                seats[seat].reorganized_to_boss = True
            self._reorg = None
        self._bossed = bossed
        if not self.quarter_seen and game.pos >= LAST_QUARTER * len(game.deck):
            self.quarter_seen = True
            vp = [TRACK[c] for c in game.chip]
            for s in range(len(seats)):
                seats[s].last_at_quarter = vp[s] == min(vp) < max(vp)


@dataclass
class LordsCareer:
    """What a profile has done in Lords of Vegas so far, the game being looked at included."""

    games: int = 0
    wins: int = 0
    best_casino: int = 0
    best_companies: int = 0
    hard_wins: int = 0
    expert_wins: int = 0

    def add(self, g) -> None:
        self.games += 1
        self.wins += g.won
        self.best_casino = max(self.best_casino, g.facts.biggest_casino)
        self.best_companies = max(self.best_companies, g.facts.companies)
        self.hard_wins += g.won and "hard" in g.ai_levels
        self.expert_wins += g.won and "expert" in g.ai_levels


@dataclass(frozen=True)
class LordsAchievement(Achievement):
    #: (done so far, needed) from a career, for the ones earned step by step
    progress: Callable[[LordsCareer], tuple[int, int]] | None = field(default=None)


def _count(attr: str, need: int) -> Callable[[LordsCareer], tuple[int, int]]:
    return lambda c: (min(getattr(c, attr), need), need)


LORDS_ACHIEVEMENTS: tuple[LordsAchievement, ...] = (
    LordsAchievement("lords-first-game", N_("Welcome to the Strip"), N_("Finish a game of Lords of Vegas."),
                     lambda g, c: True, _count("games", 1)),
    LordsAchievement("lords-first-win", N_("Lord of Vegas"), N_("Win a game of Lords of Vegas."),
                     lambda g, c: g.won, _count("wins", 1)),
    LordsAchievement("lords-grand-casino", N_("Grand casino"), N_("Be the boss of a casino of six tiles or more."),
                     lambda g, c: g.facts.biggest_casino >= 6, _count("best_casino", 6)),
    LordsAchievement("lords-every-company", N_("Mogul"),
                     N_("Be the boss of a casino of every company at once."),
                     lambda g, c: g.facts.companies >= len(COLOURS), _count("best_companies", len(COLOURS))),
    LordsAchievement("lords-gamble", N_("Against the house"),
                     N_("Win a gamble at a casino whose boss declined to lay it off."),
                     lambda g, c: g.facts.gamble_won_unlaid),
    LordsAchievement("lords-reorganize", N_("New management"),
                     N_("Become the boss of a casino by reorganizing it."),
                     lambda g, c: g.facts.reorganized_to_boss),
    LordsAchievement("lords-sprawl", N_("Urban sprawl"), N_("Sprawl three times in one game."),
                     lambda g, c: g.facts.sprawls >= 3),
    LordsAchievement("lords-comeback", N_("Last call"),
                     N_("Win a game after having the fewest VP when the last quarter of the deck began."),
                     lambda g, c: g.won and g.facts.last_at_quarter),
    LordsAchievement("lords-deal", N_("The deal of the game"),
                     N_("Win a game in which a trade of yours was accepted in the last quarter of the deck."),
                     lambda g, c: g.won and g.facts.late_trade),
    LordsAchievement("lords-ninety", N_("Ninety"), N_("Win a game by reaching 90 VP."),
                     lambda g, c: g.won and g.why == "90"),
    LordsAchievement("lords-four", N_("Full Strip"), N_("Win a game of Lords of Vegas at a table of four."),
                     lambda g, c: g.won and g.seats == 4),
    LordsAchievement("lords-hard", N_("Hard bargain"), N_("Win a game of Lords of Vegas against a Hard AI."),
                     lambda g, c: g.won and "hard" in g.ai_levels, _count("hard_wins", 1)),
    LordsAchievement("lords-expert", N_("Sharper than the house"),
                     N_("Win a game of Lords of Vegas against an Expert AI."),
                     lambda g, c: g.won and "expert" in g.ai_levels, _count("expert_wins", 1)),
    LordsAchievement("lords-expert-table", N_("Lord of the Strip"),
                     N_("Win a game of Lords of Vegas at a table of four against three Expert AIs."),
                     lambda g, c: g.won and g.seats == 4 and list(g.ai_levels).count("expert") >= 3),
    LordsAchievement("lords-ten-games", N_("Resident"), N_("Finish ten games of Lords of Vegas."),
                     lambda g, c: c.games >= 10, _count("games", 10)),
    LordsAchievement("lords-five-wins", N_("Tycoon"), N_("Win five games of Lords of Vegas."),
                     lambda g, c: c.wins >= 5, _count("wins", 5)),
)
LORDS_BY_ID = {a.id: a for a in LORDS_ACHIEVEMENTS}


def lords_career(games: Sequence) -> LordsCareer:
    c = LordsCareer()
    for g in games:
        c.add(g)
    return c


def lords_earned(games: Sequence) -> dict[str, Earned]:
    """The achievements ``games`` (one profile's ``LordsGame``s, oldest first) earn, each with
    the first game that met it (its record's time and file)."""
    return earned(games, LORDS_ACHIEVEMENTS, LordsCareer())


def lords_progress(games: Sequence) -> dict[str, tuple[int, int]]:
    """(done, needed) of each achievement earned step by step (an earned one shows it full)."""
    career = lords_career(games)
    done = lords_earned(games)
    out = {}
    for a in LORDS_ACHIEVEMENTS:
        if a.progress is not None:
            have, need = a.progress(career)
            out[a.id] = (need, need) if a.id in done else (have, need)
    return out


__all__ = ["Facts", "SeatFacts", "LordsCareer", "LordsAchievement", "LORDS_ACHIEVEMENTS", "LORDS_BY_ID",
           "lords_career", "lords_earned", "lords_progress"]
