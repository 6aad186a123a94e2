"""The Lords of Vegas sentences that once read wrong (issue #40): "a aqua tile", "1 tiles", a score
that the track's break swallows told as scored ("8 to 8 VP"), a sprawl refused for the lot's price
instead of the sprawl's.  In English, French and German."""

from __future__ import annotations

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.lords.board import TRACK
from lasvegas.lords.refusals import Reason
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords import menu, reasons, words

from ...lords.helpers import C, L, blank, tile

NAMES = ["Ann", "Bob"].__getitem__
EIGHT = TRACK.index(8)


@pytest.mark.parametrize("code, said", [
    ("en", "Ann builds a tile on D4 (aqua) for $9."),
    ("fr", "Ann construit une tuile turquoise en D4 pour 9\u00a0$."),
    ("de", "Ann baut ein Plättchen in Türkis auf D4 für 9\u00a0$."),
])
def test_a_build_reads_without_a_wrong_article(lang, code, said):
    lang(code)
    assert words.describe(E.Built(0, L("D4"), C("aqua"), 9, 3), NAMES) == said


@pytest.mark.parametrize("code, one, two", [
    ("en", "Ann remodels 1 tile from gold to purple", "Ann remodels 2 tiles from gold to purple"),
    ("fr", "1\u00a0tuile", "2\u00a0tuiles"),
    ("de", "1\u00a0Plättchen", "2\u00a0Plättchen"),
])
def test_a_count_of_tiles_takes_the_languages_plural(lang, code, one, two):
    lang(code)
    assert one in words.describe(E.Remodelled(0, (L("A1"),), C("gold"), C("purple"), 5), NAMES)
    assert two in words.describe(E.Remodelled(0, (L("A1"), L("A2")), C("gold"), C("purple"), 10), NAMES)
    needs = {n: reasons.say(Reason("remodel.tiles", n=n, colour="gold", left=0), NAMES) for n in (1, 2)}
    place = {n: reasons.say(Reason("place.values", values="4", n=n), NAMES) for n in (1, 2)}
    if code == "en":
        assert needs[1] == "Remodelling needs 1 gold tile; the supply has 0"
        assert needs[2] == "Remodelling needs 2 gold tiles; the supply has 0"
        assert place[1] == "Place the value 4 on your tile (1 tile)"
    else:
        assert one in needs[1] and two in needs[2] and one in place[1] and two in place[2], (needs, place)


@pytest.mark.parametrize("code, said, two", [
    ("en", "Ann: 1 VP for a casino of 1 tile, lost at a break (stays on 8 VP).",
     "2 VP for a casino of 2 tiles, lost"),
    ("fr", "Ann\u00a0: 1\u00a0PV pour un casino de 1\u00a0tuile, sans avancer (reste à 8\u00a0PV).",
     "2\u00a0PV pour un casino de 2\u00a0tuiles, sans avancer"),
    ("de", "Ann: 1\u00a0SP für ein Casino aus 1\u00a0Plättchen, ohne vorzurücken (bleibt auf 8\u00a0SP).",
     "2\u00a0SP für ein Casino aus 2\u00a0Plättchen, ohne vorzurücken"),
])
def test_points_lost_at_a_break_of_the_track_are_not_told_as_scored(lang, code, said, two):
    lang(code)
    assert words.describe(E.Scored(0, (L("A1"),), 1, EIGHT, EIGHT), NAMES) == said
    twenty = TRACK.index(20)
    assert two in words.describe(E.Scored(1, (L("A1"), L("A2")), 2, twenty, twenty), NAMES)
    moved = words.describe(E.Scored(0, (L("A1"), L("A2"), L("A4")), 3, EIGHT, EIGHT + 1), NAMES)
    assert "10" in moved and "8" in moved and moved != said


def match_with(g):
    return LordsLocalMatch([LordsSeat("Ann", "blue", "human"), LordsSeat("Bob", "green", "human")], game=g)


@pytest.mark.parametrize("code, said", [
    ("en", "Sprawling onto A2 costs $12, you have $5"),
    ("fr", "S'étendre en A2 coûte 12\u00a0$, vous avez 5\u00a0$"),
    ("de", "Die Erweiterung auf A2 kostet 12\u00a0$, du hast 5\u00a0$"),
])
def test_a_sprawl_refused_names_the_sprawls_cost(lang, code, said):
    """A1's casino, with $5: both free lots beside it (A2 $6, A4 $12) cost twice their price to sprawl
    onto; the menu says why with the cheapest, and the engine's own refusal says the same."""
    lang(code)
    g = blank(2, money=5)
    tile(g, "A1", "gold", owner=0, value=3)
    m = match_with(g)
    assert menu.sprawl_refusal(m, 0, [L("A1")]) == said
    assert menu.refusal(m, A.Sprawl(0, L("A1"), L("A2"), -1)) == said
    tile(g, "A2", "brown")
    tile(g, "A4", "silver")
    assert menu.sprawl_refusal(m, 0, [L("A1")]) == {
        "en": "no free lot next to the casino", "fr": "aucun terrain libre à côté du casino",
        "de": "kein freies Grundstück neben dem Casino"}[code]
    g2 = blank(2, money=50)
    tile(g2, "A1", "gold", owner=0, value=3)
    assert menu.sprawl_refusal(match_with(g2), 0, [L("A1")]) is None
