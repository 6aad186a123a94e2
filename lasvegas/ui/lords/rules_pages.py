"""How to play Lords of Vegas: the rules in illustrated pages (``lords-rules``), like the Las Vegas
pages (``scenes/rules.py``).  Each picture is drawn by the table's own code (``board``, ``glyphs``,
``show``): a small made-up position shown through a window on the board, magnified, at the
window's own resolution.  Reached from the Lords of Vegas setup and the table's pause menu; the
arrows, LB / RB or the d-pad turn the pages, Escape or B closes."""

from __future__ import annotations

import pygame

from ...lords.board import COLOURS, LOT_INDEX, N_LOTS, SEAT_COLOURS, STEP, TRACK
from ...lords.game import PLAY, Game
from ..kit import art, i18n
from ..kit.art import GOLD, INK, INK_DIM
from ..kit.canvas import Canvas, as_img, new_img
from ..kit.i18n import _, money
from ..kit.pages import PIC_BOX, PagesScene
from . import board, glyphs, layout as L, show, words


def pages() -> list[tuple[str, str, str]]:
    """(title, text, picture) of each page, in the player's language."""
    return [
        (_("The goal"),
         _("Build casinos on the lots of Las Vegas, along the Strip. Each turn a card is drawn: its lot "
           "is taken, and the casinos of its company pay money to their dice and points (VP) to their "
           "boss.\n\nWhen the End card comes, the most VP wins; on equal VP, the most money. A player "
           "who reaches 90 VP wins at once."), "board"),
        (_("Lots and cards"),
         _("48 lots in six blocks, A to F. Each lot shows its printed die, its cost and the glyph of "
           "its card's company.\n\nYour turn begins with a card: you put a marker on its lot (or take "
           "over the tile built there). Every marker pays its owner $1 on every card drawn. "
           "The deck panel counts the cards left per company."), "lots"),
        (_("Casinos and bosses"),
         _("Tiles of one colour that share an edge form a casino; never across a street or the "
           "Strip. Each tile holds one die.\n\nThe boss is the owner of the highest die, marked with "
           "a gold key. When the highest die is shared by two players, those dice are re-rolled "
           "until one player is boss."), "casino"),
        (_("Payouts"),
         _("The card's company pays: every casino of its colour pays $1 per pip to each die's "
           "owner, and its size in VP to its boss.\n\nFour cards Pay the Strip (A6, D5, F8 and the "
           "End card): every casino touching the Strip pays, whatever its colour."), "payout"),
        (_("The score track"),
         _("Points move your chip around the board. Up to 8, one point is one space; then the "
           "spaces are 2 apart, then 3, 4 and more: a gold notch marks each break.\n\nEach casino's "
           "points are spent on their own, the smallest casino first; points too few for the next "
           "space are lost."), "track"),
        (_("Build and sprawl"),
         _("After the draw you may act as often as you can pay.\n\nBuild: on a lot with your "
           "marker, pay its cost and lay a tile of any colour, with your die at the lot's printed "
           "value.\n\nSprawl: as a boss, lay a tile of your casino's colour on a free lot next to "
           "it, for twice its cost. Its card may still come: whoever draws it takes your die over."),
         "build"),
        (_("Remodel and reorganize"),
         _("Remodel: as a boss, pay $5 a tile to give your casino another colour. It may merge with "
           "casinos of that colour; the highest die is the new boss.\n\nReorganize: with a die in a "
           "casino, pay $1 per pip of all its dice and re-roll every one of them; each owner places "
           "their new values on their tiles. Once per casino and turn."), "remodel"),
        (_("Gamble and lay-off"),
         _("Once a turn, bet at a casino whose boss is another player: up to $5 a tile, and no more "
           "than your money. Before the roll the boss may lay off half of the bet to the bank.\n\n"
           "Two dice: 2 or 12, the boss pays you twice the bet; 3, 4, 9, 10 or 11, the boss pays "
           "the bet; 5 to 8, you pay the boss."), "gamble"),
        (_("Trades"),
         _("Players may trade money, marked lots and dice in casinos (a die keeps its value), and "
           "the player whose turn it is may trade an action of this turn: \"I remodel if you pay "
           "me $10\".\n\nPoints, tiles, cards and promises are never traded. At the table: T, then "
           "build the offer; the other player answers."), "trade"),
        (_("The end"),
         _("The End card lies in the last quarter of the deck. When it is drawn, the markers pay, "
           "the casinos on the Strip pay money and VP, and the game ends.\n\nMost VP wins; tied, "
           "the most money; still tied, a shared win. With 2 players, block F stays empty."), "end"),
    ]


