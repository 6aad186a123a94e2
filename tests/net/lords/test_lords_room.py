"""A Lords of Vegas room without a server: options, moves as kept, replay, prompts, defaults, records."""

import json

import pytest

from lasvegas.games.checkrec import _replay as check_record
from lasvegas.kernel.errors import RecordError
from lasvegas.lords import actions as A
from lasvegas.lords.game import LAYOFF, PLACE, PLAY
from lasvegas.net.lords.room import PROPOSAL_GAP, PROPOSALS_PER_TURN, LordsRoom
from lasvegas.match.lords.wire import WireError, from_wire
from lasvegas.net.protocol import ProtocolError, decode
from lasvegas.net.lasvegas.room import LasVegasRoom
from lasvegas.net.room import Room, RoomError, think


def lords(players=3, **more):
    room, token = Room.create("ABCDEF", {"players": players, "game": "lords", **more}, None)
    return room, token


def started(seed: int, players: int = 3) -> LordsRoom:
    room, _ = lords(players, ai=[None] + ["random"] * (players - 1))
    room.seats[0].kind, room.seats[0].level = "ai", "random"
    room.nonce, room.commitment = "ab" * 16, ""
    room._begin_game(seed)
    return room


def step(room: LordsRoom) -> None:
    seat, level, _, _ = room.next_job(set())
    room.play(seat, think(*room.think_for(seat, level)), room.turn)


def room_in(phase: str) -> LordsRoom:
    """A room whose game waits on ``phase`` (random play over a few seeds, bounded)."""
    for seed in range(40):
        room = started(seed)
        for _ in range(3000):
            if room.over:
                break
            if room.game.phase == phase:
                return room
            step(room)
    raise AssertionError(f"no game reached {phase}")


def test_create_takes_the_game_and_its_options_and_a_las_vegas_create_is_unchanged():
    room, token = lords(4, ai=[None, "hard", None, "easy"], decision_seconds=12)
    assert isinstance(room, LordsRoom) and room.seats[1].kind == "ai" and room.options.decision_seconds == 12
    assert [s.colour for s in room.seats] == ["blue", "green", "red", "yellow"]
    assert room.public(set())["game"] == "lords"
    old, _ = Room.create("ABCDEF", decode(json.dumps({"v": 1, "type": "create", "players": 3})), [])
    assert type(old) is LasVegasRoom and old.public(set())["game"] == "lasvegas"
    for bad, field in (({"players": 5}, "players"), ({"players": 3, "neutral": True}, "neutral"),
                       ({"players": 3, "ai": [None, "grandmaster"]}, "ai[1]"),
                       ({"players": 2, "ai": ["easy"]}, "ai[0]")):
        with pytest.raises(RoomError) as e:
            Room.create("ABCDEF", {"game": "lords", **bad}, None)
        assert field in e.value.message


def test_a_version_1_client_cannot_create_a_lords_room_or_act():
    with pytest.raises(ProtocolError) as e:
        decode(json.dumps({"v": 1, "type": "create", "players": 3, "game": "lords"}))
    assert e.value.code == "version" and "update your game" in e.value.message
    with pytest.raises(ProtocolError) as e:
        decode(json.dumps({"v": 1, "type": "act", "turn": 0, "action": {"type": "end_turn"}}))
    assert e.value.code == "version"
    msg = decode(json.dumps({"v": 2, "type": "act", "turn": 3, "action": {"type": "end_turn"}}))
    assert msg == {"type": "act", "turn": 3, "action": {"type": "end_turn"}, "v": 2}


