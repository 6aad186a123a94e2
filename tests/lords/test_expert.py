"""The Expert of Lords of Vegas: a search over Hard's best actions, on public information only."""

import random
import threading

from lasvegas.lords import actions as A
from lasvegas.lords.ai import LEVELS, make_player
from lasvegas.lords.dice import RandomDice
from lasvegas.lords.expert import Expert
from lasvegas.lords.game import Game

from .helpers import GREEN, RED, blank, mark
from .test_ai import _other_deck, legal, play_game_steps

WORK = 120   # a small budget: a few worlds per candidate


def _position(seed=5, steps=25, n=4):
    g = Game(n, seed)
    play_game_steps(g, steps)
    while g.proposals:
        (frm, to) = min(g.proposals)
        g.apply(A.Reject(to, frm))
    return g


def test_the_expert_is_a_level():
    assert "expert" in LEVELS and LEVELS.index("expert") > LEVELS.index("hard")
    assert isinstance(make_player("expert", 3), Expert)


def test_one_seed_and_one_work_budget_give_one_choice():
    g = _position()
    seat = g.active
    a, b = Expert(7, work=WORK), Expert(7, work=WORK)
    first, second = a.act(g, seat), b.act(g, seat)
    assert first == second and a.last_work == b.last_work >= WORK
    assert a.last_search == b.last_search and len(a.last_search) >= 2
    assert first in [c for c, _mean, _n in a.last_search]
    legal(g, seat, first)


def test_every_candidate_is_played_in_the_same_worlds_and_the_best_mean_is_played():
    g = _position()
    e = Expert(3, work=WORK)
    choice = e.act(g, g.active)
    counts = [n for _a, _m, n in e.last_search]
    assert min(counts) >= e.min_worlds
    # the survivors of the last stage were played in every world, the best of them is chosen
    top = max(counts)
    finalists = [(m, a) for a, m, n in e.last_search if n == top]
    assert len(finalists) >= 2 and choice == max(finalists, key=lambda t: t[0])[1]


def test_the_hidden_deck_order_never_changes_the_choice():
    g1 = _position(5, 25)
    g2 = _other_deck(g1)
    g2.dice = RandomDice(random.Random(4321))   # other dice to come as well
    seat = g1.active
    assert g2.deck != g1.deck and g2.view(seat) == g1.view(seat)
    a, b = Expert(11, work=WORK), Expert(11, work=WORK)
    assert a.act(g1, seat) == b.act(g2, seat)
    assert a.last_search == b.last_search


def test_cancel_answers_at_once_with_hards_choice():
    g = _position()
    seat = g.active
    cancel = threading.Event()
    cancel.set()
    e = Expert(7, work=10**9)
    choice = e.act(g, seat, cancel=cancel)
    assert e.last_work == 0 and e.last_search == []
    assert choice == e.candidates(g, seat)[0] or isinstance(choice, A.EndTurn)
    legal(g, seat, choice)


def test_cancel_during_the_search_keeps_the_worlds_played():
    g = _position()
    seat = g.active

    class After:   # set once the search has played some moves
        def __init__(self):
            self.asked = 0

        def is_set(self):
            self.asked += 1
            return self.asked > 60

    e = Expert(7, work=10**9)
    choice = e.act(g, seat, cancel=After())
    assert 0 < e.last_work < 10**6 and e.last_search
    legal(g, seat, choice)


def test_the_time_budget_stops_the_search():
    g = _position()
    seat = g.active
    now = [0.0]

    def clock():   # every look at the clock is a tenth of a second later
        now[0] += 0.1
        return now[0]

    e = Expert(7, work=10**9, budget=0.4)
    e.clock = staticmethod(clock)
    choice = e.act(g, seat)
    # each stage ends at its share of the time, once it has played its least worlds
    assert e.last_search and max(n for _a, _m, n in e.last_search) <= 3 * (e.min_worlds + 1)
    legal(g, seat, choice)


def test_a_trade_proposal_is_answered_by_the_search():
    g = blank(active=RED)
    mark(g, "C1", GREEN)
    p = A.Propose(RED, GREEN, A.Offer(25), A.Offer(0, (g.marker.index(GREEN),)))
    g.apply(p)
    e = Expert(5, work=40)
    ans = e.act(g, GREEN)
    assert isinstance(legal(g, GREEN, ans), (A.Accept, A.Reject))
    assert {type(a) for a, _m, _n in e.last_search} == {A.Accept, A.Reject}