# ------------------------------------------------------------------ positions for the pictures
def position(n: int = 3, tiles=(), markers=(), chips=None) -> Game:
    """A made-up game to draw: ``tiles`` (lot, colour, seat or -1, value), ``markers`` (lot, seat)."""
    g = Game(n, 1)
    g.marker, g.tile, g.owner, g.value = [-1] * N_LOTS, [-1] * N_LOTS, [-1] * N_LOTS, [0] * N_LOTS
    g.played = [True] * N_LOTS
    for name, colour, seat, value in tiles:
        i = LOT_INDEX[name]
        g.tile[i], g.owner[i], g.value[i] = COLOURS.index(colour), seat, value
    for name, seat in markers:
        g.marker[LOT_INDEX[name]] = seat
        g.played[LOT_INDEX[name]] = False
    g.chip = list(chips) if chips is not None else [0] * n
    g.phase = PLAY
    g._cas = None
    g._bc = None
    return g


def colour_of(seat: int) -> str:
    return SEAT_COLOURS[seat]


def view(game: Game, region, zoom: float, extra=None):
    """The board of ``game`` seen through ``region`` (board units), ``zoom`` times larger, drawn at
    the UI scale × zoom (crisp); ``extra(canvas)`` draws over it in board units."""
    region = pygame.Rect(region)
    k = art.scale()
    kz = k * zoom
    art.set_scale(kz)
    try:
        img = new_img(region.size, kz)
        cv = Canvas(img, kz, origin=(-round(region.x * kz), -round(region.y * kz)), size=region.size)
        board.draw_ground(cv)
        board.draw_lots(cv, game, colour_of)
        board.draw_casinos(cv, game)
        board.draw_track(cv, game, colour_of)
        if extra is not None:
            extra(cv)
    finally:
        art.set_scale(k)
    return as_img(img, k)


BLOCK_A = pygame.Rect(50, 44, 186, 138)
BLOCK_C = pygame.Rect(50, 222, 186, 184)
BLOCK_D = pygame.Rect(288, 222, 184, 184)
STRIP_MIDDLE = pygame.Rect(106, 222, 310, 128)


def _tag(cv, lot: str, text: str, colour=GOLD) -> None:
    r = L.lot_rect(LOT_INDEX[lot])
    t = art.text(text, "bold", 13, colour)
    box = t.get_rect(midbottom=(r.centerx, r.y + 16)).inflate(6, 2)
    cv.rect((16, 18, 20), box, border_radius=4)
    cv.blit(t, t.get_rect(center=box.center))


