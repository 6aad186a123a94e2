"""One round trip a Lords of Vegas move: a seat's table kept from the moves its ``events`` carry
(``match.lords.mirror``) is the server's game as the seat may see it, move after move."""

import json
import random

from lasvegas.lords.board import LOT_NAMES
from lasvegas.match.lords.mirror import Mirror
from lasvegas.net.room import think

from .test_lords_room import started


def _wire(x):
    return json.loads(json.dumps(x))


def test_a_mirror_kept_from_the_events_moves_is_the_servers_game_as_the_seat_sees_it():
    phases = set()
    for seed in range(5):
        room = started(seed, players=2 + seed % 3)
        rng = random.Random(seed)
        mirror = Mirror(random.Random(seed))
        mirror.state(_wire(room.view_for(0)), _wire(room.log), len(room.log), room.turn, {})
        while not room.over:
            first = len(room.log)
            for _ in range(rng.choice((1, 1, 2, 3))):  # (the moves of one commit: one message)
                if room.over:
                    break
                seat, level, _, _ = room.next_job(set())
                room.play(seat, think(*room.think_for(seat, level)), room.turn)
            msg = _wire({"first": first, "events": room.log[first:], **room.told(first)})
            assert mirror.follow(msg["first"], msg["events"], msg["moves"], _wire(room.log)), (seed, room.turn)
            g, mine = room.game, mirror.game
            assert mirror.turn == room.turn and mirror.cursor == len(room.log)
            assert mine.view(0) == g.view(0)
            for s in g.waiting_on:
                assert mine.legal_actions(s) == g.legal_actions(s), (g.phase, s)
            phases.add(g.phase)
    assert {"play", "layoff", "place", "over"} <= phases, phases


def test_a_mirror_out_of_step_says_so_and_is_left_as_it_was():
    room = started(3, players=3)
    mirror = Mirror(random.Random(1))
    mirror.state(_wire(room.view_for(0)), _wire(room.log), len(room.log), room.turn, {})
    before = mirror.game
    first = len(room.log)
    seat, level, _, _ = room.next_job(set())
    room.play(seat, think(*room.think_for(seat, level)), room.turn)
    events, moves = _wire(room.log[first:]), _wire(room.told(first)["moves"])
    log = _wire(room.log)
    assert not mirror.follow(first, events, None, log)  # a server that does not send the moves
    assert not mirror.follow(first + 1, events, moves, log)  # a gap
    wrong = [dict(e) for e in events]
    wrong[-1]["seat"] = (wrong[-1].get("seat", 0) + 1) % 3
    assert not mirror.follow(first, wrong, moves, log)  # events its moves do not make
    assert mirror.game is before and mirror.turn == 0
    assert mirror.follow(first, events, moves, log) and mirror.turn == 1
    assert mirror.follow(0, log, moves, log)  # events it has already: nothing to do
    assert room.told(first + 1) == {}  # (not a move's first event)


def test_a_seat_taken_up_again_without_its_events_has_its_played_cards_once_they_come():
    """A kept seat resumed from the title: the ``state`` comes first (no event held), the events from
    0 after it (``resume`` with ``since`` 0); the table then knows the cards played, and follows."""
    room = started(5, players=2)
    for _ in range(12):
        seat, level, _, _ = room.next_job(set())
        room.play(seat, think(*room.think_for(seat, level)), room.turn)
    mirror = Mirror(random.Random(2))
    mirror.state(_wire(room.view_for(1)), [], len(room.log), room.turn, {})
    assert mirror.game.deck_counts() != room.game.deck_counts()  # (no played card known yet)
    log = _wire(room.log)
    assert mirror.follow(0, log, None, log) and mirror.turn == room.turn
    assert mirror.game.view(1) == room.game.view(1) and mirror.game.deck_counts() == room.game.deck_counts()
    first = len(room.log)
    seat, level, _, _ = room.next_job(set())
    room.play(seat, think(*room.think_for(seat, level)), room.turn)
    msg = _wire({"first": first, "events": room.log[first:], **room.told(first)})
    assert mirror.follow(first, msg["events"], msg["moves"], _wire(room.log))
    assert mirror.game.view(1) == room.game.view(1)


def test_a_view_of_a_forced_move_names_its_lot_even_for_a_seat_taken_up_again_without_its_events():
    # D1/D2: a seat drew a lot with no marker or die left; a state can reach a client before the
    # ``decide`` that names the lot, and a seat resumed from the title holds no event yet: the view
    # names the lot (public: the card drawn shows it), so its table is built, never a refusal; a
    # view of a server of an earlier build (no "pending") takes it from the last card drawn
    for seed in range(40):
        room = started(seed, players=2 + seed % 3)
        while not room.over and room.game.phase not in ("marker", "die"):
            seat, level, _, _ = room.next_job(set())
            room.play(seat, think(*room.think_for(seat, level)), room.turn)
        if room.over:
            continue
        g = room.game
        for s in range(g.n):
            view = _wire(room.view_for(s))
            assert view["pending"] == LOT_NAMES[g.pending_lot]
            earlier = {k: v for k, v in view.items() if k != "pending"}
            for v, held in ((view, []), (view, _wire(room.log)), (earlier, _wire(room.log))):
                mine = Mirror(random.Random(seed)).state(v, held, len(room.log), room.turn, {})
                assert mine.phase == g.phase and mine.pending_lot == g.pending_lot >= 0
                assert mine.pending_value == g.pending_value
                for w in g.waiting_on:
                    assert mine.legal_actions(w) == g.legal_actions(w)
        return
    raise AssertionError("no game of 40 reached a forced move")
