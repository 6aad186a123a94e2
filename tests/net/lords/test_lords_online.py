"""Lords of Vegas rooms on the real server (SQLite): a whole game, old clients, hostile messages, kill -9."""

import json
import time

from lasvegas.games.checkrec import _replay as check_record
from lasvegas.lords import actions as A

from ..helpers import Raw
from .lords_helpers import LordsRaw, play_to_end, record_events, simple_answer


def created(url: str, **options) -> LordsRaw:
    c = LordsRaw(url)
    c.send(type="create", game="lords", **options)
    c.until("welcome")
    return c


def test_a_lords_room_with_ai_seats_plays_to_the_end_and_prompts_go_only_to_their_seat(server):
    me = created(server.url, players=3, ai=[None, "easy", "medium"], name="Ann")
    lobby = me.until("lobby")
    assert lobby["game"] == "lords" and lobby["v"] == 2 and lobby["options"]["players"] == 3
    state = me.until("state")
    assert state["view"]["game"] == "lords" and state["v"] == 2
    rec = play_to_end(me, 120)
    assert me.decides and all(d["seat"] == me.seat for d in me.decides)
    before_end = json.dumps([m for m in me.seen if m["type"] != "over"])
    assert str(rec["seed"]) not in before_end and rec["commitment"]["nonce"] not in before_end
    assert '"deck"' not in before_end and '"seed"' not in before_end
    assert lobby["commitment"] is None  # (published at the start)
    check_record(rec)  # the seed matches the commitment published at the start
    assert me.events == record_events(rec)  # every event once, in order
    s = LordsRaw(server.url)  # the list of games: a Lords seat's status
    s.send(type="status", room=me.room, token=me.token)
    st = s.until("status")
    assert st["game"] == "lords" and st["over"] and st["v"] == 2
    assert "Traceback" not in server.log()


def test_an_old_client_is_told_to_update_and_the_old_create_still_plays_las_vegas(server):
    lords = created(server.url, players=2)
    old = Raw(server.url)  # protocol version 1, exactly as an older game sends it
    old.send(type="join", room=lords.room, name="Old")
    err = old.until("error", code="version")
    assert "update your game" in err["message"] and err["v"] == 1
    assert old.closed() == 1008
    old = Raw(server.url)
    old.send(type="status", room=lords.room, token=lords.token)
    assert "update your game" in old.until("error", code="version")["message"]
    lv = Raw(server.url)
    lv.send(type="create", players=2, ai=[None, "easy"], name="Old")
    w = lv.until("welcome")
    assert w["v"] == 1 and lv.until("lobby")["game"] == "lasvegas"
    st = lv.until("state")
    assert st["v"] == 1 and "round" in st["view"]
    lv.send(type="act", turn=0, action={"type": "end_turn"})
    assert lv.until("error", code="version")
    lords2 = created(server.url, players=2, ai=[None, "easy"])
    lords2.send(type="place", value=3, turn=0)
    assert lords2.until("error", code="wrong-game")


def two_humans(url: str) -> tuple[LordsRaw, LordsRaw]:
    a = created(url, players=2, name="Ann", decision_seconds=600, away_delay=600)
    b = LordsRaw(url)
    b.send(type="join", room=a.room, name="Bob")
    b.until("welcome")
    a.until("state")
    b.until("state")
    return a, b


def first_prompt(a: LordsRaw, b: LordsRaw, seconds: float = 20.0) -> dict:
    deadline = time.monotonic() + seconds
    while not (a.decides or b.decides):
        assert time.monotonic() < deadline, "nobody was asked to decide"
        for c in (a, b):
            try:
                c.read(0.05)
            except TimeoutError:
                pass
    return (a.decides or b.decides)[-1]


def until_not_rate(c: LordsRaw, action: dict, turn: int, seconds: float = 5.0) -> dict:
    """Send ``action`` until it is not refused for the proposal rate; the answer (events or error)."""
    deadline = time.monotonic() + seconds
    while True:
        c.act(action, turn)
        while True:
            msg = c.read(deadline - time.monotonic())
            if msg["type"] == "error" or (msg["type"] == "events" and msg["events"][0]["event"] == "TradeProposed"):
                break
        if not (msg["type"] == "error" and msg["code"] == "rate"):
            return msg
        assert time.monotonic() < deadline, "still refused for the rate"
        try:  # wait a little for the budget, reading what comes (bounded)
            c.read(0.3)
        except TimeoutError:
            pass


