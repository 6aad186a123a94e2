"""The Lords log says what happened whole: a take-over by a build, a sprawl or a remodel names the
casino's former boss (the engine's event carries it), a score partly lost at a break of the track
says how much, and long lines wrap in the log panel and the whole log instead of shrinking and
being cut off.  In English, French and German where the sentence is new."""

from __future__ import annotations

import pytest

from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.lords.board import DIE, NEIGHBOURS, TRACK
from lasvegas.ui.lords import words

from ...lords.helpers import C, L, blank, mark, tile

NAMES = ["Ann", "Bob", "Vega Vic"].__getitem__
ANN, BOB, VIC = 0, 1, 2


def _beside(value_above: int):
    """A lot whose printed die is above ``value_above``, and a neighbour of it."""
    for lot in range(len(DIE)):
        if DIE[lot] > value_above and NEIGHBOURS[lot]:
            return lot, NEIGHBOURS[lot][0]
    raise AssertionError("no such lot")


def test_a_build_that_takes_a_casino_says_from_whom():
    g = blank(3)
    lot, nb = _beside(1)
    from lasvegas.lords.board import LOT_NAMES

    tile(g, LOT_NAMES[nb], "purple", VIC, 1)
    mark(g, LOT_NAMES[lot], ANN)
    ev = g.apply(A.Build(ANN, lot, C("purple"), -1))
    built = next(e for e in ev if isinstance(e, E.Built))
    assert built.took == (VIC,) and g.boss(g.casino_of(lot)) == ANN
    said = words.describe(built, NAMES)
    assert said.endswith(f"for ${built.cost}. Ann takes the casino from Vega Vic.")
    # a build next to nothing of that colour takes nothing
    g2 = blank(3)
    mark(g2, LOT_NAMES[lot], ANN)
    plain = next(e for e in g2.apply(A.Build(ANN, lot, C("gold"), -1)) if isinstance(e, E.Built))
    assert plain.took == () and "takes" not in words.describe(plain, NAMES)


def test_a_remodel_that_merges_into_the_bosss_casino_takes_the_other_one():
    g = blank(3)
    tile(g, "A1", "gold", ANN, 6)
    tile(g, "A2", "purple", VIC, 2)
    ev = g.apply(A.Remodel(ANN, L("A1"), C("purple")))
    rem = next(e for e in ev if isinstance(e, E.Remodelled))
    assert rem.took == (VIC,)
    assert words.describe(rem, NAMES).endswith("Ann takes the casino from Vega Vic.")


def test_the_take_over_crosses_the_network_and_an_old_form_still_reads():
    from lasvegas.net.lords.remote import event_from_wire

    ev = E.Built(ANN, L("C9"), C("purple"), 12, 3, -1, (VIC,))
    assert event_from_wire(ev.to_dict()) == ev
    old = ev.to_dict()
    del old["took"]
    assert event_from_wire(old) == E.Built(ANN, L("C9"), C("purple"), 12, 3)


@pytest.mark.parametrize("code, said", [
    ("en", "Bob takes the casino from Vega Vic."),
    ("fr", "Bob prend le casino à Vega Vic."),
    ("de", "Bob übernimmt das Casino von Vega Vic."),
])
def test_the_take_over_in_each_language(lang, code, said):
    lang(code)
    assert words.describe(E.Built(BOB, L("C9"), C("purple"), 12, 3, -1, (VIC,)), NAMES).endswith(" " + said)


@pytest.mark.parametrize("code, said", [
    ("en", "Bob scores 2 VP for a casino of 2 tiles: 7 to 8 VP (1 lost at a break)."),
    ("fr", "Bob marque 2\u00a0PV pour un casino de 2\u00a0tuiles\u00a0: de 7 à 8\u00a0PV (reste perdu\u00a0: 1)."),
    ("de", "Bob erhält 2\u00a0SP für ein Casino aus 2\u00a0Plättchen: von 7 auf 8\u00a0SP (Rest verloren: 1)."),
])
def test_a_score_partly_lost_at_a_break_says_how_much(lang, code, said):
    lang(code)
    ev = E.Scored(BOB, (L("A1"), L("A2")), 2, TRACK.index(7), TRACK.index(8))
    assert words.describe(ev, NAMES) == said
    whole = E.Scored(BOB, (L("A1"), L("A2")), 2, TRACK.index(3), TRACK.index(5))  # 3 to 5: nothing lost
    assert "(" not in words.describe(whole, NAMES).rstrip(".")


def test_long_log_lines_wrap_in_the_log_panel_and_the_whole_log_never_shrink_nor_cut(app, read_texts):
    """An AI's offer with its bundled build is the longest line of the log: it wraps onto rows of
    the same type, and every word of it is drawn."""
    from lasvegas.ui.kit import art
    from lasvegas.ui.lords import layout, panels

    long = ("Dora offers $15 to Ann for marker E4. With it, Dora will build aqua on E4 for $12 — the casino "
            "grows to 2 tiles, boss Dora, your dice in it earn $3 on each Vega card.")
    lines = [f"Turn {n}: Ann." for n in range(8)] + [long]
    rows = panels.log_rows(lines, 5, layout.LOG.w - 24, 14)
    assert len(rows) <= 5 and rows[-1][0].endswith("Vega card.")
    firsts = [i for i, (_t, first) in enumerate(rows) if first]
    assert " ".join(t for t, _f in rows[firsts[-1]:]) == long  # the whole line, in its rows
    assert all(art.measure(t, "body", 14)[0] <= layout.LOG.w - 24 for t, _f in rows)
    # drawn: at the panel's own size (no smaller type), every word there
    read_texts.clear()
    panels.draw_log(app.screen, lines)
    drawn = " ".join(read_texts)
    assert "each Vega card." in drawn and "Dora offers $15" in drawn
