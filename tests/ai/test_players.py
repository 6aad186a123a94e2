"""Every AI level: legal moves in every mode, determinism, no hidden information."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from lasvegas.ai import ThinkingTask, available_levels, make_ai
from lasvegas.ai.players import ExpertPlayer

from .helpers import MODES, random_state, record_own_policy

LEVELS = ["easy", "medium", "hard", "expert"]


def _ai(level: str, seed: int):
    p = make_ai(level, seed)
    if isinstance(p, ExpertPlayer):
        p.work = 300  # small fixed work: these tests check behaviour, not strength
    return p


def test_every_level_is_registered_in_order():
    levels = available_levels()
    for lv in LEVELS:
        assert lv in levels
    assert [lv for lv in levels if lv in LEVELS] == LEVELS
    with pytest.raises(ValueError, match="expert"):
        make_ai("grandmaster", 1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 2**32), moves=st.integers(0, 60),
       level=st.sampled_from(LEVELS))
def test_choice_is_legal_and_leaves_the_game_alone(mode, seed, moves, level):
    game = random_state(mode[1], seed, moves)
    before = game.to_dict()
    action = _ai(level, seed).choose(game)
    assert action in game.legal_actions()
    assert game.to_dict() == before


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("mode", MODES, ids=[m[0] for m in MODES])
def test_whole_game_with_the_level_in_every_seat(level, mode):
    from lasvegas.core import Game

    game = Game(mode[1], seed=7)
    players = [_ai(level, 100 + s) for s in range(game.n_seats)]
    turns = 0
    while not game.is_over:
        a = players[game.current].choose(game)
        assert a in game.legal_actions()
        game.apply(a)
        turns += 1
    assert turns > 0 and game.result().winners


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_decisions(level):
    for mode in MODES:
        for seed in range(3):
            game = random_state(mode[1], seed, 5 + seed * 7)
            a = [_ai(level, 42).choose(game) for _ in range(2)]
            assert a[0] == a[1], mode[0]


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_deck_order_and_game_rng_do_not_matter(level):
    """Two states that differ only in the hidden deck order (and the game's own
    generator) give the same decision with the same AI seed."""
    checked = 0
    for mode in MODES:
        for seed in range(4):
            game = random_state(mode[1], seed, 3 + 5 * seed)
            other = game.copy(history=False, reseed=seed + 999)  # reshuffles deck, new dice
            assert sorted(other.deck) == sorted(game.deck)
            if len(game.deck) > 1:
                assert other.deck != game.deck or len(set(game.deck)) == 1
            assert other.roll_values == game.roll_values
            assert _ai(level, 5).choose(game) == _ai(level, 5).choose(other), mode[0]
            checked += 1
    assert checked == 4 * len(MODES)


def test_expert_does_not_use_the_global_random_generator():
    game = random_state(MODES[2][1], 3, 4)
    random.seed(1)
    a = _ai("expert", 9).choose(game)
    random.seed(2)
    b = _ai("expert", 9).choose(game)
    assert a == b


def _busy_state():
    """A 5-seat state at the start of a round with several legal values."""
    from lasvegas.core import Config, Game

    for seed in range(100):
        g = Game(Config.multi(5), seed)
        if len(g.legal_actions()) >= 4:
            return g
    raise AssertionError("no state with 4 legal values")


class StepClock:
    """A clock for the Expert's time budget that moves ``step`` seconds each time it is
    read; read more than ``limit`` times, the search has run past its budget."""

    def __init__(self, step: float = 0.001, limit: int = 10_000) -> None:
        self.step = step
        self.limit = limit
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        if self.reads > self.limit:
            raise AssertionError(f"the clock was read {self.reads} times: the search "
                                 "does not stop at its time budget")
        self.now += self.step
        return self.now


class CancelAfter:
    """A cancel flag that is set once it has been checked ``n`` times."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.checks = 0

    def is_set(self) -> bool:
        self.checks += 1
        return self.checks > self.n


def test_expert_time_budget_is_respected():
    """A 50 ms budget on a clock that moves 1 ms a sample: about 50 samples, although the
    work alone would take hours."""
    game = _busy_state()
    p = make_ai("expert", 1)
    p.work = 10**9
    p.clock = StepClock(step=0.001)
    a = p.choose(game, budget=0.05)
    assert a in game.legal_actions()
    assert 50 <= p.clock.reads <= 55  # the start, a reading a sample, one per stage end
    assert 0 < p.last_work < 10**9


def test_expert_cancel_stops_the_search_where_it_is():
    """The cancel flag is checked every sample: set later, more work is done; the answer
    is legal either way, although the work alone would take hours."""
    game = _busy_state()
    used = []
    for checks in (5, 50):
        p = make_ai("expert", 1)
        p.work = 10**9
        cancel = CancelAfter(checks)
        assert p.choose(game, cancel=cancel) in game.legal_actions()
        assert cancel.checks == checks + 2  # the sample loop, then the stage's end
        used.append(p.last_work)
    assert 0 < used[0] < used[1] < 10**9


class SignalsSearching(ExpertPlayer):
    """An Expert that sets ``searching`` once it scores its first playout."""

    def __init__(self, seed: int, work: int) -> None:
        super().__init__(seed, work=work)
        self.searching = threading.Event()

    def evaluate(self, view, gains, codes) -> float:
        self.searching.set()
        return super().evaluate(view, gains, codes)