@pytest.mark.parametrize("action, where", [
    ({"type": "build", "lot": "A2"}, "colour"),
    ({"type": "build", "lot": "A2", "colour": "pink"}, "act.action.colour"),
    ({"type": "build", "lot": "C13", "colour": "gold"}, "C13"),
    ({"type": "sprawl", "casino": 4, "lot": "A1"}, "act.action.casino"),
    ({"type": "gamble", "casino": "A1", "bet": 0}, "act.action.bet"),
    ({"type": "gamble", "casino": "A1", "bet": True}, "act.action.bet"),
    ({"type": "place_dice", "values": [1, 7]}, "act.action.values[1]"),
    ({"type": "place_dice", "values": []}, "act.action.values"),
    ({"type": "propose", "to": 1, "give": {"lots": ["A1", "A1"]}}, "named twice"),
    ({"type": "propose", "to": 1, "give": {"money": -1}}, "act.action.give.money"),
    ({"type": "propose", "to": 1, "give": {"gold": 3}}, "gold"),
    ({"type": "propose", "to": 9}, "act.action.to"),
    ({"type": "propose", "to": 1, "action": {"type": "propose", "to": 0}}, "act.action.action"),
    ({"type": "end_turn", "seat": 2}, "seat"),
    ({"type": "end_turn", "extra": 1}, "extra"),
    ({"type": "win"}, "act.action.type"),
    (["end_turn"], "act.action"),
])
def test_every_malformed_action_shape_is_refused_naming_the_field(action, where):
    with pytest.raises(WireError) as e:
        from_wire(action, 0, 0)
    assert where in str(e.value), e.value


def test_a_bundled_action_is_the_active_players():
    a = from_wire({"type": "propose", "to": 2, "get": {"money": 5},
                   "action": {"type": "remodel", "casino": "B2", "colour": "gold"}}, 1, 2)
    assert a.seat == 1 and a.action == A.Remodel(2, a.action.casino, 1) and a.get == A.Offer(5)


