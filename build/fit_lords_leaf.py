"""A fitted leaf for the Lords of Vegas Expert, against the coach's win chance (docs/journal/ai.md).

    python build/fit_lords_leaf.py play GAMES SEED OUT
    python build/fit_lords_leaf.py fit FILE [FILE ...]

``play`` plays GAMES games of Hard and Medium seats (the tables hard/hard, hard/medium,
hard/medium ×3, hard ×2/medium ×2 and hard/medium ×2 in turn; deal ``side.game_seed(SEED, i)``,
each seat's generator ``side.seat_seed``) and writes one JSON line per game: at the start of
every turn (its card drawn and paid, the seat's Step 2 about to begin) every seat's Hard value,
points on the track and money, the cards before the End card and the seat to act; and the
game's winners.

``fit`` splits the games in two halves by a hash of their place in the files, fits on one half
a conditional logit (each seat's chance ``exp(u_s) / sum exp(u)``, ``u_s`` linear in its Hard
value, points and money, each also times ``late`` and ``late ** 2`` where ``late`` runs from 0
at the start to 1 at the End card, and in being the seat to act; Newton's method, a small L2
penalty), and prints the log-loss of the real winner (ties shared) on the other half: the
fitted model's, and the coach's ``Phi(margin / (a * sqrt(1 + d)))`` for several ``a`` (the
coach's ``SIGMA`` is 25), by seat count and by cards before the End card.
"""
import json
import math
import sys
import zlib

sys.path.insert(0, ".")
from lasvegas.lords.ai import make_player, play_game  # noqa: E402
from lasvegas.lords.board import TRACK  # noqa: E402
from lasvegas.lords.chance import chances_at  # noqa: E402
from lasvegas.lords.game import PLAY, Game  # noqa: E402
from lasvegas.lords.hard import hard_values  # noqa: E402
from lasvegas.lords.queries import cards_before_end  # noqa: E402
from lasvegas.lords.side import game_seed, seat_seed  # noqa: E402

TABLES = [["hard", "hard"], ["hard", "medium"], ["hard", "medium", "medium", "medium"],
          ["hard", "hard", "medium", "medium"], ["hard", "medium", "medium"]]


class Watch:
    """Applies the game's moves (``ai.play_game``'s recorder), noting every turn's start first."""

    def __init__(self, game):
        self.game, self.pos, self.last = game, [], -1

    def apply(self, action):
        g = self.game
        if g.phase == PLAY and g.turn != self.last and not g.proposals:
            self.last = g.turn
            v = hard_values(g)
            self.pos.append({"d": cards_before_end(g), "a": g.active,
                             "x": [[round(v[s], 3), TRACK[g.chip[s]], g.money[s]] for s in range(g.n)]})
        g.apply(action)


def play(games, seed, out):
    with open(out, "a") as f:
        for i in range(games):
            gs = game_seed(seed, i)
            lv = TABLES[i % len(TABLES)]
            g = Game(len(lv), gs)
            watch = Watch(g)
            play_game(g, [make_player(lv[k], seat_seed(gs, k)) for k in range(len(lv))], watch)
            f.write(json.dumps({"n": g.n, "lv": lv, "w": sorted(g.winners), "pos": watch.pos}) + "\n")
            f.flush()


def features(n, d, active, x):
    late = 1.0 - min(d, 40) / 40.0
    out = []
    for s in range(n):
        v, vp, money = x[s]
        f = []
        for b in (v / 100, vp / 10, money / 100):
            f += [b, b * late, b * late * late]
        act = 1.0 if s == active else 0.0
        out.append(f + [act, act * late])
    return out


def probs(feats, w):
    u = [sum(wi * fi for wi, fi in zip(w, f)) for f in feats]
    top = max(u)
    e = [math.exp(x - top) for x in u]
    z = sum(e)
    return [x / z for x in e]


def logloss(rows, chance):
    total = 0.0
    for r in rows:
        p = chance(r)
        total -= sum(t * math.log(max(q, 1e-12)) for t, q in zip(r["t"], p))
    return total / max(1, len(rows))


def solve(a, b):
    k = len(b)
    m = [a[i][:] + [b[i]] for i in range(k)]
    for c in range(k):
        piv = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(k):
            if r != c:
                f = m[r][c] / m[c][c]
                for j in range(c, k + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][k] / m[i][i] for i in range(k)]


def fit(files):
    rows = []
    for name in files:
        for gi, line in enumerate(open(name)):
            r = json.loads(line)
            n, w = r["n"], r["w"]
            t = [1 / len(w) if s in w else 0.0 for s in range(n)]
            half = zlib.crc32(f"{name}:{gi}".encode()) % 2
            for p in r["pos"]:
                rows.append({"n": n, "d": p["d"], "v": [x[0] for x in p["x"]], "t": t, "half": half,
                             "f": features(n, p["d"], p["a"], p["x"])})
    train = [r for r in rows if r["half"] == 0]
    test = [r for r in rows if r["half"] == 1]
    if not train or not test:
        sys.exit("too few games to fit on one half and score on the other")
    k = len(train[0]["f"][0])
    w = [0.0] * k
    for _ in range(12):
        g = [0.0] * k
        h = [[0.0] * k for _ in range(k)]
        for r in train:
            fs, p = r["f"], probs(r["f"], w)
            mean = [sum(p[s] * fs[s][j] for s in range(len(fs))) for j in range(k)]
            for s in range(len(fs)):
                dv = [fs[s][j] - mean[j] for j in range(k)]
                for j in range(k):
                    g[j] += (r["t"][s] - p[s]) * fs[s][j]
                    for i in range(k):
                        h[j][i] += p[s] * dv[j] * dv[i]
        for j in range(k):
            g[j] -= 1e-3 * w[j]
            h[j][j] += 1e-3
        w = [a + b for a, b in zip(w, solve(h, g))]

    def fitted(r):
        return probs(r["f"], w)

    def coach(a):
        return lambda r: chances_at(r["v"], r["d"], a)

    print(f"{len(rows)} positions, {len(train)} to fit, {len(test)} to score")
    print(f"fitted logit: {logloss(test, fitted):.4f}")
    for a in (15, 25, 35, 45, 60):
        print(f"coach's chance, spread {a} * sqrt(1 + d): {logloss(test, coach(a)):.4f}")
    for n in (2, 3, 4):
        sub = [r for r in test if r["n"] == n]
        if sub:
            print(f"{n} seats, {len(sub)} positions: fitted {logloss(sub, fitted):.4f}, spread 25 "
                  f"{logloss(sub, coach(25)):.4f}, spread 45 {logloss(sub, coach(45)):.4f}, even {math.log(n):.4f}")
    for lo, hi in ((0, 5), (5, 15), (15, 30), (30, 99)):
        sub = [r for r in test if lo <= r["d"] < hi]
        if sub:
            print(f"{lo}-{hi - 1} cards before the End card, {len(sub)} positions: fitted {logloss(sub, fitted):.4f}, "
                  f"spread 25 {logloss(sub, coach(25)):.4f}, spread 45 {logloss(sub, coach(45)):.4f}")
    print("weights", [round(x, 4) for x in w])


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
    else:
        fit(sys.argv[2:])
