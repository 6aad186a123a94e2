"""Play a fixed set of Lords of Vegas games and print the SHA-256 of each record.

Used to show that a change to the engine's code (not its rules) leaves every game
byte-identical: run it before and after, and compare the printed hashes::

    PYTHONPATH=. python build/lords_pin_records.py /tmp/before > /tmp/before.txt
    PYTHONPATH=. python build/lords_pin_records.py /tmp/after > /tmp/after.txt
    diff /tmp/before.txt /tmp/after.txt

Each set is played through ``lasvegas simulate --game lords --record-dir`` (2, 3 and
4 seats, every AI level) and every record is checked with ``lasvegas check-record``.
tests/lords/test_pinned_records.py pins the hashes of a few fast sets.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import pathlib
import sys

#: (seats, AI levels, games, seed): the fixed set of games
SETS = [
    (2, "random,easy", 4, 11),
    (2, "medium,hard", 2, 12),
    (2, "hard,hard", 1, 21),
    (3, "easy,medium,random", 3, 13),
    (3, "hard,medium,easy", 1, 14),
    (4, "random", 4, 15),
    (4, "medium,hard,easy,random", 2, 16),
    (4, "easy,easy,medium,medium", 2, 17),
]


def play(out: pathlib.Path, seats: int, levels: str, games: int, seed: int) -> list[pathlib.Path]:
    """The records of one set, written under ``out``; their paths."""
    from lasvegas.cli import main
    where = out / f"{seats}-{levels.replace(',', '-')}-{seed}"
    where.mkdir(parents=True, exist_ok=True)
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(["simulate", "--game", "lords", "--players", str(seats), "--ai", levels,
                     "--games", str(games), "--seed", str(seed), "--record-dir", str(where),
                     "--force", "--json"])
    if code not in (0, None):
        raise SystemExit(f"simulate failed for {where.name}: {code}")
    return sorted(where.glob("*.json"))


def digest(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(path: pathlib.Path) -> None:
    from lasvegas.cli import main
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(["check-record", str(path)])
    if code not in (0, None):
        raise SystemExit(f"check-record refused {path}")


def main(argv: list[str]) -> int:
    out = pathlib.Path(argv[0] if argv else "/tmp/lords-pin")
    for seats, levels, games, seed in SETS:
        for path in play(out, seats, levels, games, seed):
            check(path)
            print(f"{digest(path)}  {path.relative_to(out)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    raise SystemExit(main(sys.argv[1:]))
