"""A game's whole state as JSON-ready data (format ``lasvegas-state/1``), and back.

A state comes from a file a player may have edited or that a crash cut
short, so every field is checked and any problem becomes a ``StateError``
with a readable message (never a traceback).

The state keeps the game's past as a ``history`` of rounds (the shape every
saved game has had); on loading, that history is played again through the
engine with the dice it shows, which rebuilds the game's log and checks the
history against the rules and the rest of the state.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .actions import Place
from .config import DICE_PER_COLOUR, Config
from ..kernel.dice import RandomDice, ScriptedDice
from ..kernel.errors import LasVegasError, StateError
from .gamelog import is_complete, rounds_of
from .phase import Phase

STATE_FORMAT = "lasvegas-state/1"


def save_state(game: Any) -> dict[str, Any]:
    """The whole state of ``game`` as JSON-ready data; ``load_state`` restores it."""
    d = state_fields(game)
    d["history"] = history_of(game)
    return d


def state_fields(game: Any) -> dict[str, Any]:
    """The state of ``game`` but its history."""
    version, internal, gauss = game._rng.getstate()
    d = {
        "format": STATE_FORMAT,
        "config": game.config.to_dict(),
        "seed": game.seed,
        "rng": [version, list(internal), gauss],
        "dice": game._dice.to_dict(),
        "phase": game.phase.value,
        "round": game.round,
        "first_seat": game.first_seat,
        "current": game.current,
        "deck": list(game.deck),
        "start_deck": list(game.start_deck),
        "casino_bills": [list(b) for b in game.casino_bills],
        "casino_dice": [list(r) for r in game.casino_dice],
        "left": list(game.left),
        "neutral_left": list(game.neutral_left),
        "roll": [list(game.roll_owners), list(game.roll_values)],
        "won": [list(w) for w in game.won],
    }
    if game.config.biggies:  # only then: the states of other games stay as they were
        d["casino_big"] = [list(r) for r in game.casino_big]
        d["big_left"] = list(game.big_left)
    return d


def history_of(game: Any) -> list[dict[str, Any]]:
    """The game's log as the state's ``history``: one JSON object a round."""
    if not is_complete(game.log):
        raise StateError("this copy of the game was made without its history: it cannot be saved")
    index = {name: o for o, name in enumerate(game.owners)}
    return [
        {
            "first_seat": r.first_seat,
            "casinos": [list(b) for b in r.casinos],
            "preplaced": [{"owner": p.owner, "values": list(p.values)} for p in r.preplaced],
            "turns": [[roll.seat, [index[o] for o in roll.owners], list(roll.values), value]
                      for roll, value in r.turns],
            "payouts": [[p.casino - 1, [list(d) for d in p.dice], [list(a) for a in p.awards],
                         list(p.returned)] for p in r.payouts],
        }
        for r in rounds_of(game.log)
    ]


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise StateError(f"saved game is corrupt: {msg}")


def _int_list(x: Any, name: str, n: int | None = None) -> list[int]:
    _need(isinstance(x, list), f"{name} is not a list")
    _need(all(isinstance(v, int) and not isinstance(v, bool) for v in x), f"{name} holds a non-integer")
    if n is not None:
        _need(len(x) == n, f"{name} has {len(x)} entries, expected {n}")
    return list(x)


def load_state(cls: type, d: Any, *, past: bool = True) -> Any:
    """Restore a game of class ``cls`` from ``save_state``'s data; ``StateError`` if it is corrupt.

    ``past=False``: the position only, its history not read (the game cannot be saved)."""
    _need(isinstance(d, dict), "not a JSON object")
    _need(d.get("format") == STATE_FORMAT, f"format is {d.get('format')!r}, expected {STATE_FORMAT!r}")
    try:
        config = Config.from_dict(d.get("config"))
    except LasVegasError as e:
        raise StateError(f"saved game is corrupt: {e}") from None
    g = cls.__new__(cls)
    g.config = config
    g._init_tables()
    seed = d.get("seed")
    _need(seed is None or (isinstance(seed, int) and not isinstance(seed, bool)), "seed is not an integer")
    g.seed = seed
    rng = d.get("rng")
    _need(isinstance(rng, list) and len(rng) == 3, "random generator state is missing")
    try:
        g._rng = random.Random()
        g._rng.setstate((rng[0], tuple(_int_list(rng[1], "rng")), rng[2]))
    except (TypeError, ValueError, OverflowError):
        raise StateError("saved game is corrupt: random generator state is invalid") from None
    dice = d.get("dice")
    _need(isinstance(dice, dict), "dice source is missing")
    if dice.get("kind") == "random":
        buffer = _int_list(dice.get("buffer", []), "buffered dice")
        _need(all(1 <= v <= 6 for v in buffer), "buffered die not between 1 and 6")
        g._dice = RandomDice(g._rng, buffer)
    elif dice.get("kind") == "scripted":
        g._dice = ScriptedDice(_int_list(dice.get("values"), "scripted dice"))
    else:
        raise StateError("saved game is corrupt: unknown dice source")
    try:
        g.phase = Phase(d.get("phase"))
    except ValueError:
        raise StateError(f"saved game is corrupt: unknown phase {d.get('phase')!r}") from None
    n_seats, n_owners = g.n_seats, g.n_owners
    for key in ("round", "first_seat", "current"):
        v = d.get(key)
        _need(isinstance(v, int) and not isinstance(v, bool) and v >= 0, f"{key} is not a count")
    g.round = d["round"]
    g.first_seat = d["first_seat"]
    g.current = d["current"]
    _need(g.first_seat < n_seats and g.current < n_seats, "seat index out of range")
    _need(g.round <= config.rounds, "round beyond the end of the game")
    g.deck = _int_list(d.get("deck"), "deck")
    g.start_deck = tuple(_int_list(d.get("start_deck"), "start deck"))
    cb = d.get("casino_bills")
    _need(isinstance(cb, list) and len(cb) == 6, "casino bills are not 6 lists")
    g.casino_bills = [_int_list(b, "casino bills") for b in cb]
    cd = d.get("casino_dice")
    _need(isinstance(cd, list) and len(cd) == 6, "casino dice are not 6 lists")
    g.casino_dice = [_int_list(r, "casino dice", n_owners) for r in cd]
    g.left = _int_list(d.get("left"), "dice left", n_owners)
    g.neutral_left = _int_list(d.get("neutral_left"), "neutral dice left", n_seats)
    roll = d.get("roll")
    _need(isinstance(roll, list) and len(roll) == 2, "roll is malformed")
    g.roll_owners = tuple(_int_list(roll[0], "rolled owners"))
    g.roll_values = tuple(_int_list(roll[1], "rolled values", len(g.roll_owners)))
    _need(all(0 <= o < n_owners for o in g.roll_owners), "rolled die of unknown owner")
    _need(all(1 <= v <= 6 for v in g.roll_values), "rolled die not between 1 and 6")
    won = d.get("won")
    _need(isinstance(won, list) and len(won) == n_owners, "won bills are malformed")
    g.won = [_int_list(w, "won bills") for w in won]
    if config.biggies:
        cb = d.get("casino_big")
        _need(isinstance(cb, list) and len(cb) == 6, "Biggies on casinos are not 6 lists")
        g.casino_big = [_int_list(r, "Biggies on a casino", n_owners) for r in cb]
        g.big_left = _int_list(d.get("big_left"), "Biggies in hand", n_seats)
        _need(all(v in (0, 1) for r in g.casino_big for v in r) and all(v in (0, 1) for v in g.big_left),
              "a seat has one Biggie")
    else:
        _need("casino_big" not in d and "big_left" not in d, "Biggies in a game without them")
    # invariants: every bill accounted for, dice counts possible
    everything = list(g.deck)
    for b in g.casino_bills:
        everything.extend(b)
    for w in g.won:
        everything.extend(w)
    _need(sorted(everything) == sorted(config.bills()), "bills do not add up to the edition's")
    _need(sorted(g.start_deck) == sorted(config.bills()), "start deck is not the edition's")
    _need(all(0 <= v <= DICE_PER_COLOUR for v in g.left), "impossible number of dice left")
    _need(all(v >= 0 for v in g.neutral_left), "negative neutral dice")
    for r in g.casino_dice:
        _need(all(v >= 0 for v in r), "negative dice on a casino")
    if g.phase is Phase.PLACE:
        _need(bool(g.roll_values), "placing with no dice rolled")
    g.log = _replay_history(cls, g, d.get("history")) if past else []
    g._opening = 0
    return g


def _replay_history(cls: type, g: Any, hist: Any) -> list:
    """The log of the game whose past is ``hist``, played again through the engine."""
    _need(isinstance(hist, list) and all(isinstance(h, dict) for h in hist), "history is malformed")
    _need(bool(hist), "history is empty")
    values: list[int] = []
    for h in hist:
        _need({"first_seat", "casinos", "preplaced", "turns", "payouts"} <= set(h), "history round is incomplete")
        _need(all(isinstance(h[k], list) for k in ("casinos", "preplaced", "turns", "payouts")),
              "history round is malformed")
        for p in h["preplaced"]:
            _need(isinstance(p, dict), "history: a pre-placed roll is malformed")
            values.extend(_int_list(p.get("values"), "history: pre-placed dice"))
        for t in h["turns"]:
            _need(isinstance(t, list) and len(t) == 4, "history: a turn is malformed")
            values.extend(_int_list(t[2], "history: rolled dice"))
    values.extend(g.roll_values)
    first = hist[0]["first_seat"]
    _need(isinstance(first, int) and not isinstance(first, bool) and 0 <= first < g.n_seats,
          "history: first seat out of range")
    try:
        again = cls(replace(g.config, first_seat=first), dice=ScriptedDice(values), deck=g.start_deck)
        for h in hist:
            for t in h["turns"]:
                _need(again.phase is Phase.PLACE and t[0] == again.current,
                      "history: a turn is not the engine's")
                again.apply(Place(t[3]))
    except LasVegasError as e:
        raise StateError(f"saved game is corrupt: history does not replay ({e})") from None
    _need(history_of(again) == hist, "history does not agree with the rules")
    for key in ("phase", "round", "first_seat", "current", "deck", "casino_bills", "casino_dice",
                "left", "neutral_left", "roll_values", "won", "casino_big", "big_left"):
        _need(getattr(again, key) == getattr(g, key), f"history does not lead to the saved {key}")
    return again.log
