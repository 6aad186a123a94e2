"""Soak test: random games over every mode, the invariants checked after every turn, for a fixed time.

    PYTHONPATH=. python build/soak.py --seconds 300 [--seed S] [--json]

Modes, in turn: 2-5 seats, with and without the neutral dice, both bill
editions, the solo ladder's every level, 4-round and 1-round games.  Moves
are random (every legal value may be chosen).  After every turn: every bill
is in the deck, on a casino or won; every die is in a hand or on a casino (while the game lasts);
money never goes down; a game not over has a legal move.  Every 7th turn the
game goes through the save slot's file and back (``lasvegas.store``: atomic
write, checked read) and must come back equal.  At the end of each game its
record is written, read back with the records reader and replayed.  Prints
the counts; the exit status is 1 if any invariant broke.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lasvegas import store  # noqa: E402
from lasvegas.core import COLOURS, PLACE, SOLO_LEVELS, Config, Game, edition_bills, replay  # noqa: E402
from lasvegas.core.record import read_records  # noqa: E402


def modes() -> list[tuple[str, Config]]:
    out = []
    for edition in ("classic", "2018"):
        for rounds in (4, 1):
            for n in (2, 3, 4, 5):
                for neutral in (False, True):
                    if neutral and n == 5:
                        continue
                    cfg = Config(seats=COLOURS[:n], neutral=neutral, edition=edition, rounds=rounds)
                    out.append((f"{n} seats{' neutral' if neutral else ''} {edition} {rounds}r", cfg))
            for lv in SOLO_LEVELS:
                out.append((f"solo {lv.name} {edition} {rounds}r",
                            Config.solo(lv.name, "red", edition=edition, rounds=rounds)))
    return out


def check_turn(g: Game, bills: list[int], dice: int, money_before: dict) -> None:
    everything = list(g.deck) + [b for c in g.casino_bills for b in c] + [b for w in g.won for b in w]
    assert sorted(everything) == bills, "a bill appeared or vanished"
    if not g.is_over:
        assert sum(sum(r) for r in g.casino_dice) + sum(g.left) + sum(g.neutral_left) == dice, "a die vanished"
    money = g.money_table()
    assert all(money[o] >= money_before.get(o, 0) for o in money), "money went down"
    money_before.update(money)
    if not g.is_over:
        assert g.legal_values(), "no legal move in a game not over"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=300.0, help="how long to play (default 300)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from lasvegas.ui.files.save import KINDS, AUTOSAVE_FORMAT
    from lasvegas.ui.kit.session import SeatInfo, Session

    rng = random.Random(args.seed)
    all_modes = modes()
    folder = Path(tempfile.mkdtemp(prefix="lasvegas-soak-"))
    counts = {"games": 0, "turns": 0, "checks": 0, "save_round_trips": 0, "records_replayed": 0,
              "modes": len(all_modes), "violations": 0}
    problems: list[str] = []
    t0 = time.perf_counter()
    i = 0
    while time.perf_counter() - t0 < args.seconds:
        name, cfg = all_modes[i % len(all_modes)]
        i += 1
        seed = rng.randrange(2**63)
        try:
            g = Game(cfg, seed)
            bills = sorted(edition_bills(cfg.edition))
            dice = sum(sum(r) for r in g.casino_dice) + sum(g.left) + sum(g.neutral_left)
            money: dict = {}
            if cfg.is_solo:
                session = Session([SeatInfo("You", cfg.seats[0])], edition=cfg.edition, solo_level=cfg.solo_level,
                                  rounds=cfg.rounds, handover=False)
                kind, path = KINDS["solo"], folder / "autosave-solo.json"
            else:
                session = Session([SeatInfo(c.title(), c) for c in cfg.seats], neutral=cfg.neutral,
                                  edition=cfg.edition, rounds=cfg.rounds)
                kind, path = KINDS["multi"], folder / "autosave-multi.json"
            turn = 0
            while not g.is_over:
                check_turn(g, bills, dice, money)
                counts["checks"] += 1
                if turn % 7 == 3:
                    store.write(kind, path, {"format": AUTOSAVE_FORMAT, "saved": 0.0,
                                             "session": session.to_dict(), "game": g.to_dict()})
                    back, _s, _t = store.read(kind, path)
                    assert back.to_dict() == g.to_dict(), "the saved game came back different"
                    counts["save_round_trips"] += 1
                g.apply(PLACE[rng.choice(g.legal_values())])
                turn += 1
            check_turn(g, bills, dice, money)
            counts["turns"] += turn
            rec_path = folder / "record.json"
            store.write_bytes(rec_path, json.dumps(g.record()).encode())
            for _where, rec in read_records(rec_path):
                replay(rec)
            counts["records_replayed"] += 1
            counts["games"] += 1
        except Exception as e:  # noqa: BLE001 - what a soak test is for
            counts["violations"] += 1
            problems.append(f"{name} seed {seed}: {type(e).__name__}: {e}")
    counts["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps({**counts, "problems": problems[:20]}, indent=1))
    else:
        print(f"{counts['games']:,} games ({counts['modes']} modes), {counts['turns']:,} turns, "
              f"{counts['checks']:,} turn checks, {counts['save_round_trips']:,} save round trips, "
              f"{counts['records_replayed']:,} records replayed in {counts['seconds']} s: "
              f"{counts['violations']} violations")
        for p in problems[:20]:
            print("VIOLATION", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
