"""CPU and wall-clock time of each Lords of Vegas Expert decision against Medium.

    python build/time_lords_expert.py PLAYERS GAMES SEED [WORK]

Game ``i`` is deal ``runs.game_seed(SEED, i)`` with the Expert (``WORK`` play-out moves, its
default when not given) in seat ``i % PLAYERS`` and Medium in the others; every decision of the
Expert is timed (its Step 2 actions, its answers to offers, its lay-offs, placements and forced
moves), by ``time.process_time`` and ``time.perf_counter``.  Prints the number of decisions and
their median, p95 and max, both ways, in ms (``uptime`` beside it says the machine's load).
"""
import sys
import time

sys.path.insert(0, '.')
from lasvegas.lords.ai import make_player  # noqa: E402
from lasvegas.lords.expert import Expert  # noqa: E402
from lasvegas.lords.game import Game  # noqa: E402
from lasvegas.lords.side import game_seed, seat_seed  # noqa: E402


def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


n, games, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
work = int(sys.argv[4]) if len(sys.argv) > 4 else None
cpu, wall = [], []
for i in range(games):
    gs = game_seed(seed, i)
    g = Game(n, gs)
    me = i % n
    ps = [Expert(seat_seed(gs, k), work=work) if k == me else make_player("medium", seat_seed(gs, k))
          for k in range(n)]
    while not g.is_over:
        if g.proposals and g.phase == "play":
            frm, to = min(g.proposals)
            s, step = to, (lambda: ps[to].answer(g, to, g.proposals[(frm, to)]))
        else:
            s = g.to_act
            step = (lambda: ps[s].act(g, s))
        c, t = time.process_time(), time.perf_counter()
        a = step()
        if s == me:
            cpu.append((time.process_time() - c) * 1000)
            wall.append((time.perf_counter() - t) * 1000)
        g.apply(a)
print(f"{n} seats, {games} games, seed {seed}: {len(cpu)} Expert decisions")
print(f"  CPU ms:  median {q(cpu, 0.5):.0f}, p95 {q(cpu, 0.95):.0f}, max {max(cpu):.0f}")
print(f"  wall ms: median {q(wall, 0.5):.0f}, p95 {q(wall, 0.95):.0f}, max {max(wall):.0f}")