# ------------------------------------------------------------------ the scene
class LordsRulesScene(PagesScene):
    """The pages' scene both games share (its buttons, paging and layout) with Lords of Vegas's pages."""

    def __init__(self, app, page: int = 0) -> None:
        super().__init__(app, pages(), lambda _app: self.tutorial())
        self.page = max(0, min(len(self.pages) - 1, page))
        self.prev_btn.hotkeys += (pygame.K_PAGEUP,)
        self.next_btn.hotkeys += (pygame.K_PAGEDOWN,)
        self._pics: dict = {}
        self._gen = i18n.generation()

    def tutorial(self) -> None:
        from . import tutorial

        tutorial.start(self.app)

    def draw(self, surface) -> None:
        if i18n.generation() != self._gen:  # a change of language: the pages anew
            self._gen = i18n.generation()
            self.pages = pages()
        super().draw(surface)

    def _view(self, name: str, make):
        """A picture made once per page, scale, look and language."""
        key = (name, art.scale(), art.look(), i18n.generation())
        img = self._pics.get(key)
        if img is None:
            img = self._pics[key] = make()
        return img

    def _caption(self, s, text: str, y: int, size: int = 17, colour=INK) -> int:
        box = PIC_BOX
        return art.blit_wrapped(s, text, (box.x + 24, y), box.w - 48, "body", size, colour)

    # ------------------------------------------------------------------ the pictures
    def _pic_board(self, s, box) -> None:
        def make():
            g = position(3, tiles=[("A1", "purple", 0, 3), ("A2", "purple", 1, 2), ("C3", "gold", 2, 6),
                                   ("C6", "gold", 0, 4), ("D1", "aqua", 1, 6), ("D4", "aqua", 1, 4),
                                   ("E2", "silver", 2, 5), ("B4", "brown", 0, 6)],
                         markers=[("A5", 0), ("B2", 1), ("D8", 2), ("F3", 0)], chips=(9, 6, 12))
            return view(g, (0, 0) + board.LAYER_SIZE, 0.7)
        img = self._view("board", make)
        s.blit(img, img.get_rect(center=(box.x + 200, box.centery)))
        show.card_face(s, (box.right - 110, box.y + 120), LOT_INDEX["C6"], 1.0)
        self._cap_lines(s, [_("The Strip down the middle, six blocks, the score track around.")],
                        (box.right - 200, box.y + 210), 180)

    def _cap_lines(self, s, lines, pos, width, bottom: int | None = None) -> None:
        """``lines`` wrapped from ``pos``; started higher when they would run past ``bottom`` (a longer
        language at the largest text size)."""
        x, y = pos
        if bottom is not None:
            step = art.wrap_step("body", 17)
            tall = sum(len(art.wrap(line, "body", 17, width)) * step + 8 for line in lines) - 8
            y = min(y, bottom - tall)
        for line in lines:
            y = art.blit_wrapped(s, line, (x, y), width, "body", 17, INK) + 8

    def _pic_lots(self, s, box) -> None:
        def make():
            g = position(3, markers=[("A2", 0)])
            g.played = [False] * N_LOTS
            g.played[LOT_INDEX["A2"]] = True

            def extra(cv):
                board.highlight(cv, (LOT_INDEX["A2"],), (255, 255, 255), 2)
            return view(g, BLOCK_A, 2.2, extra)
        img = self._view("lots", make)
        s.blit(img, (box.x + 20, box.y + 20))
        show.card_face(s, (box.right - 80, box.y + 110), LOT_INDEX["A2"], 1.0)
        y = box.y + 20 + img.get_height() + 14
        self._caption(s, _("A2: die 2, cost {cost}, an {company} card. Drawn: Ann's marker is put on it.",
                           cost=money(6), company=words.company(0)), y)

    def _pic_casino(self, s, box) -> None:
        def make():
            g = position(3, tiles=[("C4", "gold", 0, 4), ("C5", "gold", 1, 5), ("C7", "gold", 2, 2),
                                   ("C8", "gold", 0, 3), ("C3", "purple", 2, 6), ("C6", "aqua", 1, 1)])
            return view(g, BLOCK_C, 1.7)
        img = self._view("casino", make)
        s.blit(img, (box.x + 20, box.y + 16))
        x = box.x + 20 + img.get_width() + 20
        self._cap_lines(s, [_("The gold casino: 4 tiles, dice of three players."),
                            _("Bob's 5 is the highest: Bob is its boss (the gold key)."),
                            _("Purple and aqua are casinos of one tile each.")], (x, box.y + 30), box.right - x - 20)

    def _pic_payout(self, s, box) -> None:
        def make():
            g = position(3, tiles=[("C5", "gold", 0, 3), ("C6", "gold", 1, 5), ("C9", "gold", 0, 2),
                                   ("D4", "gold", 2, 4), ("D5", "purple", 1, 6), ("C2", "aqua", 2, 5)])

            def extra(cv):
                for lot, v in (("C5", 3), ("C6", 5), ("C9", 2), ("D4", 4)):
                    _tag(cv, lot, "+" + money(v))
            return view(g, STRIP_MIDDLE, 1.75, extra)
        img = self._view("payout", make)
        s.blit(img, (box.x + 20, box.y + 16))
        show.card_face(s, (box.x + 80, box.bottom - 100), LOT_INDEX["C7"], 1.0)
        self._cap_lines(s, [_("A Sphinx card: every gold casino pays $1 per pip to each die; "
                              "the boss scores the casino's size."),
                            _("A Strip card would pay the casinos touching the Strip, whatever their colour.")],
                        (box.x + 160, box.bottom - 170), box.w - 180, bottom=box.bottom - 12)

    def _pic_track(self, s, box) -> None:
        # a stretch of the track as the board draws it: bands by step, a gold notch at each break
        first, last = 5, 20
        w = (box.w - 40) / (last - first + 1)
        y = box.y + 70
        for i in range(first, last + 1):
            r = pygame.Rect(round(box.x + 20 + (i - first) * w) + 2, y, round(w) - 4, round(w) - 4)
            step = STEP[i - 1] if i else 1
            s.rect(board.BANDS.get(step, (90, 90, 90)), r, border_radius=5)
            s.rect((20, 20, 20), r, width=1, border_radius=5)
            art.blit_text(s, str(TRACK[i]), (r.centerx, r.y + 10), "bold", 13, INK, anchor="center")
            if STEP[i - 1] != STEP[i - 2]:
                s.rect(GOLD, (r.x - 4, r.y + 2, 3, r.h - 4))
                art.blit_text(s, "+" + str(STEP[i - 1]), (r.x, r.bottom + 12), "bold", 14, GOLD, anchor="center")
        chips = ((7, "blue"), (10, "green"), (15, "red"))
        for i, who in chips:
            r = pygame.Rect(round(box.x + 20 + (i - first) * w) + 2, y, round(w) - 4, round(w) - 4)
            c = glyphs.chip(who, 16)
            s.blit(c, c.get_rect(center=(r.centerx, r.bottom - 10)))
        self._caption(s, _("From 8, two points are one space: a casino of 3 moves the chip from 8 to 10 "
                           "and its last point is lost. From 20 a space costs 3 points, from 32 four."),
                      box.y + 170)
        self._caption(s, _("Two casinos of 2 and 3 score one after the other: 2 points, then 3."), box.y + 290,
                      colour=INK_DIM)

    def _pic_build(self, s, box) -> None:
        def make():
            g = position(3, tiles=[("D5", "aqua", 0, 3), ("D8", "aqua", 0, 4)], markers=[("D3", 0), ("D1", 1)])

            def extra(cv):
                board.highlight(cv, (LOT_INDEX["D3"],), (255, 255, 255), 2)
                board.highlight(cv, [LOT_INDEX[n] for n in ("D2", "D4", "D6", "D7", "D9")], (90, 255, 140), 2)
            return view(g, BLOCK_D, 1.7, extra)
        img = self._view("build", make)
        s.blit(img, (box.x + 20, box.y + 16))
        x = box.x + 20 + img.get_width() + 20
        self._cap_lines(s, [_("White: Ann may build on D3, her marker ({cost}).", cost=money(9)),
                            _("Green: the lots her aqua casino may sprawl onto, at twice their cost."),
                            _("D1 carries Bob's marker: nobody sprawls there.")], (x, box.y + 30),
                        box.right - x - 20)

    def _pic_remodel(self, s, box) -> None:
        before_tiles = [("A1", "purple", 0, 5), ("A2", "purple", 1, 2), ("A4", "gold", 2, 6), ("A5", "gold", 2, 1)]
        after_tiles = [(n, "gold", o, v) for n, _c, o, v in before_tiles]

        def make(tiles):
            return lambda: view(position(3, tiles=tiles), BLOCK_A, 1.35)
        a = self._view("remodel-a", make(before_tiles))
        b = self._view("remodel-b", make(after_tiles))
        s.blit(a, (box.x + 20, box.y + 20))
        s.blit(b, (box.right - 20 - b.get_width(), box.y + 20))
        art.blit_text(s, "→", (box.centerx, box.y + 20 + a.get_height() // 2), "display", 40, GOLD, anchor="center")
        y = box.y + 30 + a.get_height()
        y = self._caption(s, _("Ann remodels her purple casino to gold ({cost}): it merges with Cy's gold "
                               "casino, and Cy's 6 makes Cy the boss.", cost=money(10)), y)
        show.rolled_dice(s, (box.x + 90, y + 50), (2, 6, 4), 1.0, 0.0)
        self._caption(s, _("Reorganize: all the casino's dice are rolled again."), y + 90 + 0, colour=INK_DIM)

    def _pic_gamble(self, s, box) -> None:
        def make():
            g = position(3, tiles=[("C4", "gold", 1, 5), ("C5", "gold", 1, 3), ("C7", "gold", 0, 2)])
            return view(g, BLOCK_C, 1.6)
        img = self._view("gamble", make)
        s.blit(img, (box.x + 20, box.y + 16))
        x = box.x + 40 + img.get_width()
        self._cap_lines(s, [_("Bob's casino of 3 tiles: a bet of up to {top}.", top=money(15))], (x, box.y + 24),
                        box.right - x - 20)
        show.rolled_dice(s, (x + 70, box.y + 150), (3, 6), 1.0, 0.0)
        rows = [(_("2 or 12"), _("the boss pays twice the bet"), GOLD),
                (_("3, 4, 9, 10, 11"), _("the boss pays the bet"), GOLD),
                (_("5, 6, 7, 8"), _("you pay the boss"), art.DANGER)]
        y = box.y + 16 + img.get_height() + 16
        for left, right, col in rows:
            art.blit_text(s, left, (box.x + 30, y), "bold", 18, col)
            art.blit_text(s, right, (box.x + 200, y), "body", art.fit(right, "body", 18, box.w - 220), INK)
            y += 30

    def _pic_trade(self, s, box) -> None:
        y = box.y + 40
        for seat, name, gives in ((0, "Ann", [("money", 10), ("marker", "B2")]),
                                  (1, "Bob", [("die", "C5")])):
            col = SEAT_COLOURS[seat]
            m = glyphs.marker(col, 34)
            s.blit(m, (box.x + 30, y))
            art.blit_text(s, _("{who} gives", who=name), (box.x + 80, y + 17), "display", 24, INK, anchor="midleft")
            x = box.x + 280
            for kind, what in gives:
                if kind == "money":
                    art.blit_text(s, money(what), (x, y + 17), "display", 26, GOLD, anchor="midleft")
                elif kind == "marker":
                    s.blit(glyphs.marker(col, 28), (x, y + 3))
                    art.blit_text(s, what, (x + 34, y + 17), "bold", 20, INK, anchor="midleft")
                else:
                    s.blit(art.die(col, 5, 34), (x, y))
                    art.blit_text(s, what, (x + 40, y + 17), "bold", 20, INK, anchor="midleft")
                x += 130
            y += 80
        self._caption(s, _("Bob's die on C5 becomes one of Ann's, still showing 5. Ann could also offer "
                           "an action of her turn: a remodel, a build."), y + 10)

    def _pic_end(self, s, box) -> None:
        show.card_face(s, (box.x + 90, box.y + 100), N_LOTS, 1.0)
        rows = [("Ann", 44, 31), ("Bob", 44, 27), ("Cy", 36, 52)]
        y = box.y + 40
        x = box.x + 190
        for i, (name, vp, cash) in enumerate(rows):
            art.blit_text(s, name, (x, y), "display", 24, GOLD if i == 0 else INK)
            art.blit_text(s, _("{vp} VP", vp=vp), (x + 120, y), "bold", 20, INK)
            art.blit_text(s, money(cash), (x + 240, y), "bold", 20, INK_DIM)
            y += 40
        self._caption(s, _("Ann and Bob both have 44 VP: Ann wins with more money."), box.y + 230)