def test_hostile_lords_messages_are_refused_and_the_room_plays_on(server):
    a, b = two_humans(server.url)
    by_seat = {a.seat: a, b.seat: b}
    d = first_prompt(a, b)
    assert d["what"] == "play"
    active, other = by_seat[d["seat"]], by_seat[1 - d["seat"]]
    assert not other.decides  # the prompt went to the active seat only
    turn = d["turn"]
    # someone else's decision (Step 2 of the active player)
    other.act({"type": "end_turn"}, turn)
    assert other.until("error", code="not-your-turn")
    # malformed shapes
    for bad in ({"type": "build"}, {"type": "build", "lot": "Z9", "colour": "gold"},
                {"type": "end_turn", "seat": active.seat}, {"type": "gamble", "casino": "A1", "bet": "10"},
                {"type": "propose", "to": other.seat, "give": {"lots": ["A1"] * 2}}, "end_turn", 7):
        active.act(bad, turn)
        err = active.until("error")
        assert err["code"] == "field" and err["about"] == "act", err
    dealt = [e for e in active.events if e["event"] == "Dealt"]
    theirs = next(e["cards"][0] for e in dealt if e["seat"] == other.seat)
    # a trade with a lot the proposer does not own
    active.act({"type": "propose", "to": other.seat, "give": {"lots": [theirs]}}, turn)
    assert "marker" in active.until("error", code="illegal")["message"]
    # a proposal, public to the room; a second one at once: refused for the rate
    active.act({"type": "propose", "to": other.seat, "give": {"money": 1}, "get": {"lots": [theirs]}}, turn)
    active.act({"type": "propose", "to": other.seat, "give": {"money": 2}}, turn + 1)
    assert active.until("error", code="rate")
    for c in (active, other):  # (the events may have come before the refusal: kept in c.events)
        deadline = time.monotonic() + 10
        while not any(e["event"] == "TradeProposed" for e in c.events):
            c.read(deadline - time.monotonic())
    prompt = other.until("decide")
    assert prompt["what"] == "trade" and prompt["seat"] == other.seat
    assert {"type": "accept", "proposer": active.seat} in prompt["legal"]
    # at most one open proposal per ordered pair
    err = until_not_rate(active, {"type": "propose", "to": other.seat, "give": {"money": 2}}, turn + 1)
    assert err["type"] == "error" and "already" in err["message"], err
    # withdrawn, then accepted: stale, refused
    active.act({"type": "withdraw", "to": other.seat}, turn + 1)
    assert other.until("events")["events"][0] == {"event": "TradeClosed", "seat": active.seat,
                                                  "to": other.seat, "why": "withdrawn"}
    other.act({"type": "accept", "proposer": active.seat}, turn + 2)
    assert "no such proposal" in other.until("error", code="illegal")["message"]
    # a fair proposal, accepted by its recipient: the lot changes hands (re-validated at acceptance)
    ok = until_not_rate(active, {"type": "propose", "to": other.seat, "give": {"money": 1},
                                 "get": {"lots": [theirs]}}, turn + 2)
    assert ok["type"] == "events", ok
    other.act({"type": "accept", "proposer": active.seat}, turn + 3)
    deadline = time.monotonic() + 10
    while other.events[-1]["event"] != "TradeAccepted" and not any(
            e["event"] == "TradeAccepted" for e in other.events[-5:]):
        assert time.monotonic() < deadline, other.seen[-3:]
        assert other.read(deadline - time.monotonic())["type"] != "error", other.seen[-1]
    assert other.events.count(next(e for e in other.events if e["event"] == "TradeAccepted")) == 1
    # a move number from the past
    active.act({"type": "end_turn"}, turn)
    assert active.until("error", code="stale")
    # the room plays on: both humans answer their decisions to the end (first the one pending now)
    for c in (a, b):
        try:
            while True:
                c.read(0.3)
        except TimeoutError:
            pass
    now = max(d["turn"] for d in a.decides + b.decides)
    for c in (a, b):
        if c.decides and c.decides[-1]["turn"] == now:
            c.act(simple_answer(c.decides[-1]), now)
    deadline = time.monotonic() + 120
    while a.record is None or b.record is None:
        assert time.monotonic() < deadline, "the game did not end"
        for c in (a, b):
            try:
                msg = c.read(0.05)
            except TimeoutError:
                continue
            if msg["type"] == "decide" and msg["seat"] == c.seat:
                c.act(simple_answer(msg), msg["turn"])
    assert a.record == b.record and a.events == b.events == record_events(a.record)
    assert any(m["action"]["type"] == "accept" for m in a.record["moves"])
    assert "Traceback" not in server.log()


