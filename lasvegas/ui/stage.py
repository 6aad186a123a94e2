"""Put the app in a realistic state of any scene (screenshots, benchmark, smoke test, tests)."""

from __future__ import annotations

import pygame

from . import demo
from ..ai import RandomPlayer
from .scenes.results import ResultsScene
from .scenes.rules import RulesScene
from .scenes.settings import SettingsScene
from .scenes.setup import SetupScene
from .scenes.solo import SoloScene
from .scenes.summary import SummaryScene
from .scenes.table import TableScene
from .scenes.title import TitleScene

SCENES = ("title", "setup", "table", "payout", "summary", "results", "rules", "settings",
          "solo", "solo-table", "solo-results")
DT = 1 / 60


def start_game(app, players: int = 3, humans: int = 1, seed: int = 1, neutral: bool = False) -> TableScene:
    session = demo.demo_session(players, humans, neutral)
    game = session.new_game(seed)
    table = TableScene(app, game, session, autosave=False)
    app.reset(table)
    return table


def step_until(app, cond, limit: int = 3000) -> bool:
    for _ in range(limit):
        if cond():
            return True
        app.step(DT)
    return cond()


def rolled_table(app, game, session, score) -> TableScene:
    """The table at the human's turn, dice rolled and grouped, the mouse over the
    group whose value scores highest by ``score(value)``."""
    table = TableScene(app, game, session, fresh=False, autosave=False)
    app.reset(table)
    step_until(app, lambda: table.await_roll)
    table.roll()
    step_until(app, lambda: table.ready)
    if table.groups:
        best = max(table.groups, key=lambda g: score(g[0]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=best[1].center, rel=(0, 0), buttons=(0, 0, 0)))
    return table


def table_with_preview(app, seed: int = 1, players: int = 4, neutral: bool = False) -> TableScene:
    """Mid-round, the human's dice grouped in the tray, the mouse over one group."""
    session = demo.demo_session(players, 1, neutral)
    game = session.new_game(seed)
    demo.advance(game, 2 * players + 1, seed)
    demo.advance_to_human(game, 0, seed)
    # hover the group whose preview says the most
    table = rolled_table(app, game, session, lambda v: (
        bool(game.preview(v).ties_created or game.preview(v).ties_broken),
        len(game.preview(v).after.awards)))
    app.step(DT)
    return table


def table_in_payout(app, seed: int = 1, players: int = 4) -> TableScene:
    """The last turn of round 1 is played by an AI seat; bills are in flight."""
    session = demo.demo_session(players, 0)
    game = session.new_game(seed)
    demo.advance_to_last_turn(game, seed)
    table = TableScene(app, game, session, fresh=False, autosave=False)
    app.reset(table)

    def flying():
        ev = table.current_event
        return (type(ev).__name__ == "CasinoPaid" and ev.casino >= 2 and table.anim is not None
                and any(0.3 < s.tween.raw < 0.7 for s in table.anim.sprites)) or app.top is not table
    step_until(app, flying, 4000)
    return table


def summary(app, seed: int = 1, players: int = 4) -> None:
    table = table_in_payout(app, seed, players)
    del table
    step_until(app, lambda: isinstance(app.top, SummaryScene), 4000)
    for _ in range(30):
        app.step(DT)


def results(app, seed: int = 1, players: int = 4) -> ResultsScene:
    session = demo.demo_session(players, 1)
    game = session.new_game(seed)
    demo.play_to_end(game, seed)
    scene = ResultsScene(app, game, session)
    app.reset(scene)
    return scene


def solo_table(app, seed: int = 1, level: str = "normal") -> TableScene:
    """A solo game in round 2: the player's dice rolled, the mouse over the group with most at stake."""
    from .session import SeatInfo, Session

    session = Session([SeatInfo("You", "red")], edition="2018", solo_level=level, handover=False,
                      extra={"hints": 0})
    game = session.new_game(seed)
    p = RandomPlayer(seed)
    while game.round < 1:
        game.apply(p.choose(game))
    demo.advance(game, 3, seed)
    table = rolled_table(app, game, session, lambda v: len(game.preview(v).after.dice))
    app.step(DT)
    return table


def solo_results(app, seed: int = 1, level: str = "normal"):
    from .scenes.solo_result import SoloResultScene
    from .session import SeatInfo, Session

    session = Session([SeatInfo("You", "red")], edition="2018", solo_level=level, handover=False,
                      extra={"hints": 2})
    game = session.new_game(seed)
    demo.play_to_end(game, seed)
    scene = SoloResultScene(app, game, session, record=False)
    app.reset(scene)
    return scene


def stage(app, name: str, seed: int = 1, players: int = 4) -> None:
    if name == "title":
        app.reset(TitleScene(app))
    elif name == "setup":
        app.reset(TitleScene(app))
        app.push(SetupScene(app))
    elif name == "table":
        table_with_preview(app, seed, players)
    elif name == "payout":
        table_in_payout(app, seed, players)
    elif name == "summary":
        summary(app, seed, players)
    elif name == "results":
        results(app, seed, players)
    elif name == "rules":
        app.reset(TitleScene(app))
        app.push(RulesScene(app))
        app.top.page = 2
    elif name == "settings":
        app.reset(TitleScene(app))
        app.push(SettingsScene(app))
    elif name == "solo":
        app.reset(TitleScene(app))
        app.push(SoloScene(app))
    elif name == "solo-table":
        solo_table(app, seed)
    elif name == "solo-results":
        solo_results(app, seed)
    else:
        raise ValueError(f"unknown scene {name!r}: choose one of {', '.join(SCENES)}")
    app.step(DT)


def build_every_scene(app, seed: int = 1):
    """Every scene once (the smoke test draws each)."""
    from .scenes.handover import HandoverScene
    from .scenes.pause import PauseScene

    out = [("title", TitleScene(app)), ("setup", SetupScene(app)), ("rules", RulesScene(app)),
           ("settings", SettingsScene(app)), ("solo", SoloScene(app))]
    table = start_game(app, 3, 1, seed)
    out.append(("table", table))
    out.append(("pause", PauseScene(app, table)))
    out.append(("handover", HandoverScene(app, "Player 2", "blue")))
    out.append(("results", results(app, seed, 3)))
    out.append(("solo-table", solo_table(app, seed)))
    out.append(("solo-results", solo_results(app, seed)))
    return out
