"""An AI client: plays one seat of an online room with a level of :mod:`lasvegas.ai`.

It sees what its seat may see (a :class:`~lasvegas.net.lasvegas.remote.RemoteMatch`)
and chooses on a rules engine built from that (the deck's order guessed),
as the AI seats of a local game never read the deck either.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Callable

from ...ai import make_ai
from ...core import GameEnded
from ...match.base import PlaceDice
from ..client import Link, RemoteError
from .remote import RemoteMatch


class BotError(Exception):
    pass


def play(url: str, request: dict, *, level: str = "medium", seed: int | None = None,
         record_dir: str | None = None, timeout: float = 3600.0,
         on_room: Callable[[str], None] | None = None) -> Path | None:
    """Play the seat to the end of the game; the record's path when ``record_dir`` is given."""
    seed = random.SystemRandom().randrange(2**63) if seed is None else seed
    deadline = time.monotonic() + timeout

    def welcome(msg: dict) -> None:
        if on_room is not None and not getattr(welcome, "done", False):
            welcome.done = True  # type: ignore[attr-defined]
            on_room(msg["room"])

    link = Link(url, request, on_welcome=welcome)
    try:
        match = RemoteMatch.connect(url, request, timeout=timeout, link=link)
    except RemoteError as e:
        raise BotError(e.message) from None
    ai = make_ai(level, seed)
    try:
        while time.monotonic() < deadline:
            match.update()
            ended = any(isinstance(ev, GameEnded) for ev in match.poll())
            if ended:
                return _write(match, record_dir)
            if match.closed:
                raise BotError(match.error.message if match.error else "the server closed the game")
            if match.to_act == match.seat and not match.waiting_for_answer:
                value = ai.choose(match.public_game(seed + match.turn)).value
                match.send(PlaceDice(value))
            match.wait(0.5)
        raise BotError(f"the game did not end within {timeout:g} s")
    finally:
        match.close()


def _write(match: RemoteMatch, record_dir: str | None) -> Path | None:
    if record_dir is None or match.record is None:
        return None
    folder = Path(record_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{match.extra['room']}-{match.seats[match.seat].colour}.json"
    try:
        path.write_text(json.dumps(match.record, separators=(",", ":")) + "\n", encoding="utf-8")
    except OSError as e:
        raise BotError(f"cannot write {path}: {e.strerror or e}") from None
    return path
