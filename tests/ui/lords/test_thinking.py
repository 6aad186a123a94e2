"""The Lords of Vegas AI thinks on a worker thread: the table keeps drawing frames while it
thinks, its action is played on the screen's thread, and one seed still gives one game."""

import threading

from lasvegas.lords import actions as A
from lasvegas.match.lords.local import LordsLocalMatch, LordsSeat
from lasvegas.ui.lords.table import LordsTableScene

DT = 1 / 60


def seats(*kinds):
    names = ("Ann", "Bob", "Cy", "Di")
    colours = ("purple", "orange", "blue", "black")
    return [LordsSeat(names[i], colours[i], "human" if k == "human" else "ai", "" if k == "human" else k)
            for i, k in enumerate(kinds)]


class Gated:
    """An AI that does not answer until it is let go (a long search, as slow as the test wants)."""

    def __init__(self, player) -> None:
        self.player = player
        self.rng = player.rng
        self.go = threading.Event()
        self.asked = threading.Event()
        self.threads: set[str] = set()

    def _wait(self) -> None:
        self.threads.add(threading.current_thread().name)
        self.asked.set()
        assert self.go.wait(30), "the test never let the AI answer"

    def act(self, game, seat):
        self._wait()
        return self.player.act(game, seat)

    def answer(self, game, seat, p):
        self._wait()
        return self.player.answer(game, seat, p)


def test_the_worker_plays_the_same_game_as_thinking_in_place():
    """Asked through ai_start / ai_ready / ai_finish (a worker thread), every AI seat plays what
    ai_step plays: same seed, same moves, same end."""
    a = LordsLocalMatch(seats("medium", "easy", "random"), 21)
    b = LordsLocalMatch(seats("medium", "easy", "random"), 21)
    for _i in range(5000):
        if a.game.is_over:
            break
        a.ai_step()
    for _i in range(5000):
        if b.game.is_over:
            break
        assert b.ai_start()
        assert b._thinking[2].wait(30)
        assert b.ai_ready()
        b.ai_finish()
    assert a.game.is_over and b.game.is_over
    assert b.recorder.moves == a.recorder.moves
    assert b.game.to_dict() == a.game.to_dict()


def test_frames_keep_coming_while_a_slow_ai_thinks(app, home):
    m = LordsLocalMatch(seats("human", "medium"), 7)
    twin = LordsLocalMatch(seats("human", "medium"), 7)
    g = m.game
    # the human ends the first turn; then the AI's turn comes
    for match in (m, twin):
        while match.ai_due() is None and match.game.active == 0 and match.game.phase == "play":
            match.act(A.EndTurn(0))
    assert m.ai_due() == 1
    slow = Gated(m.ai[1])
    m.ai[1] = slow
    table = app.go("lords-table", match=m)
    assert isinstance(table, LordsTableScene)
    moves = len(m.recorder.moves)
    frames, t0 = app.frames, table.t
    for _i in range(240):  # four seconds of frames; the AI has not answered in any of them
        app.step(DT)
        if slow.asked.is_set() and app.frames - frames >= 120:
            break
    assert slow.asked.is_set(), "the AI was never asked"
    assert app.frames - frames >= 120 and table.t > t0 + 1.9
    assert len(m.recorder.moves) == moves and m.ai_due() == 1 and not m.ai_ready()
    assert "MainThread" not in slow.threads  # it thought on a worker
    slow.go.set()
    for _i in range(3000):
        if len(m.recorder.moves) > moves:
            break
        app.step(DT)
    assert len(m.recorder.moves) > moves, "the AI's action was never played"
    twin.ai_step()  # the same seat thinking in place: the same action
    assert m.recorder.moves[moves] == twin.recorder.moves[moves]
    assert g is m.game


def test_an_action_found_for_a_game_that_moved_on_is_dropped():
    m = LordsLocalMatch(seats("medium", "medium"), 3)
    while m.ai_due() is None:
        m.act(A.EndTurn(m.game.active))
    s = m.ai_due()
    state = m.ai[s].rng.getstate()
    assert m.ai_start()
    assert m._thinking[2].wait(30)
    m.recorder.moves.append({"action": "pretend another move was made"})  # the game moved on
    assert m.ai_finish() == []
    assert m.ai[s].rng.getstate() == state  # thought again from the same random state
    m.recorder.moves.pop()
    assert m.ai_start() and m._thinking[2].wait(30) and m.ai_finish()


def test_an_expert_seat_thinks_within_the_tables_time_cap_and_a_cancel_stops_it_at_once():
    """The Expert at the table: a time cap besides its work (a weaker answer under load), and the
    worker's cancel reaches its search (it answers with its best so far; the game does not move)."""
    from lasvegas.lords.expert import TABLE_SECONDS, Expert

    m = LordsLocalMatch(seats("human", "expert"), 4)
    ai = m.ai[1]
    assert isinstance(ai, Expert) and ai.budget == TABLE_SECONDS
    for _i in range(200):   # the human ends its turns until the Expert has a Step 2 of its own
        if m.ai_due() == 1 and m.game.phase == "play" and m.game.active == 1:
            break
        if m.ai_due() is not None:
            m.ai_step()
        else:
            m.act(A.EndTurn(0))
    assert m.ai_due() == 1
    ai.work, ai.budget = 10**9, None   # only the cancel can end this search
    moves = len(m.recorder.moves)
    assert m.ai_start()
    task = m._thinking[2]
    m.ai_cancel()   # waits for the worker (5 s at most)
    assert task.done and task.error is None
    assert len(m.recorder.moves) == moves and m.ai_due() == 1
