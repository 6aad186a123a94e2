"""The remote match of a Lords of Vegas table: two computers' seats and two bots play one online game."""

import time

from lasvegas.games.checkrec import _replay as check_record
from lasvegas.lords import actions as A
from lasvegas.lords.ai import make_player
from lasvegas.lords.game import PLAY
from lasvegas.match.face import MatchFace
from lasvegas.net.lords.remote import LordsRemoteMatch



def _choose(m: LordsRemoteMatch, player, traded: dict):
    g, me = m.game, m.seat
    if g.phase == PLAY and g.proposals:
        mine = [p for (f, t), p in sorted(g.proposals.items()) if t == me]
        if mine:  # the other human's offer is accepted; others' answered by the AI
            p = mine[0]
            return A.Accept(me, p.seat) if p.seat in traded["humans"] else player.answer(g, me, p)
        if any(f == me for (f, _t) in g.proposals):
            return None  # wait for the answer to my proposal
    if (g.phase == PLAY and g.active == me and not traded["proposed"] and me == traded["humans"][0]
            and g.money[me] >= 1):
        traded["proposed"] = True
        return A.Propose(me, traded["humans"][1], A.Offer(money=1), A.NO_OFFER)
    action = player.act(g, me)
    if action is None or m.why_not(action) is not None:
        return A.EndTurn(me) if g.phase == PLAY and g.active == me else g.legal_actions(me)[0]
    return action


def test_a_four_seat_online_game_two_computers_and_two_bots_with_a_trade_between_the_humans(server, bots, tmp_path):
    ann = LordsRemoteMatch(server.url, {"type": "create", "game": "lords", "players": 4, "name": "Ann",
                                        "decision_seconds": 600, "away_delay": 600})
    bob = LordsRemoteMatch(server.url, {"type": "join", "room": ann.room, "name": "Bob"})
    try:
        for level in ("easy", "medium"):
            bots.start("--game", "lords", "--server", server.url, "--room", ann.room, "--level", level,
                       "--timeout", "170")
        traded = {"humans": [ann.seat, bob.seat], "proposed": False}
        players = {ann.seat: make_player("easy", 1), bob.seat: make_player("easy", 2)}
        deadline = time.monotonic() + 180
        while not (ann.record() and bob.record()):
            assert time.monotonic() < deadline, "the game did not end"
            assert ann.error is None or ann.error["code"] in ("stale",), ann.error
            for m in (ann, bob):
                m.poll()
                if m.game is None or m.human_due() != m.seat:
                    continue
                assert m.humans == [m.seat] and m.ai_due() is None  # no pass screen, no AI here
                action = _choose(m, players[m.seat], traded)
                if action is not None:
                    m.act(action)
            ann.wait(0.01)  # (a message from the server, or that long)
        results = bots.finish(60)
        assert all(r[0] == 0 for r in results), results
        rec = ann.record()
        assert rec == bob.record()
        check_record(rec)
        accepted = [m["action"] for m in rec["moves"] if m["action"]["type"] == "accept"]
        assert {"type": "accept", "seat": bob.seat, "proposer": ann.seat} in accepted
        deadline = time.monotonic() + 10
        while not ann.game.is_over:  # the table's last look: the results
            assert time.monotonic() < deadline
            ann.wait(0.05)
            ann.poll()
        assert ann.standings()[0]["won"] and {r["seat"] for r in ann.standings()} == {0, 1, 2, 3}
        assert [type(e).__name__ for e in ann.history()][-1] == "GameEnded"
        # the match face of both games (match/face.py), online too
        assert isinstance(ann, MatchFace) and ann.seats_here == frozenset({ann.seat}) and ann.to_act is None
        assert ann.over and ann.outcome() == ann.standings() and ann.game_record() == rec and ann.save()
        assert ann.query.is_over and not ann.can(A.EndTurn(ann.seat)) and not ann.hint_offered()
    finally:
        ann.close()
        bob.close()