def test_a_room_replays_from_its_seed_and_moves_and_its_record_proves_the_commitment():
    room = started(7)
    room.commitment = __import__("lasvegas.kernel.fair", fromlist=["commit"]).commit(room.game.seed, room.nonce)
    for _ in range(5000):
        if room.over:
            break
        step(room)
    assert room.over and room.ended
    row = json.loads(json.dumps(room.to_dict()))
    assert row["game"] == "lords" and row["seed"] == room.game.seed
    again = Room.from_dict(row, list(room.moves))
    assert isinstance(again, LordsRoom) and again.log == room.log and again.turn == room.turn
    half = Room.from_dict(row, room.moves[:len(room.moves) // 2])
    assert half.log == room.log[:len(half.log)] and not half.over
    rec = json.loads(json.dumps(room.record()))
    check_record(rec)
    rec["commitment"]["sha256"] = "0" * 64
    with pytest.raises(RecordError, match="commitment"):
        check_record(rec)


def test_a_damaged_move_log_is_refused_not_replayed_wrongly():
    room = started(3)
    for _ in range(20):
        step(room)
    row = json.loads(json.dumps(room.to_dict()))
    bad = list(room.moves)
    bad[5] = json.dumps({"type": "gamble", "seat": 0, "casino": "A1", "bet": 10**6})
    with pytest.raises(ValueError, match="move 5"):
        Room.from_dict(row, bad)
    with pytest.raises(ValueError):
        Room.from_dict(row, room.moves[:3] + [4])
    with pytest.raises(ValueError):
        Room.from_dict({**row, "options": {**row["options"], "players": 5}}, [])


def test_nothing_a_seat_receives_holds_the_deck_order_or_the_seed():
    room = started(11)
    for _ in range(60):
        if room.over:
            break
        text = json.dumps([room.view_for(0), room.events_for(0), room.decisions(), room.public(set()),
                           room.status(0, set())])
        rest = [c for c in room.game.deck[room.game.pos:]]
        assert "deck\"" not in text and '"seed"' not in text and "shuffled" not in text
        assert len(rest) > 1  # (the deck's order never appears: only its counts)
        step(room)


def test_only_the_seats_the_game_waits_on_are_prompted_and_another_seats_decision_is_refused():
    room = room_in(LAYOFF)
    g = room.game
    boss = g.gamble[2]
    prompts = room.decisions()
    assert set(prompts) == {boss}
    assert prompts[boss]["what"] == "layoff" and {"type": "lay_off", "lay_off": False} in prompts[boss]["legal"]
    other = g.active
    with pytest.raises(RoomError) as e:
        room.play(other, A.LayOff(other, False), room.turn)
    assert e.value.code == "not-your-turn"
    with pytest.raises(RoomError) as e:  # the wrong phase: Step 2 while the lay-off waits
        room.play(other, A.EndTurn(other), room.turn)
    assert e.value.code == "not-your-turn"
    with pytest.raises(RoomError) as e:  # a stale move number
        room.play(boss, A.LayOff(boss, True), room.turn - 1)
    assert e.value.code == "stale"


def test_a_human_decision_gets_lords_default_at_its_deadline():
    room = room_in(LAYOFF)
    boss = room.game.gamble[2]
    room.seats[boss].kind = "human"
    seat, _, when, why = room.next_job({boss}, now=100.0)
    assert (seat, why, when) == (boss, "timeout", 100.0 + room.options.decision_seconds)
    assert room.decisions(now=105.0)[boss]["deadline"] == room.options.decision_seconds - 5
    assert room.default_move(boss) == A.LayOff(boss, False)  # D12: no lay-off
    room = room_in(PLACE)
    for s in room.game.waiting_on:
        room.seats[s].kind = "human"
        assert room.default_move(s) == room.game.default_placement(s)  # D8
        assert room.decisions()[s]["decision"]["default"] == list(room.game.default_placement(s).values)


def test_an_away_players_step_2_waits_for_the_away_delay_a_connected_ones_never_times_out():
    room = started(5)
    while room.game.phase != PLAY:
        step(room)
    active = room.game.active
    room.seats[active].kind = "human"
    assert room.next_job({active}, now=50.0) is None
    seat, level, when, why = room.next_job(set(), now=60.0)
    assert (seat, level, why, when) == (active, "medium", "away", 60.0 + room.options.away_delay)
    assert room.still_due(active, "away", room.turn, set()) and not room.still_due(active, "away", room.turn, {active})


def test_trade_proposals_are_rate_limited_per_seat():
    room = started(2)
    while room.game.phase != PLAY:
        step(room)
    room.trade_rate(1, "propose", now=10.0)
    room._proposals(1).append(10.0)  # (as place() notes a proposal made)
    with pytest.raises(RoomError) as e:
        room.trade_rate(1, "propose", now=10.0 + PROPOSAL_GAP / 2)
    assert e.value.code == "rate"
    room.trade_rate(2, "propose", now=10.0 + PROPOSAL_GAP / 2)  # another seat's budget
    for i in range(1, PROPOSALS_PER_TURN):
        room.trade_rate(1, "propose", now=10.0 + 2 * i * PROPOSAL_GAP)
        room._proposals(1).append(10.0 + 2 * i * PROPOSAL_GAP)
    with pytest.raises(RoomError, match="a turn"):
        room.trade_rate(1, "propose", now=1000.0)
    room.trade_rate(1, "accept", now=1000.0)  # answers are not proposals
    room.play(room.game.active, A.EndTurn(room.game.active), room.turn)
    while room.game.phase != PLAY:
        step(room)
    room.trade_rate(1, "propose", now=1000.0)  # a new turn: a new budget


def test_the_bots_table_rebuilt_from_the_public_view_allows_exactly_what_the_real_game_allows():
    import random

    from lasvegas.lords.seat_view import game_from_view

    checked = set()
    for seed in range(6):
        room = started(seed, players=2 + seed % 3)
        for _ in range(400):
            if room.over:
                break
            g = room.game
            decision = {"lot": room.decisions().get(g.to_act, {}).get("decision", {}).get("lot")}
            mine = game_from_view(json.loads(json.dumps(room.view_for(g.to_act))), json.loads(json.dumps(room.log)),
                                  decision, random.Random(seed))
            for s in range(g.n):
                assert mine.legal_actions(s) == g.legal_actions(s), (g.phase, s)
            assert mine.view(0) == g.view(0)
            assert mine.deck[mine.pos:] != g.deck[g.pos:] or len(g.deck) - g.pos < 3  # the order is a guess
            checked.add(g.phase)
            step(room)
    assert {PLAY, LAYOFF, PLACE} <= checked


def test_a_lords_room_starts_with_its_own_ai_levels_only():
    room, _ = lords(2)
    with pytest.raises(RoomError) as e:
        room.start("grandmaster")  # no level of this game
    assert e.value.code == "field" and "no Lords of Vegas AI level" in str(e.value)
    assert room.game is None and room.seats[1].kind == "open"
    opening = room.start("easy")
    assert room.seats[1].kind == "ai" and room.seats[1].level == "easy"
    assert room.game is not None and room.commitment and opening
