"""Layout measured on the drawn frame: nothing touches or spills out of its box, at 2 to 5 seats."""

import pygame
import pytest

from lasvegas.ui.kit import art
from lasvegas.ui.lasvegas.scenes import solo as solo_scene
from lasvegas.ui.lasvegas.scenes.solo import SoloScene

from .conftest import steps


def drawn_rows(app, rect) -> list[int]:
    """The rows of ``rect`` in which the frame is not the bare felt: something is drawn there."""
    rect = pygame.Rect(rect).clip(app.screen.get_rect())
    shot = pygame.image.tobytes(app.screen.subsurface(rect), "RGB")
    felt = pygame.image.tobytes(art.felt(1280, 720).subsurface(rect), "RGB")
    row = rect.w * 3
    return [rect.y + i for i in range(rect.h) if shot[i * row:(i + 1) * row] != felt[i * row:(i + 1) * row]]


def test_the_ladder_side_panel_holds_all_its_text(app):
    app.reset(SoloScene(app))
    steps(app)
    side = solo_scene.SIDE
    # the notes (win chance, the rulebook's order) end inside the panel: below it, only felt
    assert drawn_rows(app, (side.x, side.bottom, side.w, 720 - side.bottom)) == []


@pytest.mark.parametrize("code", ["fr", "de"])
def test_the_ladder_side_panel_holds_all_its_text_in_french_and_german_with_larger_text(app, code):
    """The notes under the length choice are longer in French and German: with the larger text they
    ran past the panel's bottom edge."""
    from lasvegas.ui.kit.look import Look

    app.set_language(code)
    app.settings.text_size = "larger"
    app.apply_settings()
    try:
        app.reset(SoloScene(app))
        steps(app)
        side = solo_scene.SIDE
        assert drawn_rows(app, (side.x, side.bottom, side.w, 720 - side.bottom)) == []
    finally:
        art.set_look(Look())
        app.set_language("en")


def test_the_home_entries_overlap_neither_each_other_nor_the_logo_and_end_above_the_credit_line(app):
    from lasvegas.ui.files import save
    from lasvegas.ui.lasvegas import demo
    from lasvegas.ui import home
    from lasvegas.ui.scenes import title as title_scene
    from lasvegas.ui.scenes.title import TitleScene

    for resume, offer in ((False, True), (True, True), (True, False)):
        if resume:
            session = demo.demo_session(3, 1, False)
            save.write_autosave(session.new_game(1), session)
        app.settings.tutorial_offered = not offer
        app.reset(TitleScene(app))
        steps(app)
        scene = app.top
        labels = [b.label for b in scene.buttons]
        assert labels[0].startswith("Las Vegas · Resume" if resume else "New game")
        for name in ("New game", "Play online", "Las Vegas solo", "Records", "How to play", "Settings",
                     "Profiles", "Quit"):
            assert name in labels
        boxes = [b.rect for b in scene.buttons if b.visible] + list(scene.cards)
        if offer:
            boxes.append(scene.offer_box)
        boxes = list({tuple(r): r for r in boxes}.values())  # the Las Vegas card is the New game entry
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert not a.colliderect(b), (resume, offer, a, b)
        logo = home.logo_box(home.logo_line(title_scene.LOGO_SIZE), (640, title_scene.LOGO_Y))
        assert logo.w > 200 and logo.h > 40
        for r in boxes:
            assert not r.colliderect(logo), (r, logo)
        lowest = max(r.bottom for r in boxes)
        credit = drawn_rows(app, (400, lowest + 1, 480, 720 - lowest - 1))
        assert credit, "the credit line is drawn under the entries"
        assert credit[0] - lowest >= 16, (resume, credit[0], lowest)


def test_the_page_line_of_how_to_play_touches_neither_the_pages_nor_the_buttons(app):
    from lasvegas.ui.kit import pages as rules
    from lasvegas.ui.lasvegas.scenes.rules import RulesScene

    app.reset(RulesScene(app))
    scene = app.top
    for page in range(len(scene.pages)):
        scene.page = page
        steps(app)
        close = scene.close_btn.rect
        band = pygame.Rect(close.x, rules.TEXT_BOX.bottom, close.w, close.top - rules.TEXT_BOX.bottom)
        line = drawn_rows(app, band)
        assert line, f"page {page + 1}: no page line"
        assert line[0] - rules.TEXT_BOX.bottom >= 6 and close.top - line[-1] >= 6, (page, line[0], line[-1])
        for b in (scene.prev_btn, scene.next_btn, scene.close_btn):
            assert b.rect.top > rules.PIC_BOX.bottom and b.rect.bottom <= 720


