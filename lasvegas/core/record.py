"""Game records (format ``lasvegas-record/1``): reading, replaying, checking.

A record is replayed through the same engine that plays the game.  With a
seed, the seed must reproduce the deck and every roll; without one, the
recorded deck and rolls are fed to the engine as scripted dice.  Either way
every dealt casino, placement, payout and the final result must match.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

from .actions import PLACE
from .config import CASINO_MINIMUM, MINIMUM_BY_SEATS, Config
from ..kernel.dice import ScriptedDice
from ..kernel.errors import LasVegasError, RecordError
from ..kernel.fair import commitment_problem
from .game import Game
from ..kernel.jsontext import JSONTextError, parse
from .recording import RECORD_FORMAT, roll_dicts

#: a record file larger than this is not read (10,000 games of JSON Lines are about 60 MB)
MAX_RECORD_FILE = 256 << 20


#: Optional top-level fields a record may carry beside what the engine replays:
#: ``"names": {colour: name}`` (the seats' names at the table) and
#: ``"solo": {"hints": n, "daily": "YYYY-MM-DD" | null, "practice": bool}``;
#: ``"commitment": {"sha256": hex, "nonce": hex}`` (online games: see ``kernel.fair``);
#: ``"players": {colour: {"kind": "human" | "ai", "level": str, "profile": id}}`` (who played each
#: seat; ``profile`` only for a human seat played with a profile);
#: ``"practice": true`` (a move was taken back: the game counts for nothing).
OPTIONAL_FIELDS = ("names", "solo", "commitment", "players", "practice")

#: a profile's id: lower-case letters, digits and dashes
_PROFILE_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")


def _check_players(players: Any, seats: list) -> None:
    """``players``: who played each seat (shape only: it does not change the game)."""
    if not isinstance(players, dict) or not all(
            isinstance(p, dict) and p.get("kind") in ("human", "ai") and isinstance(p.get("level", ""), str)
            and len(p.get("level", "")) <= 40 for p in players.values()):
        raise RecordError('players: expected an object of colour -> {"kind": "human" or "ai", "level": ...}')
    if set(players) - set(seats):
        raise RecordError(f"players: {', '.join(sorted(set(players) - set(seats)))} is not a seat")
    for colour, entry in players.items():
        if "profile" not in entry:
            continue
        pid = entry["profile"]
        if (entry["kind"] != "human" or not isinstance(pid, str) or not 1 <= len(pid) <= 40
                or not set(pid) <= _PROFILE_ID_CHARS):
            raise RecordError(f"players.{colour}.profile: expected a human seat's profile id")


def _check_optional(rec: dict) -> None:
    if "commitment" in rec:
        problem = commitment_problem(rec["commitment"], rec.get("seed"))
        if problem:
            raise RecordError(problem)
    names = rec.get("names")
    if names is not None:
        if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
            raise RecordError("names: expected an object of colour -> name")
        seats = rec["config"].get("seats", [])
        if set(names) - set(seats):
            raise RecordError(f"names: {', '.join(sorted(set(names) - set(seats)))} is not a seat")
    if "practice" in rec and not isinstance(rec["practice"], bool):
        raise RecordError("practice: expected true or false")
    if rec.get("players") is not None:
        _check_players(rec["players"], rec["config"].get("seats", []))
    solo = rec.get("solo")
    if solo is None:
        return
    hints = solo.get("hints") if isinstance(solo, dict) else None
    if not isinstance(hints, int) or isinstance(hints, bool) or hints < 0:
        raise RecordError('solo: expected {"hints": a count, ...}')


def _where(path: str) -> str:
    return path or "the record"


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Path and description of the first place where ``a`` and ``b`` differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            sub = f"{path}.{k}" if path else str(k)
            if k not in b:
                return f"{sub}: missing in the record"
            if k not in a:
                return f"{sub}: not expected"
            d = first_difference(a[k], b[k], sub)
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        if len(a) != len(b):
            return f"{_where(path)}: the engine has {len(a)} entries, the record {len(b)}"
        return None
    if a != b or type(a) is not type(b):
        return f"{_where(path)}: the engine gives {json.dumps(a)}, the record says {json.dumps(b)}"
    return None


def _get(d: Any, key: str, kind: type | tuple, where: str) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise RecordError(f"{where}: field {key!r} is missing")
    v = d[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise RecordError(f"{where}.{key}: wrong type {type(v).__name__}")
    return v


def minimum_option(cfg_d: dict) -> str:
    """The option "minimum" of a record's config, from the dollar amount it gives.

    No ``minimum``: classic (a record of up to 5 seats without the option).  An
    amount is by-seats when it is the seat count's figure, else classic's $50,000
    (with 6 to 8 seats, where the record always names it)."""
    seats = cfg_d.get("seats")
    n = len(seats) if isinstance(seats, list) else 0
    if "minimum" not in cfg_d:
        if n > 5:
            raise RecordError("config.minimum: a table of more than 5 seats names its minimum")
        return "classic"
    amount = cfg_d["minimum"]
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise RecordError("config.minimum: expected a dollar amount")
    if amount == MINIMUM_BY_SEATS.get(n):
        return "by-seats"
    if amount == CASINO_MINIMUM and n > 5:
        return "classic"
    raise RecordError(f"config.minimum: ${amount:,} is not a casino minimum of a {n}-seat table")


def start_game(rec: dict, config: Config) -> Game:
    """A fresh game set up as the record's: from its seed, or its deck and dice scripted."""
    if rec.get("seed") is not None:
        return Game(config, rec["seed"])
    values: list[int] = []
    for r in rec["rounds"]:
        for p in r["preplaced"]:
            values.extend(p["values"])
        for t in r["turns"]:
            values.extend(d["value"] for d in t["roll"])
    return Game(config, dice=ScriptedDice(values), deck=rec["deck"])


