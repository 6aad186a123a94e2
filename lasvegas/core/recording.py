"""Writing a game's record (format ``lasvegas-record/1``) from its log.

Reading, replaying and checking records is ``record``'s job.
"""

from __future__ import annotations

from typing import Any

from ..kernel.errors import StateError
from .events import GameEnded
from .gamelog import is_complete, rounds_of

RECORD_FORMAT = "lasvegas-record/1"


def roll_dicts(owners: Any, values: Any, big: Any = ()) -> list[dict[str, Any]]:
    """A roll as the record writes it: ``{"owner", "value"}`` per die, and
    ``"big": true`` on a Biggie (only there, so other records are unchanged)."""
    out: list[dict[str, Any]] = [{"owner": o, "value": v} for o, v in zip(owners, values)]
    for i in big:
        out[i]["big"] = True
    return out


def config_dict(cfg: Any) -> dict[str, Any]:
    """The record's ``config``: the expansion's options appear only when on
    (``minimum`` as the dollar amount dealt to each casino)."""
    d: dict[str, Any] = {
        "mode": cfg.mode,
        "seats": list(cfg.seats),
        "opponents": list(cfg.opponents),
        "neutral": cfg.neutral,
        "edition": cfg.edition,
        "rounds": cfg.rounds,
        "solo_level": cfg.solo_level,
    }
    if cfg.minimum == "by-seats" or len(cfg.seats) > 5:
        d["minimum"] = cfg.minimum_amount
    if cfg.hundreds:
        d["hundreds"] = True
    if cfg.biggies:
        d["biggies"] = True
    return d


def build_record(game: Any) -> dict[str, Any]:
    """``game`` as a ``lasvegas-record/1`` object (finished or not), read from its log."""
    log = game.log
    if not is_complete(log):
        raise StateError("this copy of the game was made without its history: it has no record")
    cfg = game.config
    rounds = []
    for r in rounds_of(log):
        rounds.append({
            "first_seat": r.first_seat,
            "casinos": [list(b) for b in r.casinos],
            "preplaced": [{"owner": p.owner, "values": list(p.values)} for p in r.preplaced],
            "turns": [
                {"seat": roll.seat,
                 "roll": roll_dicts(roll.owners, roll.values, roll.big),
                 "value": value}
                for roll, value in r.turns
            ],
            "payouts": [
                {"casino": p.casino, "dice": dict(p.dice),
                 "awards": [{"owner": o, "bill": b} for o, b in p.awards],
                 "returned": list(p.returned)}
                for p in r.payouts
            ],
        })
    rec: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "seed": game.seed,
        "config": config_dict(cfg),
        "deck": list(game.start_deck),
        "rounds": rounds,
    }
    end = log[-1]
    if type(end) is GameEnded:
        final: dict[str, Any] = {"money": dict(end.money), "bills": dict(end.bills),
                                 "winners": list(end.winners)}
        if cfg.is_solo:
            final["solo_won"] = end.solo_won
        rec["final"] = final
    return rec
