"""The docked log's table is drawn and scaled again only when what the table draws changed:
a noted frame played back gives the very pixels drawing it would, and a changed table is
never shown as it was."""

import pygame

from lasvegas.ui.kit import art
from lasvegas.ui.kit.canvas import Canvas, Recording, new_img
from lasvegas.ui.kit.session import SeatInfo, Session

from .conftest import key, step_until
from .conftest import steps as steps_n


def _pixels(surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_a_recording_played_back_draws_what_drawing_would(app):
    def draw(cv, faded):
        cv.fill((10, 60, 30))
        cv.blit(art.panel(200, 80), (20, 30))
        note = art.glow_text("Las Vegas", "display", 40, art.NEON[2], 8)
        note.set_alpha(faded)  # a cached picture faded in place, then drawn: as it was at that moment
        cv.blit(note, note.get_rect(center=(300, 200)))
        note.set_alpha(255)
        cv.rect(art.GOLD, pygame.Rect(10, 10, 100, 50), width=3, border_radius=8)
        cv.line((255, 0, 0), (0, 0), (400, 300), 2)
        cv.lines((0, 255, 0), False, [(5, 5), (50, 90), (120, 20)], 1)
        cv.circle((0, 0, 255), (200, 150), 30, 2)
        cv.polygon((255, 255, 0), [(300, 10), (350, 60), (260, 70)])
        cv.ellipse((255, 0, 255), (100, 200, 80, 40), 1)

    k = art.scale()
    direct, played = Canvas.new((400, 300), k, alpha=False), Canvas.new((400, 300), k, alpha=False)
    draw(direct, 90)
    notes = Recording(played)
    draw(notes, 90)
    assert _pixels(played.surface) != _pixels(direct.surface)  # noting draws nothing
    notes.play(played)
    assert _pixels(played.surface) == _pixels(direct.surface)
    again = Recording(played)
    draw(again, 90)
    assert again.calls == notes.calls
    other = Recording(played)
    draw(other, 200)  # the same picture, faded otherwise: another frame
    assert other.calls != notes.calls


def _docked_reference(table, surface) -> bytes:
    """The docked frame as drawn before the picture was kept: the table drawn on a fresh canvas
    every frame and scaled down."""
    from lasvegas.ui.kit.canvas import LOGICAL, as_img
    from lasvegas.ui.lasvegas.table.logpanel import DOCK_ORIGIN, DOCK_SCALE

    whole = Canvas(new_img(LOGICAL, surface.k, alpha=False).convert(), surface.k, size=LOGICAL)
    table.draw_table(whole)
    out = Canvas(pygame.Surface(pygame.Surface.get_size(surface.surface)).convert(), surface.k,
                 (surface.ox, surface.oy))
    out.blit(art.felt(*LOGICAL), (0, 0))
    size = (surface.px(LOGICAL[0] * DOCK_SCALE), surface.px(LOGICAL[1] * DOCK_SCALE))
    out.blit(as_img(pygame.transform.smoothscale(whole.surface, size), surface.k), DOCK_ORIGIN)
    table.log_panel.draw(out)
    return _pixels(out.surface)


def test_the_docked_table_is_kept_while_the_same_and_drawn_again_when_it_changes(app):
    from lasvegas.match import LocalMatch

    session = Session([SeatInfo("Ann", "red"), SeatInfo("Bo", "blue", "ai", "random")])
    game = session.new_game(6)
    table = app.go("table", match=LocalMatch(game, session))
    assert step_until(app, lambda: table.await_roll)
    key(pygame.K_l)
    steps_n(app, 1)
    assert table.log_panel.docked_now
    app.render()
    first = table.log_panel._docked
    app.render()
    assert table.log_panel._docked is first  # nothing changed: the scaled table kept
    assert _pixels(app.window) == _docked_reference(table, app.screen)
    key(pygame.K_SPACE)  # the dice rolled: the table changes
    assert step_until(app, lambda: table.human_turn)
    app.render()
    assert table.log_panel._docked is not first
    assert _pixels(app.window) == _docked_reference(table, app.screen)
