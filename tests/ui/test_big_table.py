"""Bigger tables (6 to 8 seats) and the Boulevard options on the screen: panels, Biggies, setup."""

import random
import subprocess
import sys

import pygame
import pytest

from lasvegas.core import COLOURS, Game
from lasvegas.match import LocalMatch
from lasvegas.ui.tools import stage
from lasvegas.ui.kit import art
from lasvegas.ui.kit.session import SeatInfo, Session
from lasvegas.ui.lasvegas import demo
from lasvegas.ui.lasvegas.names import colour_name
from lasvegas.ui.lasvegas.scenes.results import ResultsScene
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene
from lasvegas.ui.lasvegas.table.layout import DIE_SIZE, PANEL_Y, TRAY, panel_rect
from lasvegas.ui.scenes.handover import HandoverScene

from .conftest import click, key, steps
from .test_cli import ROOT


def big_family() -> Session:
    """Eight seats, two humans at one screen (money hidden), every option on."""
    seats = [SeatInfo("Ann", "red")] + [SeatInfo(f"Bot {i}", c, "ai", "random") for i, c in enumerate(COLOURS[1:7])]
    seats.insert(4, SeatInfo("Bo", COLOURS[7]))
    seats = seats[:8]
    return Session(seats, hide_money=True, hundreds=True, biggies=True)


def board_matches_game(table: TableScene, game: Game) -> None:
    """What the board shows is the core's table: scoring counts, Biggies placed and in hand."""
    b = table.board
    for c in range(1, 7):
        assert {o: n for o, n in b.casino_dice[c - 1].items() if n} == dict(game.casino_counts(c)), c
        assert b.casino_big[c - 1] == set(game.casino_bigs(c)), c
    assert b.big_in_hand == {o for i, o in enumerate(game.config.seats) if game.biggie_in_hand(i)}
    for i, o in enumerate(game.config.seats):
        assert b.hand[o] == game.dice_in_hand(i)[0]


def test_an_eight_seat_hot_seat_game_with_biggies_shows_the_cores_table_and_keeps_money_hidden(app):
    rng = random.Random(5)
    session = big_family()
    assert len(session.seats) == 8 and session.config().minimum == "by-seats"
    game = Game(session.config(), 21)
    table = TableScene(app, LocalMatch(game, session))
    app.reset(table)
    checked = biggies_seen = 0
    for _ in range(80000):
        top = app.top
        if isinstance(top, ResultsScene):
            break
        if top is table and table.viewer is not None:  # one human at the screen: only their money
            mine = table.cfg.seats[table.viewer]
            assert [o for o, m in table.shown_money().items() if m is not None] == [mine]
        elif top is table:
            assert set(table.shown_money().values()) == {None}
        if isinstance(top, HandoverScene):
            key(pygame.K_RETURN)
        elif isinstance(top, SummaryScene):
            click(top.button.rect.center)
        elif top is table and table.await_roll:
            key(pygame.K_SPACE)
        elif top is table and table.human_turn:
            board_matches_game(table, game)
            checked += 1
            biggies_seen += sum(1 for d in table.turn_dice if d.scale > 1)
            value = rng.choice([v for v, _r in table.groups])
            key(getattr(pygame, f"K_{value}"))
            key(getattr(pygame, f"K_{value}"))
        steps(app)
    assert isinstance(app.top, ResultsScene) and game.is_over
    assert checked >= 20 and biggies_seen >= 2, (checked, biggies_seen)
    assert app.top.outcome.money == game.money_table()


@pytest.mark.parametrize("n", [6, 7, 8])
def test_six_to_eight_panels_fill_two_rows_of_the_bottom_band_without_overlapping(n):
    owners = list(COLOURS[:n])
    rects = [panel_rect(owners, o) for o in owners]
    for i, r in enumerate(rects):
        assert pygame.Rect(0, PANEL_Y, 1280, 720 - PANEL_Y).contains(r), r
        assert r.w >= 300 and r.h >= 50
        assert r.collidelist(rects[:i] + rects[i + 1:]) == -1
    assert len({r.y for r in rects}) == 2
    assert [r.y for r in rects] == sorted(r.y for r in rects)  # playing order: the first row first


def test_every_seat_colour_has_its_own_pip_shape_and_a_name():
    owners = list(COLOURS) + ["neutral"]
    assert all(o in art.DIE_COLOURS for o in owners)
    assert len({art.PIP_SHAPES[o] for o in COLOURS}) == len(COLOURS)
    assert len({art.DIE_COLOURS[o] for o in owners}) == len(owners)
    assert len({colour_name(o) for o in owners}) == len(owners)


def rolled_with_biggie(app, players: int = 6) -> TableScene:
    """The human's roll holds the Biggie (seeds are tried until the first roll of round 1 does)."""
    for seed in range(1, 40):
        session = demo.demo_session(players, 1, biggies=True)
        game = session.new_game(seed)
        demo.advance_to_human(game, 0, seed)
        if game.roll_big and len(set(game.roll_values)) >= 3:
            return stage.rolled_table(app, game, session, lambda v: 0)
    raise AssertionError("no seed gives a roll with the Biggie")


def test_a_biggie_is_drawn_bigger_and_its_group_keeps_it(app):
    table = rolled_with_biggie(app)
    big = [d for d in table.turn_dice if d.scale > 1]
    assert len(big) == 1
    d = big[0]
    group = dict(table.groups)[d.value]
    assert group.collidepoint(d.x, d.y)
    assert group.h >= art.big_size(DIE_SIZE)
    rects = [r for _v, r in table.groups]
    for i, r in enumerate(rects):
        assert TRAY.contains(r) and r.collidelist(rects[:i] + rects[i + 1:]) == -1
    # the preview counts it as two dice, as the core does, and the casino shows it as a big die
    prev = table.preview(d.value)
    assert prev.placed_big == (d.owner,)
    assert prev.placed[d.owner] == sum(1 for x in table.turn_dice if x.value == d.value) + 1


def test_setup_offers_eight_seats_and_the_options(app):
    stage.stage(app, "setup")
    setup = app.top
    while setup.add_btn.visible:
        setup.add_seat()
    s = setup.session
    assert len(s.seats) == 8 and len({x.colour for x in s.seats}) == 8
    assert not setup.neutral.enabled and not s.neutral  # neutral dice: 2 to 6 seats
    assert setup.minimum.value == "by-seats" and s.minimum is None  # the seat count's default
    setup.minimum.step(1)
    assert s.minimum == "classic"
    setup.hundreds.step(1)
    setup.biggies.step(1)
    cfg = s.config()
    assert (cfg.minimum, cfg.hundreds, cfg.biggies) == ("classic", True, True)
    assert Session.from_dict(s.to_dict()).config() == cfg
    # back to five seats: the options stay as chosen, neutral dice come back
    for _ in range(3):
        setup.remove_seat(7 - _)
    assert len(s.seats) == 5 and setup.neutral.enabled


def test_screenshot_of_an_eight_seat_table_with_every_option(tmp_path):
    out = tmp_path / "big.png"
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LASVEGAS_HOME": str(tmp_path),
           "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    p = subprocess.run([sys.executable, "-m", "lasvegas", "screenshot", "--scene", "table", "--players", "8",
                        "--biggies", "--hundreds", "--minimum", "by-seats", "--out", str(out)],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=240)
    assert p.returncode == 0, p.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
