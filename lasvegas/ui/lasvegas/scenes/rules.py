"""How to play: the rules in a few illustrated pages, drawn with the game's own art."""

from __future__ import annotations

from ...kit import art
from ...kit.art import INK, INK_DIM
from ...kit.i18n import _, money
from ...kit.money import bill
from ...kit.pages import PagesScene
from .. import tutorial
from ..paint.casino import tile as casino_tile




def _pages():
    return [
        (_("The goal"),
         _("Six casinos, numbered 1 to 6, each pay out bills at the end of every round. "
           "Place your dice in the casinos to win the biggest bills. After 4 rounds, the "
           "richest player wins; on equal money, the one with more bills; still equal, the "
           "victory is shared.\n\nEach round the casinos are dealt bills from the deck until "
           "each holds at least $50,000."), "casinos"),
        (_("Your turn"),
         _("Roll all the dice you still have. Choose one value you rolled and place ALL your "
           "dice of that value on the casino with that number. You cannot pass and you cannot "
           "keep some back.\n\nExample: you roll four 3s and a 5. You may place the four 3s on "
           "casino 3, or the single 5 on casino 5. Next turn you roll what is left.\n\n"
           "Players take turns until every die is placed; a player without dice is skipped."), "roll"),
        (_("Payout"),
         _("Casino by casino: players whose number of dice there is equal to another player's "
           "are TIED and get nothing. The others are ranked: most dice takes the highest bill, "
           "the next takes the next bill, and so on. Bills nobody wins go under the deck.\n\n"
           "Example: 5, 3, 3 and 1 dice with bills $80,000, $30,000, $10,000: the two 3s cancel; "
           "5 dice win $80,000, 1 die wins $30,000, $10,000 goes under the deck."), "payout"),
        (_("Neutral dice (2 to 6 players)"),
         _("White dice that belong to nobody. Each round every player gets some (4 each with 2 "
           "players, 2 each with 3 to 6) and rolls them with their own. Choosing a value places "
           "your dice AND the white dice of that value.\n\nAt payout the white dice count as one "
           "more player: they can tie, win bills (which go under the deck) and push you out. With "
           "3 players, the 2 spare white dice are rolled and placed before the first turn."), "neutral"),
        (_("Bigger tables and options"),
         _("Up to 8 players: orange, pink and black join the table, each with its own pip shape. "
           "Neutral dice are not used with 7 or 8 players.\n\n"
           "Casino minimum: by seats, each casino is dealt at least $30,000 with 2 players and "
           "$10,000 more per extra player, up to $90,000 with 8. It is the default with 6 to 8 "
           "players; the classic minimum is $50,000.\n\n"
           "$100,000 bills: five of them are shuffled into the deck.\n\n"
           "Biggies: one of your 8 dice is big. It is rolled and placed with your dice of its value, "
           "and counts as two dice at payout. Equal counts still tie."), "options"),
        (_("Solo challenges"),
         _("You play one colour against the four others. Each round one opponent colour is "
           "rolled and placed at once. Then, every turn, one die of each colour that still has "
           "dice is rolled; you choose a value and ALL rolled dice of that value go to that "
           "casino, whatever their colour.\n\nYou win if your money is strictly more than all the "
           "other colours together. Harder levels pre-place two colours or give you fewer dice."),
         "solo"),
    ]


