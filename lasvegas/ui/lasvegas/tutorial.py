"""The interactive first game: the script of the tutorial's two parts.

Part 1 is a one-round game against one AI seat whose dice are chosen so that
each idea comes up in order: rolling, choosing a value, all dice of that value
going to that casino, the most dice taking the highest bill, equal counts
cancelling, leftover bills going under the deck, the round ending when every
die is placed, the richest winning.  Part 2 is a shorter game with the neutral
dice.  The core plays both (``match.LessonMatch``); this module only writes the
script and its texts, translated when the tutorial starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kit.i18n import _, money
from .names import ai_seat_name, player_name

if TYPE_CHECKING:  # the match is loaded when the tutorial starts (the title offers it at start-up)
    from ...match import Lesson, LessonMatch, Seat

#: how long the tutorial takes a new player, roughly (said on the title and the rules page)
MINUTES = 4


def _seats() -> tuple[Seat, ...]:
    from ...match import Seat

    return (Seat("red", player_name(0), "human"), Seat("blue", ai_seat_name(1), "ai", "easy"))


def part_two() -> Lesson:
    """The neutral dice: two seats, four white dice each, one round."""
    from ...core import Config
    from ...match import CoachMark, Lesson, LessonTurn

    seats = _seats()
    name = seats[1].name
    return Lesson(
        title=_("Tutorial 2/2: the neutral dice"),
        start_label=_("Continue: the neutral dice"),
        config=Config(seats=("red", "blue"), neutral=True, rounds=1, first_seat=0),
        seats=seats,
        # casinos 1–6: $80k · $90k · $50k · $60k and $30k · $70k · $60k
        deck_top=(80_000, 90_000, 50_000, 30_000, 60_000, 70_000, 60_000),
        turns=(
            LessonTurn(
                rolled=(4, 4, 4, 1, 1, 2, 6, 3, 4, 4, 5, 1), value=4,
                mark=CoachMark(
                    _("Now the neutral dice: each of you also holds 4 white dice that belong to nobody. "
                      "Roll your 12 dice."), "roll",
                    then=CoachMark(_("The white dice are placed with yours when they show the value you pick. "
                                     "Place your 4s: three of yours and two white dice."), "dice", 4)),
                nudge=CoachMark(_("This time, click the 4s (the white dice go with them)."), "dice", 4),
                after=(CoachMark(_("On casino 4 the white dice count like another player: "
                                   "you have 3 dice there, the white dice 2."), "casino", 4, wait=True),),
            ),
            LessonTurn(rolled=(6, 6, 6, 6, 2, 5, 3, 1, 6, 6, 2, 3), value=6,
                       mark=CoachMark(_("{name} rolls twelve dice too.", name=name), "panel", 1)),
            LessonTurn(
                rolled=(1, 1, 1, 1, 1, 1, 1), value=1,
                mark=CoachMark(_("Roll the dice you still hold."), "roll",
                               then=CoachMark(_("They all show 1: one click places them."), "dice", 1)),
                nudge=CoachMark(_("Click the 1s."), "dice", 1),
            ),
            LessonTurn(rolled=(3, 3, 3, 3, 3, 3), value=3),
        ),
        payout_marks={4: CoachMark(_("Casino 4 pays: you have the most dice and take the highest bill; "
                                     "the white dice come second, and the bill they win goes under the deck."),
                                   "casino", 4, wait=True)},
        end_marks=(CoachMark(_("That is the whole game! A real one has four rounds and up to five players; "
                               "start one with New game. How to play on the title has every rule."),
                             wait=True),),
    )


def part_one() -> Lesson:
    """The rules: two seats, one round, every idea in order."""
    from ...core import Config
    from ...match import CoachMark, Lesson, LessonTurn

    seats = _seats()
    name = seats[1].name
    return Lesson(
        title=_("Tutorial 1/2: the rules"),
        config=Config(seats=("red", "blue"), rounds=1, first_seat=0),
        seats=seats,
        # casinos 1–6: $60k · $50k · $70k · $40k and $20k · $90k · $80k and $10k
        deck_top=(60_000, 50_000, 70_000, 40_000, 20_000, 90_000, 10_000, 80_000),
        turns=(
            LessonTurn(
                rolled=(5, 2, 5, 6, 3, 5, 2, 1), value=5,
                mark=CoachMark(
                    _("Welcome! This short game shows the rules while you play. "
                      "It is your turn: click ROLL (or press Space)."), "roll",
                    then=CoachMark(_("Pick one value: every die showing it goes to the casino with that number. "
                                     "Click your three 5s."), "dice", 5)),
                nudge=CoachMark(_("Not this one yet: click the three 5s. They all go to casino 5 together."),
                                "dice", 5),
                after=(CoachMark(_("Your three dice are on casino 5. You always place every die of the value "
                                   "you pick, never just some of them."), "casino", 5, wait=True),),
            ),
            LessonTurn(
                rolled=(5, 5, 4, 5, 6, 4, 1, 2), value=5,
                mark=CoachMark(_("Now {name} rolls.", name=name), "panel", 1),
                after=(CoachMark(_("{name} put three dice on casino 5 too. Equal counts cancel: if it stays "
                                   "three against three, neither of you is paid there.", name=name),
                                 "casino", 5, wait=True),),
            ),
            LessonTurn(
                rolled=(6, 4, 6, 1, 6), value=6,
                mark=CoachMark(
                    _("Your turn again: roll the 5 dice you still hold."), "roll",
                    then=CoachMark(_("Casino 6 has two bills. The most dice take the highest bill, the next "
                                     "most the next one. Place your three 6s."), "dice", 6)),
                nudge=CoachMark(_("Try the 6s: three dice on casino 6 should take its {bill}.", bill=money(80_000)), "dice", 6),
            ),
            LessonTurn(
                rolled=(6, 4, 4, 2, 1), value=6,
                after=(CoachMark(_("{name} has one die on casino 6 and you have three: you would take the "
                                   "{high} and {name} the {low}.", name=name, high=money(80_000), low=money(10_000)), "casino", 6, wait=True),),
            ),
            LessonTurn(
                rolled=(3, 3), value=3,
                mark=CoachMark(_("Roll your last two dice."), "roll",
                               then=CoachMark(_("Both show 3: one click places them on casino 3."), "dice", 3)),
                nudge=CoachMark(_("Click the 3s."), "dice", 3),
                after=(CoachMark(_("All your dice are placed. {name} plays on alone: the round ends when every "
                                   "die is on the table.", name=name), "panel", 1, wait=True),),
            ),
            LessonTurn(rolled=(4, 4, 2, 2), value=4),
            LessonTurn(rolled=(2, 2), value=2),
        ),
        payout_marks={
            4: CoachMark(_("Casino 4 pays: {name} is alone there and takes only the highest bill. "
                           "A bill nobody wins goes under the deck.", name=name), "casino", 4, wait=True),
            5: CoachMark(_("Casino 5: three dice against three. Equal counts cancel, so nobody is paid "
                           "and the {bill} goes under the deck.", bill=money(90_000)), "casino", 5, wait=True),
            6: CoachMark(_("Casino 6: your three dice beat one, so you take the highest bill."),
                         "casino", 6, wait=True),
        },
        end_marks=(CoachMark(_("Every die is placed and every casino has paid: the round is over. A real game "
                               "has four rounds, and the richest player after the last one wins."), "deck",
                             wait=True),),
        next=part_two(),
    )


def tutorial_match() -> LessonMatch:
    """The tutorial's first part, on the real table."""
    from ...match import LessonMatch

    return LessonMatch(part_one())


def start(app) -> None:
    """Open the tutorial (from the title's offer or How to play); the offer is not made again."""
    dismiss(app)
    app.go("table", match=tutorial_match())


def dismiss(app) -> None:
    """The first start's offer has been answered: remember it (a failed write is a message)."""
    if not app.settings.tutorial_offered:
        app.settings.tutorial_offered = True
        app.settings.save()
