"""Paired screening of Lords of Vegas Expert variants in the endgame only: one shared start.

    python build/screen_lords_endgame.py SEATS GAMES SEED DRAWS VARIANT [VARIANT ...]

Game ``i`` is the tournament's game ``i`` (as ``build/screen_lords_expert.py``: deal
``game_seed(SEED, i)``, the levels rotated by ``i`` seats, each seat's generator ``seat_seed``).
It is played once with the default Expert until a Step 2 with no trade pending and at most
``DRAWS`` cards before the End card; from there a copy of the game and of every seat's AI (generators
included) is played to the end once for each ``VARIANT``: ``default``, or ``NAME=VALUE[;NAME=VALUE]``
setting attributes of the Expert from then on (``end_draws=8;work=900``).  The variants meet
the same position, the same dice and the same opponents: what differs is their endgame only,
so a difference shows in fewer games than whole games need.  One JSON line per game (each
variant's share of the win and points over the best other seat), then the totals.
"""
import ast
import copy
import json
import sys

sys.path.insert(0, '.')
from lasvegas.lords.ai import make_player  # noqa: E402
from lasvegas.lords.board import TRACK  # noqa: E402
from lasvegas.lords.expert import Expert  # noqa: E402
from lasvegas.lords.game import PLAY, Game  # noqa: E402
from lasvegas.lords.queries import cards_before_end  # noqa: E402
from lasvegas.lords.side import game_seed, seat_seed  # noqa: E402


def step(g, ps):
    if g.proposals and g.phase == PLAY:
        frm, to = min(g.proposals)
        g.apply(ps[to].answer(g, to, g.proposals[(frm, to)]))
    else:
        s = g.to_act
        g.apply(ps[s].act(g, s))


def parse(v):
    if v == "default":
        return {}
    return {k: ast.literal_eval(x) for k, x in (p.split("=", 1) for p in v.split(";"))}


levels = sys.argv[1].split(",")
games, seed, draws = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
variants = sys.argv[5:]
sets = [parse(v) for v in variants]
n = len(levels)
totals = [0.0] * len(variants)
for i in range(games):
    gs = game_seed(seed, i)
    g = Game(n, gs)
    order = [levels[(k + i) % n] for k in range(n)]
    ps = [Expert(seat_seed(gs, k)) if order[k] == "expert" else make_player(order[k], seat_seed(gs, k))
          for k in range(n)]
    while not g.is_over and not (g.phase == PLAY and not g.proposals and cards_before_end(g) <= draws):
        step(g, ps)
    me = order.index("expert")
    row = {"game": i, "from_draws": cards_before_end(g)}
    for j, kv in enumerate(sets):
        h, qs = g.copy(), copy.deepcopy(ps)
        for name, v in kv.items():
            setattr(qs[me], name, v)
        while not h.is_over:
            step(h, qs)
        share = 1 / len(h.winners) if me in h.winners else 0.0
        margin = TRACK[h.chip[me]] - max(TRACK[h.chip[s]] for s in range(n) if s != me)
        totals[j] += share
        row[variants[j]] = [round(share, 4), margin]
    print(json.dumps(row), flush=True)
print(json.dumps({"games": games, "wins": dict(zip(variants, totals))}), flush=True)