class RulesScene(PagesScene):
    """How to play Las Vegas: its pages, and its tutorial from the pages."""

    def __init__(self, app) -> None:
        super().__init__(app, _pages(), tutorial.start)

    # ------------------------------------------------------- illustrations
    def _pic_casinos(self, s, box) -> None:
        bills = [[60_000], [30_000, 20_000], [90_000], [40_000, 10_000], [50_000], [70_000]]
        for i in range(3):
            for j in range(2):
                n = i * 2 + j + 1
                x, y = box.x + 24 + i * 196, box.y + 20 + j * 236
                tile = casino_tile(n, 180, 220, 64)
                s.blit(tile, (x, y))
                for k, b in enumerate(bills[n - 1]):
                    s.blit(bill(b, 150, 30), (x + 15, y + 84 + k * 34))

    def _pic_roll(self, s, box) -> None:
        art.blit_text(s, _("You roll:"), (box.x + 30, box.y + 30), "display", 26, INK)
        for i, v in enumerate((3, 5, 3, 3, 3)):
            d = art.die_rotated("blue", v, 64, (i * 23) % 90)
            s.blit(d, d.get_rect(center=(box.x + 80 + i * 100, box.y + 130)))
        art.blit_text(s, _("You may place:"), (box.x + 30, box.y + 210), "display", 26, INK)
        for i in range(4):
            s.blit(art.die("blue", 3, 54), (box.x + 40 + i * 60, box.y + 270))
        art.blit_text(s, _("on casino 3"), (box.x + 40, box.y + 340), "bold", 22, art.NEON[2])
        art.blit_text(s, _("or"), (box.x + 320, box.y + 290), "body", 22, INK_DIM)
        s.blit(art.die("blue", 5, 54), (box.x + 400, box.y + 270))
        art.blit_text(s, _("on casino 5"), (box.x + 380, box.y + 340), "bold", 22, art.NEON[4])
        art.blit_text(s, _("Every colour has its own pip shape:"), (box.x + 30, box.y + 410), "body", 17, INK_DIM)
        for i, o in enumerate(("red", "blue", "green", "yellow", "purple", "neutral")):
            s.blit(art.die(o, 5, 44), (box.x + 40 + i * 90, box.y + 445))

    def _pic_payout(self, s, box) -> None:
        x, y = box.x + 30, box.y + 30
        s.blit(casino_tile(3, 250, 330, 64), (x, y))
        for k, b in enumerate((80_000, 30_000, 10_000)):
            s.blit(bill(b, 170, 32), (x + 15, y + 84 + k * 36))
        rows = [("red", 5, money(80_000)), ("blue", 3, _("tied")), ("green", 3, _("tied")), ("yellow", 1, money(30_000))]
        for i, (o, n, what) in enumerate(rows):
            yy = box.y + 60 + i * 70
            s.blit(art.die(o, 3, 44), (box.x + 320, yy))
            art.blit_text(s, f"×{n}", (box.x + 374, yy + 22), "display", 28, INK, anchor="midleft")
            col = art.DANGER if what == _("tied") else art.GOLD
            art.blit_text(s, what, (box.x + 430, yy + 22), "display", 24, col, anchor="midleft")
        back = _("$10,000 goes under the deck.")
        art.blit_text(s, back, (box.x + 320, box.y + 350), "body", art.fit(back, "body", 18, box.w - 330), INK_DIM)
        art.blit_wrapped(s, _("Ties cancel whatever their rank: here blue and green both have 3 dice."),
                         (box.x + 30, box.y + 400), box.w - 60, "body", 18, INK)

    def _pic_neutral(self, s, box) -> None:
        art.blit_text(s, _("You roll:"), (box.x + 30, box.y + 30), "display", 26, INK)
        for i, (o, v) in enumerate((("red", 1), ("red", 1), ("red", 5), ("neutral", 1), ("neutral", 6))):
            s.blit(art.die(o, v, 64), (box.x + 40 + i * 100, box.y + 90))
        choices = [(_("choose 1: two red + one white die"), 1), (_("choose 5: one red die"), 5),
                   (_("choose 6: one white die"), 6)]
        for i, (label, v) in enumerate(choices):
            yy = box.y + 210 + i * 70
            s.blit(art.die("neutral", v, 44), (box.x + 40, yy))
            art.blit_text(s, label, (box.x + 100, yy + 22), "bold", 20, INK, anchor="midleft")

    def _pic_options(self, s, box) -> None:
        art.blit_text(s, _("Three more colours:"), (box.x + 30, box.y + 24), "display", 24, INK)
        for i, o in enumerate(("orange", "pink", "black")):
            s.blit(art.die(o, 5, 54), (box.x + 40 + i * 80, box.y + 66))
        s.blit(bill(100_000, 170, 34), (box.x + 300 + 50, box.y + 76))
        art.blit_text(s, _("You roll:"), (box.x + 30, box.y + 150), "display", 24, INK)
        roll = (("blue", 4, True), ("blue", 4, False), ("blue", 2, False), ("blue", 6, False))
        x = box.x + 40
        for o, v, big in roll:
            d = art.big_die(o, v, 54) if big else art.die(o, v, 54)
            s.blit(d, d.get_rect(midleft=(x, box.y + 225)))
            x += d.get_width() + 16
        art.blit_wrapped(s, _("Choose 4: the Biggie and the other 4 go to casino 4, counting as three dice."),
                         (box.x + 30, box.y + 280), box.w - 60, "body", 19, INK)
        rows = [("blue", 3, True), ("red", 3, False), ("green", 2, False)]
        for i, (o, n, big) in enumerate(rows):
            yy = box.y + 360 + i * 44
            d = art.big_die(o, 4, 30) if big else art.die(o, 4, 30)
            s.blit(d, d.get_rect(midleft=(box.x + 40, yy + 16)))
            what = _("tied") if n == 3 else money(90_000)
            art.blit_text(s, f"×{n}", (box.x + 90, yy + 16), "display", 24, INK, anchor="midleft")
            art.blit_text(s, what, (box.x + 150, yy + 16), "display", 22, art.DANGER if n == 3 else art.GOLD,
                          anchor="midleft")

    def _pic_solo(self, s, box) -> None:
        art.blit_text(s, _("Each turn: one die of each colour"), (box.x + 30, box.y + 30), "display", 24, INK)
        for i, (o, v) in enumerate((("red", 4), ("blue", 4), ("green", 2), ("yellow", 4), ("purple", 6))):
            d = art.die_rotated(o, v, 64, (i * 31) % 90)
            s.blit(d, d.get_rect(center=(box.x + 80 + i * 110, box.y + 130)))
        art.blit_wrapped(s, _("Choose 4: the red, blue and yellow dice all go to casino 4."),
                         (box.x + 30, box.y + 210), box.w - 60, "body", 20, INK)
        art.blit_wrapped(s, _("Levels: Normal, Hard (two colours pre-placed), Expert 7 to Expert 2 "
                              "(fewer dice for you), Master (a single die)."),
                         (box.x + 30, box.y + 300), box.w - 60, "body", 18, INK_DIM)