def test_thinking_task_cancel_answers_during_the_search():
    game = _busy_state()
    p = SignalsSearching(1, work=10**9)  # hours of work without the cancel
    task = ThinkingTask(p, game)
    assert p.searching.wait(60.0)  # a guard against hanging, not a time limit under test
    assert not task.done
    task.cancel()
    assert task.wait(60.0)
    assert task.error is None
    assert task.result in game.legal_actions()
    assert 0 < p.last_work < 10**9


def test_expert_cancelled_before_start_still_answers_legally():
    game = _busy_state()
    ev = threading.Event()
    ev.set()
    a = make_ai("expert", 1).choose(game, cancel=ev)
    assert a in game.legal_actions()


def test_expert_searches_more_with_more_work():
    """Work is a real budget: the simulated turns grow with it, each search stopping
    within one sample round of its work."""
    game = _busy_state()
    p = make_ai("expert", 1)
    p.extend = 1.0
    used = {}
    for work in (200, 2000):
        p.work = work
        p.choose(game)
        used[work] = p.last_work
        assert work <= p.last_work < work + 200
    assert used[2000] > 3 * used[200] > 0


def test_expert_extends_only_a_close_final_pair_and_never_past_the_cap():
    """``extend``: more playouts only while the last two values are within ``extend_z``
    standard errors; never more than ``extend`` times the work; the same seed, the same move."""
    from lasvegas.core import Config, Game

    states = []
    for seed in range(40):
        g = Game(Config.multi(4), seed)
        if len(g.legal_actions()) >= 3:
            states.append(g)
    assert len(states) >= 10
    work = 600
    used = []
    for i, g in enumerate(states[:12]):
        plain = ExpertPlayer(i, work=work)
        plain.extend = 1.0
        plain.choose(g)
        assert plain.last_work < work + 200  # one sample round past the stage budget at most
        ext = ExpertPlayer(i, work=work)
        ext.extend = 3.0
        a = ext.choose(g)
        assert a in g.legal_actions()
        assert ext.last_work < 3 * work + 200
        again = ExpertPlayer(i, work=work)
        again.extend = 3.0
        assert again.choose(g) == a and again.last_work == ext.last_work
        used.append(ext.last_work)
    # some pairs were told apart at the plain budget, others were searched further
    assert min(used) < work + 200
    assert max(used) > 2 * work


def test_expert_defaults_depend_on_the_number_of_seats(monkeypatch):
    """Four and six seats: the fitted own-turn policy and the extension (up to 3×); other
    seat counts and solo: Medium for its own later turns and no extension."""
    from lasvegas.ai.players import OWN_POLICY
    from lasvegas.core import Config, Game

    seen = record_own_policy(monkeypatch)
    work = 600
    boulevard = {"hundreds": True, "biggies": True}
    for seats, policy, cap in ((2, None, 1), (3, None, 1), (4, OWN_POLICY, 3),
                               (5, None, 1), (6, OWN_POLICY, 3), (8, None, 1),
                               ("solo", None, 1)):
        cfg = (Config.solo() if seats == "solo"
               else Config.multi(seats, **(boulevard if seats > 5 else {})))
        used = []
        for seed in range(60):
            g = Game(cfg, seed)
            if len(g.legal_actions()) < 2:
                continue
            p = ExpertPlayer(seed, work=work)
            seen.clear()
            p.choose(g)
            assert seen == [policy]
            used.append(p.last_work)
            if len(used) == 12:
                break
        assert max(used) < cap * work + 200
        if cap > 1:
            assert max(used) > work + 200  # some close pair was searched further
    p = ExpertPlayer(1, work=work)
    p.own_policy = None  # Medium for its own later turns, as an experiment may ask
    seen.clear()
    p.choose(next(g for g in (Game(Config.multi(4), s) for s in range(50))
                  if len(g.legal_actions()) > 1))
    assert seen == [None]


def test_expert_does_not_extend_in_solo_or_under_a_time_budget():
    from lasvegas.core import Config, Game

    g = next(g for g in (Game(Config.solo(), s) for s in range(50)) if len(g.legal_actions()) > 2)
    p = ExpertPlayer(1, work=600)
    p.extend = 3.0
    p.extend_z = 100.0  # every pair "close": only the cap would stop it
    p.choose(g)
    assert p.last_work < 600 + 200
    busy = _busy_state()
    p = ExpertPlayer(1, work=10**9)
    p.extend = 3.0
    p.extend_z = 100.0
    p.clock = StepClock(step=0.001)
    p.choose(busy, budget=0.05)
    assert p.clock.reads <= 55  # stopped at the budget: no extension past it


def test_expert_beats_easy_clearly():
    from lasvegas.ai.tournament import run_tournament

    spec = {"seats": ["expert", "easy"], "neutral": False, "edition": "classic", "rounds": 4,
            "seed": 11, "expert_work": 1500}
    s = run_tournament(spec, 16)
    assert s["levels"]["expert"]["win_share"] >= 0.75


def test_thinking_process_gives_the_same_move_and_keeps_the_seat_deterministic():
    from lasvegas.ai import ThinkingProcess

    game = _busy_state()
    local = _ai("expert", 3)
    remote = _ai("expert", 3)
    task = ThinkingProcess(remote, game)
    assert task.wait(60.0)
    assert task.error is None
    assert task.result == local.choose(game)
    assert remote.rng.getstate() == local.rng.getstate()  # the next move stays reproducible


def test_thinking_process_cancel():
    from lasvegas.ai import ThinkingProcess

    game = _busy_state()
    p = make_ai("expert", 1)
    p.work = 10**9
    task = ThinkingProcess(p, game)
    task.cancel()  # hours of work without it, whenever the other process sees it
    assert task.wait(60.0)  # a guard against hanging, not a time limit under test
    assert task.error is None and task.result in game.legal_actions()
