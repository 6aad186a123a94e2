"""Hot-seat as a family plays it: secrets kept, the screen passed, the last move told."""

import random

import pygame

from lasvegas.core import Game
from lasvegas.kernel.dice import ScriptedDice
from lasvegas.match import LocalMatch
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.scenes.handover import HandoverScene
from lasvegas.ui.scenes.pause import PauseScene
from lasvegas.ui.scenes.title import TitleScene
from lasvegas.ui.services import FileSaver

from .conftest import button, click, key, step_until, steps


def family(hide: bool = True, handover: bool = True) -> Session:
    """Ann and Bo at one screen, an AI seat between them."""
    return Session([SeatInfo("Ann", "red"), SeatInfo("Jackpot", "blue", "ai", "medium"), SeatInfo("Bo", "green")],
                   hide_money=hide, handover=handover)


def check_secrets(app, table) -> str:
    """What the screen shows of the money now, checked against the rule; returns who owns the screen."""
    top = app.top
    if isinstance(top, SummaryScene):
        assert all(r["total"] is None and r["won"] is None for r in top.summary["rows"]), "summary shows money"
        return "nobody"
    shown = table.shown_money()
    viewer = table.viewer
    if isinstance(top, HandoverScene) or viewer is None:
        assert set(shown.values()) == {None}, f"money shown with nobody at the screen: {shown}"
        return "nobody"
    assert top is table or isinstance(top, PauseScene)
    seat = table.turn_seat
    assert seat is None or seat == viewer, "a human's money stays on screen during another seat's turn"
    mine = table.cfg.seats[viewer]
    assert [o for o, m in shown.items() if m is not None] == [mine]
    return mine


def test_a_whole_hot_seat_game_never_shows_money_to_the_wrong_eyes(app):
    rng = random.Random(3)
    session = family()
    game = Game(session.config(), 11)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    owners = {"nobody": 0, "red": 0, "green": 0}
    pass_screens, first_human_turn_seen = 0, False
    for _ in range(60000):
        top = app.top
        if isinstance(top, ResultsScene):
            break
        owners[check_secrets(app, table)] += 1
        if isinstance(top, HandoverScene):
            pass_screens += 1
            key(pygame.K_RETURN)
        elif isinstance(top, SummaryScene):
            click(top.button.rect.center)
        elif top is table and table.await_roll:
            first_human_turn_seen = True
            assert pass_screens >= 1, "no pass screen before the first human turn"
            key(pygame.K_SPACE)
        elif top is table and table.human_turn:
            value = rng.choice([v for v, _r in table.groups])
            key(getattr(pygame, f"K_{value}"))
            key(getattr(pygame, f"K_{value}"))
        steps(app)
    assert isinstance(app.top, ResultsScene) and game.is_over
    assert first_human_turn_seen and pass_screens >= 8
    # the screen was everyone's (AI turns, payouts, summaries) and each human's in turn
    assert min(owners.values()) > 0, owners
    # the results reveal every total
    assert app.top.outcome.money == game.money_table()


def test_after_resume_the_first_human_turn_comes_behind_a_pass_screen(app):
    session = family()
    game = Game(session.config(), 4)
    table = TableScene(app, LocalMatch(game, session, saver=FileSaver()))
    app.reset(table)
    assert step_until(app, lambda: isinstance(app.top, HandoverScene))
    key(pygame.K_RETURN)
    assert step_until(app, lambda: app.top is table and table.await_roll)
    key(pygame.K_ESCAPE)
    steps(app)
    click(button(app.top, "Save and quit to title").rect.center)
    steps(app)
    assert isinstance(app.top, TitleScene)
    click(button(app.top, "Resume").rect.center)
    steps(app)
    resumed = app.scenes[0]
    assert isinstance(resumed, TableScene) and resumed is not table
    assert step_until(app, lambda: isinstance(app.top, HandoverScene))
    assert set(resumed.shown_money().values()) == {None}
    assert app.top.name == resumed.match.seats[resumed.turn_seat].name


def test_the_next_player_is_told_the_last_move(app, read_texts):
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue")], handover=True)
    game = Game(session.config().__class__(seats=("red", "blue"), first_seat=0), 7)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    assert step_until(app, lambda: app.top is table and table.await_roll or isinstance(app.top, HandoverScene))
    if isinstance(app.top, HandoverScene):
        key(pygame.K_RETURN)
    assert step_until(app, lambda: table.await_roll)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.human_turn)
    value, _rect = table.groups[0]
    n = game.roll_values.count(value)
    key(getattr(pygame, f"K_{value}"))
    key(pygame.K_RETURN)
    steps(app)
    # while the dice fly, the status says where they go
    assert any("go to casino" in t or "goes to casino" in t for t in read_texts)
    assert step_until(app, lambda: isinstance(app.top, HandoverScene))
    said = f"Ann placed {n} {'die' if n == 1 else 'dice'} on casino {value}"
    assert app.top.note == said
    read_texts.clear()
    steps(app)
    assert f"{said}; your turn, Bo" in read_texts
    key(pygame.K_RETURN)
    steps(app)
    # Bo's table still shows it, the dice that landed marked, until Bo rolls
    assert table.await_roll and table.last_move_text() == said
    assert table.board.last_move[1] == value
    key(pygame.K_SPACE)
    steps(app)
    assert table.board.last_move is None


