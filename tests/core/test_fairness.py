"""The dice are fair, the shuffle uniform and the first player drawn evenly.

Chi-square tests over large samples drawn from fixed seeds: the samples are
the same at every run, so the tests cannot flake, and each threshold is the
0.1% critical value (a fair source fails one seed in a thousand; these seeds
pass).  Each test also shows it can fail: a slightly biased source of the
same size is caught.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

from lasvegas.core import Config, Game
from lasvegas.kernel.dice import RandomDice, shuffle


def chi_square(counts: Counter, cells: list, total: int, probs: dict | None = None) -> float:
    return sum((counts.get(c, 0) - total * (probs[c] if probs else 1 / len(cells))) ** 2
               / (total * (probs[c] if probs else 1 / len(cells))) for c in cells)


def critical(df: int, z: float = 3.0902) -> float:
    """The chi-square value exceeded with probability 0.1% (Wilson-Hilferty)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def test_the_critical_values_are_right():
    # tables: df 5 -> 20.52, df 23 -> 49.73, df 35 -> 66.62
    for df, table in ((5, 20.52), (23, 49.73), (35, 66.62)):
        assert abs(critical(df) - table) < 0.3


def test_dice_faces_are_uniform_and_independent():
    dice = RandomDice(random.Random(2026))
    faces = dice.roll(600_000)
    counts = Counter(faces)
    assert chi_square(counts, [1, 2, 3, 4, 5, 6], len(faces)) < critical(5)
    pairs = Counter(zip(faces[::2], faces[1::2]))
    cells = list(itertools.product(range(1, 7), repeat=2))
    assert chi_square(pairs, cells, len(faces) // 2) < critical(35)
    # the same test catches a die that is off by one part in 43 (b % 6 without rejecting 252..255)
    biased = random.Random(2026).randbytes(600_000)
    bad = Counter(b % 6 + 1 for b in biased)
    assert chi_square(bad, [1, 2, 3, 4, 5, 6], len(biased)) > critical(5)


def test_the_games_rolls_are_fair():
    counts: Counter = Counter()
    for seed in range(6_000):
        g = Game(Config(seats=("red", "blue", "green", "yellow")), seed)
        counts.update(g.roll_values)
    total = sum(counts.values())
    assert total == 6_000 * 8
    assert chi_square(counts, [1, 2, 3, 4, 5, 6], total) < critical(5)


def test_every_order_of_a_shuffle_is_equally_likely():
    rng = random.Random(7)
    orders: Counter = Counter()
    for _ in range(120_000):
        x = [0, 1, 2, 3]
        shuffle(rng, x)
        orders[tuple(x)] += 1
    cells = list(itertools.permutations(range(4)))
    assert chi_square(orders, cells, 120_000) < critical(23)
    # a classic mistake (swap with any index, not only the ones not yet placed) is caught
    rng = random.Random(7)
    naive: Counter = Counter()
    for _ in range(120_000):
        x = [0, 1, 2, 3]
        for i in range(4):
            j = rng.randrange(4)
            x[i], x[j] = x[j], x[i]
        naive[tuple(x)] += 1
    assert chi_square(naive, cells, 120_000) > critical(23)


def test_every_bill_of_the_deck_is_equally_likely_at_every_place():
    rng = random.Random(11)
    where: Counter = Counter()
    n = 54
    for _ in range(27_000):
        x = list(range(n))
        shuffle(rng, x)
        where[x.index(0)] += 1  # where the first bill ends up
    assert chi_square(where, list(range(n)), 27_000) < critical(n - 1)
    # the game's deck: the top bill's value in the proportions of the edition
    tops: Counter = Counter()
    for seed in range(6_000):
        tops[Game(Config(seats=("red", "blue")), seed).start_deck[0]] += 1
    bills = Counter(Game(Config(seats=("red", "blue")), 0).start_deck)
    probs = {b: c / 54 for b, c in bills.items()}
    assert chi_square(tops, list(probs), 6_000, probs) < critical(len(probs) - 1)


def test_the_first_player_is_drawn_evenly():
    for seats in (2, 3, 4, 5):
        colours = ("red", "blue", "green", "yellow", "purple")[:seats]
        firsts = Counter(Game(Config(seats=colours), seed).first_seat for seed in range(3_000 * seats))
        assert chi_square(firsts, list(range(seats)), 3_000 * seats) < critical(seats - 1)
