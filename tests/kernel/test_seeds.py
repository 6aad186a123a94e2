"""One seed derivation: every run derives its games', seats' and playouts' seeds the same way,
and the numbers are those every published figure was made with."""

from lasvegas.kernel.seeds import derive_seed


def test_one_seed_derivation_gives_the_numbers_of_the_four_former_formulas():
    for base in (0, 1, 9, 2026, 123456789, 2**62, 2**63 - 1):
        for i in (0, 1, 7, 159, 10**6):
            # simulate's games and seats, the hint's playouts (offset: the value placed)
            assert derive_seed(base, i, stride=7919, offset=17) == (base * 1_000_003 + i * 7919 + 17) % 2**63
            assert derive_seed(base, i, stride=7919, offset=5) == (base * 1_000_003 + i * 7919 + 5) % 2**63
            # solo-odds: level k, rounds r
            for k, r in ((0, 4), (8, 1)):
                assert (derive_seed(base, i, offset=k * 100_003 + r * 10_007)
                        == (base * 1_000_003 + k * 100_003 + r * 10_007 + i) % 2**63)
            # the tournament's seats, never reduced
            for seat in (0, 4):
                assert (derive_seed(derive_seed(base, i, wrap=False), seat, multiplier=16, wrap=False)
                        == (base * 1_000_003 + i) * 16 + seat)


def test_the_runs_seeds_are_the_published_ones():
    from lasvegas.ai.tournament import _ai_seed
    from lasvegas.runs.lasvegas.sim import game_seed
    from lasvegas.solo.odds import game_seed as odds_seed

    assert [game_seed(1, 0), game_seed(2026, 5), game_seed(game_seed(9, 3), 2)] == [
        1000020, 2026045690, 9023828087258]
    assert [_ai_seed(2026, 17, 3), _ai_seed(1, 0, 0)] == [32416097523, 16000048]
    assert [odds_seed(1, "normal", 4, 0), odds_seed(7, "master", 1, 159)] == [1040031, 7810211]