def test_a_lords_room_killed_with_kill_9_resumes_from_the_last_acknowledged_action(server):
    me = created(server.url, players=4, ai=[None, "easy", "random", "medium"], name="Ann")
    me.until("state")
    acked: list[dict] = []

    def kill_once(c, decide):
        if len(acked) == 3 and not getattr(kill_once, "done", False):
            kill_once.done = True
            server.kill()  # kill -9
            t0 = time.monotonic()
            server.start()  # the same port and database
            again = LordsRaw(server.url)
            again.send(type="resume", room=c.room, token=c.token, since=len(c.events))
            again.events, again.seat, again.room, again.token = c.events, c.seat, c.room, c.token
            again.until("state")
            kill_once.resumed = time.monotonic() - t0
            c.ws, c.seen = again.ws, again.seen
            return True
        acked.append(decide)
        return False

    rec = play_to_end(me, 180, on_move=kill_once)
    assert getattr(kill_once, "done", False), "the server was never killed"
    assert kill_once.resumed < 5.0
    check_record(rec)
    assert me.events == record_events(rec)  # nothing lost, nothing applied twice
    mine = [m["action"] for m in rec["moves"] if m["action"]["seat"] == me.seat]
    assert len(mine) >= 3


def test_two_lords_bots_play_a_whole_game_and_write_records_that_check(server, bots, tmp_path):
    out = tmp_path / "records"
    host = bots.start("--game", "lords", "--server", server.url, "--new-room", "--players", "2",
                      "--level", "medium", "--record-dir", str(out), "--timeout", "150")
    from ..conftest import read_line

    code = read_line(host, 20)
    bots.start("--game", "lords", "--server", server.url, "--room", code, "--level", "hard",
               "--record-dir", str(out), "--timeout", "150")
    results = bots.finish(180)
    assert all(r[0] == 0 for r in results), results
    records = sorted(out.glob("*.json"))
    assert len(records) == 2
    recs = [json.loads(p.read_text()) for p in records]
    assert recs[0] == recs[1] and recs[0]["result"] is not None
    for r in recs:
        check_record(r)
    kinds = {m["action"]["type"] for m in recs[0]["moves"]}
    assert {"build", "end_turn"} <= kinds  # the AI played, not only ended its turns
    assert "refused" not in server.log() and "Traceback" not in server.log()


def test_a_bot_refuses_las_vegas_options_for_a_lords_room(bots, server):
    bots.start("--game", "lords", "--server", server.url, "--new-room", "--players", "5")
    code, _out, err = bots.finish(30)[0]
    assert code == 2 and "2 to 4 players" in err


def test_canned_trade_phrases_reach_a_lords_room_and_are_refused_in_a_las_vegas_room(server):
    a, b = two_humans(server.url)
    a.send(type="react", phrase="trade-better")
    assert b.until("reaction") == {"v": 2, "type": "reaction", "seat": a.seat, "phrase": "trade-better"}
    a.send(type="react", phrase="Give me C5 for $3")
    assert a.until("error", code="field")["about"] == "react"
    lv = Raw(server.url)
    lv.send(type="create", players=2, ai=[None, "easy"])
    lv.until("state")
    lv.send(type="react", phrase="trade-offer")
    assert "Lords of Vegas" in lv.until("error", code="field")["message"]


