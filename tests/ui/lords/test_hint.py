"""The hint at the Lords of Vegas table (H): the Expert AI's choice for the seat at the screen, in
games against AI seats only, read from what that seat may see; a game with a hint is practice."""

import json

import pygame
import pytest

from lasvegas.lords import actions as A
from lasvegas.lords.board import END
from lasvegas.match.lords.local import (
    LordsHint,
    LordsLocalMatch,
    LordsSeat,
    read_save,
    think_hint,
)
from lasvegas.profiles.lords.stats import games_of_lords_record

DT = 1 / 60


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    """The Expert thinks the hints with a small budget here (the table's is larger)."""
    from lasvegas.lords import hint
    from lasvegas.lords.expert import Expert

    monkeypatch.setattr(hint, "HINT_WORK", 40)
    monkeypatch.setattr(Expert, "min_worlds", 1)


def seats(*kinds):
    names = ("Ann", "Bob", "Cy", "Di")
    colours = ("purple", "orange", "blue", "black")
    return [LordsSeat(names[i], colours[i], "human" if k == "human" else "ai", "" if k == "human" else k,
                      "ann" if k == "human" and i == 0 else "")
            for i, k in enumerate(kinds)]


def to_human(m):
    """AI seats play until the human has a decision."""
    for _i in range(500):
        if m.ai_due() is None:
            return
        m.ai_step()


def at_the_table(app, m):
    """The table of ``m``, the AI seats played until the human has a decision, the events told."""
    to_human(m)
    t = app.go("lords-table", match=m)
    t.skip()
    app.step(DT)
    return t


def key(app, k):
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def twin_of(g):
    """``g`` with the deck still to come in another order (the End card where it was) and other dice."""
    twin = g.copy()
    rest = [c for c in twin.deck[twin.pos:] if c != END]
    at = twin.deck[twin.pos:].index(END)
    rest.reverse()
    rest.insert(at, END)
    twin.deck[twin.pos:] = rest
    for _i in range(5):
        twin.dice.roll()  # the dice's own state moved on: the next rolls differ
    return twin


def test_the_ai_asked_for_a_hint_sees_no_deck_order_and_no_dice_to_come(monkeypatch):
    """What the Expert AI is handed to think on: the same deck to come and the same dice whatever the
    real game's hidden order and dice are (a world the seat may see), never the game's own."""
    from lasvegas.lords.expert import Expert

    seen = []
    act = Expert.act

    def spy(self, game, seat, budget=None, cancel=None):
        seen.append((list(game.deck[game.pos:]), [game.copy().dice.roll() for _i in range(20)]))
        return act(self, game, seat, budget, cancel)

    monkeypatch.setattr(Expert, "act", spy)
    m = LordsLocalMatch(seats("human", "hard", "medium"), 11)
    to_human(m)
    g = m.game
    twin = twin_of(g)
    real = [g.copy().dice.roll() for _i in range(20)]
    think_hint(g, 0, 7)
    think_hint(twin, 0, 7)
    (deck_a, dice_a), (deck_b, dice_b) = seen
    assert deck_a == deck_b and dice_a == dice_b  # nothing of the hidden order or the dice shows through
    assert deck_a != g.deck[g.pos:] or deck_b != twin.deck[twin.pos:]
    assert dice_a != real


def test_the_hint_reads_no_deck_order_and_no_dice_to_come():
    """Two games alike in all a seat may see but the order of the deck still to come and the dice
    to roll give the same hint; thinking it changes neither game."""
    m = LordsLocalMatch(seats("human", "hard", "medium"), 11)
    to_human(m)
    g = m.game
    twin = twin_of(g)
    assert twin.deck != g.deck
    before = json.dumps(g.to_dict(), sort_keys=True)
    seen = []
    for seed in (1, 2, 3):
        a, b = think_hint(g, 0, seed), think_hint(twin, 0, seed)
        assert isinstance(a, LordsHint) and a == b
        seen.append(a)
    assert json.dumps(g.to_dict(), sort_keys=True) == before  # the real game untouched
    assert m.why_not(seen[0].action) is None  # a legal choice of the game as it is


def test_the_hint_is_the_experts_choice():
    """The hint is what the Expert plays in the world the hint thinks on (its seed's)."""
    import random

    from lasvegas.lords import hint
    from lasvegas.lords.expert import Expert

    m = LordsLocalMatch(seats("human", "hard", "medium"), 11)
    to_human(m)
    g = m.game
    h = think_hint(g, 0, 5)
    rng = random.Random(5)
    world = g.determinize(rng)
    expert = Expert(rng.getrandbits(62), work=hint.HINT_WORK)
    expert.trades = False
    assert h is not None and h.action == expert.act(world, 0) and expert.last_search


