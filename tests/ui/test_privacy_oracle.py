"""The privacy oracle: whole hot-seat games with hidden money, played through real input, and at
every frame no seat's money total drawn unless that seat owns the screen.

What is drawn is recorded where the drawing code puts a total into words (``ui.lasvegas.totals``: the
seat panels, the round summary, the game log, the results), never by reading pixels.  Who owns
the screen is this test's own account, kept from the input it gave: a human owns it from the
moment they confirm their pass screen until the key that places their dice; nobody owns it
otherwise (AI turns, payouts, summaries, the pause menu over a pass screen, the title).  Once
the results are on screen every total is public.  The games cover every seat ending a round
(the payout follows that seat's move), Save and quit then Resume in the middle of a round, the
game log opened at random moments (the payouts among them), the pause menu (also from a pass
screen), the round summaries and the results with their log.
"""

import random

import pygame

from lasvegas.core import DicePlaced, Game, RoundEnded
from lasvegas.match import LocalMatch
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas import totals
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.pause import PauseScene
from lasvegas.ui.scenes.title import TitleScene
from lasvegas.ui.services import FileSaver

from .conftest import button, click, key

#: a frame of a tenth of a second: whole games in fewer frames (every one of them checked)
DT = 0.1

#: the tables played, in turn: two or three humans sharing the screen, AI seats between them
TABLES = (
    [("Ann", "red", None), ("Bo", "blue", None), ("High Roller", "green", "easy"), ("Jackpot", "yellow", "random")],
    [("Ann", "red", None), ("Jackpot", "blue", "random"), ("Bo", "green", None), ("Cy", "yellow", None)],
)
FRAMES = 40000  # per game: far more than a game with fast animations takes


def session_for(table) -> Session:
    return Session([SeatInfo(n, c, "ai" if lv else "human", lv or "random") for n, c, lv in table],
                   hide_money=True, handover=True)


class Oracle:
    """Records the totals drawn in a frame and checks them against who owns the screen."""

    def __init__(self) -> None:
        self.frame: list[tuple[str, int, str]] = []
        self.seen = {"own": 0, "results": 0, "log-results": 0}
        self.log_frames = 0  # frames drawn with the game log open at the table

    def __call__(self, owner: str, amount: int, where: str) -> None:
        self.frame.append((owner, amount, where))

    def check(self, app, seats: tuple[str, ...], owner: int | None, what: str) -> None:
        drawn, self.frame = self.frame, []
        if isinstance(app.top, ResultsScene):
            self.seen["results"] += len(drawn)
            self.seen["log-results"] += sum(1 for d in drawn if d[2] == "log")
            return  # the game is over: every total is public
        mine = seats[owner] if owner is not None else None
        leaks = [d for d in drawn if d[0] != mine]
        assert not leaks, (f"{what}: totals drawn for {sorted({d[0] for d in leaks})} at "
                           f"{sorted({d[2] for d in leaks})} while the screen is "
                           f"{'nobody' if mine is None else mine}'s (top: {type(app.top).__name__})")
        self.seen["own"] += len(drawn)


def play(app, tbl, seed: int, rng: random.Random, oracle: Oracle) -> Game:
    """One whole game through posted input, time stepped; the oracle checks every frame."""
    session = session_for(tbl)
    seats = session.config().seats
    game = Game(session.config(), seed)
    table = TableScene(app, LocalMatch(game, session, saver=FileSaver()))
    app.reset(table)
    owner: int | None = None  # this test's account of whose eyes the screen is for
    names = {s.name: i for i, s in enumerate(session.seats)}
    resumed = False
    wait = 0  # frames to stay on a summary before answering it
    done = 0  # frames on the results
    for frame in range(FRAMES):
        top = app.top
        game = table.match.game  # after Resume: the game read back from its save
        what = f"seed {seed}, frame {frame}, round {game.round + 1}"
        if isinstance(top, ResultsScene):
            # the results, their log opened: everything is public now
            if done == 0:
                key(pygame.K_l)
            if done > 20:
                app.step(DT)
                oracle.check(app, seats, owner, what)
                return game
            done += 1
        elif isinstance(top, HandoverScene):
            owner = None
            if rng.random() < 0.15:
                key(pygame.K_ESCAPE)  # the pause menu, from the pass screen: nobody's money
            elif rng.random() < 0.3:
                key(pygame.K_l)  # the log's key does nothing here
            else:
                key(pygame.K_RETURN)
                owner = names[top.name]
        elif isinstance(top, PauseScene):
            if table.await_roll and not resumed and owner is not None and rng.random() < 0.5:
                # Save and quit in the middle of a round, then Resume from the title
                click(button(top, "Save and quit to title").rect.center)
                owner = None
                resumed = True
            elif rng.random() < 0.2:
                key(pygame.K_ESCAPE)
        elif isinstance(top, TitleScene):
            owner = None
            click(button(top, "Resume").rect.center)
        elif isinstance(top, SummaryScene):
            wait += 1
            if wait > 10:
                wait = 0
                click(top.button.rect.center)
        elif isinstance(top, TableScene):
            table = top
            if top.log_panel.shown:
                oracle.log_frames += 1
            r = rng.random()
            if r < 0.03:
                key(pygame.K_l)  # the log opens and closes at random moments (payouts among them)
            elif r < 0.04 or (not resumed and top.await_roll and owner is not None and r < 0.2):
                key(pygame.K_ESCAPE)
            elif top.await_roll:
                key(pygame.K_SPACE)
            elif top.human_turn and rng.random() < 0.5:
                value = rng.choice([v for v, _r in top.groups])
                key(getattr(pygame, f"K_{value}"))
                key(getattr(pygame, f"K_{value}"))  # the second press places: the screen is nobody's
                owner = None
        app.step(DT)
        oracle.check(app, seats, owner, what)
    raise AssertionError(f"seed {seed}: the game did not end in {FRAMES} frames")


def last_movers(game: Game) -> set[int]:
    """The seats whose move ended a round (the payout followed it)."""
    out, last = set(), None
    for ev in game.log:
        if isinstance(ev, DicePlaced):
            last = ev.seat
        elif isinstance(ev, RoundEnded) and last is not None:
            out.add(last)
    return out


def covered(tbl, ended: set[str]) -> bool:
    humans = {c for _n, c, lv in tbl if lv is None}
    return humans <= ended and bool(ended - humans)


def test_no_total_is_drawn_for_eyes_that_may_not_see_it(app):
    rng = random.Random(29)
    oracle = Oracle()
    ended: dict[int, set[str]] = {k: set() for k in range(len(TABLES))}
    with totals.watch(oracle):
        for g in range(8):
            k = g % len(TABLES)
            tbl = TABLES[k]
            game = play(app, tbl, 100 + g, rng, oracle)
            assert game.is_over
            ended[k] |= {tbl[s][1] for s in last_movers(game)}
            if all(covered(TABLES[i], ended[i]) for i in ended):
                break
    # every human of each table, and an AI seat, made the move that ended a round
    assert all(covered(TABLES[i], ended[i]) for i in ended), ended
    # the oracle saw what it watches: each human's own total, the results and their log
    assert oracle.seen["own"] > 0 and oracle.seen["results"] > 0 and oracle.seen["log-results"] > 0, oracle.seen
    assert oracle.log_frames > 100
