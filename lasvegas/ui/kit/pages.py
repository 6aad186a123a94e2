"""How to play, as pages: the scene both games' rules pages are drawn by (text left, picture right,
the page line, then Back / Close / Next and the tutorial's button)."""

from __future__ import annotations

import pygame

from . import art
from .art import INK, INK_DIM
from .i18n import _
from .scene import Scene
from .widgets import Button, draw_backdrop

#: the text and the picture; they end above the page line, which ends above the buttons (y 640)
TEXT_BOX, PIC_BOX = pygame.Rect(40, 96, 560, 500), pygame.Rect(630, 96, 610, 500)
PAGE_Y = 618


class PagesScene(Scene):
    """Pages of text, each with a picture (``pages``: (title, text, picture name); the subclass draws
    picture ``x`` in ``_pic_x(surface, box)``), turned by the buttons, the arrow keys or a controller;
    from the title, a button starts the game's tutorial (``start_tutorial(app)``)."""

    def __init__(self, app, pages: list, start_tutorial) -> None:
        super().__init__(app)
        self.opaque = not app.in_game()
        self.pages = pages
        self.page = 0
        self.prev_btn = Button((60, 640, 170, 54), _("‹ Back"), lambda: self.turn(-1), size=22,
                               hotkeys=(pygame.K_LEFT,))
        self.next_btn = Button((1050, 640, 170, 54), _("Next ›"), lambda: self.turn(1), style="primary",
                               size=22, hotkeys=(pygame.K_RIGHT,))
        self.close_btn = Button((555, 640, 170, 54), _("Close"), self.app.pop, size=22,
                                hotkeys=(pygame.K_ESCAPE,))
        #: the interactive first game (not over a game in progress: it would leave it)
        self.tutorial_btn = Button((250, 640, 285, 54), _("Play the tutorial"), lambda: start_tutorial(self.app),
                                   size=20, hotkeys=(pygame.K_t,))
        self.tutorial_btn.visible = self.opaque

    def page_label(self) -> str:
        return _("Page {n} of {total}", n=self.page + 1, total=len(self.pages))

    def turn(self, d: int) -> None:
        self.page = max(0, min(len(self.pages) - 1, self.page + d))

    def handle(self, event) -> None:
        for b in (self.prev_btn, self.next_btn, self.close_btn, self.tutorial_btn):
            if b.handle(event):
                return

    def draw(self, surface) -> None:
        if self.opaque:
            surface.blit(art.felt(1280, 720), (0, 0))
        else:
            draw_backdrop(surface, 220)
        title, body, pic = self.pages[self.page]
        t = art.glow_text(title, "display", 46, art.NEON[1], 6)
        surface.blit(t, t.get_rect(midtop=(640, 12)))
        box = TEXT_BOX
        surface.blit(art.panel(box.w, box.h), box)
        art.blit_wrapped(surface, body, (box.x + 24, box.y + 20), box.w - 48, "body", 20, INK)
        pic_box = PIC_BOX
        surface.blit(art.panel(pic_box.w, pic_box.h), pic_box)
        getattr(self, "_pic_" + pic)(surface, pic_box)
        art.blit_text(surface, self.page_label(), (640, PAGE_Y), "body", 14, INK_DIM, anchor="center")
        self.prev_btn.enabled = self.page > 0
        self.next_btn.enabled = self.page < len(self.pages) - 1
        for b in (self.prev_btn, self.next_btn, self.close_btn, self.tutorial_btn):
            b.draw(surface)
