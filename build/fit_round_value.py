"""Fit the Expert's value of a round's end before the last (``players.ROUND_VALUE``), and
compare Experts on paired deals.

    python build/fit_round_value.py play --seed S --games N [--from I] --out FILE
                                        [--round-value fitted|none] [--timeout SECONDS]
    python build/fit_round_value.py fit FILE [FILE...]
    python build/fit_round_value.py compare BASE.jsonl VARIANT.jsonl

``play`` plays games ``I`` to ``I + N - 1`` of the tournament ``lasvegas tournament --seats
expert,medium,medium,medium --seed S`` (the same deals and seat rotations, one process) and
writes one JSON line per game: the Expert's seat, its share of the win, and every colour's
money after each round.  ``--round-value fitted`` gives the Expert ``round_value =
players.ROUND_VALUE``; ``none`` (the default) is the Expert as it is.  A file already holding
some games is continued, so a run can be stopped and started again.

``fit`` fits, on the Expert's rows after rounds 1 to 3 of the games in the files, the chance
that the Expert wins the game (ties shared) as a logistic of its money minus the richest other
colour's and minus the second richest's ($100k units, divided by the square root of the rounds
left), with one intercept per number of rounds left (Newton's method, a small L2 penalty on the
slopes).  It prints the log-loss of a few forms, each fitted on half the games and scored on the
other half, then the weights of ``players.ROUND_VALUE`` fitted on every game.

``compare`` prints both Experts' win shares on the games both files hold (the same deals), with
95% Wilson intervals, and the paired difference with its standard error.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from lasvegas.ai import players as ai_players  # noqa: E402
from lasvegas.ai.tournament import play_game  # noqa: E402
from lasvegas.runs.stats import wilson  # noqa: E402

sys.path.insert(0, str(ROOT / "build"))
from fit_own_policy import _solve  # noqa: E402

SEATS = ["expert", "medium", "medium", "medium"]
RIDGE = 1e-3


def play(args: argparse.Namespace) -> None:
    out = Path(args.out)
    done = set()
    if out.exists():
        done = {json.loads(line)["i"] for line in out.read_text().splitlines() if line.strip()}
    spec: dict = {"seats": SEATS, "seed": args.seed}
    if args.round_value == "fitted":
        spec["options"] = {"expert": {"round_value": ai_players.ROUND_VALUE}}
    t_end = time.monotonic() + args.timeout if args.timeout else None
    with out.open("a") as f:
        for i in range(args.start, args.start + args.games):
            if i in done:
                continue
            if t_end is not None and time.monotonic() > t_end:
                break
            box: list = []
            rows = play_game(spec, i, box.append)
            game = box[0]
            colours = list(game.config.seats)
            seat = next(s for s, r in enumerate(rows) if r["level"] == "expert")
            rounds = [[rm.money[c] for c in colours] for rm in game.money_by_round()]
            f.write(json.dumps({"i": i, "seat": seat, "share": rows[seat]["share"],
                                "money": rounds}) + "\n")
            f.flush()


def load(paths: list[str]) -> dict[int, dict]:
    games: dict[int, dict] = {}
    for p in paths:
        for line in Path(p).read_text().splitlines():
            if line.strip():
                g = json.loads(line)
                games[(p, g["i"])] = g
    return games


def raw_rows(games) -> list[tuple[int, float, float, int, float]]:
    """(game key index, margin to the best, margin to the second, rounds left, share)."""
    out = []
    for k, g in enumerate(games):
        s = g["seat"]
        n = len(g["money"][-1])
        rounds = len(g["money"])
        for r, money in enumerate(g["money"][:-1]):
            others = sorted((money[o] for o in range(n) if o != s), reverse=True)
            out.append((k, (money[s] - others[0]) / 1e5, (money[s] - others[1]) / 1e5,
                        rounds - r - 1, g["share"]))
    return out


FORMS = {
    "margin to the best, one slope": lambda d1, d2, left: [d1 / math.sqrt(left)],
    "best and second, one slope each": lambda d1, d2, left: [d1 / math.sqrt(left),
                                                             d2 / math.sqrt(left)],
    "best and second, slopes by rounds left": lambda d1, d2, left: [
        d1 if left == j else 0.0 for j in (1, 2, 3)] + [d2 if left == j else 0.0 for j in (1, 2, 3)],
}


def design(rows, form) -> tuple[list[list[float]], list[float]]:
    xs, ys = [], []
    for _k, d1, d2, left, y in rows:
        xs.append([1.0 if left == j else 0.0 for j in (1, 2, 3)] + FORMS[form](d1, d2, left))
        ys.append(y)
    return xs, ys


def logistic_fit(xs, ys) -> list[float]:
    """Maximum likelihood of a logistic (fractional targets allowed), L2 on the slopes."""
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(50):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys):
            z = sum(wi * xi for wi, xi in zip(w, x))
            p = 1 / (1 + math.exp(-max(-40.0, min(40.0, z))))
            q = p * (1 - p)
            for i in range(d):
                grad[i] += (y - p) * x[i]
                for j in range(d):
                    hess[i][j] += q * x[i] * x[j]
        for i in range(3, d):
            grad[i] -= RIDGE * len(xs) * w[i]
            hess[i][i] += RIDGE * len(xs)
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def log_loss(w, xs, ys) -> float:
    total = 0.0
    for x, y in zip(xs, ys):
        z = sum(wi * xi for wi, xi in zip(w, x))
        p = min(1 - 1e-12, max(1e-12, 1 / (1 + math.exp(-z))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(xs)


def fit(args: argparse.Namespace) -> None:
    games = list(load(args.files).values())
    rows = raw_rows(games)
    print(f"{len(games)} games, {len(rows)} rows; the Expert wins {sum(g['share'] for g in games) / len(games):.3f}")
    for form in FORMS:
        losses = []
        for half in (0, 1):
            tr = [r for r in rows if r[0] % 2 != half]
            te = [r for r in rows if r[0] % 2 == half]
            w = logistic_fit(*design(tr, form))
            losses.append(log_loss(w, *design(te, form)))
        print(f"  {form}: held-out log-loss {sum(losses) / 2:.4f}")
    base = [0.0, 0.0, 0.0]
    for left in (1, 2, 3):
        ys = [r[4] for r in rows if r[3] == left]
        p = sum(ys) / len(ys)
        base[left - 1] = -(p * math.log(p) + (1 - p) * math.log(1 - p)) * len(ys)
    print(f"  (the win rate alone, by rounds left: {sum(base) / len(rows):.4f})")
    w = logistic_fit(*design(rows, "best and second, one slope each"))
    print("ROUND_VALUE (intercepts for 1, 2, 3 rounds left; slopes of the margin to the best and "
          "to the second, per $100k / sqrt(rounds left)):")
    print("(" + ", ".join(repr(round(x, 4)) for x in w) + ")")


def compare(args: argparse.Namespace) -> None:
    a = {g["i"]: g for g in load([args.base]).values()}
    b = {g["i"]: g for g in load([args.variant]).values()}
    common = sorted(set(a) & set(b))
    n = len(common)
    for name, d in (("base", a), ("variant", b)):
        k = sum(d[i]["share"] for i in common)
        lo, hi = wilson(k, n)
        print(f"{name}: {n} games, {k:g} wins, {100 * k / n:.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]")
    diffs = [b[i]["share"] - a[i]["share"] for i in common]
    m = sum(diffs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in diffs) / (n - 1))
    # games of one deal (4 seat rotations) are correlated: the error of the mean by deals too
    deals: dict[int, list[float]] = {}
    for i, x in zip(common, diffs):
        deals.setdefault(i // 4, []).append(x)
    dm = [sum(v) / len(v) for v in deals.values()]
    mm = sum(dm) / len(dm)
    se_d = math.sqrt(sum((x - mm) ** 2 for x in dm) / (len(dm) - 1) / len(dm))
    print(f"paired difference: {100 * m:+.1f} points, s.e. {100 * sd / math.sqrt(n):.1f} "
          f"(by games), {100 * se_d:.1f} (by deals, {len(dm)} deals)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--from", dest="start", type=int, default=0)
    p.add_argument("--out", required=True)
    p.add_argument("--round-value", choices=("fitted", "none"), default="none")
    p.add_argument("--timeout", type=float, default=0.0, help="stop starting games after this many seconds")
    p = sub.add_parser("fit")
    p.add_argument("files", nargs="+")
    p = sub.add_parser("compare")
    p.add_argument("base")
    p.add_argument("variant")
    args = ap.parse_args()
    {"play": play, "fit": fit, "compare": compare}[args.cmd](args)


if __name__ == "__main__":
    main()