def test_the_seats_are_modelled_by_their_levels_when_known():
    e = Expert(3)
    kinds = [type(m).__name__ for m in e._models(4, 0, 99)]
    assert kinds == ["_Greedy", "Medium", "Medium", "Medium"]
    e.meet(["expert", "hard", "medium", "human"])
    kinds = [type(m).__name__ for m in e._models(4, 0, 99)]
    assert kinds == ["_Greedy", "_Greedy", "Medium", "Medium"]


def test_a_strong_prior_keeps_hards_first_candidate():
    g = _position()
    seat = g.active
    e = Expert(7, work=WORK)
    e.prior_z = 1e9   # no candidate can beat the first by that many standard errors
    choice = e.act(g, seat)
    first = Expert(7, work=WORK)
    assert choice == first.candidates(g, seat)[0]
    assert len(e.last_search) >= 2


def test_a_longer_horizon_plays_a_world_further():
    g = _position()
    seat = g.active
    one, two = Expert(7), Expert(7)
    two.rounds = 2
    assert two._stop_turn(g, seat) == one._stop_turn(g, seat) + g.n
    a = A.EndTurn(seat)
    r1 = one._playout(g, seat, a, 5, one._stop_turn(g, seat), False, None)
    r2 = two._playout(g, seat, a, 5, two._stop_turn(g, seat), False, None)
    assert r2[1] > r1[1]   # the same world played one more round


def test_a_horizon_in_turns_stops_a_play_out_after_them():
    g = _position()
    seat = g.active
    base, e = Expert(7), Expert(7)
    e.turns = g.n   # its own turn and the other seats': its next turn, as by default
    assert e._stop_turn(g, seat) == base._stop_turn(g, seat)
    e.turns = g.n + 1   # and its own next turn as well
    assert e._stop_turn(g, seat) == base._stop_turn(g, seat) + 1
    a = A.EndTurn(seat)
    r1 = base._playout(g, seat, a, 5, base._stop_turn(g, seat), False, None)
    r2 = e._playout(g, seat, a, 5, e._stop_turn(g, seat), False, None)
    assert r2[1] > r1[1]


def test_diverse_candidates_are_one_action_on_each_lot_or_casino():
    from lasvegas.lords.expert import _target

    g = _position(6, 25)
    seat = g.active
    plain, e = Expert(7), Expert(7)
    e.diverse = True
    many, diverse = plain.candidates(g, seat), e.candidates(g, seat)
    assert len({_target(a) for a in many}) < len(many)   # two colours of one build, by default
    targets = [_target(a) for a in diverse]
    assert len(set(targets)) == len(targets) == e.top + 2   # Hard's choice, top others, ending the turn
    assert diverse[0] == many[0] and diverse[-1] == A.EndTurn(seat)


def test_the_leaf_spread_is_the_coachs_unless_set():
    from lasvegas.lords.chance import SIGMA, chances_of
    from lasvegas.lords.hard import hard_values

    g = _position(5, 40)
    seat = g.active
    e = Expert(3)
    v = hard_values(g)
    e.leaf_sigma = SIGMA
    assert abs(e._leaf(g, seat) - Expert(3)._leaf(g, seat)) < 1e-12
    # a wider spread pulls every seat's chance towards an even share
    e.leaf_sigma = 4 * SIGMA
    even = 1.0 / g.n
    lead = max(range(g.n), key=lambda s: chances_of(g, v)[s])
    wide = e._leaf(g, lead) - 1e-4 * (v[lead] - max(v[s] for s in range(g.n) if s != lead))
    assert even < wide < chances_of(g, v)[lead]


def test_heads_up_the_default_work_is_twice_the_four_seat_one():
    from lasvegas.lords.expert import DEFAULT_WORK, HEADS_UP_WORK, default_work

    assert default_work(2) == HEADS_UP_WORK == 2 * DEFAULT_WORK
    assert default_work(3) == default_work(4) == DEFAULT_WORK
    assert Expert(3).work is None and Expert(3, work=WORK).work == WORK
    two, four = _position(5, 15, n=2), _position(5, 25)
    a, b = Expert(7), Expert(7)
    a.search(two, two.active, [A.EndTurn(two.active), *a.candidates(two, two.active)[:1]])
    b.search(four, four.active, [A.EndTurn(four.active), *b.candidates(four, four.active)[:1]])
    assert a.last_work >= HEADS_UP_WORK and DEFAULT_WORK <= b.last_work < HEADS_UP_WORK
