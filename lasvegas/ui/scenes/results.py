"""Final results: ranking with the tie-break explained, each seat's bills, money after each round."""

from __future__ import annotations

import pygame

from ... import core
from .. import art
from ..app import Scene
from ..art import GOLD, INK, INK_DIM
from ..i18n import _, money, ngettext
from ..widgets import Button


def ranking(game: core.Game) -> list[tuple[int, str]]:
    """(place, colour) best first, as the core ranks them."""
    return game.ranking()


def money_by_round(game: core.Game) -> dict[str, list[int]]:
    """Each owner's money after each round (from 0 before the first), as the core tells it."""
    rounds = game.money_by_round()
    return {o: [0] + [r.money[o] for r in rounds] for o in game.owners if o != core.NEUTRAL}


class ResultsScene(Scene):
    def __init__(self, app, game: core.Game, session) -> None:
        super().__init__(app)
        self.game = game
        self.session = session
        self.result = game.result()
        self.rank = ranking(game)
        self.chart = money_by_round(game)
        self.names = {s.colour: s.name for s in session.seats}
        self.buttons = [
            Button((760, 640, 240, 58), _("Play again"), self.again, style="primary", size=26),
            Button((1020, 640, 230, 58), _("Title"), self.title, size=24, hotkeys=(pygame.K_ESCAPE,)),
        ]
        self.t = 0.0

    def name(self, o: str) -> str:
        return self.names.get(o) or _(o.title())

    def again(self) -> None:
        from .table import TableScene
        from .. import save

        game = self.session.new_game(None)
        save.write_autosave(game, self.session)
        self.app.reset(TableScene(self.app, game, self.session))

    def title(self) -> None:
        from .title import TitleScene

        self.app.reset(TitleScene(self.app))

    def handle(self, event) -> None:
        for b in self.buttons:
            if b.handle(event):
                return

    def update(self, dt: float) -> None:
        self.t += dt

    def headline(self) -> str:
        res = self.result
        if self.game.config.is_solo:
            return _("You beat the house!") if res.solo_won else _("The house wins")
        w = res.winners
        if len(w) > 1:
            return _("Shared victory!")
        return _("{name} wins!", name=self.name(w[0]))

    def explanation(self) -> str:
        res = self.result
        m, b = res.money, res.bills
        w = res.winners
        if self.game.config.is_solo:
            me = self.game.config.seats[0]
            others = sum(v for k, v in m.items() if k != me)
            return _("Your {mine} against {theirs} for the other colours together (you need strictly more).",
                     mine=money(m[me]), theirs=money(others))
        if len(w) > 1:
            return _("{names} have the same money and the same number of bills: the victory is shared.",
                     names=" & ".join(self.name(o) for o in w))
        rivals = [c for c in self.game.config.seats if c not in w and m[c] == m[w[0]]]
        if rivals:
            return _("{a} and {b} both have {amount}: {a} wins with more bills ({x} against {y}).",
                     a=self.name(w[0]), b=self.name(rivals[0]), amount=money(m[w[0]]),
                     x=b[w[0]], y=b[rivals[0]])
        return _("Most money wins; on equal money, more bills; still equal, the victory is shared.")

    def draw(self, surface) -> None:
        surface.blit(art.felt(1280, 720), (0, 0))
        t = art.glow_text(self.headline(), "display", 56, art.NEON[2], 8)
        surface.blit(t, t.get_rect(midtop=(640, 8)))
        art.blit_text(surface, self.explanation(), (640, 100), "body", 18, INK, anchor="center")
        left = pygame.Rect(20, 130, 720, 496)
        surface.blit(art.panel(left.w, left.h), left)
        res = self.result
        rows = self.rank if not self.game.config.is_solo else \
            [(i + 1, o) for i, o in enumerate(sorted(res.money, key=lambda o: -res.money[o]))]
        h = min(92, (left.h - 20) // max(1, len(rows)))
        for i, (place, o) in enumerate(rows):
            r = pygame.Rect(left.x + 12, left.y + 10 + i * h, left.w - 24, h - 8)
            win = o in res.winners
            surface.blit(art.panel(r.w, r.h, (70, 56, 12) if win else (30, 48, 42), 255, None, 10), r)
            if win:
                pygame.draw.rect(surface, GOLD, r, width=2, border_radius=10)
            art.blit_text(surface, f"{place}.", (r.x + 14, r.y + 10), "display", 30, GOLD if win else INK_DIM)
            surface.blit(art.symbol(o, 26), (r.x + 60, r.y + 14))
            art.blit_text(surface, self.name(o), (r.x + 94, r.y + 10), "display", 26, INK)
            art.blit_text(surface, money(res.money[o]), (r.right - 14, r.y + 10), "display", 28, GOLD,
                          anchor="topright")
            art.blit_text(surface, ngettext("{n} bill", "{n} bills", res.bills[o]), (r.right - 14, r.y + 46),
                          "body", 15, INK_DIM, anchor="topright")
            bills = sorted(self.game.won[self.game.owners.index(o)], reverse=True)
            bw = 46
            for k, b in enumerate(bills[:11]):
                surface.blit(art.bill(b, bw, 20), (r.x + 94 + k * (bw + 3), r.y + 46))
            if len(bills) > 11:
                art.blit_text(surface, f"+{len(bills) - 11}", (r.x + 94 + 11 * (bw + 3), r.y + 48), "body", 14,
                              INK_DIM)
        self.draw_chart(surface, pygame.Rect(760, 130, 500, 496))
        for b in self.buttons:
            b.draw(surface)

    def draw_chart(self, surface, box) -> None:
        surface.blit(art.panel(box.w, box.h), box)
        art.blit_text(surface, _("Money after each round"), (box.x + 16, box.y + 10), "display", 22, INK)
        plot = pygame.Rect(box.x + 74, box.y + 56, box.w - 100, box.h - 110)
        series = self.chart
        n = max(len(v) for v in series.values())
        top = max(1, max(max(v) for v in series.values()))
        step = 250_000 if top > 1_000_000 else 100_000
        top = ((top + step - 1) // step) * step
        k = 0
        while k <= top:
            y = plot.bottom - plot.h * k / top
            pygame.draw.line(surface, (40, 64, 56), (plot.x, y), (plot.right, y))
            art.blit_text(surface, f"${k // 1000}k", (plot.x - 8, y), "body", 13, INK_DIM, anchor="midright")
            k += step
        for i in range(n):
            x = plot.x + plot.w * i / max(1, n - 1)
            label = _("start") if i == 0 else _("R{n}", n=i)
            art.blit_text(surface, label, (x, plot.bottom + 14), "body", 13, INK_DIM, anchor="center")
        for o, vals in series.items():
            pts = [(plot.x + plot.w * i / max(1, n - 1), plot.bottom - plot.h * v / top) for i, v in enumerate(vals)]
            if len(pts) > 1:
                pygame.draw.lines(surface, art.owner_rgb(o), False, pts, 3)
            for p in pts:
                s = art.symbol(o, 16)
                surface.blit(s, s.get_rect(center=(int(p[0]), int(p[1]))))
        # legend
        x = box.x + 16
        for o in series:
            surface.blit(art.symbol(o, 14), (x, box.bottom - 26))
            lab = art.text(self.name(o), "body", 14, INK)
            surface.blit(lab, (x + 18, box.bottom - 28))
            x += 30 + lab.get_width()
