"""``lasvegas ai-regret``: how much the Expert's search noise costs per decision, by work."""

from __future__ import annotations

import argparse
import json

from ..ai.regret import collect_states, measure
from ..core import Config
from .common import COUNT, SEED, Number, fail

PROG = "ai-regret"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=Number(int), default=4, help="seats, 2 to 8 (default 4)")
    p.add_argument("--neutral", action="store_true", help="neutral-dice variant (2-6 seats)")
    p.add_argument("--round", type=COUNT, default=4, dest="round_",
                   help="the round whose decisions are measured, 1 to 4 (default 4, the last)")
    p.add_argument("--states", type=COUNT, default=80, help="decision states (default 80)")
    p.add_argument("--playouts", type=COUNT, default=3000,
                   help="playouts per value for the reference estimate (default 3000)")
    p.add_argument("--work", default="6000,12000,24000",
                   help="comma-separated Expert work levels (simulated turns per move)")
    p.add_argument("--min-choices", type=COUNT, default=3,
                   help="only states with at least this many legal values (default 3)")
    p.add_argument("--own-turns", choices=["default", "medium"], default="default",
                   help="the Expert's model of its own later turns: its default "
                        "(the fitted model with 4 and 6 seats) or Medium's rule")
    p.add_argument("--extend", type=Number(float, ge=1, le=100), default=None,
                   help="the Expert's extension cap (default: its own, 3 with 4 and 6 seats; 1: off)")
    p.add_argument("--seed", type=SEED, default=1, help="first game seed (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    try:
        works = [int(w) for w in args.work.split(",") if w.strip()]
    except ValueError:
        return fail(PROG, f"--work must be comma-separated whole numbers, not {args.work!r}")
    if not works or min(works) < 1:
        return fail(PROG, "--work needs at least one level, each at least 1")
    try:
        config = Config.multi(args.players, neutral=args.neutral)
    except ValueError as e:
        return fail(PROG, str(e))
    if not 1 <= args.round_ <= config.rounds:
        return fail(PROG, f"--round must be between 1 and {config.rounds}")
    states = collect_states(config, args.round_ - 1, args.states, args.min_choices, args.seed)
    if not states:
        return fail(PROG, "no decision state with that many choices was found")
    out = {"states": len(states), "round": args.round_, "playouts": args.playouts,
           "units": "win chance" if args.round_ == config.rounds else "margin per $100,000",
           "work": measure(states, works, args.playouts, args.own_turns, args.extend)}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{len(states)} decision states of round {args.round_} ({args.players} seats"
          f"{', neutral dice' if args.neutral else ''}), reference {args.playouts} playouts per value")
    print(f"{'work':>8} {'best choice':>12} {'mean regret':>12}  ({out['units']})")
    for w, d in out["work"].items():
        print(f"{int(w):>8} {d['best_choice']:>12.0%} {d['mean_regret']:>12.4f}")
    return 0
