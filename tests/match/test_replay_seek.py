"""The replay reaches, at every step, the state of the game that made the record;
stepping back (seek) lands on the same state as stepping forward."""

import json

import pytest

from lasvegas.ai import make_ai
from lasvegas.core import PLACE, Config, Game
from lasvegas.match import Controls, Reset, ReplayMatch
from lasvegas.match.lasvegas.local import EngineMatch


class _Probe(EngineMatch):
    """The table's view of a game being played (the game that makes the record)."""

    def __init__(self, game):
        self.game, self.config, self.hide_money, self._fresh, self._pending = game, game.config, False, False, []


def played(config: Config, seed: int):
    """The record of an AI game, and the public view before every move (and at the end)."""
    g = Game(config, seed)
    probe = _Probe(g)
    players = [make_ai("easy", seed + i) for i in range(len(config.seats))]
    views = []
    while not g.is_over:
        views.append(probe.view(None))
        g.apply(players[g.current].choose(g))
    views.append(probe.view(None))
    return json.loads(json.dumps(g.record())), views


MODES = {
    "2 seats": Config.multi(2, rounds=2), "3 seats": Config.multi(3, rounds=2), "4 seats": Config.multi(4, rounds=1),
    "5 seats": Config.multi(5, rounds=1), "2 seats neutral": Config.multi(2, neutral=True, rounds=1),
    "3 seats neutral": Config.multi(3, neutral=True, rounds=2), "solo": Config.solo("hard", rounds=2),
    "solo 4 rounds": Config.solo("normal"),
}


@pytest.mark.parametrize("name", list(MODES))
def test_every_step_forward_and_every_seek_reach_the_recorded_game(name):
    rec, views = played(MODES[name], 11)
    m = ReplayMatch(rec)
    assert isinstance(m.controls, Controls)
    assert m.turns == len(views) - 1
    m.playing = False
    for t in range(m.turns):  # one move at a time, as the table steps
        assert m.turn == t and m.view(None) == views[t], f"turn {t}"
        m.step()
        m.update(screen_idle=False)
        assert m.turn == t  # a step waits for the screen
        m.update(screen_idle=True)
        m.update(screen_idle=True)  # one step is one move
        assert m.poll()
    assert m.view(None) == views[-1] and m.game.is_over
    for t in reversed(range(m.turns)):  # stepping back: instant, the same state
        m.seek(t)
        assert m.turn == t and m.view(None) == views[t], f"back to turn {t}"
        (reset,) = m.poll()
        assert isinstance(reset, Reset)
        # what the screen is given: the events before the turn, then the current roll
        assert list(reset.shown) + m.opening() == list(m.game.log)


def test_round_starts_and_seek_bounds():
    rec, views = played(Config.multi(3, rounds=3), 4)
    m = ReplayMatch(rec)
    assert m.round_starts[0] == 0 and len(m.round_starts) == 3
    for r, start in enumerate(m.round_starts):
        m.seek(start)
        assert m.view(None).round == r and m.view(None) == views[start]
    m.seek(-5)
    assert m.turn == 0
    m.seek(10_000)  # the end is reached by playing; a seek stops at the last move
    assert m.turn == m.turns - 1 and not m.game.is_over


def test_a_replay_played_on_after_a_seek_finishes_like_the_record():
    rec, views = played(Config.multi(4, neutral=False, rounds=2), 8)
    m = ReplayMatch(rec)
    m.seek(m.turns // 2)
    m.poll()
    while not m.game.is_over:
        m.update(screen_idle=True)
    assert m.view(None) == views[-1]
    assert dict(m.outcome().money) == rec["final"]["money"]


def test_the_game_replayed_by_hand_to_a_turn_is_what_seek_builds():
    rec, _views = played(Config.multi(3, neutral=True, rounds=1), 3)
    m = ReplayMatch(rec)
    choices = [t["value"] for r in rec["rounds"] for t in r["turns"]]
    for t in (0, 5, len(choices) - 1):
        g = Game(m.config, rec["seed"])
        for v in choices[:t]:
            g.apply(PLACE[v])
        m.seek(t)
        assert _Probe(g).view(None) == m.view(None)
