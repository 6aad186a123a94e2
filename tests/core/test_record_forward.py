"""A record keeps being read when a later version adds a top-level field this reader does not know."""

import copy

import pytest

from lasvegas.core import Config, Game
from lasvegas.core.actions import PLACE
from lasvegas.kernel.errors import RecordError
from lasvegas.core.record import replay


def _record():
    g = Game(Config.multi(3), seed=11)
    while not g.is_over:
        g.apply(PLACE[g.legal_values()[0]])
    return g.record()


def test_an_unknown_top_level_field_is_left_alone():
    rec = _record()
    later = copy.deepcopy(rec)
    later["mood"] = {"red": "happy"}  # a field of a later version
    assert replay(later).record() == replay(rec).record()


def test_a_field_the_engine_writes_still_has_to_match():
    rec = _record()
    rec["final"]["money"]["red"] += 10_000
    with pytest.raises(RecordError, match="final.money.red"):
        replay(rec)
    rec = _record()
    del rec["deck"]
    with pytest.raises(RecordError):
        replay(rec)
