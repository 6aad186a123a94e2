"""One wire form per game: every action of both games comes back from its wire form unchanged, every
shape that is not an action's is refused naming its field (never another exception), and the events
come back from theirs (``match.lords.wire``, ``core.actions``)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lasvegas.core import actions as LV
from lasvegas.kernel.errors import WireError
from lasvegas.lords import actions as A
from lasvegas.lords.board import COLOURS, N_LOTS
from lasvegas.match.lords.wire import TYPES, event_from_wire, event_to_wire, from_wire, to_wire
from lasvegas.net.protocol import decode
from lasvegas.net.room import think

from .lords.test_lords_room import started

seats = st.integers(0, 3)
lots = st.integers(0, N_LOTS - 1)
colours = st.integers(0, len(COLOURS) - 1)
maybe_lot = st.one_of(st.just(-1), lots)
offers = st.builds(A.Offer, st.integers(0, 10**9), st.lists(lots, max_size=5, unique=True).map(tuple),
                   st.lists(lots, max_size=5, unique=True).map(tuple))


def bundled(seat):
    return st.one_of(
        st.builds(A.Build, st.just(seat), lots, colours, maybe_lot),
        st.builds(A.Sprawl, st.just(seat), lots, lots, maybe_lot),
        st.builds(A.Remodel, st.just(seat), lots, colours),
        st.builds(A.Reorganize, st.just(seat), lots),
        st.builds(A.Gamble, st.just(seat), lots, st.integers(1, 10**6)))


@st.composite
def actions(draw):
    """(an engine action of any kind, the active seat)."""
    seat, active = draw(seats), draw(seats)
    a = draw(st.one_of(
        bundled(seat),
        st.builds(A.LayOff, st.just(seat), st.booleans()),
        st.builds(A.PlaceDice, st.just(seat), st.lists(st.integers(1, 6), min_size=1, max_size=12).map(tuple)),
        st.builds(A.MoveMarker, st.just(seat), lots),
        st.builds(A.MoveDie, st.just(seat), lots),
        st.builds(A.Propose, st.just(seat), seats, offers, offers, st.one_of(st.none(), bundled(active))),
        st.builds(A.Accept, st.just(seat), seats),
        st.builds(A.Reject, st.just(seat), seats),
        st.builds(A.Withdraw, st.just(seat), seats),
        st.builds(A.EndTurn, st.just(seat))))
    return a, active


@settings(max_examples=400, deadline=None)
@given(actions())
def test_every_lords_action_comes_back_from_its_wire_form_unchanged(case):
    a, active = case
    wire = json.loads(json.dumps(to_wire(a)))  # (as it travels)
    assert "seat" not in wire and wire["type"] in TYPES
    assert from_wire(wire, a.seat, active) == a
    assert to_wire(from_wire(wire, a.seat, active)) == wire  # one form: written back the same
    # the record's form (seat included) is the engine's, and reads back the same action
    assert A.action_from_dict(json.loads(json.dumps(A.to_dict(a)))) == a


def test_the_wire_form_leaves_out_a_take_from_that_moves_no_die_at_both_levels():
    build = A.Build(2, 5, 1)
    assert "take_from" not in to_wire(build) and to_wire(A.Build(2, 5, 1, 7))["take_from"]
    assert "take_from" not in to_wire(A.Propose(0, 2, A.Offer(3), A.NO_OFFER, build))["action"]
    assert from_wire({**to_wire(build), "take_from": None}, 2, 0) == build  # null reads as the same


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10, 10**7), st.floats(allow_nan=False),
              st.sampled_from(["A1", "F9", "C13", "gold", "pink", "", "end_turn", "propose", "build"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


@st.composite
def mangled(draw):
    """A Lords action's wire form with a field changed, added or removed, or any JSON value."""
    if draw(st.booleans()):
        return draw(json_values)
    a, _ = draw(actions())
    d = to_wire(a)
    how = draw(st.sampled_from(["set", "add", "drop"]))
    if how == "set" and len(d) > 1:
        d[draw(st.sampled_from(sorted(k for k in d if k != "type")))] = draw(json_values)
    elif how == "add":
        d[draw(st.sampled_from(["seat", "extra", "lot", "to", "money", "action"]))] = draw(json_values)
    elif len(d) > 1:
        del d[draw(st.sampled_from(sorted(d)))]
    return d


@settings(max_examples=600, deadline=None)
@given(mangled(), seats, seats)
def test_any_other_shape_is_an_action_written_back_the_same_or_a_refusal_naming_its_field(d, seat, active):
    try:
        a = from_wire(d, seat, active)
    except WireError as e:
        assert str(e).startswith("act.action") and len(str(e)) <= 200
        return
    assert from_wire(to_wire(a), seat, active) == a and a.seat == seat


@given(st.integers(1, 6))
def test_every_las_vegas_move_comes_back_from_its_wire_form(value):
    move = LV.PLACE[value]
    wire = json.loads(json.dumps(LV.to_wire(move)))
    assert wire == {"type": "place", "value": value} and LV.from_wire(wire) is move
    # the message a client sends is that form with its move number, and the server reads it so
    assert decode(json.dumps({"v": 1, **wire, "turn": 3})) == {**wire, "turn": 3}


@given(json_values)
def test_any_other_las_vegas_shape_is_refused_naming_its_field(value):
    for d in (value, {"type": "place", "value": value}):
        try:
            move = LV.from_wire(d)
        except WireError as e:
            assert str(e).startswith("place")
            continue
        assert LV.from_wire(LV.to_wire(move)) is move and type(d["value"]) is int


def test_every_event_comes_back_from_its_wire_form_and_the_fast_writer_is_to_dict():
    seen = set()
    for seed in range(4):
        room = started(seed, players=2 + seed % 3)
        events = list(room.game.setup_events)
        for _ in range(3000):
            if room.over:
                break
            seat, level, _, _ = room.next_job(set())
            events += room.game.apply(think(*room.think_for(seat, level)))
        for e in events:
            d = event_to_wire(e)
            assert d == e.to_dict()
            assert event_from_wire(json.loads(json.dumps(d))) == e
            seen.add(type(e).__name__)
    assert {"Dealt", "CardDrawn", "Paid", "Built", "TurnEnded", "GameEnded"} <= seen
    with pytest.raises(ValueError):
        event_from_wire({"event": "Explode"})
