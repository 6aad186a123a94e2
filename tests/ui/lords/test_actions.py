"""Each kind of action and decision on the Lords of Vegas table, from positions built for it
(the rulebook's examples), played by posted clicks and keys."""

import pygame


from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords.table import LordsTableScene
from lasvegas.ui.scenes.handover import HandoverScene

from ...lords.helpers import L, blank, dice, mark, tile
from .drive import DT, click, key, lot_centre

ANN, BOB = 0, 1


def table_for(app, g, kinds=("human", "human")) -> LordsTableScene:
    app.settings.anim_speed = "instant"
    seats = [LordsSeat(n, c, k, "" if k == "human" else k) for n, c, k in zip(("Ann", "Bob", "Cy"),
                                                                               ("blue", "green", "red"), kinds)]
    m = LordsLocalMatch(seats, game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    take_seat(app)
    return table


def take_seat(app, n=4):
    for _i in range(n):
        app.step(DT)
        if isinstance(app.top, HandoverScene):
            key(pygame.K_RETURN)
    app.step(DT)
    app.step(DT)


def test_build_lists_each_colour_with_its_cost_and_tiles_left_then_builds(app):
    g = blank(2)
    mark(g, "A2", ANN)
    table = table_for(app, g)
    click(app, lot_centre(L("A2")))
    app.step(DT)
    builds = [o for o in table.options if o.label.startswith("Build")]
    assert [o.label for o in builds] == ["Build purple", "Build gold", "Build aqua", "Build silver", "Build brown"]
    assert all(o.cost == "$6" and o.reason is None and "9 tiles left" in o.effect for o in builds)
    key(pygame.K_2)  # gold
    app.step(DT)
    key(pygame.K_RETURN)
    app.step(DT)
    assert g.tile[L("A2")] == 1 and g.owner[L("A2")] == ANN and g.value[L("A2")] == 2 and g.money[ANN] == 94
    assert any("builds a tile on A2 (gold) for $6" in line for line in table.log)


def test_an_impossible_choice_is_greyed_with_the_engines_reason(app):
    g = blank(2, money=5)
    mark(g, "A6", ANN)
    table = table_for(app, g)
    click(app, lot_centre(L("A6")))
    app.step(DT)
    assert table.options and all(o.reason == "A6 costs $20, you have $5" for o in table.options)
    key(pygame.K_1)
    app.step(DT)
    assert table.chosen is None and table.message == "A6 costs $20, you have $5"
    assert g.tile[L("A6")] < 0


def test_sprawl_highlights_its_targets_and_costs_twice_the_lot(app):
    g = blank(2)
    tile(g, "A2", "gold", ANN, 2)
    mark(g, "A3", BOB)
    table = table_for(app, g)
    click(app, lot_centre(L("A2")))
    app.step(DT)
    i = next(i for i, o in enumerate(table.options) if o.mode == "sprawl")
    click(app, table.rows()[i].center)
    app.step(DT)
    assert sorted(table.targets) == [L("A1"), L("A5")]  # A3 carries Bob's marker (example 6)
    click(app, lot_centre(L("A5")))
    app.step(DT)
    assert table.chosen.cost == "$18" and table.chosen.reason is None
    # the target stays lit until Enter, and the choice says what the sprawl makes of the casino
    assert table.targets == [L("A5")]
    assert table.chosen.effect.startswith("the casino grows to 2 tiles, boss Ann")
    key(pygame.K_RETURN)
    app.step(DT)
    assert g.tile[L("A5")] == 1 and g.money[ANN] == 82


def test_remodel_previews_the_merge_and_the_new_boss(app):
    g = blank(2)  # example 7: Ann's gold A2 (2) + A5 (3) next to Bob's brown A3 (5)
    tile(g, "A2", "gold", ANN, 2)
    tile(g, "A5", "gold", ANN, 3)
    tile(g, "A3", "brown", BOB, 5)
    table = table_for(app, g)
    click(app, lot_centre(L("A5")))
    app.step(DT)
    brown = next(o for o in table.options if o.label == "Remodel to brown")
    assert brown.cost == "$10" and brown.effect.startswith("merges 2 casinos into one of 3 tiles, new boss Bob, ")


def test_build_says_the_casinos_it_merges_its_boss_and_what_its_company_pays(app, read_texts):
    from lasvegas.lords.board import LOT_NAMES, NEIGHBOURS

    # a lot between two lots that are not neighbours of each other: the merge of example 6 on A3
    x = next(i for i in range(48) if any(b not in NEIGHBOURS[a] for a in NEIGHBOURS[i] for b in NEIGHBOURS[i]
                                         if a != b))
    y, z = next((a, b) for a in NEIGHBOURS[x] for b in NEIGHBOURS[x] if a != b and b not in NEIGHBOURS[a])
    g = blank(2)
    tile(g, LOT_NAMES[y], "gold", BOB, 6)
    tile(g, LOT_NAMES[z], "gold", BOB, 5)
    mark(g, LOT_NAMES[x], ANN)
    table = table_for(app, g)
    click(app, lot_centre(x))
    app.step(DT)
    gold = next(o for o in table.options if o.label == "Build gold")
    assert gold.effect.startswith("merges 2 casinos into one of 3 tiles, boss Bob, each Sphinx card pays you $")
    assert gold.effect.endswith("· 7 tiles left")  # two gold tiles are on the board
    purple = next(o for o in table.options if o.label == "Build purple")
    assert purple.effect.startswith("a casino of 1 tile, boss Ann, each Albion card pays you $")
    # the line is on the table, as drawn (shrunk to its row if need be)
    app.step(DT)
    assert any(t.startswith("merges 2 casinos") for t in read_texts)
    # what it said is what building does
    key(pygame.K_2)
    app.step(DT)
    key(pygame.K_RETURN)
    app.step(DT)
    k = g.casino_of(x)
    assert sorted(k) == sorted((x, y, z)) and g.boss(k) == BOB


def test_reorganize_then_the_owner_places_the_dice_by_clicks(app):
    g = blank(2)
    tile(g, "A2", "gold", ANN, 2)
    tile(g, "A5", "gold", ANN, 3)
    g.played[L("A2")] = g.played[L("A5")] = False
    dice(g, 6, 1)
    table = table_for(app, g)
    click(app, lot_centre(L("A2")))
    app.step(DT)
    i = next(i for i, o in enumerate(table.options) if o.label == "Reorganize")
    assert table.options[i].cost == "$5" and table.options[i].effect == "re-roll all 2 dice of the casino"
    key(pygame.K_1 + i)
    app.step(DT)
    key(pygame.K_RETURN)
    app.step(DT)
    app.step(DT)
    assert table.decide.kind() == "place"
    default = list(table.decide._place_state()[1])
    click(app, lot_centre(L("A2")))
    click(app, lot_centre(L("A5")))
    app.step(DT)
    key(pygame.K_RETURN)
    app.step(DT)
    assert g.phase == "play"
    assert [g.value[L("A2")], g.value[L("A5")]] == default[::-1]


def test_the_boss_answers_a_lay_off_behind_a_pass_screen(app):
    g = blank(2)
    tile(g, "A2", "gold", BOB, 4)
    dice(g, 3, 4)  # 7: the gambler loses
    table = table_for(app, g)
    assert table.viewer == ANN
    click(app, lot_centre(L("A2")))
    app.step(DT)
    i = next(i for i, o in enumerate(table.options) if o.mode == "bet")
    key(pygame.K_1 + i)
    app.step(DT)
    assert table.bet == 5
    key(pygame.K_LEFT)
    key(pygame.K_RETURN)
    app.step(DT)
    app.step(DT)
    assert g.phase == "layoff"
    assert isinstance(app.top, HandoverScene) and app.top.name == "Bob"
    key(pygame.K_RETURN)
    app.step(DT)
    app.step(DT)
    assert table.viewer == BOB and table.decide.kind() == "layoff"
    key(pygame.K_y)
    app.step(DT)
    assert g.money[ANN] == 96 and g.money[BOB] == 102  # $4 lost, laid off: the boss gets 2
    # Ann's roll is shown to Ann, after the screen is back with her: not to the boss
    assert not any("rolls 3+4" in line for line in table.log)
    app.step(DT)
    assert isinstance(app.top, HandoverScene) and app.top.name == "Ann"
    assert not any("rolls 3+4" in line for line in table.log)
    key(pygame.K_RETURN)
    for _i in range(4):
        app.step(DT)
    assert table.viewer == ANN
    assert any("rolls 3+4 and loses $4 (with a lay-off)" in line for line in table.log)


def markers_all_out(app):
    """Ann has all ten markers out and draws C1: she picks the marker that moves there (the game,
    the table)."""
    from ...lords.helpers import draw_for, next_cards

    g = blank(2)
    for name in ("A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"):
        mark(g, name, ANN)
    g.played[L("C1")] = False
    next_cards(g, "C1")
    table_for(app, g)
    draw_for(g, ANN)
    table = app.top
    table.match._events.clear()
    app.step(DT)
    return g, table


def test_all_markers_out_the_drawer_picks_the_one_that_moves(app):
    g, table = markers_all_out(app)
    assert g.phase == "marker" and table.decide.kind() == "marker"
    assert L("A1") in table.decide.targets()
    click(app, lot_centre(L("B5")))
    app.step(DT)
    assert g.marker[L("C1")] == ANN and g.marker[L("B5")] == -1 and g.phase == "play"



def test_the_engines_reasons_are_told_in_the_players_language(app):
    from lasvegas.ui.kit import i18n
    from lasvegas.ui.lords import reasons

    names = ["Ann", "Bob"].__getitem__
    assert reasons.say("build: A6 costs $20, you have $5", names) == "A6 costs $20, you have $5"
    assert reasons.say("accept: green has only $3", names) == "Bob has only $3"
    assert reasons.say("something new", names) == "something new"  # unknown: the engine's words
    i18n.set_language("fr")
    assert reasons.say("build: A6 costs $20, you have $5", names) == f"A6 coûte {i18n.money(20)}, vous avez {i18n.money(5)}"
    assert reasons.say("sprawl: no gold tile is left", names) == "Il ne reste aucune tuile or"
    i18n.set_language("de")
    assert reasons.say("reorganize: you have no die in that casino", names) == "Du hast keinen Würfel in diesem Casino"


def test_with_all_twelve_dice_out_the_builder_picks_the_die_that_moves(app):
    g = blank(2)  # example 11: all 12 of Ann's dice on the board
    mine = ["A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "B5", "B6"]
    for name in mine:
        tile(g, name, "silver", ANN, 1)
    mark(g, "C5", ANN)
    table = table_for(app, g)
    click(app, lot_centre(L("C5")))
    app.step(DT)
    first = table.options[0]
    assert first.mode == "pick_die" and first.reason is None and "one of your dice moves here" in first.effect
    key(pygame.K_1)
    app.step(DT)
    assert sorted(table.targets) == sorted(L(n) for n in mine)
    click(app, lot_centre(L("B6")))
    app.step(DT)
    assert table.chosen.action.take_from == L("B6") and "your die on B6 moves" in table.chosen.effect
    key(pygame.K_RETURN)
    app.step(DT)
    assert g.owner[L("C5")] == ANN and g.owner[L("B6")] == -1 and g.tile[L("B6")] == 3  # B6 stays, dieless
    assert g.dice_used[ANN] == 12


def test_reorganize_says_one_die_in_words():
    from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
    from lasvegas.ui.lords import menu

    g = blank(2)
    tile(g, "A2", "gold", ANN, 2)
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Bob", "green", "human", "")], game=g)
    o = next(o for o in menu.lot_options(m, ANN, L("A2")) if o.label == "Reorganize")
    assert o.effect == "re-roll the casino's only die"
