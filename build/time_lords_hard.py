"""CPU time of each Lords of Vegas Hard move against Medium (``time.process_time`` around ``act``).

    python build/time_lords_hard.py PLAYERS GAMES SEED

Game ``i`` is deal ``runs.game_seed(SEED, i)`` with Hard in seat ``i % PLAYERS``; prints the
number of Hard moves, their median, p95 and max, and the same for the moves of its last turn
(the End card next), where it searches action pairs.
"""
import sys, time
sys.path.insert(0, '.')
from lasvegas.lords.ai import make_player
from lasvegas.lords.game import Game
from lasvegas.lords.queries import cards_before_end
from lasvegas.lords.side import game_seed, seat_seed
n = int(sys.argv[1]); games = int(sys.argv[2]); seed = int(sys.argv[3])
ts, last = [], []
for i in range(games):
    gs = game_seed(seed, i)
    g = Game(n, gs)
    levels = ["medium"] * n; levels[i % n] = "hard"
    ps = [make_player(levels[k], seat_seed(gs, k)) for k in range(n)]
    while not g.is_over:
        if g.proposals and g.phase == "play":
            frm, to = min(g.proposals); g.apply(ps[to].answer(g, to, g.proposals[(frm, to)])); continue
        s = g.to_act
        t = time.process_time(); a = ps[s].act(g, s); dt = (time.process_time() - t) * 1000
        if levels[s] == "hard":
            ts.append(dt)
            if g.phase == "play" and cards_before_end(g) == 0: last.append(dt)
        g.apply(a)
q = lambda xs, p: sorted(xs)[min(len(xs) - 1, int(p * len(xs)))] if xs else 0
print(f"moves {len(ts)} median {q(ts,.5):.1f} p95 {q(ts,.95):.1f} max {max(ts):.1f} ms; last-turn moves {len(last)} median {q(last,.5):.1f} max {max(last) if last else 0:.1f}")
