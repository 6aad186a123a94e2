"""AI seats answer every kind of decision with a legal action."""

import random

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords.ai import LEVELS, make_player, play_game
from lasvegas.lords.dice import RandomDice
from lasvegas.lords.game import DIE_MOVE, LAYOFF, MARKER, PLACE, Game

from .helpers import BLUE, GREEN, RED, YELLOW, C, L, blank, dice, draw_for, mark, next_cards, tile
from .test_decisions import TEN, TWELVE


def legal(g, seat, a):
    c = g.copy()
    c.dice = RandomDice(random.Random(0))
    c.apply(a)   # raises if illegal
    return a


@pytest.mark.parametrize("level", LEVELS)
def test_every_decision_kind_gets_a_legal_answer(level):
    p = make_player(level, 1)
    # lay-off
    g = blank(active=RED)
    tile(g, "A1", "gold", BLUE, 6)
    g.apply(A.Gamble(RED, L("A1"), 3))
    assert g.phase == LAYOFF
    assert isinstance(legal(g, BLUE, p.act(g, BLUE)), A.LayOff)
    # dice placement
    g = blank(active=RED)
    tile(g, "C1", "gold", RED, 1)
    tile(g, "C2", "gold", RED, 1)
    dice(g, 2, 6)
    g.apply(A.Reorganize(RED, L("C1")))
    assert g.phase == PLACE
    assert isinstance(legal(g, RED, p.act(g, RED)), A.PlaceDice)
    # forced marker move
    g = blank()
    for n in TEN:
        mark(g, n, YELLOW)
    next_cards(g, "D8")
    draw_for(g, YELLOW)
    assert g.phase == MARKER
    assert isinstance(legal(g, YELLOW, p.act(g, YELLOW)), A.MoveMarker)
    # forced die move
    g = blank()
    for n in TWELVE:
        tile(g, n, "aqua", YELLOW, 1)
    tile(g, "E3", "gold", RED, 4)
    next_cards(g, "E3")
    draw_for(g, YELLOW)
    assert g.phase == DIE_MOVE
    assert isinstance(legal(g, YELLOW, p.act(g, YELLOW)), A.MoveDie)
    # a trade proposal to a seat that is not active
    g = blank(active=RED)
    mark(g, "C1", GREEN)
    g.apply(A.Propose(BLUE, GREEN, A.Offer(20), A.Offer(0, (L("C1"),))))
    ans = p.act(g, GREEN)
    assert isinstance(legal(g, GREEN, ans), (A.Accept, A.Reject))


def test_medium_accepts_a_good_trade_and_rejects_a_bad_one():
    p = make_player("medium", 3)
    g = blank(active=RED)
    mark(g, "C1", GREEN)
    tile(g, "D1", "gold", GREEN, 6)
    g.apply(A.Propose(BLUE, GREEN, A.Offer(30), A.Offer(0)))            # a gift
    assert p.act(g, GREEN) == A.Accept(GREEN, BLUE)
    g.apply(A.Reject(GREEN, BLUE))
    g.apply(A.Propose(BLUE, GREEN, A.Offer(1), A.Offer(0, (), (L("D1"),))))   # $1 for a boss die
    assert p.act(g, GREEN) == A.Reject(GREEN, BLUE)


def test_easy_takes_gifts_only():
    p = make_player("easy", 3)
    g = blank(active=RED)
    mark(g, "C1", GREEN)
    g.apply(A.Propose(BLUE, GREEN, A.Offer(5), A.Offer(0)))
    assert p.act(g, GREEN) == A.Accept(GREEN, BLUE)
    g.apply(A.Propose(YELLOW, GREEN, A.Offer(50), A.Offer(0, (L("C1"),))))
    assert p.answer(g, GREEN, g.proposals[(YELLOW, GREEN)]) == A.Reject(GREEN, YELLOW)


