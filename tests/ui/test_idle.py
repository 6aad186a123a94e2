"""A waiting game draws nothing: the real loop (``App.cycle``) on a stepped clock.

The app's clock and sleep are replaced by a clock the test moves (``Clock``): a sleep moves
it on, nothing waits for real time.  Frames drawn are ``app.frames``.
"""

import pygame
import pytest

from lasvegas.ui import pacing

from .conftest import move, step_until


class Clock:
    """A clock that a sleep moves on (no real waiting)."""

    def __init__(self) -> None:
        self.t = 1000.0
        self.slept = 0.0

    def now(self) -> float:
        return self.t

    def sleep(self, s: float) -> None:
        assert 0 <= s <= 1.0
        self.t += s
        self.slept += s


@pytest.fixture
def clock(app):
    c = Clock()
    app.now, app.sleep = c.now, c.sleep
    return c


def run_for(app, clock, seconds: float, limit: int = 5000) -> int:
    """Cycles of the real loop for ``seconds`` on the stepped clock; the frames drawn."""
    start, frames = clock.t, app.frames
    for _ in range(limit):
        if clock.t - start >= seconds:
            break
        app.cycle()
    assert clock.t - start >= seconds, "the loop did not move the clock on"
    return app.frames - frames


def solo_table(app):
    from lasvegas.ui.tools.stage import solo_table as staged

    return staged(app, 1)


def waiting_for_roll(app):
    table = solo_table(app)
    step_until(app, lambda: table.human_turn)
    table.place(table.groups[0][0])
    assert step_until(app, lambda: table.await_roll and not table.presenter.busy)
    return table


def test_a_table_waiting_for_roll_draws_no_frame_in_two_seconds(app, clock):
    table = waiting_for_roll(app)
    run_for(app, clock, 1.0)  # what was still moving comes to rest (money counting up)
    assert table.await_roll and app.top is table
    assert run_for(app, clock, 2.0) == 0
    # it slept: not one busy frame after another (the poll wakes it 20 times a second at most)
    assert clock.slept > 1.9


def test_a_table_waiting_for_a_placement_draws_within_a_frame_of_a_hover(app, clock):
    table = solo_table(app)
    assert step_until(app, lambda: table.human_turn)
    run_for(app, clock, 1.0)
    assert run_for(app, clock, 2.0) == 0
    (v1, r1), (v2, r2) = table.groups[0], table.groups[-1]
    assert v1 != v2, "the staged roll has two groups"
    for value, rect in ((v1, r1), (v2, r2)):
        frames, t0 = app.frames, clock.t
        move(rect.center)  # the window is the design size here
        app.cycle()  # the very next turn of the loop draws it
        assert table.hover == value
        assert app.frames == frames + 1
        assert clock.t - t0 <= 1 / 60 + 1e-9
    assert run_for(app, clock, 2.0) == 0  # and it rests again