def test_an_away_players_seat_is_played_after_the_delay_with_lords_defaults_and_comes_back(server):
    a = created(server.url, players=2, name="Ann", decision_seconds=1, away_delay=1)
    b = LordsRaw(server.url)
    b.send(type="join", room=a.room, name="Bob")
    b.until("welcome")
    b.until("state")
    b.close()  # Bob goes away: after 1 s each of his decisions is played for him
    a.until("state")
    rec = play_to_end(a, 150)
    check_record(rec)
    bob = [m["action"] for m in rec["moves"] if m["action"]["seat"] == b.seat]
    assert any(x["type"] == "end_turn" for x in bob)  # his turns were played, the game went on
    for m in rec["moves"]:  # a lay-off asked of the away boss: the default, no lay-off (D12)
        if m["action"]["type"] == "lay_off" and m["action"]["seat"] == b.seat:
            assert m["action"]["lay_off"] is False
    back = LordsRaw(server.url)  # his token still opens his seat
    back.send(type="resume", room=a.room, token=b.token, since=0)
    assert back.until("over")["record"] == rec


def test_look_shows_the_table_now_and_cannot_be_spammed(server):
    lobby = created(server.url, players=2, name="Ann")  # nobody joined: not started
    lobby.send(type="look")
    assert lobby.until("error", code="not-started")["about"] == "look"
    lobby.act({"type": "end_turn"}, 0)
    assert lobby.until("error", code="not-started")
    me = created(server.url, players=2, ai=[None, "easy"], name="Ann", away_delay=600)
    first = me.until("state")
    for _ in range(5):
        me.send(type="look")
    state = me.until("state")
    assert state["view"]["game"] == "lords" and state["turn"] >= first["turn"]
    assert me.until("error", code="rate")["message"].startswith("look: at most")


def test_a_timed_decision_s_first_prompt_carries_its_deadline(server):
    """A lay-off, placement or forced move is prompted with the seconds left before its default is
    played, in the first ``decide`` of it (not only after a ``look`` or a resume)."""
    a, b = two_humans(server.url)
    a_first: dict | None = None
    deadline = time.monotonic() + 90
    while a_first is None:
        assert time.monotonic() < deadline, "no timed decision within 90 s"
        for c in (a, b):
            try:
                msg = c.read(0.05)
            except TimeoutError:
                continue
            if msg["type"] != "decide" or msg["seat"] != c.seat:
                continue
            if msg["what"] in ("layoff", "place", "marker", "die"):
                a_first = msg
                break
            c.act(simple_answer(msg), msg["turn"])
    assert a_first["deadline"] is not None and 590 <= a_first["deadline"] <= 600, a_first


def test_the_player_in_step_2_is_prompted_for_a_proposal_made_to_them(server):
    a, b = two_humans(server.url)
    by_seat = {a.seat: a, b.seat: b}
    d = first_prompt(a, b)
    assert d["what"] == "play"
    active, other = by_seat[d["seat"]], by_seat[1 - d["seat"]]
    other.act({"type": "propose", "to": active.seat, "give": {"money": 1}}, d["turn"])
    prompt = active.until("decide")
    while prompt["what"] != "trade":
        prompt = active.until("decide")
    assert prompt["seat"] == active.seat and prompt["decision"]["from"] == [other.seat]
    assert {"type": "accept", "proposer": other.seat} in prompt["legal"]
    active.act({"type": "accept", "proposer": other.seat}, prompt["turn"])
    deadline = time.monotonic() + 10
    while not any(e["event"] == "TradeAccepted" for e in active.events):
        assert time.monotonic() < deadline, active.seen[-3:]
        assert active.read(deadline - time.monotonic())["type"] != "error", active.seen[-1]


# ---------------------------------------------------------------- an AI seat's trade offers
def _offer_position(store=None):
    """A two-seat room (Ann, a Medium AI) dealt from a fixed seed, played by plain moves to the AI's
    Step 2 where it offers Ann a trade (kept in ``store`` as a server keeps it, when given);
    (room, Ann's token, the AI's proposal)."""
    from lasvegas.lords import actions as A
    from lasvegas.lords.game import PLACE, PLAY
    from lasvegas.net.lords.room import LordsRoom, think_lords
    from lasvegas.net.room import commit

    room, token = LordsRoom.create("TRADE2", {"players": 2, "ai": [None, "medium"], "name": "Ann",
                                              "away_delay": 600, "decision_seconds": 600}, ["medium"])
    room.nonce, room.ai_seed = "0" * 32, 7
    room.commitment = commit(1, room.nonce)
    room._begin_game(1)
    g = room.game
    while len(room.moves) < 5:  # Ann and the AI's seat each build on the lowest lot they can, or end
        s = g.waiting_on[0]
        builds = g.build_options(s)
        a = (min(builds, key=lambda b: (b.lot, b.colour)) if g.phase == PLAY and builds
             else A.EndTurn(s) if g.phase == PLAY else g.default_placement(s) if g.phase == PLACE
             else g.legal_actions(s)[0])
        room.play(s, a, room.turn)
        if store is not None:
            store.add_move(room, room.moves[-1])
    if store is not None:
        store.save_room(room)
        store.commit()
    assert list(g.waiting_on) == [1] and g.phase == PLAY and not g.proposals
    offer = think_lords(*room.think_for(1, "medium"))
    assert type(offer) is A.Propose and offer.to == 0, offer  # (what the position is for)
    return room, token, offer


