"""Hot-seat: "pass to <name>" between two human seats: the next player's colour, pip shape and
name large on a mat of their colour, the last move as a small picture, a tap to take the seat."""

from __future__ import annotations

import pygame

from ..kit import art
from ..kit.art import INK, INK_DIM
from ..kit.felt import drop, mat
from ..kit.i18n import _
from ..kit.scene import Scene
from ..kit.widgets import Button, draw_backdrop
from ..lasvegas.paint.moves import draw_move

#: the player's mat, centred on the screen
CARD = pygame.Rect(250, 40, 780, 640)


class HandoverScene(Scene):
    #: the table is not drawn under the pass screen (it covers the whole screen): nothing of it shows
    opaque = True

    def __init__(self, app, name: str, colour: str, on_confirm=None, note: str = "", move=None,
                 on_pause=None, look: str = "", lines=(), picture=None) -> None:
        super().__init__(app)
        #: a game that says more than "the next turn is …'s" (Lords of Vegas: a question to answer in
        #: another's turn, an answer, the moves since this player's last turn): ``look`` replaces the
        #: line under the call, ``lines`` the note (the first one stands out), ``picture`` (an image)
        #: sits left of them
        self.look = look
        self.lines = [str(x) for x in lines]
        self.picture = picture
        #: Escape: the pause menu (save and quit, settings) over this screen, no money shown
        self.on_pause = on_pause
        #: what happened just before ("Ann placed 3 dice on casino 5"), told under its picture
        self.note = note
        #: the move before as (seat, casino, ((owner, count), …)): drawn as a small picture
        self.move = move
        self.name = name
        self.colour = colour
        self.on_confirm = on_confirm
        self.button = Button((640 - 170, 540, 340, 64), _("I am {name}", name=name), self.confirm,
                             style="primary", size=26, hotkeys=(pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER))
        self.button.size = art.fit(self.button.label, "display", 26, 310, 16)
        self.button.focus_ring = True  # the one thing Enter (or A) does here

    def confirm(self) -> None:
        """The player named on the screen has it now."""
        if self.app.top is self:
            self.app.pop()
            if self.on_confirm is not None:
                self.on_confirm()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_pause is not None:
            self.on_pause()
            return
        if self.button.handle(event):
            return
        # a tap on the player's mat takes the seat too (the button is only the obvious place)
        if event.type == pygame.FINGERDOWN:
            self.confirm()

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        draw_backdrop(surface, 90)
        drop(surface, CARD, 16, 12, 8, 160)
        surface.blit(mat(CARD.w, CARD.h, self.colour), CARD)
        rgb = art.owner_rgb(self.colour)
        art.blit_text(surface, _("Pass the screen"), (640, 76), "bold", 18, INK_DIM, anchor="center")
        sym = art.symbol(self.colour, 110)
        surface.blit(sym, sym.get_rect(center=(640, 160)))
        call = _("Pass to {name}", name=self.name)
        t = art.glow_text(call, "display", art.fit(call, "display", 64, CARD.w - 60, 30), rgb, 8)
        surface.blit(t, t.get_rect(center=(640, 262)))
        look = self.look or _("The others look away: the next turn is {name}'s.", name=self.name)
        art.blit_text(surface, look, (640, 322), "body", art.fit(look, "body", 22, CARD.w - 60), INK, anchor="center")
        if self.lines or self.picture is not None:
            self.draw_lines(surface)
            self.button.draw(surface)
            self.draw_tap(surface)
            return
        said = _("{move}; your turn, {name}", move=self.note, name=self.name) if self.note else ""
        y = 420
        if self.move is not None:
            y = draw_move(surface, (640, 410), self.move[1], self.move[2]).bottom + 18
        if said:
            art.blit_text(surface, said, (640, y), "bold", art.fit(said, "bold", 18, CARD.w - 60), art.GOLD,
                          anchor="center")
        self.button.draw(surface)
        self.draw_tap(surface)

    def draw_tap(self, surface) -> None:
        tap = _("Tap or press Enter to take the seat")
        art.blit_text(surface, tap, (640, 628), "body", art.fit(tap, "body", 16, CARD.w - 60), INK_DIM,
                      anchor="center")

    def draw_lines(self, surface) -> None:
        """The picture on the left, the lines beside it (the first in gold), between the call and the button."""
        x, top, bottom = CARD.x + 50, 352, 524
        pic = self.picture
        if pic is not None:
            surface.blit(pic, (x, top))
            x += pic.get_width() + 24
        room = CARD.right - 50 - x
        y = top
        for i, line in enumerate(self.lines):
            font, size, col = ("bold", 19, art.GOLD) if i == 0 else ("body", 16, INK)
            for part in art.wrap(line, font, size, room)[:3]:
                if y + art.linesize(font, size) > bottom:
                    return
                art.blit_text(surface, part, (x, y), font, art.fit(part, font, size, room, 11), col)
                y += int(art.linesize(font, size) * 1.05)
            y += 4 if i == 0 else 0
