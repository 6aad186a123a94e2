"""The Lords of Vegas coach (``lasvegas.lords.coach``) and ``lasvegas analyze`` on a
``lords-record/1`` record."""

from __future__ import annotations

import json
import random
import re

import pytest

from lasvegas.lords import coach as LC
from lasvegas.ai.coach import LABEL_NAMES
from lasvegas.cli import main
from lasvegas.lords import actions as A
from lasvegas.lords.game import PLAY
from lasvegas.lords.queries import cards_before_end
from lasvegas.lords.record import replay
from lasvegas.lords.runs import simulate

EXACT = (A.Build, A.Sprawl, A.Remodel, A.EndTurn)


def records(n: int, levels: list[str], games: int, seed: int) -> list[dict]:
    out: list[dict] = []
    simulate(n, levels, games, seed, lambda i, r: out.append(json.loads(json.dumps(r))))
    return out


@pytest.fixture(scope="module")
def heads_up():
    """A 2-seat game of Hard against Easy."""
    return records(2, ["hard", "easy"], 1, 4)[0]


@pytest.fixture(scope="module")
def reviewed(heads_up):
    return LC.review(heads_up, list(heads_up["seats"]), seed=3, rater=LC.Rater(worlds=8))


def test_every_decision_of_the_seats_is_rated_and_labelled(heads_up, reviewed):
    seats = heads_up["seats"]
    mine = [i for i, m in enumerate(heads_up["moves"]) if "seat" in m["action"]]
    assert [d["move"] for d in reviewed.decisions] == mine
    kinds = {d["kind"] for d in reviewed.decisions}
    assert {"action", "end of turn"} <= kinds
    for d in reviewed.decisions:
        assert d["seat"] == seats[d["action"]["seat"]]
        assert d["action"] == heads_up["moves"][d["move"]]["action"]
        assert 0.0 <= d["chance"] <= d["best_chance"] + 1e-9 <= 1.0 + 1e-9
        if d["forced"]:
            assert d["label"] is None and d["alternatives"] == 0
            continue
        assert d["label"] in LABEL_NAMES and d["alternatives"] >= 1
        assert d["loss"] == pytest.approx(100 * (d["best_chance"] - d["chance"]), abs=0.02)
        if d["advice"] is None:
            assert d["loss"] == 0 and d["best"] is None
        else:  # the best alternative in words, with both chances
            m = re.fullmatch(r"(.+) gave (\d+)% instead of (\d+)%", d["advice"])
            assert m and m.group(1) == d["best"] != d["chosen"]
            assert abs(int(m.group(2)) - 100 * d["best_chance"]) <= 0.51
            assert abs(int(m.group(3)) - 100 * d["chance"]) <= 0.51
    s = reviewed.summary
    assert sum(s[c]["decisions"] for c in seats) == len(mine)
    assert all(sum(s[c]["labels"].values()) == s[c]["unforced"] for c in seats)


def test_the_experts_choice_is_rated_in_every_step_2_decision(heads_up, reviewed):
    """The Expert (lords.expert) chooses too in every Step 2 decision of the seat's own: its choice
    is among those rated, so the better choice told is never worse than the Expert's."""
    step2 = [d for d in reviewed.decisions if d["kind"] in ("action", "end of turn") and not d["forced"]]
    assert step2 and all(d["expert"] is not None for d in step2)
    for d in step2:
        assert d["expert_chance"] <= d["best_chance"] + 1e-9
        if d["expert"] == d["chosen"]:
            assert d["expert_chance"] == d["chance"]
    assert all(d["expert"] is None for d in reviewed.decisions if d["kind"] in ("lay-off answer", "trade answered"))


def test_the_hard_seat_plays_more_accurately_than_the_easy_one(heads_up, reviewed):
    hard, easy = heads_up["seats"]
    assert reviewed.summary[hard]["accuracy"] > reviewed.summary[easy]["accuracy"]
    assert reviewed.summary[easy]["labels"]["blunder"] + reviewed.summary[easy]["labels"]["mistake"] > 0


def test_one_seed_gives_one_review(heads_up, reviewed):
    again = LC.review(heads_up, list(heads_up["seats"]), seed=3, rater=LC.Rater(worlds=8))
    assert again.decisions == reviewed.decisions