def test_an_ai_offer_to_a_human_waits_for_the_answer_and_is_answered_for_them_when_away():
    """The room's side (no server): who plays next while an AI's offer to a human is open, what the
    AI is told of its turn, the fallback of an answer, the bound on proposals."""
    from lasvegas.net.lords.room import think_lords

    room, _token, offer = _offer_position()
    room.play(1, offer, room.turn)
    assert room.waits_for_answer() == {1}
    assert room.next_job({0}) is None  # Ann is here: the AI waits for her answer
    seat, level, when, why = room.next_job(set(), now=100.0)  # Ann away: her answer after the delay
    assert (seat, level, why) == (0, "medium", "away") and when == 700.0
    answer = think_lords(*room.think_for(0, level))
    assert type(answer) in (A.Accept, A.Reject) and answer.seat == 0 and answer.proposer == 1
    assert room.fallback(0) == A.Reject(0, 1)  # (an answer that fails)
    room.play(0, A.Reject(0, 1), room.turn)
    assert room.next_job({0})[::3] == (1, "ai")  # the AI goes on with its turn
    state, level, seed = room.think_for(1, "medium")
    assert state["offered"] == [A.to_dict(offer)] and state["looked"] is True
    assert think_lords(state, level, seed) != offer  # never the same offer twice in a turn
    state["offered"], state["looked"] = [], False  # (a player that forgot it would offer it again)
    assert think_lords(state, level, seed) == offer
    while room.may_propose(1):  # the bound on a seat's proposals in a turn holds for an AI too
        assert len(room.offered[1]) < 8
        room.play(1, offer, room.turn)
        room.play(1, A.Withdraw(1, 0), room.turn)
    assert len(room.offered[1]) == 8


def test_an_ai_offer_rejected_online_is_not_made_again_and_the_ai_s_turn_goes_on(server_factory, tmp_path):
    """The stall of an online room with AI seats: an AI made afresh for each move forgot its offer
    of this turn and made it again after each rejection, for ever.  The AI also waits for the
    answer (else the rejection would come too late: a ``stale`` error)."""
    from lasvegas.net.store import Store

    store = Store(tmp_path / "server.sqlite3")  # the room as a server had kept it
    room, token, offer = _offer_position(store)
    store.close()
    server = server_factory()
    me = LordsRaw(server.url)
    me.send(type="resume", room=room.code, token=token, since=0)
    me.seat, me.room, me.token = 0, room.code, token
    me.until("state")
    first = len(room.log)  # (the events from the position on)
    deadline = time.monotonic() + 15

    def offers() -> list[dict]:
        return [e for e in me.events[first:] if e["event"] == "TradeProposed" and e["seat"] == 1]

    while not any(e["event"] == "TurnEnded" and e["seat"] == 1 for e in me.events[first:]):
        assert time.monotonic() < deadline, me.seen[-3:]
        assert len(offers()) <= 1, offers()
        msg = me.read(deadline - time.monotonic())
        assert msg["type"] != "error", msg
        if msg["type"] == "decide" and msg["what"] == "trade":
            assert msg["decision"]["from"] == [1]
            me.act({"type": "reject", "proposer": 1}, msg["turn"])
    assert len(offers()) == 1 and offers()[0]["get"]["lots"] == A.to_dict(offer)["get"]["lots"], me.events[first:]
    assert "Traceback" not in server.log() and "refused" not in server.log()