def longest_empty_run(app, rect, tolerance=24) -> int:
    """The most rows in a row, inside ``rect``, where nothing stands out from the box's plain background."""
    best = run = 0
    for y in range(rect.top, rect.bottom):
        px = [app.screen.get_at((x, y))[:3] for x in range(rect.left, rect.right, 2)]
        flat = all(max(abs(c - d) for c, d in zip(p, px[0])) <= tolerance for p in px)
        run = run + 1 if flat else 0
        best = max(best, run)
    return best


def test_the_round_summary_fits_its_rows_with_2_to_5_seats(app):
    from lasvegas.ui.tools import stage
    from lasvegas.ui.lasvegas.scenes.summary import SummaryScene

    heights = []
    for seats in (2, 3, 4, 5):
        stage.stage(app, "summary", seed=1, players=seats)
        summary = app.top
        assert isinstance(summary, SummaryScene)
        box, button = summary.box, summary.button.rect
        assert pygame.Rect(0, 0, 1280, 720).contains(box) and box.contains(button)
        # from the column heads to the button, no empty band taller than the space between two lines
        # (a fixed-size box left about 100 px empty under 3 seats)
        inner = pygame.Rect(box.x + 30, box.y + 80, box.w - 60, button.bottom - box.y - 80)
        assert longest_empty_run(app, inner) <= 40, seats
        assert box.bottom - button.bottom <= 30
        heights.append(box.h)
    assert heights == sorted(heights) and heights[0] < heights[-1]


def test_the_quick_solo_chart_shows_one_bar_per_colour(app):
    from lasvegas.ui.lasvegas import demo
    from lasvegas.match import LocalMatch
    from lasvegas.ui.lasvegas.scenes.solo_result import SoloResultScene
    from lasvegas.ui.kit.session import SeatInfo, Session

    session = Session([SeatInfo("You", "red")], edition="2018", solo_level="normal", handover=False, rounds=1,
                      extra={"hints": 0})
    game = session.new_game(1)
    demo.play_to_end(game, 1)
    scene = SoloResultScene(app, LocalMatch(game, session, fresh=False).outcome(), session, record=False)
    app.reset(scene)
    steps(app)
    box = pygame.Rect(760, 130, 500, 500)
    plot = scene.chart_plot(box)
    bars = scene.chart_bars(box)
    money = game.result().money
    assert set(bars) == set(money)
    ordered = sorted(bars.values(), key=lambda r: r.x)
    for a, b in zip(ordered, ordered[1:]):
        assert b.left - a.right >= 8  # side by side, apart
    top = scene.chart_top()
    for o, r in bars.items():
        assert plot.contains(r) or r.h == 0
        assert r.bottom == plot.bottom and abs(r.h - plot.h * money[o] / top) <= 1
        if r.h > 4:
            from lasvegas.ui.kit import art
            assert tuple(app.screen.get_at(r.center)[:3]) == art.owner_rgb(o)


def test_results_with_few_seats_fill_the_panel_with_each_rounds_winnings(app, read_texts):
    from lasvegas.ui.tools import stage

    for players in (2, 3):
        scene = stage.results(app, seed=2, players=players)
        read_texts.clear()
        steps(app)
        assert "Won in each round" in read_texts
        out = scene.outcome
        for o in out.money:
            per_round = [b - a for a, b in zip(out.money_by_round[o], out.money_by_round[o][1:])]
            assert sum(per_round) == out.money[o]
            shown = [t for t in read_texts if t.startswith("+$")]
            assert all(f"+${w:,}" in shown for w in per_round if w)
    scene = stage.results(app, seed=2, players=5)  # five seats fill the panel: no room, no table
    read_texts.clear()
    steps(app)
    assert "Won in each round" not in read_texts