def test_the_hidden_deck_and_dice_are_never_read(heads_up):
    """A position whose unseen deck order and future dice differ is rated alike."""
    seat = 0
    found = []
    replay(heads_up, before=lambda g, a: found.append((g.copy(), a)) if getattr(a, "seat", None) == seat
           and g.phase == PLAY and g.active == seat and type(a) is not A.EndTurn else None)
    game, action = found[len(found) // 2]
    other = game.copy()
    rest = other.deck[other.pos:]
    end = rest.index(48) if 48 in rest else len(rest)
    cards = rest[:end]
    random.Random(5).shuffle(cards)
    other.deck[other.pos:other.pos + end] = cards
    from lasvegas.lords.dice import RandomDice
    other.dice = RandomDice(random.Random(99))
    assert other.deck != game.deck or end < 2
    a = LC.Rater(worlds=4).rate(game, seat, action, random.Random(7))
    b = LC.Rater(worlds=4).rate(other, seat, action, random.Random(7))
    assert a == b


def test_the_last_turn_is_rated_by_the_game_s_exact_end():
    """With the End card next, an action without dice in it (and ending the turn) gives the
    seat's exact share of the win: the engine's result after it and the End card."""
    checked = 0
    for rec in records(2, ["medium", "medium"], 4, 8):
        positions = []
        replay(rec, before=lambda g, a: positions.append((g.copy(), a))
               if g.phase == PLAY and getattr(a, "seat", None) == g.active and cards_before_end(g) == 0
               and type(a) in EXACT else None)
        for game, action in positions[:2]:
            seat = action.seat
            for alt, chance in LC.Rater(worlds=2).rate(game, seat, action, random.Random(1)):
                if type(alt) not in EXACT:
                    continue
                outcomes = set()
                for k in range(2):  # the engine, on the real deck: two dice streams (tie re-rolls)
                    g = game.determinize(random.Random(k))
                    g.apply(alt)
                    if not g.is_over and g.active == seat:
                        g.apply(A.EndTurn(seat))
                    while not g.is_over and g.to_act is not None and g.phase != PLAY:
                        g.apply(g.legal_actions(g.to_act)[0])
                    if g.is_over:
                        outcomes.add(1 / len(g.winners) if seat in g.winners else 0.0)
                if len(outcomes) == 1:
                    assert chance == pytest.approx(outcomes.pop()), (alt, chance)
                    checked += 1
    assert checked >= 4


def test_win_chances_share_one():
    rec = records(3, ["medium", "easy", "hard"], 1, 2)[0]
    seen = []
    replay(rec, watch=lambda g, a, ev: seen.append(g.copy()) if len(seen) < 400 else None)
    for g in seen[::40]:
        chances = [LC.win_chance(g, s) for s in range(g.n)]
        assert sum(chances) == pytest.approx(1.0) and all(0 <= c <= 1 for c in chances)
    final = replay(rec)
    assert [LC.win_chance(final, s) for s in range(3)] == [
        1 / len(final.winners) if s in final.winners else 0.0 for s in range(3)]


# ------------------------------------------------------------ the command
def test_analyze_a_lords_record(heads_up, tmp_path, capsys):
    path = tmp_path / "lords.json"
    path.write_text(json.dumps(heads_up))
    hard = heads_up["seats"][0]
    assert main(["analyze", str(path), "--seat", hard, "--json", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["format"] == "lords-review/1" and set(out["seats"]) == {hard}
    assert {"decisions", "unforced", "labels", "accuracy", "costliest", "chances", "won"} <= set(out["seats"][hard])
    assert all(d["seat"] == hard for d in out["decisions"])
    assert main(["analyze", str(path), "--seat", hard, "--seed", "3"]) == 0
    text = capsys.readouterr().out
    assert f"{hard}: {len(out['decisions'])} decisions" in text and "accuracy" in text


def test_analyze_refuses_a_seat_that_did_not_play_and_a_tampered_record(heads_up, tmp_path, capsys):
    path = tmp_path / "lords.json"
    path.write_text(json.dumps(heads_up))
    missing = next(c for c in ("blue", "green", "red", "yellow") if c not in heads_up["seats"])
    assert main(["analyze", str(path), "--seat", missing]) == 2
    assert "did not play" in capsys.readouterr().err
    bad = json.loads(json.dumps(heads_up))
    i = next(i for i, m in enumerate(bad["moves"]) if m["rolls"])
    bad["moves"][i]["rolls"][0] = bad["moves"][i]["rolls"][0] % 6 + 1
    path.write_text(json.dumps(bad))
    assert main(["analyze", str(path)]) == 1
    err = capsys.readouterr().err
    assert "cannot be analysed" in err and "Traceback" not in err


def test_trades_and_lay_offs_are_rated_against_their_other_answer(heads_up):
    """A trade proposed is rated against not proposing it; an answer to an offer or to a
    gamble (the lay-off) against the other answer."""
    rec = records(4, ["hard", "medium", "medium", "medium"], 1, 11)[0]
    found = {}
    for r in (rec, heads_up):  # Hard proposes trades to Medium; Easy gambles against Hard
        replay(r, before=lambda g, a: found.setdefault(type(a), (g.copy(), a)))
    assert A.Propose in found and A.LayOff in found
    rater = LC.Rater(worlds=2)
    game, proposal = found[A.Propose]
    alts = rater.alternatives(game, proposal.seat, proposal)
    assert alts[0] == proposal and None in alts
    rated = rater.rate(game, proposal.seat, proposal, random.Random(1))
    assert rated[0][0] == proposal and any(a is None for a, _ in rated)
    game, answer = found[A.LayOff]
    assert rater.alternatives(game, answer.seat, answer) == [answer, A.LayOff(answer.seat, not answer.lay_off)]
    assert len(rater.rate(game, answer.seat, answer, random.Random(1))) == 2
    kinds = {d["kind"] for d in LC.review(rec, [rec["seats"][proposal.seat]], seed=1, rater=rater).decisions}
    assert "trade proposed" in kinds
