"""Damaged versions of every kind of file the game reads, for the fuzz tests and build/fuzz_readers.py.

``READERS`` maps a file kind to a valid file's bytes and a function that
reads a path the way the game does.  ``damaged(valid)`` yields the
systematic damage: truncation at every length, deep nesting, huge numbers,
and every field replaced by a value of every other JSON type.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any, Callable, Iterator

from lasvegas import store
from lasvegas.core import PLACE, Config, Game
from lasvegas.kernel.errors import LasVegasError
from lasvegas.core.record import read_records, replay

#: one value of every JSON type (and the awkward ones: huge, negative, empty, deep)
VALUES: list[Any] = [None, True, False, 0, -1, 3, 10**30, -(10**30), 2.5, 1e300, "", "red", "x" * 300,
                     "\ud800", [], [1], ["red"], [[[]]], {}, {"a": 1}, {"name": []}]


def _played(game: Game, turns: int, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(turns):
        if game.is_over:
            break
        game.apply(PLACE[rng.choice(game.legal_values())])
    return game


def valid_settings() -> Any:
    return {"fullscreen": False, "anim_speed": "fast", "ai_pace": "slow", "volume": 40, "mute": True,
            "confirm_place": False}


def valid_session(solo: bool = False) -> Any:
    from lasvegas.ui.kit.session import SeatInfo, Session, default_session

    if solo:
        return Session([SeatInfo("You", "red")], edition="2018", solo_level="hard", handover=False,
                       extra={"hints": 1, "daily": "2026-11-25", "practice": False})
    return default_session(3, 2, "easy")


def valid_autosave(solo: bool = False) -> Any:
    from lasvegas.ui.files.save import AUTOSAVE_FORMAT

    session = valid_session(solo)
    game = _played(session.new_game(11), 9, 2)
    return {"format": AUTOSAVE_FORMAT, "saved": 1764150000.5, "session": session.to_dict(),
            "game": game.to_dict()}


def valid_progress() -> Any:
    from lasvegas.solo import SoloProgress, SoloResult
    import datetime as dt

    p = SoloProgress(Path("unused.json"))
    p.record(SoloResult("normal", 4, 300_000, 250_000, True, 1, 5))
    p.record(SoloResult("hard", 1, 50_000, 90_000, False, 0, None))
    p.record_daily(dt.date(2026, 11, 25), SoloResult("expert-7", 4, 10_000, 20_000, False, 2, 8))
    p.unlock_all = True
    return p.to_dict()


def valid_record() -> Any:
    game = _played(Game(Config(seats=("red", "blue", "green"), neutral=True), 3), 10_000, 1)
    rec = game.record()
    rec["names"] = {"red": "Ann", "blue": "Bo"}
    rec["players"] = {"red": {"kind": "human", "level": "", "profile": "k3v9q2x7m1"},
                      "blue": {"kind": "ai", "level": "hard"}, "green": {"kind": "human", "level": ""}}
    return rec


def valid_profile_games() -> Any:
    import datetime as dt

    from lasvegas.profiles.history import CACHE_FORMAT, _to_json, games_of_record

    games = games_of_record(valid_record(), Path("r.json"), dt.datetime(2026, 11, 1, 12))
    return {"format": CACHE_FORMAT, "files": {"r.json": {"size": 100, "mtime_ns": 5,
                                                         "games": [_to_json(g) for g in games]}}}


def valid_profiles() -> Any:
    import datetime as dt

    from lasvegas.profiles import ProfileBook

    book = ProfileBook(Path("unused.json"))
    book.create("Ann", "purple", "diamond", dt.date(2026, 11, 1))
    book.create("Bo", "green", "ring", dt.date(2026, 11, 2))
    return book.to_dict()


def valid_online_games() -> Any:
    return {"games": [
        {"url": "ws://127.0.0.1:8765", "room": "KXMPTR", "token": "t" * 32, "seat": 1, "host_port": 0,
         "host_name": "", "correspondence": True, "seen": 12, "names": ["Ann", "Bob"]},
        {"url": "wss://example.org", "room": "HQZ7WE", "token": "u" * 32, "seat": 0},
    ]}


def read_kind(kind) -> Callable[[Path], Any]:
    return lambda path: store.read(kind, path)


def read_record_file(path: Path) -> Any:
    """Read and replay every record of a file; ``RecordError`` (a ``LasVegasError``) for any problem."""
    out = []
    for _where, rec in read_records(path):
        replay(rec)
        out.append(rec)
    return out


def readers() -> dict[str, tuple[Any, Callable[[Path], Any], type]]:
    """kind -> (a valid file's data, how the game reads the file, the one error it may raise)."""
    from lasvegas.profiles import PROFILES
    from lasvegas.profiles.history import CACHE
    from lasvegas.solo.progress import SOLO_PROGRESS
    from lasvegas.ui.online import lobby as online
    from lasvegas.ui.files import save
    from lasvegas.ui.kit.controls import BINDINGS
    from lasvegas.ui.kit.settings import LAST_SETUP, SETTINGS

    return {
        "settings": (valid_settings(), read_kind(SETTINGS), store.FileDamaged),
        "last setup": (valid_session().to_dict(), read_kind(LAST_SETUP), store.FileDamaged),
        "keys": ({"version": 1, "keys": {"up": "w", "down": "s", "hint": "return"}}, read_kind(BINDINGS),
                 store.FileDamaged),
        "autosave (multi)": (valid_autosave(), read_kind(save.KINDS["multi"]), store.FileDamaged),
        "autosave (solo)": (valid_autosave(True), read_kind(save.KINDS["solo"]), store.FileDamaged),
        "solo progress": (valid_progress(), read_kind(SOLO_PROGRESS), store.FileDamaged),
        "profiles": (valid_profiles(), read_kind(PROFILES), store.FileDamaged),
        "profile games cache": (valid_profile_games(), read_kind(CACHE), store.FileDamaged),
        "records": (valid_record(), read_record_file, LasVegasError),
        "online games": (valid_online_games(), read_kind(online.TOKEN), store.FileDamaged),
    }


def encode(data: Any) -> bytes:
    return (json.dumps(data, separators=(",", ":")) + "\n").encode("utf-8")


def field_paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every field of a JSON value (the first three entries of each list)."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield prefix + (k,)
            yield from field_paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield prefix + (i,)
            yield from field_paths(v, prefix + (i,))


def replaced(value: Any, path: tuple, new: Any = None, *, delete: bool = False) -> Any:
    """``value`` with the field at ``path`` set to ``new`` (or deleted); copies only along the path."""
    if not path:
        return new
    out = copy.copy(value)
    if len(path) == 1 and delete:
        del out[path[0]]
    else:
        out[path[0]] = replaced(value[path[0]], path[1:], new, delete=delete)
    return out


def deep(depth: int, opener: str = "[") -> bytes:
    if opener == "[":
        return ("[" * depth + "]" * depth).encode()
    return ('{"a":' * depth + "1" + "}" * depth).encode()


def huge_numbers(raw: bytes) -> Iterator[bytes]:
    text = raw.decode()
    for big in ("9" * 5000, "-" + "9" * 50, "1e400", "-1e400", "1" + "0" * 39, "NaN", "Infinity"):
        yield text.replace(":0", ":" + big, 1).encode()
        yield text.replace(":1", ":" + big).encode()


def truncations(raw: bytes, every: int = 1) -> list[int]:
    """The lengths to cut ``raw`` at: every length short of the whole file (``every`` > 1: the first
    and last 300 bytes and every ``every``-th length between)."""
    end = len(raw.rstrip())
    return [n for n in range(end) if every == 1 or n < 300 or n > end - 300 or n % every == 0]


def damaged(valid: Any, every: int = 1) -> Iterator[tuple[str, bytes]]:
    """(what, bytes) for every systematic damage of a valid file."""
    raw = encode(valid)
    for n in truncations(raw, every):
        yield "truncated", raw[:n]
    for d in (33, 100, 1_000, 100_000):
        yield "deep", deep(d)
        yield "deep", deep(d, "{")
    for b in huge_numbers(raw):
        yield "huge number", b
    for path in field_paths(valid):
        for v in VALUES:
            yield "field", encode(replaced(valid, path, v))
        if isinstance(path[-1], str):  # the field missing
            yield "missing field", encode(replaced(valid, path, delete=True))
    yield "not UTF-8", b"\xff\xfe" + raw
    yield "binary", bytes(range(256))
    yield "whole file", encode(VALUES)