def test_a_turn_with_one_value_places_with_one_key(app, read_texts):
    app.settings.confirm_place = True
    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue")], handover=False)
    cfg = session.config().__class__(seats=("red", "blue"), first_seat=0)
    game = Game(cfg, deck=sorted(Game(cfg, 1).start_deck), dice=ScriptedDice([5] * 8 + [1, 2, 3, 4, 5, 6, 1, 2]))
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    assert step_until(app, lambda: table.await_roll)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.human_turn)
    read_texts.clear()
    steps(app)
    assert "Only 5s: place them." in read_texts
    key(pygame.K_RETURN)
    steps(app)
    assert [t["value"] for t in game.record()["rounds"][0]["turns"]] == [5]


def test_the_start_player_is_marked_with_a_word_not_a_rank(app, read_texts):
    session = family(hide=False)
    table = TableScene(app, LocalMatch(Game(session.config(), 2), session))
    app.reset(table)
    steps(app, 3)
    assert "starts" in read_texts and "1st" not in read_texts


def test_the_payout_after_a_humans_last_move_shows_no_total(app):
    """Two humans alone at hidden money: every round ends on a human's move, and while the
    casinos pay everybody looks at the screen, so only bill counts show."""
    from lasvegas.core import CasinoPaid
    from lasvegas.ui.lasvegas import totals

    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue")], hide_money=True)
    game = Game(session.config(), 5)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    drawn: list = []
    payout_frames = 0
    with totals.watch(lambda o, m, where: drawn.append((o, where))):
        for _ in range(20000):
            top = app.top
            if isinstance(top, SummaryScene):
                break
            if isinstance(top, HandoverScene):
                key(pygame.K_RETURN)
            elif top is table and table.await_roll:
                key(pygame.K_SPACE)
            elif top is table and table.human_turn:
                value = table.groups[0][0]
                key(getattr(pygame, f"K_{value}"))
                key(getattr(pygame, f"K_{value}"))
            drawn.clear()
            steps(app)
            if isinstance(table.current_event, CasinoPaid) and app.top is table:
                payout_frames += 1
                assert drawn == [], f"a total shows during the payout: {drawn}"
                assert set(table.shown_money().values()) == {None}
    assert isinstance(app.top, SummaryScene) and payout_frames > 5


def test_the_log_tells_a_roll_only_once_its_dice_have_landed(app, read_texts):
    """L at the pass hand-over must not give the next player's dice away (nor after Resume)."""
    session = family()
    game = Game(session.config(), 4)
    table = TableScene(app, LocalMatch(game, session, saver=FileSaver()))
    app.reset(table)

    def human_turn_waits(t):
        assert step_until(app, lambda: isinstance(app.top, HandoverScene))
        key(pygame.K_RETURN)
        assert step_until(app, lambda: app.top is t and t.await_roll)
        name = t.match.seats[t.turn_seat].name
        key(pygame.K_l)
        read_texts.clear()
        steps(app, 2)
        assert t.log_panel.shown and any("Game log" == s for s in read_texts)
        told = [s for s in read_texts if s.startswith(f"{name} rolls")]
        assert not told or not t.log_panel.log.lines[-1].startswith(f"{name} rolls"), told
        assert not t.log_panel.log.lines or not t.log_panel.log.lines[-1].startswith(f"{name} rolls")
        return name

    name = human_turn_waits(table)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: table.human_turn)
    steps(app)
    assert table.log_panel.log.lines[-1].startswith(f"{name} rolls")
    # Save and quit, then Resume: the log of the resumed game does not tell the waiting roll either
    key(pygame.K_ESCAPE)
    steps(app)
    click(button(app.top, "Save and quit to title").rect.center)
    steps(app)
    click(button(app.top, "Resume").rect.center)
    steps(app)
    resumed = app.scenes[0]
    name = human_turn_waits(resumed)
    key(pygame.K_SPACE)
    assert step_until(app, lambda: resumed.human_turn)
    steps(app)
    assert resumed.log_panel.log.lines[-1].startswith(f"{name} rolls")
