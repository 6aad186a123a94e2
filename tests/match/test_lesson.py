"""LessonMatch: a scripted lesson is a real game of the core, with its marks where they belong."""

import dataclasses

import pytest

from lasvegas.core import CasinoPaid, Config, DicePlaced, DiceRolled, RoundEnded
from lasvegas.kernel.errors import IllegalAction
from lasvegas.match import CoachMark, Lesson, LessonMatch, LessonTurn, PlaceDice, Seat
from lasvegas.match.lasvegas.lesson import check_lesson

SEATS = (Seat("red", "Ann", "human"), Seat("blue", "Bo", "ai", "easy"))
ROLL = CoachMark("roll", "roll", then=CoachMark("place the 2s", "dice", 2))
NUDGE = CoachMark("the 2s, please", "dice", 2)
AFTER = CoachMark("placed", "casino", 2, wait=True)
PAID = CoachMark("casino 2 pays", "casino", 2, wait=True)
END = CoachMark("the end", wait=True)


def lesson(**kw) -> Lesson:
    base = dict(
        title="t", config=Config(seats=("red", "blue"), rounds=1, first_seat=0), seats=SEATS,
        deck_top=(90_000, 50_000),
        turns=(LessonTurn((2, 2, 2, 2, 2, 2, 5, 5), 2, ROLL, NUDGE, (AFTER,)),
               LessonTurn((3,) * 8, 3),
               LessonTurn((5, 5), 5, CoachMark("again", "roll"))),
        payout_marks={2: PAID}, end_marks=(END,),
    )
    base.update(kw)
    return Lesson(**base)


def drain(m: LessonMatch) -> list:
    out = []
    for _ in range(20):
        m.update(True)
        got = m.poll()
        if not got:
            break
        out += got
    return out


def test_the_marks_come_with_the_events_they_are_about():
    m = LessonMatch(lesson())
    opening = m.opening()
    assert isinstance(opening[-2], DiceRolled) and opening[-1] is ROLL
    m.send(PlaceDice(2))
    evs = m.poll()
    assert isinstance(evs[0], DicePlaced) and evs[1] is AFTER and isinstance(evs[2], DiceRolled)
    rest = drain(m)  # the AI seat plays the script, then the player
    assert m.to_act == 0 and m.expected == 5
    m.send(PlaceDice(5))
    rest += m.poll()
    paid = next(i for i, e in enumerate(rest) if isinstance(e, CasinoPaid) and e.casino == 2)
    assert rest[paid - 1] is PAID
    end = next(i for i, e in enumerate(rest) if isinstance(e, RoundEnded))
    assert rest[end - 1] is END
    out = m.outcome()
    # casino 2 ($50,000: the deck's second bill) and casino 5 (a $90,000) for Ann, casino 3 for Bo
    assert out.winners == ("red",) and out.money == {"red": 140_000, "blue": 90_000}
    assert m.game.is_over and m.rematch() is None


def test_a_wrong_value_gets_the_nudge_and_the_same_roll_waits():
    m = LessonMatch(lesson())
    m.opening()
    log = len(m.game.log)
    m.send(PlaceDice(5))
    assert m.poll() == [NUDGE]
    assert len(m.game.log) == log and m.to_act == 0 and m.expected == 2
    with pytest.raises(IllegalAction):
        m.send(PlaceDice(4))  # no die shows 4
    m.send(PlaceDice(2))
    assert isinstance(m.poll()[0], DicePlaced)


def test_the_ai_seat_waits_for_the_screen():
    m = LessonMatch(lesson())
    m.send(PlaceDice(2))
    m.poll()
    assert m.to_act == 1
    m.update(False)
    assert m.to_act == 1 and m.poll() == []
    with pytest.raises(IllegalAction):
        m.send(PlaceDice(3))  # not this screen's seat
    m.update(True)
    assert isinstance(m.poll()[0], DicePlaced)


def test_a_script_that_does_not_match_the_game_is_refused():
    good = lesson()
    check_lesson(good)
    bad_roll = dataclasses.replace(good, turns=(good.turns[0], LessonTurn((3,) * 7 + (4,), 3), good.turns[2]))
    bad_value = dataclasses.replace(good, turns=(good.turns[0], LessonTurn((3,) * 8, 4), good.turns[2]))
    short = dataclasses.replace(good, turns=good.turns[:2])  # the dice run out
    too_long = dataclasses.replace(good, turns=good.turns + (LessonTurn((1,), 1),))
    no_mark = dataclasses.replace(good, turns=(dataclasses.replace(good.turns[0], mark=None),) + good.turns[1:])
    for bad in (bad_roll, bad_value, short, too_long, no_mark):
        with pytest.raises(ValueError):
            LessonMatch(bad)
    with pytest.raises(ValueError):
        CoachMark("x", "somewhere")


def test_the_tutorial_script_plays_through_on_the_core():
    from lasvegas.ui.lasvegas.tutorial import part_one, part_two

    for part in (part_one(), part_two()):
        m = LessonMatch(part)
        marks = [e for e in m.opening() if isinstance(e, CoachMark)]
        while not m.game.is_over:
            if m.to_act in m.seats_here:
                m.send(PlaceDice(m.expected))
            else:
                m.update(True)
            marks += [e for e in m.poll() if isinstance(e, CoachMark)]
        assert m.outcome().winners == ("red",)
        assert len(marks) >= 6
