"""Space only hurries the events being told: it never opens the lot under the board cursor (the
previous player's casino, where the cursor was left), before or after the events are over."""

import pygame

from lasvegas.lords import actions as A

from ...lords.helpers import C, L, blank, mark, tile
from .drive import DT, ann_and_bob, key

ANN, BOB = 0, 1


def test_space_hurries_the_events_and_never_opens_the_cursors_lot(app):
    app.settings.anim_speed = "normal"
    g = blank(2)
    mark(g, "A2", ANN)
    tile(g, "C1", "gold", BOB, 4)  # Bob's casino, where the board cursor was left
    table = ann_and_bob(app, g)
    table.cursor = L("C1")
    assert table.act(A.Build(ANN, L("A2"), C("purple")))
    app.step(DT)
    assert table.busy
    key(pygame.K_SPACE)  # hurries the events
    app.step(DT)
    assert not table.busy and table.selected is None
    for _i in range(3):  # pressed again once they are over (or held down): nothing opens
        key(pygame.K_SPACE)
        app.step(DT)
    assert table.selected is None and table.options == [] and table.chosen is None
    key(pygame.K_RETURN)  # Enter opens the lot under the cursor
    app.step(DT)
    assert table.selected == L("C1") and table.options
    key(pygame.K_1)
    app.step(DT)
    if table.chosen is not None:  # a choice taken: Space neither confirms it
        key(pygame.K_SPACE)
        app.step(DT)
        assert table.chosen is not None and g.active == ANN
