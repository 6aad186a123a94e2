"""A fifth source of events: a saved record played on the unchanged table."""

import json

import pytest

from lasvegas.ai import make_ai
from lasvegas.core import Config, DicePlaced, Game
from lasvegas.kernel.errors import RecordError
from lasvegas.match import ReplayMatch
from lasvegas.ui.lasvegas.results_view import ResultsView
from lasvegas.ui.lasvegas.scenes.summary import SummaryScene
from lasvegas.ui.lasvegas.scenes.table import TableScene

from .conftest import steps


def played(config: Config, seed: int) -> dict:
    g = Game(config, seed)
    players = [make_ai("medium", seed + i) for i in range(len(config.seats))]
    while not g.is_over:
        g.apply(players[g.current].choose(g))
    rec = g.record()
    rec["names"] = {c: f"Seat {i + 1}" for i, c in enumerate(config.seats)}
    return json.loads(json.dumps(rec))


@pytest.mark.parametrize("config", [Config.multi(3, rounds=2), Config.multi(3, neutral=True, rounds=1), Config.multi(2, neutral=True, rounds=1),
                                    Config.solo("hard", rounds=1)],
                         ids=["3 seats", "3 seats neutral", "2 seats neutral", "solo"])
def test_the_table_plays_a_record_to_its_results(app, config):
    app.settings.anim_speed = "instant"
    rec = played(config, 5)
    match = ReplayMatch(rec)
    table = TableScene(app, match)
    app.reset(table)
    before = json.dumps(app.services.progress.to_dict())
    placed = []
    original = table.presenter.present

    def watch(ev):  # every move the table shows
        if isinstance(ev, DicePlaced):
            placed.append(ev.value)
        original(ev)
    table.presenter.present = watch
    for _ in range(20000):
        if isinstance(app.top, ResultsView):  # the results, or the solo results
            break
        if isinstance(app.top, SummaryScene):
            app.top.button.click()  # the round summary waits for a player, as in a game
        steps(app)
    assert placed == [t["value"] for r in rec["rounds"] for t in r["turns"]]
    out = app.top.outcome
    assert out.money == rec["final"]["money"] and list(out.winners) == rec["final"]["winners"]
    assert app.top.rematch is None  # a replay is not played again
    assert json.dumps(app.services.progress.to_dict()) == before  # nor counted on the solo ladder


def test_a_damaged_record_says_what_is_wrong():
    rec = played(Config.multi(3), 2)
    rec["rounds"][0]["turns"][0]["value"] = 7
    with pytest.raises(RecordError, match="turns"):
        ReplayMatch(rec)
    with pytest.raises(RecordError):
        ReplayMatch({"format": "something else"})