def replay(rec: Any) -> Game:
    """Replay a record through the engine; ``RecordError`` at the first inconsistency."""
    if not isinstance(rec, dict):
        raise RecordError("a record must be a JSON object")
    fmt = rec.get("format")
    if fmt != RECORD_FORMAT:
        raise RecordError(f"format is {fmt!r}, expected {RECORD_FORMAT!r}")
    cfg_d = dict(_get(rec, "config", dict, "record"))
    rounds = _get(rec, "rounds", list, "record")
    deck = _get(rec, "deck", list, "record")
    seed = rec.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("seed must be an integer or null")
    if not rounds:
        raise RecordError("the record has no rounds")
    for i, r in enumerate(rounds):
        w = f"rounds[{i}]"
        _get(r, "first_seat", int, w)
        _get(r, "casinos", list, w)
        _get(r, "turns", list, w)
        _get(r, "payouts", list, w)
        pre = _get(r, "preplaced", list, w)
        for j, p in enumerate(pre):
            _get(p, "values", list, f"{w}.preplaced[{j}]")
        for j, t in enumerate(r["turns"]):
            _get(t, "roll", list, f"{w}.turns[{j}]")
            _get(t, "value", int, f"{w}.turns[{j}]")
            for k, die in enumerate(t["roll"]):
                _get(die, "value", int, f"{w}.turns[{j}].roll[{k}]")
                _get(die, "owner", str, f"{w}.turns[{j}].roll[{k}]")
                if "big" in die and die["big"] is not True:
                    raise RecordError(f"{w}.turns[{j}].roll[{k}].big: only true is written")
    cfg_d.setdefault("rounds", len(rounds))
    cfg_d["first_seat"] = rounds[0]["first_seat"]
    if cfg_d.get("mode", "multi") == "multi":
        cfg_d["minimum"] = minimum_option(cfg_d)
    elif "minimum" in cfg_d:
        raise RecordError("config.minimum: solo mode has no casino minimum option")
    try:
        config = Config.from_dict(cfg_d)
    except LasVegasError as e:
        raise RecordError(f"config: {e}") from None
    try:
        game = start_game(rec, config)
    except LasVegasError as e:
        raise RecordError(f"cannot set the game up: {e}") from None
    if list(game.start_deck) != deck:
        raise RecordError("deck: the seed gives another deck than the record's")
    for i, r in enumerate(rounds):
        if game.is_over:
            raise RecordError(f"rounds[{i}]: the game is already over after {i} rounds")
        if game.round != i:
            raise RecordError(f"rounds[{i}]: the engine is still in round {game.round + 1}")
        mine = game.record()["rounds"][i]
        for key in ("first_seat", "casinos", "preplaced"):
            d = first_difference(mine[key], r[key], f"rounds[{i}].{key}")
            if d:
                raise RecordError(d)
        for j, t in enumerate(r["turns"]):
            w = f"rounds[{i}].turns[{j}]"
            if game.round != i or game.is_over:
                raise RecordError(f"{w}: the round is already over")
            if t.get("seat") != game.current:
                raise RecordError(f"{w}.seat: it is seat {game.current}'s turn, the record says {t.get('seat')!r}")
            rolled = roll_dicts([o for o, _ in game.rolled], [v for _, v in game.rolled],
                                game.roll_big)
            d = first_difference(rolled, t["roll"], f"{w}.roll")
            if d:
                raise RecordError(d)
            value = t["value"]
            if value not in game.legal_values():
                raise RecordError(f"{w}.value: {value} was not rolled")
            game.apply(PLACE[value])
        if game.round == i and not game.is_over:
            raise RecordError(f"rounds[{i}]: the round is not finished (dice are left to play)")
        d = first_difference(game.record()["rounds"][i]["payouts"], r["payouts"], f"rounds[{i}].payouts")
        if d:
            raise RecordError(d)
    _check_optional(rec)
    mine = game.record()
    # top-level fields this reader does not know are left alone (a later version may add some:
    # they describe the game, they never change it); every field the engine writes must match
    d = first_difference(mine, {k: v for k, v in rec.items() if k in mine})
    if d:
        raise RecordError(d)
    return game


