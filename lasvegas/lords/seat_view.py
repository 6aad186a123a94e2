"""A seat's own picture of a Lords of Vegas game, built from what it may see.

``game_from_view``: a rules engine showing a seat's public table (``look``), the cards already
played (from the events) and a deck whose unknown order is shuffled by the seat's own random
generator: what an AI client (``net/lords/bot.py``) and a table online (``net/lords/remote.py``)
decide on.  No network and no pygame here.
"""

from __future__ import annotations

import random
from typing import Any

from .board import CARD_INDEX, COLOURS, DIE, END, MARKERS_PER_SEAT, N_LOTS, TRACK, lot_id
from .dice import RandomDice
from .game import DIE_MOVE, MARKER, STATE_FORMAT, Game


def game_from_view(view: dict, events: list[dict], decision: dict, rng: random.Random) -> Game:
    """A rules engine showing ``view`` (a seat's public table), its played cards from ``events``,
    the rest of the deck in an order of ``rng``'s (the End card where the view says it is)."""
    n = len(view["seats"])
    played: list[int] = []
    first = None
    drawn = -1   # the last card drawn: the lot of a forced move (D1, D2) when the decision names none yet
    for e in events:
        if e["event"] == "Dealt":
            played += [_card(c) for c in e["cards"] + e.get("skipped", [])]
        elif e["event"] == "CardDrawn":
            drawn = _card(e["card"])
            played.append(drawn)
        elif e["event"] == "TurnStarted" and first is None:
            first = e["seat"]
    rest = [c for c in range(N_LOTS) if c not in set(played)]
    rng.shuffle(rest)
    at = view["end_card_in"]
    if at is not None:
        rest.insert(at - 1, END)
    marker = [-1] * N_LOTS
    for lot, s in view["markers"].items():
        marker[lot_id(lot)] = s
    tile, owner, value = [-1] * N_LOTS, [-1] * N_LOTS, [0] * N_LOTS
    for lot, t in view["tiles"].items():
        i = lot_id(lot)
        tile[i], owner[i], value[i] = COLOURS.index(t["colour"]), t["owner"], t["value"]
    pending = -1
    if view["phase"] in (MARKER, DIE_MOVE):  # the view names it (a server of an earlier build: the
        # decide, else the last card drawn)
        named = view.get("pending") or decision.get("lot")
        pending = lot_id(named) if named else drawn
    pending_value = 0
    if view["phase"] == DIE_MOVE and pending >= 0:
        pending_value = value[pending] if owner[pending] >= 0 else DIE[pending]
    gamble = view["gamble"]
    state = {
        "format": STATE_FORMAT, "n": n, "seed": None, "shuffled": list(range(N_LOTS)),
        "dice": RandomDice(random.Random(rng.random())).to_dict(), "rolls": [],
        "money": list(view["money"]), "chip": [TRACK.index(v) for v in view["vp"]], "marker": marker,
        "tile": tile, "owner": owner, "value": value, "supply": [view["supply"][c] for c in COLOURS],
        "markers_used": [MARKERS_PER_SEAT - f for f in view["free_markers"]],
        "dice_used": [12 - f for f in view["free_dice"]],
        "played": [i in set(played) for i in range(N_LOTS)], "discards": list(view["discards_by_company"]),
        "deck": played + rest, "pos": len(played), "phase": view["phase"], "active": view["active"],
        "first": first if first is not None else view["active"], "turn": view["turn"],
        "gambled": view["gambled"], "marks": sum(1 << lot_id(x) for x in view["rerolled"]),
        "pending_lot": pending, "pending_value": pending_value,
        "gamble": None if gamble is None else [lot_id(gamble["casino"]), gamble["bet"], gamble["boss"]],
        "placing": [[int(s), [lot_id(x) for x in p["lots"]], list(p["values"])]
                    for s, p in sorted(view["placing"].items(), key=lambda kv: int(kv[0]))],
        "proposals": view["proposals"], "winners": list(view["winners"]), "end_reason": view["end_reason"],
    }
    return Game.from_dict(state)


def _card(c: Any) -> int:
    """A card as an event names it (by name; a 2-player set-up's skipped F cards by number)."""
    return c if type(c) is int else CARD_INDEX[c]