def test_medium_builds_on_its_own_lot():
    p = make_player("medium", 1)
    g = blank(active=RED, money=30)
    mark(g, "A1", RED)
    a = p.act(g, RED)
    assert isinstance(a, A.Build) and a.lot == L("A1")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ai_games_end(n):
    g = Game(n, 21 + n)
    play_game(g, [make_player(lv, s) for s, lv in enumerate(["medium", "easy", "random", "easy"][:n])])
    assert g.is_over and g.winners


def test_unknown_level():
    with pytest.raises(ValueError, match="easy"):
        make_player("grandmaster")


def test_hard_never_reads_the_deck_order():
    # two games alike in everything a seat sees, with the unknown cards in another order
    g1 = Game(4, 5)
    play_game_steps(g1, 25)
    g2 = _other_deck(g1)
    assert g2.deck != g1.deck and g2.view(g2.active) == g1.view(g1.active)
    seat = g1.to_act
    assert make_player("hard", 9).act(g1, seat) == make_player("hard", 9).act(g2, seat)


def _other_deck(g):
    """A copy of ``g`` with the unknown cards in reverse order (the End card in its place)."""
    g2 = g.copy()
    rest = g2.deck[g2.pos:]
    at = rest.index(48)
    cards = [c for c in rest if c != 48]
    cards.reverse()
    cards.insert(at, 48)
    g2.deck[g2.pos:] = cards
    return g2


def play_game_steps(g, steps):
    players = [make_player("medium", s) for s in range(g.n)]
    for _ in range(steps):
        s = g.to_act
        g.apply(players[s].act(g, s))
    while g.phase != "play" or g.is_over:
        s = g.to_act
        g.apply(players[s].act(g, s))


def test_hard_proposes_a_legal_trade_good_for_both():
    # a heads-up game against Medium, played until Hard's first proposal
    g = Game(2, 0)
    players = [make_player("hard", 0), make_player("medium", 1)]
    hard = players[0]
    p = None
    for _ in range(2000):
        s = g.to_act
        a = players[s].act(g, s)
        if isinstance(a, A.Propose):
            p = a
            break
        g.apply(a)
    assert p is not None and p.seat == 0 and p.to == 1
    assert g.trade_problem(p) is None
    net = hard._net(g, 0, p)
    assert net is not None and net[0] >= 3.0      # better for Hard than for Medium, by Hard's value
    g.apply(p)
    ok, why = make_player("medium", 4).judge(g, 1, p)
    assert ok, why
    g.apply(A.Accept(1, 0))
    # once tried in this turn it plays on instead of proposing again
    assert not isinstance(hard.act(g, 0), A.Propose)


def test_hard_values_money_less_as_the_end_nears():
    from lasvegas.lords.hard import hard_value
    early = blank(money=50)
    late = blank(money=50)
    late.pos = late.deck.index(48) - 2          # two cards before the End card
    rich_early, rich_late = early.copy(), late.copy()
    rich_early.money[0] += 10
    rich_late.money[0] += 10
    assert hard_value(rich_early, 0) - hard_value(early, 0) > 6.0
    assert hard_value(rich_late, 0) - hard_value(late, 0) < 4.0


def test_hard_counts_a_boss_seat_by_the_points_it_moves():
    # a casino of one tile moves a chip on 10 nowhere (the next step costs 2): worth little
    from lasvegas.lords.hard import hard_value
    g = blank(active=RED)
    g.chip[RED] = 9                              # track index 9 = 10 points
    tile(g, "C1", "gold", RED, 5)
    tile(g, "C2", "gold", RED, 1)
    two = hard_value(g, RED)
    g2 = blank(active=RED)
    g2.chip[RED] = 9
    tile(g2, "C1", "gold", RED, 5)
    tile(g2, "D1", "gold", RED, 1)               # the same dice in two casinos of one tile
    apart = hard_value(g2, RED)
    assert two > apart


