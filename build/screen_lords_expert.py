"""Paired screening of Lords of Vegas Expert variants: the same games, one variant at a time.

    python build/screen_lords_expert.py SEATS GAMES SEED WORK [NAME=VALUE ...]

``GAMES`` is a count (games 0 to GAMES - 1) or a range ``FIRST:END`` (games FIRST to END - 1, so
that two processes can share one screen out).

``SEATS`` as the tournament's (``expert,hard``); game ``i`` is the tournament's game ``i``
(deal ``runs.game_seed(SEED, i)``, the levels rotated by ``i`` seats, each seat's generator
``runs.seat_seed``), so two variants run on the same ``SEED`` meet the same deals and the same
opponents' generators: a paired comparison.  ``WORK`` play-out moves a decision; each
``NAME=VALUE`` sets an attribute of every Expert (a Python literal, e.g. ``opponents='hard'``).
Prints one JSON line per game (the Expert's share of the win, its points less the best other
seat's, and every level's share of the win) and a last line with the totals and the Expert's CPU
time per decision.
"""
import ast
import json
import sys
import time

sys.path.insert(0, '.')
from lasvegas.lords.ai import make_player  # noqa: E402
from lasvegas.lords.board import TRACK  # noqa: E402
from lasvegas.lords.expert import Expert  # noqa: E402
from lasvegas.lords.game import PLAY, Game  # noqa: E402
from lasvegas.lords.side import game_seed, seat_seed  # noqa: E402


def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else 0.0


levels = sys.argv[1].split(",")
first, _, end = sys.argv[2].rpartition(":")
first_game, games = int(first or 0), int(end)
seed, work = int(sys.argv[3]), int(sys.argv[4])
sets = {k: ast.literal_eval(v) for k, v in (a.split("=", 1) for a in sys.argv[5:])}
n = len(levels)
cpu: list[float] = []
total = 0.0
for i in range(first_game, games):
    gs = game_seed(seed, i)
    g = Game(n, gs)
    order = [levels[(k + i) % n] for k in range(n)]
    ps = []
    for k in range(n):
        if order[k] == "expert":
            p = Expert(seat_seed(gs, k), work=work)
            p.meet(order)
            for name, v in sets.items():   # after meet: seat_levels=None models every seat by ``opponents``
                setattr(p, name, v)
        else:
            p = make_player(order[k], seat_seed(gs, k))
        ps.append(p)
    while not g.is_over:
        if g.proposals and g.phase == PLAY:
            frm, to = min(g.proposals)
            s = to
            c = time.process_time()
            a = ps[to].answer(g, to, g.proposals[(frm, to)])
        else:
            s = g.to_act
            c = time.process_time()
            a = ps[s].act(g, s)
        if order[s] == "expert":
            cpu.append((time.process_time() - c) * 1000)
        g.apply(a)
    by_level = dict.fromkeys(sorted(set(order)), 0.0)  # every level's share of the win
    for s in g.winners:
        by_level[order[s]] += 1 / len(g.winners)
    share = by_level["expert"]
    s0 = order.index("expert")
    margin = TRACK[g.chip[s0]] - max(TRACK[g.chip[s]] for s in range(n) if s != s0)
    total += share
    print(json.dumps({"game": i, "share": round(share, 4), "margin": margin,
                      "levels": {k: round(v, 4) for k, v in by_level.items()}}), flush=True)
played = max(0, games - first_game)
print(json.dumps({"games": played, "wins": round(total, 3), "rate": round(total / max(1, played), 3),
                  "decisions": len(cpu), "cpu_median_ms": round(q(cpu, 0.5)), "cpu_p95_ms": round(q(cpu, 0.95))}),
      flush=True)
