"""Take-back: in a game with no other human, the player's last move and the AI moves after it
are taken back by rebuilding the game from its seed; the same roll comes back, and the game is
practice from then on (its record says so; the ladder and the daily challenge do not count it)."""

import time

import pytest

from lasvegas.kernel.errors import IllegalAction
from lasvegas.core import check_record
from lasvegas.match import LocalMatch, PlaceDice, Reset
from lasvegas.ui.lasvegas import demo


def settle(m: LocalMatch, seconds: float = 30.0) -> None:
    """Let the AI seats play until the human's turn (or the end), within a deadline."""
    end = time.monotonic() + seconds
    while m.to_act is not None and m.to_act not in m.seats_here and time.monotonic() < end:
        m.update(True)
        time.sleep(0.002)
    assert m.to_act is None or m.to_act in m.seats_here


def test_the_same_roll_comes_back_and_the_game_is_practice():
    session = demo.demo_session(3, 1)
    m = LocalMatch(session.new_game(11), session)
    try:
        settle(m)
        assert not m.can_take_back()  # no move of the player's yet
        for _turn in range(3):
            before = m.view(0)
            value = m.game.legal_values()[-1]
            m.send(PlaceDice(value))
            settle(m)
            after = m.view(0)
            assert after != before
            m.poll()
            assert m.can_take_back()
            m.take_back()
            assert m.view(0) == before  # the same casinos, money and roll
            events = m.poll()
            assert len(events) == 1 and isinstance(events[0], Reset)
            assert m.to_act == 0 and m.opening()[-1].values == tuple(v for _o, v in before.roll)
            m.send(PlaceDice(m.game.legal_values()[0]))  # another choice this time
            settle(m)
        assert session.extra["took_back"] == 3 and session.extra["practice"] is True
    finally:
        m.close()


def test_not_with_another_human_nor_after_the_end():
    two = demo.demo_session(3, 2)
    m = LocalMatch(two.new_game(3), two)
    m.send(PlaceDice(m.game.legal_values()[0]))
    assert not m.can_take_back()
    with pytest.raises(IllegalAction):
        m.take_back()
    m.close()
    solo_like = demo.demo_session(2, 1)
    g = solo_like.new_game(5)
    demo.play_to_end(g, 5)
    m = LocalMatch(g, solo_like, fresh=False)
    assert g.is_over and not m.can_take_back()


def test_the_record_of_a_game_with_a_move_taken_back_says_practice(home):
    from lasvegas.ui.files import save
    from lasvegas.ui.kit import paths
    from lasvegas.ui.files.records_list import list_records

    session = demo.demo_session(2, 1)
    m = LocalMatch(session.new_game(21), session)
    try:
        settle(m)
        m.send(PlaceDice(m.game.legal_values()[0]))
        settle(m)
        m.take_back()
        while not m.game.is_over:
            settle(m)
            if m.to_act in m.seats_here:
                m.send(PlaceDice(m.game.legal_values()[0]))
        rec = save.record_of(m.game, session)
        assert rec["practice"] is True
        check_record(rec)  # the rebuilt game's record checks against its seed
        save.save_record(m.game, session)
        (entry,) = list_records(paths.records_dir())
        assert entry.practice and entry.result.endswith("(practice)")
    finally:
        m.close()
    # playing the same table again is not practice
    from lasvegas.ui.services import Services
    from lasvegas.ui.kit.settings import Settings

    again = Services(Settings()).new_match(session, 4, keep=False)
    assert "took_back" not in session.extra and "practice" not in session.extra
    again.close()
