"""Round summary overlay: what each seat won this round and in total."""

from __future__ import annotations

import pygame

from ...kit import art
from ...kit.art import GOLD, INK, INK_DIM
from ...kit.i18n import _, money, ngettext
from ...kit.scene import Scene
from ...kit.widgets import Button, draw_backdrop
from ..paint import celebrate
from ..totals import total


#: the first row's top in the box, a row's height, the solo line's and the "continuing" note's
ROWS_Y, ROW_H, SOLO_H, NOTE_H = 114, 50, 36, 22


def round_winner(rows) -> str | None:
    """Who won the most this round, where the money is shown (None: hidden, or nobody won)."""
    shown = [(r["won"] or 0, r["owner"]) for r in rows if r["total"] is not None]
    if not shown or max(shown)[0] <= 0 or sum(1 for w, _o in shown if w == max(shown)[0]) > 1:
        return None
    return max(shown)[1]


class SummaryScene(Scene):
    """``summary``: what the table may show of the round (see ``TableScene.round_summary``):
    rows of owner, name, money won and total (None where hidden), bills this round and in all."""

    opaque = False

    def __init__(self, app, summary: dict, on_pause=None) -> None:
        super().__init__(app)
        self.summary = summary
        #: Escape: the pause menu (save and quit, settings) over the summary, as at the table
        self.on_pause = on_pause
        self.elapsed = 0.0
        # with no human at the table, the game goes on by itself
        self.auto = 3.0 if summary["auto"] else None
        # the box fits its rows (2 to 5 seats, the solo line, the "continuing" note), centred on the table
        h = ROWS_Y + ROW_H * len(summary["rows"]) + (SOLO_H if summary["solo"] is not None else 0) \
            + (NOTE_H if self.auto is not None else 0) + 16 + 54 + 24
        self.box = pygame.Rect(340, 0, 600, h)
        self.box.centery = 345
        label = _("See the results") if summary["last"] else _("Next round")
        self.button = Button((self.box.centerx - 120, self.box.bottom - 24 - 54, 240, 54), label, self.close,
                             style="primary", size=26, hotkeys=(pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER))
        self.button.focus_ring = True  # the one thing Enter (or A) does here

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_pause is not None:
            self.on_pause()
            return
        self.button.handle(event)

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.auto is not None and self.elapsed >= self.auto * (0.0 if self.app.settings.speed is None
                                                                  else 1 / self.app.settings.speed):
            self.close()

    def wake_in(self) -> float | None:
        """Every frame while the confetti falls; else, with no human at the table, when it closes."""
        if round_winner(self.summary["rows"]) is not None and self.elapsed < celebrate.SETTLE \
                and not art.look().reduced_motion:
            return 0.0
        if self.auto is None:
            return None
        k = 0.0 if self.app.settings.speed is None else 1 / self.app.settings.speed
        return max(0.0, self.auto * k - self.elapsed)

    def draw(self, surface) -> None:
        draw_backdrop(surface, 150)
        b = self.box
        surface.blit(art.panel(b.w, b.h, alpha=240, border=(255, 255, 255, 50), radius=18), b)
        if round_winner(self.summary["rows"]) is not None:  # the round's big winner: confetti over the box's head
            celebrate.confetti(surface, (b.x + 10, b.y + 6, b.w - 20, 70), self.elapsed,
                               [r["owner"] for r in self.summary["rows"]], art.look().reduced_motion)
        title = art.glow_text(_("End of round {n}", n=self.summary["round"] + 1), "display", 40, art.NEON[1], 6)
        surface.blit(title, title.get_rect(midtop=(b.centerx, b.y + 10)))
        y = b.y + 92
        art.blit_text(surface, _("this round"), (b.x + 400, y), "bold", 15, INK_DIM, anchor="midright")
        art.blit_text(surface, _("total"), (b.right - 30, y), "bold", 15, INK_DIM, anchor="midright")
        y += 22
        best = round_winner(self.summary["rows"])
        for r in self.summary["rows"]:
            o = r["owner"]
            row = pygame.Rect(b.x + 24, y, b.w - 48, 44)
            top = o == best
            surface.blit(art.panel(row.w, row.h, (70, 56, 12) if top else (30, 48, 42), 255, None, 8), row)
            if top:
                surface.rect(art.GOLD, row, width=2, border_radius=8)
            surface.blit(art.symbol(o, 24), (row.x + 10, row.y + 10))
            name = art.blit_text(surface, r["name"], (row.x + 44, row.centery), "display", 22, INK, anchor="midleft")
            if top and name.right + 40 < b.x + 400 - art.measure("+" + money(r["won"] or 0), "bold", 20)[0]:
                m = celebrate.medal(o, 26)
                surface.blit(m, m.get_rect(midleft=(name.right + 10, row.centery)))
            if r["total"] is not None:
                won = r["won"] or 0
                art.blit_text(surface, "+" + money(won), (b.x + 400, row.centery), "bold", 20,
                              art.NEON[3] if won else INK_DIM, anchor="midright")
                art.blit_text(surface, total(o, r["total"], "summary"), (row.right - 6, row.centery), "display", 24, GOLD,
                              anchor="midright")
            else:
                n = r["round_bills"]
                if n:  # no bill this round: nothing ("+0 bills" reads like a gain)
                    art.blit_text(surface, "+" + ngettext("{n} bill", "{n} bills", n), (b.x + 400, row.centery),
                                  "bold", 20, INK, anchor="midright")
                else:
                    art.blit_text(surface, "–", (b.x + 400, row.centery), "bold", 20, INK_DIM, anchor="midright")
                art.blit_text(surface, ngettext("{n} bill", "{n} bills", r["bills"]),
                              (row.right - 6, row.centery), "display", 22, GOLD, anchor="midright")
            y += ROW_H
        if self.summary["solo"] is not None:
            mine, theirs = self.summary["solo"]
            if mine > theirs:
                line, col = _("You lead the other colours together by {amount}", amount=money(mine - theirs)), \
                    art.NEON[3]
            elif mine == theirs:
                line, col = _("Level with the other colours together: you need strictly more"), GOLD
            else:
                line, col = _("You trail the other colours together by {amount}", amount=money(theirs - mine)), \
                    art.DANGER
            art.blit_text(surface, line, (b.centerx, y + 12), "bold", 18, col, anchor="center")
        self.button.draw(surface)
        if self.auto is not None:
            art.blit_text(surface, _("continuing by itself…"), (b.centerx, self.button.rect.y - 6), "body", 14,
                          INK_DIM, anchor="midbottom")
