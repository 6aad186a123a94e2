"""A whole 3-seat game (1 human, 2 AI) played through real mouse and key events."""

import json

import pygame

from lasvegas.ui.files import save
from lasvegas.ui.kit import paths
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.setup import SetupScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.title import TitleScene

from .conftest import button, click, key, move, step_until, steps


def test_whole_game_with_mouse_and_keys(app):
    app.seed = 12
    app.reset(TitleScene(app))
    steps(app)
    click(button(app.top, "New game").rect.center)
    steps(app, 2)
    setup = app.top
    assert isinstance(setup, SetupScene)
    assert [s.kind for s in setup.session.seats] == ["human", "ai", "ai"]
    click(setup.start_btn.rect.center)
    steps(app, 2)
    table = app.top
    assert isinstance(table, TableScene)
    game = table.match.game
    human_turns = summaries = 0
    use_keys = False
    for _ in range(40000):
        top = app.top
        if isinstance(top, ResultsScene):
            break
        if isinstance(top, SummaryScene):
            summaries += 1
            click(top.button.rect.center)
        elif top is table and table.await_roll:
            if use_keys:
                key(pygame.K_SPACE)
            else:
                click(table.roll_button.rect.center)
        elif top is table and table.human_turn:
            value, rect = table.groups[-1]
            before = sum(n for n in table.board.casino_dice[value - 1].values())
            rolled = game.roll_values.count(value)
            if use_keys:
                digit = getattr(pygame, f"K_{value}")
                key(digit)
                steps(app)
                assert table.selected == value
                key(pygame.K_RETURN)
            else:
                move(rect.center)
                steps(app)
                assert table.hover == value
                click(rect.center)
            steps(app)
            assert not table.ready  # the click placed the dice
            assert type(table.current_event).__name__ == "DicePlaced"
            assert step_until(app, lambda: type(table.current_event).__name__ != "DicePlaced"
                              or app.top is not table, 400)
            after = sum(n for n in table.board.casino_dice[value - 1].values())
            assert after == before + rolled  # the player sees the dice on the casino
            human_turns += 1
            use_keys = not use_keys
        steps(app)
    assert isinstance(app.top, ResultsScene)
    assert game.is_over
    assert human_turns >= 8
    assert summaries == 4  # one after every round, the last one leads to the results
    res = app.top
    core_result = game.result()
    assert res.outcome.winners == core_result.winners
    m, b = core_result.money, core_result.bills
    shown = [c for _p, c in res.rank]
    assert shown == sorted(game.config.seats, key=lambda c: (-m[c], -b[c]))
    assert res.rank[0][1] in core_result.winners
    names = {s.colour: s.name for s in table.match.session.seats}
    if len(core_result.winners) == 1:
        assert names[core_result.winners[0]] in res.headline()
    # the record is saved and the autosave is gone
    recs = list((paths.records_dir()).glob("*.json"))
    assert len(recs) == 1
    assert json.loads(recs[0].read_text())["format"] == "lasvegas-record/1"
    assert not save.has_autosave()
    # play again with the same seats
    click(button(res, "Play again").rect.center)
    steps(app, 2)
    assert isinstance(app.top, TableScene)
    assert app.top.match.session.seats == table.match.session.seats


def test_the_results_rank_as_the_core():
    from lasvegas.core import Config, Game
    from lasvegas.match import LocalMatch
    from lasvegas.ui.lasvegas import demo
    from lasvegas.ui.kit.session import default_session

    for seed in range(20):
        g = Game(Config.multi(3), seed)
        demo.play_to_end(g, seed)
        out = LocalMatch(g, default_session(3), fresh=False).outcome()
        assert list(out.ranking) == g.ranking()
        res = g.result()
        firsts = [c for p, c in out.ranking if p == 1]
        assert sorted(firsts) == sorted(res.winners) == sorted(out.winners)
