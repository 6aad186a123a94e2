"""A gamble's result is told only once its dice have landed: while they tumble the banner says
only that the dice are rolled, the log has no line of it and the seats' money has not moved."""

from lasvegas.lords import actions as A
from lasvegas.lords import events as E
from lasvegas.ui.lords import paneldraw
from lasvegas.ui.lords.show import LANDED

from ...lords.helpers import L, blank, dice, tile
from .drive import DT, ann_and_bob, ann_and_bob

ANN, BOB = 0, 1


def test_the_result_comes_when_the_dice_land(app):
    app.settings.anim_speed = "normal"
    g = blank(2)
    tile(g, "C1", "gold", BOB, 4)
    dice(g, 2, 4)  # 6: Ann loses her bet
    table = ann_and_bob(app, g)
    before = list(table.shown_money)
    assert table.act(A.Gamble(ANN, L("C1"), 5))
    seen_tumbling = seen_landed = False
    for _i in range(400):
        app.step(DT / 3)
        ev = table.current
        if not isinstance(ev, E.GambleRolled):
            if seen_landed and not table.busy:
                break
            assert seen_landed or table.shown_money == before  # nothing moved before the roll is shown
            continue
        progress = 1 - table.current_left / table.current_total
        told = [x for x in table.log if "rolls 2+4" in x]
        if progress < LANDED:  # in the air: no result anywhere
            seen_tumbling = True
            assert paneldraw.banner_text(table) == "Ann rolls the dice…"
            assert not told and table.shown_money == before
        else:  # landed: the banner, the log and the money say it
            seen_landed = True
            assert paneldraw.banner_text(table).startswith("Ann rolls 2+4 and loses $5")
            assert len(told) == 1
    assert seen_tumbling and seen_landed
    assert table.shown_money != before and [x for x in table.log if "rolls 2+4" in x]


def test_space_tells_the_result_at_once(app):
    app.settings.anim_speed = "normal"
    g = blank(2)
    tile(g, "C1", "gold", BOB, 4)
    dice(g, 6, 6)
    table = ann_and_bob(app, g)
    assert table.act(A.Gamble(ANN, L("C1"), 5))
    for _i in range(100):
        app.step(DT / 3)
        if isinstance(table.current, E.GambleRolled):
            break
    table.skip()
    assert [x for x in table.log if "rolls 6+6 and wins" in x] and not table.rolling()
