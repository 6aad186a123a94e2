"""One match face for both games (``match/face.py``): every match kind of Las Vegas and of Lords of
Vegas has it, and a local game, a replay and a lesson of each game behave through it alone; the
Lords table's query face reads the game and never its deck's order, and changes nothing; both
games' replays are steered by one control (``match/replaying.py``)."""

import json

import pytest

from lasvegas.core import DicePlaced, replay
from lasvegas.kernel.errors import IllegalAction
from lasvegas.lords import actions as A
from lasvegas.lords.board import COLOURS, END, LOT_INDEX
from lasvegas.lords.game import Game as LordsGame
from lasvegas.lords.record import check_record
from lasvegas.match import LessonMatch, LocalMatch, PlaceDice, ReplayMatch
from lasvegas.match.face import MatchFace
from lasvegas.match.lasvegas.face import LasVegasQuery
from lasvegas.match.lords.lesson import LordsLessonMatch, LessonStep
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.match.lords.query import READS, WITHHELD, LordsQuery
from lasvegas.net.lords.remote import LordsRemoteMatch
from lasvegas.match.lords.replay import LordsReplayMatch
from lasvegas.match.replaying import ReplayControl
from lasvegas.net.lasvegas.remote import RemoteMatch
from lasvegas.ui.lasvegas import demo

from .test_lesson import lesson

#: the face's members, as the protocol names them
MEMBERS = sorted(n for n in vars(MatchFace) if not n.startswith("_") and n != "MatchFace")
KINDS = [LocalMatch, ReplayMatch, LessonMatch, RemoteMatch,
         LordsLocalMatch, LordsReplayMatch, LordsLessonMatch, LordsRemoteMatch]


def test_the_face_names_what_a_screen_may_ask():
    assert set(MEMBERS) == {"seats_here", "to_act", "name", "is_ai", "poll", "history", "act", "why_not", "can", "hint_offered",
                            "ask_hint", "over", "outcome", "game_record", "save", "close", "query"}


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_every_match_kind_of_both_games_has_the_whole_face(kind):
    missing = [n for n in MEMBERS if not hasattr(kind, n)]
    assert not missing, f"{kind.__name__} lacks {missing}"


def lords_played(seed: int = 3) -> LordsLocalMatch:
    m = LordsLocalMatch([LordsSeat("A", "blue", "ai", "easy"), LordsSeat("B", "green", "ai", "easy")], seed)
    while not m.over:
        m.ai_step()
    return m


# ------------------------------------------------------------------ a local game, through the face
def test_a_las_vegas_game_is_played_through_the_face_alone():
    session = demo.demo_session(2, 2)
    m = LocalMatch(session.new_game(5), session)
    assert isinstance(m, MatchFace) and isinstance(m.query, LasVegasQuery)
    assert m.seats_here == frozenset({0, 1}) and not m.hint_offered() and not m.ask_hint()
    assert [m.name(s) for s in range(2)] == [s.name for s in session.seats] and not m.is_ai(1)
    placed = 0
    while not m.over:
        seat = m.to_act
        legal = m.query.view(seat).legal
        wrong = next(v for v in range(1, 7) if v not in legal)
        assert not m.can(PlaceDice(wrong)) and "no die shows" in m.why_not(PlaceDice(wrong))
        assert m.game_record() is None  # it holds the seed: not before the end
        m.act(PlaceDice(legal[0]))
        placed += sum(isinstance(e, DicePlaced) for e in m.poll())
    with pytest.raises(IllegalAction):
        m.act(PlaceDice(1))  # nobody's turn any more
    rec = json.loads(json.dumps(m.game_record()))
    assert replay(rec).is_over and placed == sum(len(r["turns"]) for r in rec["rounds"])
    assert m.outcome() is not None and not m.save()  # no saver here: nothing kept
    m.close()


def test_a_lords_game_is_played_through_the_face_alone():
    m = LordsLocalMatch([LordsSeat("Ann", "blue"), LordsSeat("Bo", "green", "ai", "easy")], 7)
    assert isinstance(m, MatchFace) and m.seats_here == frozenset({0}) and m.hint_offered()
    assert (m.name(0), m.is_ai(0), m.name(1), m.is_ai(1)) == ("Ann", False, "Bo", True)
    q = m.query
    assert isinstance(q, LordsQuery) and m.poll()  # the set-up's events
    while m.to_act != 0:
        m.ai_step()
    m.poll()
    action = q.legal_actions(0)[0]
    other = A.EndTurn(1)
    assert m.can(action) and m.why_not(action) is None
    assert not m.can(other) and m.why_not(other)
    before = json.dumps(m.game.to_dict())
    with pytest.raises(IllegalAction):
        m.act(other)  # not seat 1's turn: refused, nothing changed, nothing told
    assert json.dumps(m.game.to_dict()) == before and m.poll() == []
    m.act(action)
    assert m.poll() and json.dumps(m.game.to_dict()) != before
    assert m.outcome() is None and m.game_record() is None
    m.close()
    done = lords_played()
    assert done.over and done.outcome() == done.standings() and done.to_act is None
    check_record(json.loads(json.dumps(done.game_record())))


