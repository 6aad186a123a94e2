"""Count how many damaged files each reader survives (the figures in docs/reliability.md).

    PYTHONPATH=. python build/fuzz_readers.py [--random N] [--seed S] [--json]

For every kind of file the game reads (and for records, check-record's
reader and replay): the systematic damage of tests/files_cases.py at full
size (truncation at every length, deep nesting, huge numbers, every field
replaced by every JSON type or missing), then N random byte strings and N
random JSON values.  A case is survived when the reader returns a value or
raises its one documented error; anything else is listed and the exit
status is 1.
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

from tests import files_cases as fc  # noqa: E402


def random_json(rng: random.Random, depth: int = 0):
    k = rng.randrange(8 if depth < 4 else 5)
    if k == 0:
        return None
    if k == 1:
        return rng.random() < 0.5
    if k == 2:
        return rng.choice([0, 1, -1, 7, 2**31, 10**rng.randrange(60), -(10**rng.randrange(60))])
    if k == 3:
        return rng.choice([0.5, -2.25, 1e300])
    if k == 4:
        return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(12)))
    if k in (5, 6):
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(5))]
    return {str(random_json(rng, 4))[:8]: random_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--random", type=int, default=2000, help="random byte strings and JSON values per kind")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="lasvegas-fuzz-"))
    path = folder / "file.json"
    results, failures = {}, []
    for kind, (valid, read, error) in fc.readers().items():
        t0 = time.perf_counter()
        counts = {"cases": 0, "read": 0, "refused": 0, "other": 0}
        cases = list(fc.damaged(valid))
        cases += [("random bytes", rng.randbytes(rng.randrange(3000))) for _ in range(args.random)]
        cases += [("random JSON", json.dumps(random_json(rng)).encode()) for _ in range(args.random)]
        for what, raw in cases:
            counts["cases"] += 1
            path.write_bytes(raw)
            try:
                read(path)
                counts["read"] += 1
            except error:
                counts["refused"] += 1
            except Exception as e:  # noqa: BLE001 - what this script looks for
                counts["other"] += 1
                failures.append((kind, what, f"{type(e).__name__}: {e}"[:200], raw[:100]))
        counts["seconds"] = round(time.perf_counter() - t0, 1)
        results[kind] = counts
        if not args.json:
            print(f"{kind:18} {counts['cases']:7,} cases: {counts['read']:6,} read, {counts['refused']:7,} "
                  f"refused with the documented error, {counts['other']} other ({counts['seconds']} s)",
                  flush=True)
    if args.json:
        print(json.dumps({"results": results, "failures": failures[:20]}, indent=1))
    for f in failures[:20]:
        print("OTHER", *f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
