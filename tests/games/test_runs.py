"""The runs of many games written once (``games.tournament``, ``games.simulate``) play every
registered game through its registry entry alone: the figures add up, the records they keep
replay to the same games, and the figures do not depend on the number of processes."""

from __future__ import annotations

import pytest

from lasvegas.games import registry
from lasvegas.games.simulate import simulate
from lasvegas.games.tournament import run_tournament, seat_levels


def two_levels(name: str) -> list[str]:
    levels = [level.name for level in registry.levels(name).levels()]
    return levels[:2]


@pytest.mark.parametrize("name", list(registry.GAMES))
def test_a_tournament_of_every_game_keeps_records_that_replay_to_its_figures(name):
    seats = two_levels(name) + [two_levels(name)[0]]
    spec = {"game": name, "seats": seats, "seed": 4, "record": True}
    kept: dict[int, dict] = {}
    one = run_tournament(spec, 6, 1, on_game=kept.__setitem__)
    assert one["game"] == name and one["games"] == 6 and sorted(kept) == list(range(6))
    share = sum(d["win_share"] * d["seat_games"] for d in one["levels"].values())
    assert share == pytest.approx(6, abs=0.01)  # every win is shared out, never lost (shares rounded)
    entry = registry.game(name)
    wins = {lv: 0.0 for lv in seats}
    for i, rec in kept.items():
        game = entry.replay(rec)  # a record that does not check raises
        winners = game.outcome().winners
        for s in winners:
            wins[seat_levels(seats, i)[s]] += 1 / len(winners)
    for lv, d in one["levels"].items():
        assert d["win_share"] == pytest.approx(round(wins[lv] / d["seat_games"], 4))
    two = run_tournament(spec, 6, 2)
    for lv in one["levels"]:
        assert {k: v for k, v in two["levels"][lv].items() if k != "move_ms"} == \
               {k: v for k, v in one["levels"][lv].items() if k != "move_ms"}


@pytest.mark.parametrize("name", list(registry.GAMES))
def test_a_simulation_of_every_game_repeats_with_its_seed(name):
    entry = registry.game(name)
    levels = two_levels(name)
    games: list = []
    run = simulate(name, lambda s: entry.new_game(2, s), levels, 4, 9, on_game=lambda i, g: games.append(g))
    assert len(games) == 4 and all(g.is_over for g in games)
    assert sum(seat["win_share"] for seat in run["seats"]) == pytest.approx(1.0, abs=1e-3)
    assert [seat["ai"] for seat in run["seats"]] == levels
    again = simulate(name, lambda s: entry.new_game(2, s), levels, 4, 9)
    strip = lambda r: {k: v for k, v in r.items() if k not in ("seconds", "games_per_second")}  # noqa: E731
    assert strip(again) == strip(run)