def test_hard_counts_the_end_cards_payout_of_the_strip():
    # the End card is next: only a casino touching the Strip will still pay (D5)
    from lasvegas.lords.hard import hard_value
    worth = []
    for lots in (("C3", "C6"), ("C1", "C2")):            # C3 and C6 touch the Strip
        g = blank(active=RED)
        g.pos = g.deck.index(48)
        for n in lots:
            tile(g, n, "gold", RED, 3)
        worth.append(hard_value(g, RED))
    assert worth[0] - worth[1] > 5.0


def test_hard_counts_a_boss_seat_the_other_seats_can_reorganize_away_as_less_safe():
    # Red bosses C1-C2 with a 5 either way; with a die of Blue's in the casino, Blue may
    # reorganize it (every die re-rolled: the top die is Blue's about half the time)
    from lasvegas.lords.hard import hard_value
    worth = []
    for other in (-1, BLUE):
        g = blank(active=RED)
        tile(g, "C1", "gold", RED, 5)
        tile(g, "C2", "gold", other, 1 if other >= 0 else 0)
        worth.append(hard_value(g, RED))
    assert worth[0] - worth[1] > 1.0


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_good_and_bad_proposals_are_answered_with_a_reason(level):
    p = make_player(level, 3)
    g = blank(active=RED)
    tile(g, "C3", "gold", GREEN, 6)
    tile(g, "C2", "gold", BLUE, 2)
    mark(g, "D1", GREEN)
    good = A.Propose(BLUE, GREEN, A.Offer(25), A.Offer(0))
    g.apply(good)
    ok, why = p.judge(g, GREEN, good)
    assert ok and why and p.answer(g, GREEN, good) == A.Accept(GREEN, BLUE)
    g.apply(A.Reject(GREEN, BLUE))
    bad = A.Propose(BLUE, GREEN, A.Offer(1), A.Offer(0, (), (L("C3"),)))   # $1 for a boss die
    g.apply(bad)
    ok, why = p.judge(g, GREEN, bad)
    assert not ok and why == "not enough for my boss seat at C3"
    assert p.reason(g, GREEN, bad) == why
    assert p.answer(g, GREEN, bad) == A.Reject(GREEN, BLUE)


def test_every_level_gives_a_reason():
    g = blank(active=RED)
    g.apply(A.Propose(BLUE, GREEN, A.Offer(0), A.Offer(5)))
    for lv in LEVELS:
        ok, why = make_player(lv, 1).judge(g, GREEN, g.proposals[(BLUE, GREEN)])
        assert not ok and isinstance(why, str) and why


def _last_turn_position():
    # the End card is next; Red (10 points) trails Blue (12 points), who is richer; Red's gold
    # casino C3-C6 touches the Strip: at size 2 or 3 the End card's payout takes Red to 12
    # points (a tie Blue wins on money), at size 4 to 14: only both builds together win
    g = blank(active=RED, money=17)
    g.pos = g.deck.index(48)
    g.chip[RED], g.chip[BLUE] = 9, 10
    g.money[BLUE] = 40
    tile(g, "C3", "gold", RED, 5)
    tile(g, "C6", "gold", RED, 4)
    mark(g, "C2", RED)
    mark(g, "C5", RED)
    return g


def _play_turn(g, player, seat):
    for _ in range(10):
        a = player.act(g, seat)
        g.apply(a)
        if isinstance(a, A.EndTurn):
            return
    raise AssertionError("the turn did not end")


def test_hard_finds_the_pair_of_builds_that_wins_on_the_last_turn():
    g = _last_turn_position()
    _play_turn(g, make_player("hard", 3), RED)
    assert g.is_over and g.winners == (RED,)


