"""Where ``simulate --record-dir`` writes its records, for both games: a folder of
``game-NNNNNN.json`` files (never overwriting one without ``--force``) or one JSON Lines file."""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import IO

from .common import FAILED, fail, refusal

PROG = "simulate"


def existing_records(folder: Path, games: int) -> list[Path]:
    """The files of ``folder`` that a run of ``games`` games would overwrite."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = []
    for name in sorted(names):
        m = re.fullmatch(r"game-(\d+)\.json", name)
        if m and 1 <= int(m.group(1)) <= games and name == record_name(int(m.group(1)) - 1):
            found.append(folder / name)
    return found


def open_records(args: argparse.Namespace,
                 prog: str = PROG) -> tuple[IO[str] | None, Path | None, Path | None] | int:
    """Where ``--record-dir`` sends the records: ``(JSON Lines file, folder, target)`` (both None
    without the option), or the exit status after a refusal (files that exist, no --force)."""
    target = Path(args.record_dir) if args.record_dir else None
    if target is None:
        return None, None, None
    try:
        if target.suffix == ".jsonl":
            if target.is_file() and not args.force:
                return fail(prog, refusal([target]))
            target.parent.mkdir(parents=True, exist_ok=True)
            return target.open("w" if args.force else "x", encoding="utf-8"), None, target
        existing = [] if args.force else existing_records(target, args.games)
        if existing:
            return fail(prog, refusal(existing))
        target.mkdir(parents=True, exist_ok=True)
        return None, target, target
    except OSError as e:
        return fail(prog, f"cannot write records to {target}: {e.strerror or e}", FAILED)


def record_name(i: int) -> str:
    return f"game-{i + 1:06d}.json"