def check_record(rec: Any) -> None:
    replay(rec)


def read_records(path: str | Path) -> Iterator[tuple[str, Any]]:
    """Yield ``(where, record)`` from a ``.json`` file (one object) or JSON Lines.

    The records reader: whatever the file holds (not text, not JSON, nested
    too deeply, numbers of thousands of digits), the only error is a
    ``RecordError`` naming the file and line.  The records themselves are
    checked by ``replay``.
    """
    p = Path(path)
    try:
        with open(p, "rb") as f:
            raw = f.read(MAX_RECORD_FILE + 1)
    except FileNotFoundError:
        raise RecordError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise RecordError(f"{p}: is a folder, not a record file") from None
    except OSError as e:
        raise RecordError(f"{p}: cannot read ({e.strerror or type(e).__name__})") from None
    if len(raw) > MAX_RECORD_FILE:
        raise RecordError(f"{p}: larger than {MAX_RECORD_FILE >> 20} MB, not a record file")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{p}: not a text file") from None
    if not text.strip():
        raise RecordError(f"{p}: the file is empty")
    try:
        yield str(p), parse(text)
        return
    except JSONTextError as e:
        whole_error = e
    lines = text.splitlines()
    if len([line for line in lines if line.strip()]) <= 1:
        raise RecordError(f"{p}: {whole_error}")
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = parse(line)
        except JSONTextError as e:
            hint = " (truncated?)" if n == len(lines) else ""
            raise RecordError(f"{p} line {n}{hint}: {e}") from None
        yield f"{p} line {n}", obj


def write_record(path: str | Path, rec: dict) -> None:
    Path(path).write_text(json.dumps(rec, separators=(",", ":")) + "\n", encoding="utf-8")


def append_jsonl(fh: Any, rec: dict) -> None:
    fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
