"""A raw protocol-2 client for the Lords of Vegas online tests: every wait bounded."""

from __future__ import annotations

import json
import time

from lasvegas.lords import actions as A
from lasvegas.lords.dice import ScriptedDice
from lasvegas.lords.game import Game
from lasvegas.lords.record import replay

from ..helpers import Raw


class LordsRaw(Raw):
    """A connection speaking protocol version 2, keeping the events it was sent, in order."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.events: list[dict] = []
        self.decides: list[dict] = []
        self.seat: int | None = None
        self.token = ""
        self.room = ""
        self.record: dict | None = None

    def send(self, **fields) -> None:
        self.ws.send(json.dumps({"v": 2, **fields}))

    def act(self, action: dict, turn: int) -> None:
        self.send(type="act", action=action, turn=turn)

    def read(self, timeout: float) -> dict:
        msg = json.loads(self.ws.recv(timeout=max(0.01, timeout)))
        self.seen.append(msg)
        kind = msg["type"]
        if kind == "welcome":
            self.seat, self.token, self.room = msg["seat"], msg["token"], msg["room"]
        elif kind == "state":
            if not self.events:
                self.events = list(msg["opening"])
            self.cursor_state = msg["cursor"]
        elif kind == "events":
            first = msg["first"]
            assert first <= len(self.events), f"a gap: events from {first}, {len(self.events)} seen"
            self.events[first:] = msg["events"]  # (the same events again after a resume: kept once)
        elif kind == "decide":
            self.decides.append(msg)
        elif kind == "over":
            self.record = msg["record"]
        return msg

    def until(self, kind: str, timeout: float = 10.0, code: str | None = None) -> dict:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = self.read(deadline - time.monotonic())
            if msg["type"] == kind and (code is None or msg.get("code") == code):
                return msg
        raise AssertionError(f"no {kind} {code or ''} within {timeout} s; saw {self.seen[-5:]}")


def simple_answer(decide: dict) -> dict:
    """A plain answer to a ``decide``: end the turn, no lay-off, the default placement, the first
    forced move, reject a trade."""
    what = decide["what"]
    if what == "play":
        return {"type": "end_turn"}
    if what == "place":
        return {"type": "place_dice", "values": decide["decision"]["default"]}
    if what == "trade":
        return {"type": "reject", "proposer": decide["decision"]["from"][0]}
    return decide["legal"][0]


def play_to_end(c: LordsRaw, seconds: float = 120.0, on_move=None) -> dict:
    """Answer every ``decide`` of ``c``'s seat until the game is over; the record."""
    deadline = time.monotonic() + seconds
    while c.record is None:
        assert time.monotonic() < deadline, f"the game did not end within {seconds} s"
        msg = c.read(deadline - time.monotonic())
        if msg["type"] == "decide" and msg["seat"] == c.seat:
            if on_move is not None and on_move(c, msg):
                continue
            c.act(simple_answer(msg), msg["turn"])
        elif msg["type"] == "error":
            assert msg["code"] in ("stale",), msg
    return c.record


def record_events(rec: dict) -> list[dict]:
    """The events a record's game makes, in order (its deck and dice as written)."""
    from lasvegas.lords.board import CARD_INDEX, END

    replay(rec)
    deck = [CARD_INDEX[c] for c in rec["deck"]]
    rolls = list(rec["setup_rolls"]) + [r for m in rec["moves"] for r in m["rolls"]]
    g = Game(len(rec["seats"]), dice=ScriptedDice(rolls), deck=[c for c in deck if c != END])
    events = [e.to_dict() for e in g.setup_events]
    for m in rec["moves"]:
        events += [e.to_dict() for e in g.apply(A.action_from_dict(m["action"]))]
    return json.loads(json.dumps(events))  # as on the wire