def test_a_cancelled_hint_answers_at_once():
    import threading

    m = LordsLocalMatch(seats("human", "hard", "medium"), 11)
    to_human(m)
    stop = threading.Event()
    stop.set()
    h = think_hint(m.game, 0, 5, stop)
    assert h is not None and m.why_not(h.action) is None


def test_a_hint_leaves_the_game_its_seed_gives():
    """One seed, one game: the same moves with and without hints asked on the way."""
    a = LordsLocalMatch(seats("human", "medium"), 5)
    b = LordsLocalMatch(seats("human", "medium"), 5)
    for _i in range(20):
        for m in (a, b):
            to_human(m)
        if a.game.is_over:
            break
        h = a.hint_step(0)
        assert h is not None and h.seat == 0
        a.act(h.action)
        b.act(h.action)
    assert a.recorder.moves == b.recorder.moves and a.game.to_dict() == b.game.to_dict()
    assert a.practice and not b.practice


def test_hints_only_against_ai_seats_and_only_for_your_own_decision():
    hot = LordsLocalMatch(seats("human", "human", "medium"), 3)
    to_human(hot)
    assert not hot.hint_offered() and not hot.can_hint(hot.human_due()) and hot.hint_step(hot.human_due()) is None
    m = LordsLocalMatch(seats("human", "medium"), 3)
    to_human(m)
    assert m.hint_offered() and m.can_hint(0)
    assert not m.can_hint(1)  # an AI seat: never
    while m.human_due() == 0:
        m.act(A.EndTurn(0))
    assert m.ai_due() == 1 and not m.can_hint(0)  # the AI's turn: nothing for the human to decide


def test_a_game_with_a_hint_is_practice_in_its_save_record_and_statistics(home):
    m = LordsLocalMatch(seats("human", "medium"), 8, autosave=True)
    to_human(m)
    assert m.hint_start(0) and m._hinting[2].wait(30)
    assert m.hint_ready() and isinstance(m.hint_result(), LordsHint)
    resumed = read_save()
    assert resumed is not None and resumed.practice  # saved as practice at once
    for _i in range(3000):
        if m.game.is_over:
            break
        to_human(m)
        if not m.game.is_over:
            acts = m.game.legal_actions(m.human_due())
            m.act(next((a for a in acts if type(a) in (A.EndTurn, A.Reject)), acts[0]))
    assert m.game.is_over
    rec = m.record()
    assert rec["practice"] is True
    assert games_of_lords_record(rec, home / "r.json") == []  # no statistic, no achievement
    from lasvegas.ui.lords.records import describe_lords
    from lasvegas.ui.files.records_list import RecordEntry

    path = home / "20261128-180000-8.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    entry = describe_lords(path, RecordEntry)
    assert entry.practice and entry.result.endswith("(practice)")  # the records list says so
    rec.pop("practice")
    assert [g.profile for g in games_of_lords_record(rec, home / "r.json")] == ["ann"]


def test_h_at_the_table_shows_the_hint_lit_on_the_board_and_in_words(app, read_texts):
    app.settings.lords_hint = True
    m = LordsLocalMatch(seats("human", "hard"), 5)
    t = at_the_table(app, m)
    from lasvegas.ui.lords import pad

    assert "hint" in pad.items(t)  # a controller's ring stands on it too
    key(app, pygame.K_h)
    assert t.hint.waiting and m.practice
    for _i in range(600):
        app.step(DT)
        if t.hint.shown is not None:
            break
    h = t.hint.shown
    assert h is not None and m.why_not(h.action) is None
    assert t.hint.line().startswith("Hint: ") and t.hint.line() in read_texts
    if type(h.action) is A.EndTurn:
        assert t.hint.rects() == [t.buttons()["end"]]
    else:
        assert t.hint.lots()
        t.select(t.hint.lots()[0])
        lit = t.hint.rects()
        assert lit and all(r in t.rows() for r in lit)  # its row of choices lit
    app.step(DT)
    t.act(h.action)  # the game moves on: the hint is gone
    app.step(DT)
    assert t.hint.shown is None


def test_without_the_setting_or_against_humans_h_says_why(app):
    from lasvegas.ui.kit import i18n

    i18n.set_language("fr")
    m = LordsLocalMatch(seats("human", "medium"), 5)
    t = at_the_table(app, m)
    key(app, pygame.K_h)
    assert not t.hint.waiting and not m.practice
    assert "Réglages" in t.message and "entraînement" in t.message
    assert "hint" not in t.buttons()  # no hint button while they are off
    hot = LordsLocalMatch(seats("human", "human"), 5)
    t2 = app.go("lords-table", match=hot)
    t2.hint.ask()
    assert "IA" in t2.message and not hot.practice