def test_without_the_last_turn_search_the_pair_is_missed():
    # neither build alone moves the chip, so a one-action look ends the turn and loses
    from lasvegas.lords.hard import Hard
    g = _last_turn_position()
    h = Hard(3)
    h.last_turn = False
    _play_turn(g, h, RED)
    assert g.is_over and g.winners == (BLUE,)
    g = _last_turn_position()
    _play_turn(g, make_player("medium", 3), RED)
    assert g.winners == (BLUE,)


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("seed,steps", [(11, 10), (11, 30), (18, 60)])
def test_an_ai_never_reads_the_games_dice(level, seed, steps):
    # two games alike in everything a seat sees, with other dice to come: the same choice
    # (deal 18 after 60 steps: a tie re-roll on the game's own dice changed the choice)
    g1 = Game(2, seed)
    play_game_steps(g1, steps)
    g2 = g1.copy()
    g2.dice = RandomDice(random.Random(987654))
    assert g2.view(g2.active) == g1.view(g1.active)
    seat = g1.to_act
    assert make_player(level, 2).act(g1, seat) == make_player(level, 2).act(g2, seat)


def test_hard_searches_the_last_turn_on_public_information_only():
    g1 = _last_turn_position()
    g2 = g1.copy()
    rest = g2.deck[g2.pos + 1:]
    rest.reverse()
    g2.deck[g2.pos + 1:] = rest
    g2.dice = RandomDice(random.Random(5))
    assert g2.deck != g1.deck and g2.view(RED) == g1.view(RED)
    assert make_player("hard", 1).act(g1, RED) == make_player("hard", 1).act(g2, RED)


@pytest.mark.parametrize("pairs,first", [(0, A.EndTurn), (4, A.Build)])
def test_hard_looks_at_pairs_of_actions_near_the_end(pairs, first):
    # two cards before the End card, Red on 32 points (the next step costs 4): at size 3 its
    # casino would move the chip nowhere, at size 4 one step; neither build alone is worth its
    # price, both together are
    from lasvegas.lords.hard import Hard
    from lasvegas.lords.queries import cards_before_end
    g = _last_turn_position()
    g.pos -= 2
    g.chip[RED], g.chip[BLUE] = 18, 19
    assert cards_before_end(g) == 2
    h = Hard(3)
    h.pair_draws = pairs
    h.playout_draws = 0   # the pair look alone (the play-outs to the end come first when on)
    assert isinstance(h.act(g, RED), first)


def test_hard_plays_out_its_best_actions_to_the_end():
    # deal 0 of two Medium seats, 86 steps in: two cards before the End card. One look (with
    # pairs) reorganizes; played out to the end against Medium, ending the turn wins more often
    from lasvegas.lords.hard import Hard
    from lasvegas.lords.queries import cards_before_end
    g = Game(2, 0)
    players = [make_player("medium", s) for s in range(2)]
    for p in players:
        p.trades = False   # the position as Medium played it before it proposed trades
    for _ in range(86):
        g.apply(players[g.to_act].act(g, g.to_act))
    seat = g.to_act
    assert g.active == seat and cards_before_end(g) == 2
    h = Hard(2)
    h.trades = False
    old = Hard(2)
    old.trades = False
    old.playout_draws = 0
    mine, theirs = h.act(g, seat), old.act(g, seat)
    assert isinstance(mine, A.EndTurn) and isinstance(theirs, A.Reorganize)
    # judged in 100 other worlds (another generator): the play-outs' choice wins more often
    judge = Hard(99)
    rng = random.Random(1234)
    worlds = [rng.getrandbits(64) for _ in range(100)]
    wins = [sum(judge._play_out(g, seat, a, w) > 500 for w in worlds) for a in (mine, theirs)]
    assert wins[0] >= wins[1] + 10


def test_hard_plays_out_on_public_information_only():
    # the same position with the unknown cards in another order and other dice to come
    from lasvegas.lords.queries import cards_before_end
    g1 = Game(2, 0)
    players = [make_player("medium", s) for s in range(2)]
    for p in players:
        p.trades = False   # the position as Medium played it before it proposed trades
    for _ in range(86):
        g1.apply(players[g1.to_act].act(g1, g1.to_act))
    assert cards_before_end(g1) == 2
    g2 = _other_deck(g1)
    g2.dice = RandomDice(random.Random(31))
    seat = g1.to_act
    assert g2.deck != g1.deck and g2.view(seat) == g1.view(seat)
    assert make_player("hard", 4).act(g1, seat) == make_player("hard", 4).act(g2, seat)
