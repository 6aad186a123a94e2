"""The Lords of Vegas coach's figures in docs/lords-ai.md (``lasvegas.lords.coach``).

    python build/measure_lords_coach.py sigma GAMES SEED
    python build/measure_lords_coach.py stability DIR

``sigma``: plays GAMES games of one Hard against Medium seats (2, 3 and 4 seats in turn,
deal ``runs.game_seed(SEED, i)``), takes Hard's value of every seat at the end of every turn,
and prints the log-likelihood of the real winner for each ``SIGMA`` and power of ``1 + d``
tried, the best last.  ``stability``: reviews one seat of each record of DIR (the seats in
turn) with the coach's seeds 1 and 2, and prints per review the wall clock and CPU time, per
game the unforced decisions whose labels are alike, and the totals.
"""
import json
import math
import os
import sys
import time

sys.path.insert(0, ".")
from lasvegas.lords.coach import review  # noqa: E402
from lasvegas.lords import actions as A  # noqa: E402
from lasvegas.lords.ai import make_player  # noqa: E402
from lasvegas.lords.game import Game  # noqa: E402
from lasvegas.lords.hard import hard_values  # noqa: E402
from lasvegas.lords.queries import cards_before_end  # noqa: E402
from lasvegas.lords.side import game_seed, seat_seed  # noqa: E402


def phi(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def sigma(games, seed):
    data = []
    for i in range(games):
        n = (4, 3, 2)[i % 3]
        gs = game_seed(seed, i)
        g = Game(n, gs)
        levels = ["hard", "medium", "medium", "medium"][:n]
        levels = levels[i % n:] + levels[:i % n]
        players = [make_player(levels[k], seat_seed(gs, k)) for k in range(n)]
        snaps = []
        for _ in range(100_000):
            if g.is_over:
                break
            if g.proposals and g.phase == "play":
                frm, to = min(g.proposals)
                g.apply(players[to].answer(g, to, g.proposals[(frm, to)]))
                continue
            s = g.to_act
            a = players[s].act(g, s)
            if type(a) is A.EndTurn:
                snaps.append((hard_values(g), cards_before_end(g), g.n))
            g.apply(a)
        data.append((snaps, list(g.winners)))

    def ll(sig, power):
        total = k = 0
        for snaps, winners in data:
            for v, d, n in snaps:
                scale = sig * (1 + d) ** power
                raw = [math.prod(phi((v[a] - v[b]) / scale) for b in range(n) if b != a) for a in range(n)]
                t = sum(raw)
                total += sum(math.log(max(1e-9, raw[w] / t)) for w in winners) / len(winners)
                k += 1
        return total / k, k

    best = None
    for power in (0.0, 0.25, 0.5, 0.75, 1.0):
        for sig in (10, 15, 20, 25, 30, 40, 50, 70, 100):
            r, k = ll(sig, power)
            print(f"sigma {sig:>4} power {power:.2f}: {r:.4f} over {k} positions")
            if best is None or r > best[0]:
                best = (r, sig, power)
    print("best", best)


def stability(folder):
    files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))
    same = total = decisions = 0
    times = []
    for i, f in enumerate(files):
        rec = json.load(open(f))
        colour = rec["seats"][i % len(rec["seats"])]
        runs = []
        for seed in (1, 2):
            t, c = time.perf_counter(), time.process_time()
            runs.append(review(rec, [colour], seed=seed).decisions)
            times.append((time.perf_counter() - t, time.process_time() - c))
        pairs = [(x, y) for x, y in zip(*runs) if not x["forced"]]
        alike = sum(x["label"] == y["label"] for x, y in pairs)
        decisions += len(runs[0])
        print(os.path.basename(f), colour, len(runs[0]), "decisions,", len(pairs), "unforced,", alike, "alike;",
              "wall/CPU s", [tuple(round(v, 1) for v in t) for t in times[-2:]], "load", os.getloadavg(), flush=True)
        same += alike
        total += len(pairs)
    print(f"alike {same} of {total} unforced ({same / max(1, total):.1%}), {decisions} decisions; "
          f"wall clock max {max(t[0] for t in times):.1f} s mean {sum(t[0] for t in times) / len(times):.1f} s; "
          f"CPU max {max(t[1] for t in times):.1f} s")


if __name__ == "__main__":
    if sys.argv[1] == "sigma":
        sigma(int(sys.argv[2]), int(sys.argv[3]))
    else:
        stability(sys.argv[2])
