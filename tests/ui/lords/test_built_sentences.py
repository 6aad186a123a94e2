"""The Lords of Vegas sentences the code builds from parts read right in French and German: a build
names its colour as it agrees with a tile (« Construction violette », never « Construction violet »),
a casino's size has its noun and the language's plural (« un casino de 2 tuiles », « ein Casino aus
2 Plättchen »), and a refusal names the board's real lots (C12 is one)."""

from __future__ import annotations

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.lords.board import LOT_NAMES, TRACK
from lasvegas.lords.refusals import Reason
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords import deal, menu, reasons, review, words

from ...lords.helpers import C, L, blank, mark, tile

NAMES = ["Ann", "Bob"].__getitem__
NBSP = "\u00a0"


def match_with(g):
    return LordsLocalMatch([LordsSeat("Ann", "blue", "human"), LordsSeat("Bob", "green", "human")], game=g)


@pytest.mark.parametrize("code, labels, review_line, trade_line", [
    ("en", ["Build purple", "Build gold", "Build aqua", "Build silver", "Build brown"],
     "Build silver on A5", "build silver on A5"),
    ("fr", ["Construction violette", "Construction or", "Construction turquoise", "Construction grise",
            "Construction marron"], "Construction grise en A5", "construction grise en A5"),
    ("de", ["Bauen: Lila", "Bauen: Gold", "Bauen: Türkis", "Bauen: Silber", "Bauen: Braun"],
     "In Silber auf A5 bauen", "in Silber auf A5 bauen"),
])
def test_a_build_names_its_colour_as_it_agrees_with_a_tile(lang, code, labels, review_line, trade_line):
    """The actions menu, the Review list and the trade's action list: one form of the same action."""
    lang(code)
    g = blank(2)
    mark(g, "A5", 0)
    options = menu.lot_options(match_with(g), 0, L("A5"))
    assert [str(o.label) for o in options[:5]] == labels
    build = A.Build(0, L("A5"), C("silver"), -1)
    assert review.choice_words(A.to_dict(build), NAMES) == review_line
    assert deal.action_words(build) == trade_line


@pytest.mark.parametrize("code, one, three", [
    ("en", "Ann scores 1 VP for a casino of 1 tile: 1 to 2 VP.", "Bob scores 3 VP for a casino of 3 tiles: 8 to 10 VP (1 lost at a break)."),
    ("fr", f"Ann marque 1{NBSP}PV pour un casino de 1{NBSP}tuile{NBSP}: de 1 à 2{NBSP}PV.",
     f"Bob marque 3{NBSP}PV pour un casino de 3{NBSP}tuiles{NBSP}: de 8 à 10{NBSP}PV (reste perdu{NBSP}: 1)."),
    ("de", f"Ann erhält 1{NBSP}SP für ein Casino aus 1{NBSP}Plättchen: von 1 auf 2{NBSP}SP.",
     f"Bob erhält 3{NBSP}SP für ein Casino aus 3{NBSP}Plättchen: von 8 auf 10{NBSP}SP (Rest verloren: 1)."),
])
def test_a_score_names_the_casinos_tiles(lang, code, one, three):
    lang(code)
    first = TRACK.index(1)
    eight = TRACK.index(8)
    assert words.describe(E.Scored(0, (L("A1"),), 1, first, first + 1), NAMES) == one
    assert words.describe(E.Scored(1, (L("A1"), L("A2"), L("A4")), 3, eight, eight + 1), NAMES) == three


@pytest.mark.parametrize("code, one, two", [
    ("en", "casino of 1 tile, boss Ann", "casino of 2 tiles, boss Ann"),
    ("fr", f"casino de 1{NBSP}tuile, patron Ann", f"casino de 2{NBSP}tuiles, patron Ann"),
    ("de", f"Casino aus 1{NBSP}Plättchen, Boss Ann", f"Casino aus 2{NBSP}Plättchen, Boss Ann"),
])
def test_a_lots_tooltip_names_the_casinos_tiles(app, lang, code, one, two):
    from lasvegas.ui.lords.table import LordsTableScene

    lang(code)
    g = blank(2)
    tile(g, "A1", "gold", 0, 3)
    tile(g, "B1", "gold", 0, 2)
    tile(g, "B2", "gold", 0, 4)
    scene = LordsTableScene(app, match_with(g))
    assert scene.lot_words(L("B1")).endswith(two)
    g2 = blank(2)
    tile(g2, "A1", "gold", 0, 3)
    scene2 = LordsTableScene(app, match_with(g2))
    assert scene2.lot_words(L("A1")).endswith(one)


def test_a_refusal_names_the_lots_the_board_has():
    """« A1–F9 » left out C10–C12; the ranges are read from the board, block by block."""
    ranges = reasons.lot_ranges()
    assert ranges == "A1–A6, B1–B6, C1–C12, D1–D9, E1–E6, F1–F9"
    named = set()
    for part in ranges.split(", "):
        first, last = part.split("–")
        block = [n for n in LOT_NAMES if n[0] == first[0]]
        assert block[0] == first and block[-1] == last
        named.update(block)
    assert named == set(LOT_NAMES)


@pytest.mark.parametrize("code, said", [
    ("en", "'Z9' is not a lot (A1–A6, B1–B6, C1–C12, D1–D9, E1–E6, F1–F9)"),
    ("fr", "'Z9' n'est pas un terrain (A1–A6, B1–B6, C1–C12, D1–D9, E1–E6, F1–F9)"),
    ("de", "'Z9' ist kein Grundstück (A1–A6, B1–B6, C1–C12, D1–D9, E1–E6, F1–F9)"),
])
def test_the_lot_refusals_say_the_real_range(lang, code, said):
    lang(code)
    assert reasons.say(Reason("shape.lot_unknown", key="lot", value="'Z9'"), NAMES) == said
    named = reasons.say(Reason("shape.lot_name", key="lot", value="7"), NAMES)
    assert "C1–C12" in named and "F9" in named and "A1–F9" not in named
