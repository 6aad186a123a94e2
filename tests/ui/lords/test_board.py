"""The Lords of Vegas board's geometry, and the table drawn whole at 960×540 and 1920×1080."""

import pygame
import pytest

from lasvegas.lords.board import BLOCK, N_LOTS, TOUCHES_STRIP, TRACK
from lasvegas.ui.kit.canvas import LOGICAL
from lasvegas.ui.lords import board, layout as L
from lasvegas.ui.lords.stage import stage

SCREEN = pygame.Rect((0, 0), LOGICAL)


def test_every_lot_has_its_own_square_on_the_board_and_its_side_of_the_strip():
    rects = [L.lot_rect(i) for i in range(N_LOTS)]
    for i, r in enumerate(rects):
        assert L.BOARD.contains(r)
        assert not r.colliderect(L.STRIP_RECT)
        assert (r.x < L.STRIP_RECT.x) == (BLOCK[i] in "ACE")
        assert all(not r.colliderect(o) for j, o in enumerate(rects) if j != i)
        if TOUCHES_STRIP[i]:  # a Strip lot is the column beside the Strip
            assert min(abs(r.right - L.STRIP_RECT.x), abs(r.x - L.STRIP_RECT.right)) <= 4
    for r, _name in L.street_rows():  # streets hold no lot
        assert not any(r.colliderect(x) for x in rects)


def test_the_score_track_rings_the_board_with_every_space():
    assert len(L.SPACES) == len(TRACK)
    for i, s in enumerate(L.SPACES):
        assert SCREEN.contains(s) and not s.colliderect(L.BOARD)
        assert all(not s.colliderect(o) for j, o in enumerate(L.SPACES) if j != i)


def test_the_panels_fit_the_screen_apart():
    boxes = [L.TRACK_OUT, L.SEATS, L.DECK, L.ACTIONS, L.LOG]
    for i, b in enumerate(boxes):
        assert SCREEN.contains(b)
        assert all(not b.colliderect(o) for o in boxes[i + 1:])


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_the_board_is_drawn_whole_at_any_window_size(app, read_texts, size):
    app.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    app.step(1 / 60)
    stage(app, "board", 2, 4)
    board.forget()
    read_texts.clear()
    app.step(1 / 60)
    win = app.window
    assert win.get_size() == size
    # the design space fills the window (same shape): every panel's far corner is on screen, drawn
    for box in (L.LOG, L.SEATS, L.TRACK_OUT):
        x, y = app.screen.pt((box.right - 3, box.bottom - 3))
        assert 0 <= x < size[0] and 0 <= y < size[1]
        assert win.get_at((x, y))[:3] != (0, 0, 0)
    for phrase in ("The Strip", "Albion", "Sphinx", "Vega", "Tivoli", "Pioneer", "Flamingo Rd", "90"):
        assert phrase in read_texts, phrase
    assert any(t.startswith("End card: draw") for t in read_texts)
    # every text a panel draws fits inside it: texts are fitted to their width (art.fit)
    table = app.top
    assert table.lot_words(0).startswith("A1: die 3, $9, Pioneer card")


def test_bench_ui_measures_the_lords_table(home):
    from lasvegas.ui.lords.bench import lords_ui_bench

    result, wall = lords_ui_bench(8, (960, 540))
    assert result["frames"] == 8 and set(result["moment_p99_ms"]) == {"board-4", "strip-payout"}
    assert len(wall) == 8 and all(t > 0 for t in wall)


def test_the_boards_small_labels_stay_legible_in_a_small_window():
    """Street names and the score track's numbers are at least 10 pixels tall at 960×540 (UI scale
    0.75), and as they were at full size."""
    from lasvegas.ui.kit import art
    from lasvegas.ui.lords.board import legible

    was = art.scale()
    try:
        art.set_scale(0.75)
        assert legible(11) * 0.75 >= 10
        art.set_scale(1.0)
        assert legible(11) == 11
    finally:
        art.set_scale(was)


@pytest.mark.parametrize("lang", ("en", "de"))
def test_the_right_half_texts_are_at_least_10_pixels_tall_at_960x540(home, monkeypatch, lang):
    """The seat mats (their dice and markers left, who is to play), the deck's counts, names and tiles
    left: every text drawn on the mats and the deck is at least 10 pixels tall at 960×540, and none
    lies over another."""
    from lasvegas.ui.app import App
    from lasvegas.ui.kit import i18n
    from lasvegas.ui.kit.settings import Settings
    from tests.ui.layout_probe import overlaps, probe

    a = App(Settings(), fullscreen=False, sound=False, size=(960, 540))
    try:
        a.apply_settings()
        a.set_language(lang)
        stage(a, "board", 2, 4)
        frame = probe(a, monkeypatch)
        k = a.screen.k
        assert abs(k - 0.75) < 0.01
        boxes = [L.SEATS, L.DECK]
        texts = [(s, r, layer) for s, r, layer in frame.texts if any(b.collidepoint(r.center) for b in boxes)]
        assert any(s == "to play" or s == "am Zug" for s, _r, _l in texts)
        assert len(texts) >= 4 * 5 + 6 * 3 + 5
        small = [(s, frame.sizes[(s, tuple(r))]) for s, r, _l in texts if frame.sizes[(s, tuple(r))] * k < 10]
        assert not small, small
        frame.texts = texts
        assert not overlaps(frame)
    finally:
        a.close_all()
        i18n.set_language("en")
