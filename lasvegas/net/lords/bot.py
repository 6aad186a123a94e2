"""An AI client for a Lords of Vegas room (``lasvegas bot --game lords``).

It speaks protocol version 2 over its own WebSocket connection, keeps every
event of its room in order, and answers each ``decide`` of its seat with a
Lords AI level.  The AI decides on a game built from what the seat may see:
the public view when it sits at the table (``state``), then kept from the moves
each ``events`` message carries (:class:`~lasvegas.match.lords.mirror.Mirror`;
``look`` only when it falls out of step), with a deck whose unknown order is
shuffled by the bot's own random generator, as the AI seats of a local game
never read the deck either.  Its connection is a
:class:`~lasvegas.net.lords.remote.LordsLink` (the desktop table's): a lost
connection is resumed with the seat's token and receipt from the last event it
holds; a certificate that is not trusted, or the server gone for good, ends it.
"""

from __future__ import annotations

import json
import queue
import random
import time
from pathlib import Path
from typing import Any, Callable

from ...lords.ai import make_player
from ...match.lords.mirror import Mirror, moves_of
from ...match.lords.wire import to_wire
from .remote import LordsLink


#: seconds between two ``look`` messages at the least
LOOK_GAP = 0.11
#: seconds without a message after which the bot asks for the table again
QUIET = 10.0


class LordsBotError(Exception):
    pass


class LordsBot:
    """One seat played by a Lords AI (see the module's text)."""

    def __init__(self, url: str, request: dict, level: str, seed: int, timeout: float,
                 on_room: Callable[[str], None] | None = None) -> None:
        self.url = url
        self.request = request
        self.player = make_player(level, seed, table=True)
        self.rng = random.Random(seed)
        self.mirror = Mirror(self.rng)
        self.deadline = time.monotonic() + timeout
        self.on_room = on_room
        self.events: list[dict] = []
        self.seat: int | None = None
        self.room = ""
        self.token = ""
        self.view: dict | None = None
        self.view_turn = -1
        self.decide: dict | None = None
        self.looked = -1
        #: the move number of the last decision answered
        self.acted = -1
        self.last_look = 0.0
        self.record: dict | None = None
        self.link: LordsLink | None = None

    def send(self, kind: str, **fields: Any) -> bool:
        """Send a message on the link; False when it is not connected (the message is lost)."""
        assert self.link is not None
        return self.link.send(kind, **fields)

    def play(self) -> dict:
        """Play to the end of the game (the link connects again when the connection drops); the record."""
        self.link = LordsLink(self.url, self.request)
        try:
            self._serve()
        finally:
            self.link.close()
        assert self.record is not None
        return self.record

    def _serve(self) -> None:
        assert self.link is not None
        generation = 0
        while self.record is None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise LordsBotError("the game did not end in time")
            try:
                msg = self.link.inbox.get(timeout=min(left, QUIET))
            except queue.Empty:  # nothing for a while: ask for the table (and any decision) again
                if self.view is None:
                    continue
                self.looked = self.acted = -1
                self.last_look = time.monotonic()
                self.send("look")
                continue
            if self.link.generation != generation:  # connected again: a move sent before may be lost
                generation, self.acted = self.link.generation, -1
            kind = msg.get("type")
            if kind == "closed":  # the link's end: refused for good, or the server cannot be reached
                err = msg["error"]
                raise LordsBotError(err.message if err is not None else "the server closed the connection")
            if kind == "welcome":
                self.seat, self.token = msg["seat"], msg["token"]
                if not self.room and self.on_room is not None:
                    self.on_room(msg["room"])
                self.room = msg["room"]
            elif kind == "state":
                if not self.events:
                    self.events = list(msg["opening"])
                self.view = msg["view"]
                d = self.decide
                decision = d["decision"] if d is not None and d["turn"] == msg["turn"] else {}
                self.mirror.state(self.view, self.events, msg["cursor"], msg["turn"], decision)
                self.view_turn = msg["turn"]
            elif kind == "events":
                self.events[msg["first"]:] = msg["events"]
                # the moves played on the bot's table; out of step (a resume): the next decision looks
                self.view_turn = self.mirror.turn if self.mirror.follow(msg["first"], msg["events"],
                                                                        moves_of(msg), self.events) else -1
            elif kind == "over":
                self.record = msg["record"]
                return
            elif kind == "decide" and msg["seat"] == self.seat:
                self.decide = msg
            elif kind == "error":
                if msg.get("about") == "act" and msg.get("code") in ("illegal", "field", "rate"):
                    # (a stale move needs nothing: the next decision follows)
                    self._fallback()
                continue  # (a refusal for good ends the link: its end follows)
            d = self.decide
            if d is None or (kind not in ("decide", "state")):
                continue
            if d["turn"] == self.acted:
                continue
            if self.view_turn != d["turn"]:
                if self.looked != d["turn"]:
                    self.looked = d["turn"]
                    wait = self.last_look + LOOK_GAP - time.monotonic()
                    if wait > 0:  # the server answers at most 10 looks a second
                        time.sleep(wait)
                    self.last_look = time.monotonic()
                    self.send("look")
                continue
            self.decide = None
            self.acted = d["turn"]
            self._act(d)

    def _act(self, d: dict) -> None:
        game = self.mirror.game.copy()
        seat = self.seat
        if d["what"] == "trade":
            props = [p for (f, t), p in sorted(game.proposals.items()) if t == seat]
            action = self.player.answer(game, seat, props[0]) if props else None
        else:
            action = self.player.act(game, seat)
        if action is None:
            return
        self.last = (d, action)
        if not self.send("act", action=to_wire(action), turn=d["turn"]):
            self.acted = -1  # not sent: the decision is asked again once connected

    def _fallback(self) -> None:
        """The server refused the AI's action (a guess about the hidden deck, say): play it safe."""
        d, action = getattr(self, "last", (None, None))
        if d is None:
            return
        self.last = (None, None)
        if d["what"] == "play":
            safe = {"type": "end_turn"}
        elif d["what"] == "place":
            safe = {"type": "place_dice", "values": d["decision"]["default"]}
        elif d["what"] == "trade":
            safe = {"type": "reject", "proposer": d["decision"]["from"][0]}
        elif d["legal"]:
            safe = d["legal"][0]
        else:
            return
        self.send("act", action=safe, turn=d["turn"])


def play(url: str, request: dict, *, level: str = "medium", seed: int | None = None,
         record_dir: str | None = None, timeout: float = 3600.0,
         on_room: Callable[[str], None] | None = None) -> Path | None:
    """Play a seat of a Lords room to the end; the record's path when ``record_dir`` is given."""
    seed = random.SystemRandom().randrange(2**63) if seed is None else seed
    bot = LordsBot(url, request, level, seed, timeout, on_room)
    record = bot.play()
    if record_dir is None:
        return None
    folder = Path(record_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{bot.room}-{record['seats'][bot.seat]}.json"
    try:
        path.write_text(json.dumps(record, separators=(",", ":")) + "\n", encoding="utf-8")
    except OSError as e:
        raise LordsBotError(f"cannot write {path}: {e.strerror or e}") from None
    return path


__all__ = ["LordsBot", "LordsBotError", "play"]