# ------------------------------------------------------------------ the replays: one control
def las_vegas_record(seed: int = 4) -> dict:
    session = demo.demo_session(2, 2)
    m = LocalMatch(session.new_game(seed), session)
    while not m.over:
        m.act(PlaceDice(m.query.view(m.to_act).legal[0]))
    return json.loads(json.dumps(m.game_record()))


def test_both_replays_are_steered_by_one_control():
    lv, lords = ReplayMatch(las_vegas_record()), LordsReplayMatch(json.loads(json.dumps(lords_played().record())))
    for m in (lv, lords):
        assert isinstance(m, MatchFace) and isinstance(m.controls, ReplayControl) and m.controls is m
        for name in ("turn", "turns", "step", "seek", "forward", "back"):  # written once
            assert getattr(type(m), name) is getattr(ReplayControl, name)
        assert m.seats_here == frozenset() and not m.save() and m.game_record() is not None
        with pytest.raises(IllegalAction):
            m.act(PlaceDice(1) if m is lv else A.EndTurn(0))
    # a step: Las Vegas makes it when the screen is idle, Lords when its screen asks for the move
    lv.playing = False
    lv.step()
    assert lv.stepping and lv.turn == 0
    lv.update(screen_idle=True)
    assert not lv.stepping and lv.turn == 1 and any(isinstance(e, DicePlaced) for e in lv.poll())
    lv.update(screen_idle=True)
    assert lv.turn == 1  # paused after the step
    lords.playing = False
    lords.step()
    assert lords.stepping and lords.forward() and lords.turn == 1 and not lords.stepping
    # a seek rebuilds the game at once; going back lands where going forward did
    for m in (lv, lords):
        k = m.turns // 2
        m.seek(k)
        there = m.history()
        m.seek(0)
        for _ in range(k):
            m.forward()
        assert m.turn == k and m.history() == there
        m.back()
        assert m.turn == k - 1 and not m.playing
    lords.seek(lords.turns + 5)
    lv.seek(lv.turns + 5)
    assert lords.turn == lords.turns and lords.at_end  # a Lords replay may jump to the end
    assert lv.turn == lv.turns - 1  # a Las Vegas replay reaches its end by playing: its results follow


# ------------------------------------------------------------------ the lessons
def test_a_las_vegas_lesson_behaves_through_the_face():
    m = LessonMatch(lesson())
    assert isinstance(m, MatchFace) and m.seats_here == frozenset({0}) and not m.hint_offered()
    assert not m.can(PlaceDice(6)) and m.can(PlaceDice(2))
    m.act(PlaceDice(2))
    assert any(isinstance(e, DicePlaced) for e in m.poll())
    assert not m.save() and m.game_record() is None


def test_a_lords_lesson_behaves_through_the_face():
    steps = [LessonStep(A.Build, {"lot": "A5", "colour": "gold"}, "build on A5 first")]
    m = LordsLessonMatch("Ann", "Vic", steps, over="done")
    assert isinstance(m, MatchFace) and m.seats_here == frozenset({0})
    assert m.poll() and m.to_act == 0
    legal_other = next(a for a in m.query.legal_actions(0) if type(a) is A.EndTurn)
    assert m.can(legal_other)  # the engine's word: legal ...
    with pytest.raises(IllegalAction, match="build on A5 first"):
        m.act(legal_other)  # ... but not the lesson's step
    m.act(A.Build(0, LOT_INDEX["A5"], COLOURS.index("gold"), -1))
    assert m.poll() and m.query.tile[LOT_INDEX["A5"]] == COLOURS.index("gold")
    assert not m.save()


# ------------------------------------------------------------------ the Lords query face
def test_every_name_of_the_engine_is_read_or_withheld_on_purpose():
    g = LordsGame(3, 5)
    names = {n for n in dir(g) if not n.startswith("_")}
    assert READS.isdisjoint(WITHHELD)
    assert names <= READS | WITHHELD, f"sort these: {sorted(names - READS - WITHHELD)}"
    assert (READS | WITHHELD) <= names, f"gone from the engine: {sorted((READS | WITHHELD) - names)}"


def test_the_query_reads_the_public_game_and_never_the_deck_nor_changes_it():
    m = LordsLocalMatch([LordsSeat("Ann", "blue"), LordsSeat("Bo", "green")], 9)
    g, q = m.game, m.query
    assert q.money == g.money and q.casinos() == g.casinos() and q.legal_actions(q.active) == g.legal_actions(g.active)
    assert q.cards_left == len(g.deck) - g.pos
    rest = g.deck[g.pos:]
    assert q.end_card_draw == rest.index(END) + 1
    for hidden in ("deck", "shuffled", "dice", "rolls", "seed", "apply", "copy", "determinize", "to_dict"):
        with pytest.raises(AttributeError):
            getattr(q, hidden)
    with pytest.raises(AttributeError):
        q.turn = 5
    before = json.dumps(g.to_dict())
    after = m.preview(q.legal_actions(q.active)[0])
    assert isinstance(after, LordsQuery) and json.dumps(g.to_dict()) == before  # a preview changes nothing
    assert m.query is q  # one face while the game is the same
