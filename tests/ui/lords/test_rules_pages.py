"""How to play Lords of Vegas: reached from its setup (the home's Lords of Vegas card) and from the
table's pause menu, paged by keys and a controller, each page with its picture drawn by the
board's own code, in English, French and German."""

import pygame
import pytest

from lasvegas.ui.kit import i18n
from lasvegas.ui.lords import rules_pages
from lasvegas.ui.lords.rules_pages import LordsRulesScene
from lasvegas.ui.lords.setup import LordsSetupScene
from lasvegas.ui.scenes.pause import PauseScene

from ...lords.helpers import blank
from .drive import DT, click, key
from .test_actions import table_for
from .test_pad import press


def open_from_home(app):
    app.go("title")
    app.step(DT)
    click(app, app.top.lords_button.rect.center)  # the home's Lords of Vegas card
    app.step(DT)
    assert isinstance(app.top, LordsSetupScene)
    click(app, app.top.rules_button.rect.center)
    app.step(DT)
    assert isinstance(app.top, LordsRulesScene)
    return app.top


def test_from_the_lords_card_every_page_by_keys_then_back(app, read_texts):
    pages = open_from_home(app)
    n = len(pages.pages)
    assert n >= 10
    titles = []
    for i in range(n):
        assert pages.page == i
        titles.append(pages.pages[i][0])
        key(pygame.K_RIGHT)
        app.step(DT)
    assert pages.page == n - 1  # the last page stays
    for t in ("The goal", "Casinos and bosses", "Payouts", "The score track", "Build and sprawl",
              "Remodel and reorganize", "Gamble and lay-off", "Trades", "The end"):
        assert t in titles and t in read_texts
    assert "Page 10 of 10" in read_texts and "you pay the boss" in read_texts
    # every picture was drawn, once each (made by the board's code, then kept)
    made = {k[0] for k in pages._pics}
    assert {"board", "lots", "casino", "payout", "build", "remodel-a", "remodel-b", "gamble"} <= made
    key(pygame.K_LEFT)
    app.step(DT)
    assert pages.page == n - 2
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert isinstance(app.top, LordsSetupScene)


def test_a_controller_turns_the_pages_and_closes_them(app):
    pages = open_from_home(app)
    press(app, "RIGHTSHOULDER", "DPAD_RIGHT")
    assert pages.page == 2
    press(app, "LEFTSHOULDER")
    assert pages.page == 1
    press(app, "B")
    assert isinstance(app.top, LordsSetupScene)


def test_the_tables_pause_menu_opens_the_lords_pages(app):
    table = table_for(app, blank(2))
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert isinstance(app.top, PauseScene)
    rules = next(b for b in app.top.buttons if b.label == "How to play")
    click(app, rules.rect.center)
    app.step(DT)
    assert isinstance(app.top, LordsRulesScene)
    key(pygame.K_ESCAPE)
    app.step(DT)
    key(pygame.K_ESCAPE)  # the pause menu closes: the game goes on
    app.step(DT)
    assert app.top is table


def test_a_picture_is_the_board_drawn_by_its_own_code():
    g = rules_pages.position(3, tiles=[("C4", "gold", 0, 4), ("C5", "gold", 1, 5)])
    assert g.casinos() == [(g.casino_of(g.tile.index(1)))] and g.bosses() == [1]
    img = rules_pages.view(g, rules_pages.BLOCK_C, 2.0)
    assert img.get_size() == (2 * rules_pages.BLOCK_C.w, 2 * rules_pages.BLOCK_C.h)
    gold = rules_pages.glyphs.COMPANY_RGB[1]
    px = {tuple(img.get_at((x, y)))[:3] for x in range(0, img.get_width(), 3) for y in range(0, img.get_height(), 3)}
    assert any(sum(abs(a - b) for a, b in zip(p, gold)) < 30 for p in px)


@pytest.mark.parametrize("lang", ("fr", "de"))
def test_the_pages_in_french_and_german(app, read_texts, lang):
    english = {t for t, _b, _p in rules_pages.pages()} | {"‹ Back", "Next ›", "Close", "Page 1 of 10"}
    i18n.set_language(lang)
    try:
        pages = open_from_home(app)
        for _i in range(len(pages.pages)):
            key(pygame.K_RIGHT)
            app.step(DT)
        assert len(read_texts) > 50 and not english & set(read_texts)
    finally:
        i18n.set_language("en")


def test_the_pages_start_the_tutorial(app):
    from lasvegas.match.lords.lesson import LordsLessonMatch
    from lasvegas.ui.lords.table import LordsTableScene

    pages = open_from_home(app)
    assert pages.tutorial_btn.visible
    click(app, pages.tutorial_btn.rect.center)
    app.step(DT)
    assert isinstance(app.top, LordsTableScene) and isinstance(app.top.match, LordsLessonMatch)