def test_a_roll_keeps_the_full_frame_rate(app, clock):
    table = waiting_for_roll(app)
    run_for(app, clock, 1.0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    frames, start = app.frames, clock.t
    for _ in range(200):
        app.cycle()
        if not table.presenter.busy:
            break
    took = clock.t - start
    assert table.ready and took > 0.2
    # one frame a 60th of a second while the dice tumble
    assert app.frames - frames >= int(took * pacing.FPS) - 1


def test_an_ai_move_wakes_the_loop(app, clock):
    """The AI seats play on a worker: the loop, asleep, sees their moves and shows them."""
    table = waiting_for_roll(app)
    run_for(app, clock, 1.0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
    for _ in range(300):
        app.cycle()
        if table.human_turn:
            break
    table.place(table.groups[0][0])  # the house's seats play next, then the player's roll again
    import time

    deadline = time.monotonic() + 30  # the worker's real time (bounded)
    while not (table.await_roll and not table.presenter.busy) and time.monotonic() < deadline:
        app.cycle()
    assert table.await_roll, "the AI seats' moves were shown"


def test_the_title_comes_to_rest_and_a_stack_change_draws(app, clock):
    from lasvegas.ui.scenes import title

    app.go("title")
    drawn = run_for(app, clock, title.SETTLE + 0.2)
    assert drawn >= title.SETTLE * pacing.FPS * 0.9  # the dice rock at the full frame rate
    assert run_for(app, clock, 2.0) == 0
    app.show("settings")  # a scene opened (a key, a worker's result): the next cycle draws it
    frames = app.frames
    app.cycle()
    assert app.frames == frames + 1


def test_a_window_shown_again_is_drawn(app, clock):
    app.go("title")
    run_for(app, clock, 7.0)
    frames = app.frames
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.cycle()
    assert app.frames == frames + 1


def test_a_scene_without_update_never_wakes_and_one_with_update_moves_by_default(app):
    from lasvegas.ui.kit.scene import Scene

    class Still(Scene):
        pass

    class Moving(Scene):
        def update(self, dt):
            pass

    assert Still(app).wake_in() is None
    assert Moving(app).wake_in() == 0.0


def test_a_timed_change_is_drawn_when_due(app, clock):
    """A clock on screen: the scene says when its picture changes next, and is drawn then only."""
    from lasvegas.ui.kit.scene import Scene

    class Ticking(Scene):
        def __init__(self, app):
            super().__init__(app)
            self.t = 0.0
            self.drawn = []

        def update(self, dt):
            self.t += dt

        def wake_in(self):
            return 0.5 - self.t % 0.5

        def draw(self, surface):
            self.drawn.append(self.t)

    scene = Ticking(app)
    app.reset(scene)
    run_for(app, clock, 0.1)
    assert run_for(app, clock, 3.0) == 6
    steps = [b - a for a, b in zip(scene.drawn[1:], scene.drawn[2:])]
    assert all(0.45 < s < 0.55 for s in steps), steps


def test_the_idle_bench_measures_a_waiting_table():
    from lasvegas.ui.tools.bench import idle_bench

    out = idle_bench("table-roll", "lasvegas", 1.0)
    assert out["settled"] and out["top"] == "TableScene"
    assert out["frames"] == 0 and 0 <= out["cpu_percent"] < 100


def test_the_command_offers_the_scenes_the_bench_stages(capsys):
    import pytest

    from lasvegas.cli import main
    from lasvegas.games import registry
    from lasvegas.ui.tools.bench import idle_bench

    # one list of each game's waiting scenes (the registry's), read by the command and the bench
    assert registry.game("lords").idle_scenes == ("setup", "board", "results", "lobby")
    with pytest.raises(ValueError, match="no waiting scene 'table-roll' for lords"):
        idle_bench("table-roll", "lords", 1.0)
    assert main(["bench", "idle", "--game", "lords", "--scene", "table-roll"]) != 0
    assert "--scene table-roll" in capsys.readouterr().err


def test_a_lords_board_waiting_for_an_action_draws_nothing_and_a_hover_at_once(app, clock):
    from lasvegas.ui.lords import layout as L
    from lasvegas.ui.lords.stage import stage

    stage(app, "board", 1, 3)
    table = app.top
    run_for(app, clock, 1.0)
    assert table.viewer is not None and not table.busy
    assert run_for(app, clock, 2.0) == 0
    frames = app.frames
    move(L.lot_rect(0).center)  # a tooltip for the lot under the mouse
    app.cycle()
    assert app.frames == frames + 1 and table.mouse == L.lot_rect(0).center


def test_the_lords_tutorial_comes_to_rest(app, clock):
    from lasvegas.ui.lords.stage import stage

    stage(app, "tutorial", 1, 2)
    run_for(app, clock, 5.0)  # the mark's ring pulses its three seconds
    assert run_for(app, clock, 2.0) == 0


def test_the_tutorial_table_and_the_results_come_to_rest(app, clock):
    from lasvegas.ui.lasvegas.paint import celebrate
    from lasvegas.ui.tools.stage import results, tutorial_table

    table = tutorial_table(app)
    assert table.coach.mark is not None
    run_for(app, clock, 4.0)  # the mark's target pulses three times
    assert run_for(app, clock, 2.0) == 0
    results(app, 1, 4)
    assert run_for(app, clock, 1.0) >= 50  # the confetti falls at the full frame rate
    run_for(app, clock, celebrate.SETTLE)
    assert run_for(app, clock, 2.0) == 0
