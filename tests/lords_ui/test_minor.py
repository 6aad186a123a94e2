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
