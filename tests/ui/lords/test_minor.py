"""Small things of the hands-on review: the gamble's odds add up to 100 %, the results never
start a new game on Enter, Enter."""

import re

import pygame

from lasvegas.match.lords.local import LordsLocalMatch
from lasvegas.ui.lords import menu
from lasvegas.ui.lords.stage_match import seats

from .drive import DT, key


def test_the_gamble_odds_add_up_to_a_hundred():
    for bet in (1, 5, 20):
        shown = [int(p) for p in re.findall(r"\((\d+)%\)", menu.odds_text(bet))]
        assert len(shown) == 3 and sum(shown) == 100


def test_enter_on_the_results_goes_home_not_to_a_new_game(app, home):
    m = LordsLocalMatch(seats(2, 0), 5)
    while not m.game.is_over:
        m.ai_step()
    app.go("lords-results", match=m)
    app.step(DT)
    key(pygame.K_RETURN)
    app.step(DT)
    assert type(app.top).__name__ == "TitleScene"


def test_the_drawn_card_stays_face_up_beside_the_deck_until_the_next_draw(app, read_texts):
    from lasvegas.match.lords.local import LordsSeat
    from lasvegas.ui.lords import cardface

    from ...lords.helpers import L, blank, next_cards

    app.settings.anim_speed = "instant"
    g = blank(2)
    next_cards(g, "C1", "D2")
    m = LordsLocalMatch([LordsSeat("Ann", "blue", "human", ""), LordsSeat("Vic", "red", "ai", "easy")], game=g)
    m.poll()
    table = app.go("lords-table", match=m)
    faces = []
    real = cardface.card_face
    import lasvegas.ui.lords.panels as panels

    def spy(surface, centre, card, flip, scale=1.0):
        faces.append((card, centre))
        return real(surface, centre, card, flip, scale)
    app.step(DT)
    assert table.drawn is None
    panels.card_face = spy
    try:
        key(pygame.K_e)  # Ann ends her turn: Vic draws C1 and plays
        for _i in range(200):
            app.step(DT)
            if g.active == 0 and not table.busy:
                break
        assert g.active == 0
        # Vic's C1, then Ann's D2: the latest is face up beside the deck
        assert table.drawn == L("D2")
        faces.clear()
        app.step(DT)
        assert faces and faces[-1] == (L("D2"), cardface.DRAWN_AT)
    finally:
        panels.card_face = real
