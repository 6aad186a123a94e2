"""Every registered game's engine satisfies the one engine face (``lasvegas.games.engine``): random
games of each are played through it alone, and what the face promises is checked at every move;
a game's record, read back by the game's ``replay``, gives the same game."""

from __future__ import annotations

import json
import random

import pytest

from lasvegas.games import registry
from lasvegas.games.engine import Engine, Outcome

CASES = [(name, players, seed) for name, entry in registry.GAMES.items()
         for players in sorted({entry.seats[0], entry.seats[1], 3}) for seed in (1, 2)]


def play(game, rng: random.Random, limit: int = 20_000) -> list:
    """Play ``game`` to its end with random legal actions through the face alone; every event."""
    events = []
    for _ in range(limit):
        if game.is_over:
            return events
        seat = game.to_act
        actions = game.legal_actions(seat)
        assert actions, f"seat {seat} is to act and may do nothing"
        for other in range(game_seats(game)):
            if other != seat and not game.is_over:
                for a in game.legal_actions(other):  # another seat may only answer (a trade)
                    assert getattr(a, "seat", other) == other
        out = game.apply(actions[int(rng.random() * len(actions))])
        assert isinstance(out, list)
        events.extend(out)
    raise AssertionError("the game did not end")


def game_seats(game) -> int:
    return len(game.outcome().scores)


@pytest.mark.parametrize("name,players,seed", CASES)
def test_random_games_through_the_face(name, players, seed):
    game = registry.game(name).new_game(players, seed)
    assert isinstance(game, Engine)
    assert game_seats(game) == players and game.outcome().winners == ()
    twin = game.copy()
    events = play(game, random.Random(seed))
    assert game.is_over and game.to_act is None
    assert all(game.legal_actions(s) in ([], ()) for s in range(players))
    out = game.outcome()
    assert isinstance(out, Outcome) and out.winners and set(out.winners) <= set(range(players))
    best = max(out.scores[w] for w in out.winners)
    assert all(out.scores[w] == best for w in out.winners)  # a shared win is a tie at the top
    # a copy is independent and plays the same: the same random choices give the same events
    assert not twin.is_over
    assert play(twin, random.Random(seed)) == events and twin.outcome() == out
    # record -> replay gives the same game: the same record again, the same outcome
    rec = json.loads(json.dumps(game.record()))
    again = registry.game(name).replay(rec)
    assert again.is_over and again.outcome() == out
    assert json.loads(json.dumps(again.record())) == rec


@pytest.mark.parametrize("name", list(registry.GAMES))
def test_a_determinized_world_keeps_what_the_seats_see(name):
    game = registry.game(name).new_game(3, 5)
    rng = random.Random(5)
    for _ in range(30):  # into the game a little
        game.apply(rng.choice(list(game.legal_actions(game.to_act))))
    seat = game.to_act
    worlds = [game.determinize(random.Random(k)) for k in range(3)]
    for world in worlds:
        assert isinstance(world, Engine) and world is not game
        assert world.to_act == seat and list(world.legal_actions(seat)) == list(game.legal_actions(seat))
        assert world.outcome().scores == game.outcome().scores
        play(world, rng)  # a world plays on to an end of its own
    assert not game.is_over  # the real game untouched
