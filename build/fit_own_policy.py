"""Fit the Expert's model of its own later turns (``players.OWN_POLICY``).

    python build/fit_own_policy.py [--games N] [--first-seed S] [--jobs J] [--data FILE]

Plays N games of one Expert against three Medium seats (4 seats, classic
bills; game ``g`` is deal ``g`` with the Expert in seat ``g % 4``), the Expert
playing its own later turns in the playouts like Medium and without the
extension (the Expert before the fitted policy).  At every Expert decision
with two or more legal values it records the features of every value (see
``fastsim.learned_multi``) and the value the Expert chose, then fits a
conditional logit (softmax over the legal values of a linear score, with a
small L2 penalty) by Newton's method and prints the weights to paste into
``lasvegas/ai/players.py``.  ``--data FILE`` reads or writes the decisions
(JSON), so the fit can be rerun without playing the games again.

The weights in ``players.py`` were fitted to the decisions of ``--games 800
--first-seed 1000`` (14,568 decisions, about 10 minutes on 2 cores), on a random
80% of them (59% of the other 20% predicted); this script fits all of them
(58.5% predicted) and gives weights within 0.15 of those.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lasvegas.ai import make_ai  # noqa: E402
from lasvegas.ai.fastsim import Gains, View, encode  # noqa: E402
from lasvegas.core import Config, Game  # noqa: E402

RIDGE = 1e-3  # the gradient of the mean log-likelihood gets -RIDGE * w


def raw_features(view: View, gains: Gains, v: int) -> list[float]:
    """What the model needs about placing ``v`` for ``view.current`` (base game)."""
    s = view.current
    c = v - 1
    a = sum(1 for o, val in zip(view.roll_owners, view.roll_values) if val == v and o == s)
    row = list(view.dice[c])
    row1 = list(row)
    row1[s] += a
    g0 = gains.get(c, encode(row))
    g1 = gains.get(c, encode(row1))
    opp = [o for o in range(view.n_seats) if o != s]
    lead = max(opp, key=lambda o: view.money[o])
    return [(g1[s] - g0[s]) / 1e5, a, view.left[s], (g0[lead] - g1[lead]) / 1e5,
            sum(g0[o] - g1[o] for o in opp) / 1e5, row1[s] - max(row1[o] for o in opp),
            sum(view.left[o] for o in opp)]


def features(raw: list[float]) -> list[float]:
    """The 12 features of ``fastsim.learned_multi``, in its order."""
    dm, a, k, hl, ha, la, oppleft = raw
    la = max(-3, min(3, la))
    ol = oppleft / 10
    keep = k - a
    return [dm, a, a / k if k else 0.0, hl, ha, la, keep, dm * ol, a * ol,
            la * ol if la > 0 else 0.0, 1.0 if la == 0 else 0.0, keep * ol]


def play(g: int) -> list[dict]:
    game = Game(Config.multi(4), g)
    me = g % 4
    players = [make_ai("expert" if i == me else "medium", g * 10 + i) for i in range(4)]
    players[me].own_policy = None  # its own later turns like Medium
    players[me].extend = 1.0
    out = []
    while not game.is_over:
        p = players[game.current]
        acts = game.legal_actions()
        if game.current == me and len(acts) > 1:
            view = View.of(game)
            gains = Gains(view.bills, view.n_owners)
            values = [x.value for x in acts]
            choice = p.choose(game)
            out.append({"values": values, "chosen": choice.value,
                        "raw": [raw_features(view, gains, v) for v in values]})
            game.apply(choice)
        else:
            game.apply(p.choose(game))
    return out


def fit(data: list[dict], iters: int = 30) -> tuple[list[float], float]:
    rows = [([features(r) for r in d["raw"]], d["values"].index(d["chosen"])) for d in data]
    k = 12
    n = len(rows)
    w = [0.0] * k
    ll = 0.0
    for _ in range(iters):
        grad = [-RIDGE * x * n for x in w]
        hess = [[(RIDGE * n if i == j else 0.0) for j in range(k)] for i in range(k)]
        ll = 0.0
        for fs, y in rows:
            sc = [sum(wi * fi for wi, fi in zip(w, f)) for f in fs]
            top = max(sc)
            ex = [math.exp(x - top) for x in sc]
            z = sum(ex)
            p = [e / z for e in ex]
            ll += math.log(p[y])
            mean = [sum(p[j] * fs[j][i] for j in range(len(fs))) for i in range(k)]
            for i in range(k):
                grad[i] += fs[y][i] - mean[i]
            for j, f in enumerate(fs):
                d = [f[i] - mean[i] for i in range(k)]
                pj = p[j]
                for i in range(k):
                    di = pj * d[i]
                    if di:
                        row = hess[i]
                        for m in range(k):
                            row[m] += di * d[m]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step)]
        if max(abs(x) for x in step) < 1e-10:
            break
    return w, ll / n


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (``a`` is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for j in range(c, n + 1):
                m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def accuracy(data: list[dict], w: list[float]) -> float:
    hit = 0
    for d in data:
        sc = [sum(wi * fi for wi, fi in zip(w, features(r))) for r in d["raw"]]
        hit += d["values"][sc.index(max(sc))] == d["chosen"]
    return hit / len(data)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=800)
    p.add_argument("--first-seed", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--data", default=None, help="decisions file: read if it exists, else written")
    args = p.parse_args()
    path = Path(args.data) if args.data else None
    if path is not None and path.exists():
        data = json.loads(path.read_text())
    else:
        seeds = range(args.first_seed, args.first_seed + args.games)
        with Pool(args.jobs) as pool:
            data = [d for part in pool.map(play, seeds, chunksize=4) for d in part]
        if path is not None:
            path.write_text(json.dumps(data))
    w, ll = fit(data)
    print(f"{len(data)} decisions, mean log-likelihood {ll:.4f}, "
          f"predicts {accuracy(data, w):.1%} of the choices")
    print("OWN_POLICY = (" + ", ".join(repr(x) for x in w) + ")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
