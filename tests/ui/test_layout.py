"""Layout measured on the drawn frame: nothing touches or spills out of its box, at 2 to 5 seats."""

import pygame

from lasvegas.ui import art
from lasvegas.ui.scenes import solo as solo_scene
from lasvegas.ui.scenes.solo import SoloScene

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
