"""A Lords of Vegas table on the server: the shared room, another rules engine.

A :class:`LordsRoom` is a :class:`~lasvegas.net.room.Room` (seats, tokens, the
seed's commitment, storage as a row and a move log), a peer of Las Vegas's
(:mod:`lasvegas.net.lasvegas.room`), whose moves are Lords of Vegas actions
(the ``act`` message, protocol version 2).  A move is kept as the action's compact JSON (its seat
included, lots and colours by name: ``lasvegas.lords.actions.to_dict``); the
game is rebuilt by replaying them from the seed, exactly as a Las Vegas room
replays its values.  Everything the engine reports is public (D19: events and
``Game.view``); the deck's order and the seed stay here until the game is
over, when the ``lords-record/1`` record reveals them with the commitment
(``lasvegas check-record`` checks it).

Besides the active seat's Step 2, the engine waits for decisions of other
seats (``Game.waiting_on``: the lay-off of D12, the dice placement of D8, the
forced marker and die moves of D1/D2) and for answers to trade proposals
(D13–D14): the room sends each seat what it must decide (``decide``,
:meth:`LordsRoom.prompts`).  :meth:`LordsRoom.next_job` says which of them the server plays,
and when: an AI seat's at once; a human's decision at its deadline
(``decision_seconds``) with the rules' default (docs/lords-rules.md: no lay-off, D8's placement; an
AI for the forced moves); an away player's Step 2, and their answer to a trade
proposal, after the room's ``away_delay`` by the away level.  A seat in Step 2
that proposed a trade to a human waits for the answer (as at the desktop).

The AI is made afresh for each decision (on a worker, from the game's state),
so the room tells it what its seat did earlier in the turn (:meth:`LordsRoom.think_for`:
the deals it proposed, whether it already looked for one); without that it
would propose a rejected deal again and again.  An AI proposal beyond
``PROPOSALS_PER_TURN`` in a turn, like any AI action the engine refuses, is
replaced by the room's fallback.
"""

from __future__ import annotations

import bisect
import json
import logging
import time
from dataclasses import dataclass
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from ...kernel.errors import LasVegasError
from ...lords import actions as A
from ...lords.board import LOT_NAMES, SEAT_COLOURS
from ...lords.game import LAYOFF, MARKER, DIE_MOVE, PLACE, PLAY, Game
from ...lords.record import Recorder
from ...match.lords.wire import WireError, event_to_wire, from_wire, to_wire
from ..protocol import KEEP_DAYS, KEEP_DAYS_DEFAULT, LORDS_VERSION, TRADE_PHRASES, ProtocolError
from ..room import Room, RoomError, RowBase, SeatSlot, new_seats

log = logging.getLogger("lasvegas.server")

#: a seat's trade proposals: at least this many seconds apart, at most PROPOSALS_PER_TURN a turn
PROPOSAL_GAP = 1.0
PROPOSALS_PER_TURN = 8
#: the decisions that have a deadline (Step 2 has none while its player is connected)
TIMED = (LAYOFF, PLACE, MARKER, DIE_MOVE)


@dataclass
class LordsOptions:
    players: int = 2
    #: seconds before the AI plays an away player's Step 2 (None: never)
    away_delay: float | None = 30.0
    #: seconds a seat has to answer a decision of its own before the rules' default (docs/lords-rules.md) plays it
    decision_seconds: float | None = 30.0
    correspondence: bool = False
    keep_days: int = KEEP_DAYS_DEFAULT
    #: (kept in its stored row: a Lords room hides nothing from anyone)
    hide_money: bool = False
    game: str = "lords"


def _compact(d: dict) -> str:
    """An action's JSON without spaces (as ``json.dumps(d, separators=(",", ":"))`` writes it: its keys
    and values are ASCII; a tenth of the time)."""
    return _encode(d).decode()


_encode = msgspec.json.Encoder().encode


def _named_lots(lots: Any) -> list[str]:
    return [LOT_NAMES[i] for i in lots]


class LordsRoom(Room):
    """A room playing Lords of Vegas (see the module's text)."""

    game_name = "lords"
    #: the protocol version of every message sent in this room
    v = LORDS_VERSION
    unknown_level = "no Lords of Vegas AI level {level!r} (choose from {levels})"
    away_level = "medium"
    phrases = TRADE_PHRASES

    def __init__(self, code: str, options: LordsOptions, seats: list[SeatSlot], **kw: Any) -> None:
        super().__init__(code, options, seats, **kw)  # type: ignore[arg-type]
        self.recorder: Recorder | None = None
        #: the moves so far, as kept (compact JSON of each action)
        self.moves: list[str] = []
        #: the index in ``log`` of each move's first event
        self.move_first: list[int] = []
        #: (seat, "decision" | "away") -> when (time.monotonic) the server plays it
        self.deadlines: dict[tuple[int, str], float] = {}
        #: seat -> when it made its trade proposals of the current turn
        self.proposed: dict[int, list[float]] = {}
        self._proposal_turn = 0
        #: of the same turn: seat -> the proposals it made (action dicts); the seats that made a
        #: Step 2 move of their own in it (not an answer)
        self.offered: dict[int, list[dict]] = {}
        self.looked: set[int] = set()

    # ------------------------------------------------------------ set-up
    @classmethod
    def _new(cls, code: str, msg: dict, levels: list[str]) -> "LordsRoom":
        players = msg["players"]
        if not 2 <= players <= 4:
            raise RoomError("field", f"create.players: Lords of Vegas is for 2 to 4 players, not {players}")
        for f in ("neutral", "minimum", "hundreds", "biggies", "hide_money"):
            if msg.get(f):
                raise RoomError("field", f"create.{f}: a Las Vegas option (this room plays Lords of Vegas)")
        if msg.get("edition", "classic") != "classic" or msg.get("rounds", 4) != 4:
            raise RoomError("field", "create: edition and rounds are Las Vegas options")
        corr = msg.get("correspondence", False)
        opts = LordsOptions(players=players, away_delay=None if corr else msg.get("away_delay", 30.0),
                            decision_seconds=None if corr else msg.get("decision_seconds", 30.0),
                            correspondence=corr, keep_days=msg.get("keep_days", KEEP_DAYS_DEFAULT))
        return cls(code, opts, new_seats(msg, SEAT_COLOURS[:players], levels, cls.unknown_level))

    def _begin_game(self, seed: int) -> list[dict]:
        self.game = Game(self.options.players, seed)  # type: ignore[assignment]
        players = {s.colour: {"kind": s.kind, "level": s.level} for s in self.seats}
        self.recorder = Recorder(self.game, players)  # type: ignore[arg-type]
        return self._logged(self.game.setup_events)  # type: ignore[union-attr]

    def event_to_wire(self, event: Any) -> dict:
        return event_to_wire(event)

    # ------------------------------------------------------------ moves
    def read_move(self, seat: int, msg: dict) -> A.Action:
        """The action of an ``act`` message, checked whole once (``match.lords.wire.from_wire``);
        a trade proposal made too soon or once too often is refused (:meth:`trade_rate`)."""
        if not self.started:
            raise RoomError("not-started", "act: the game has not started")
        try:
            action = from_wire(msg["action"], seat, self.game.active)
        except WireError as e:
            raise ProtocolError("field", str(e), "act") from None
        self.trade_rate(seat, msg["action"]["type"])
        return action

    def play(self, seat: int, action: A.Action, turn: int, stored: Any = None) -> list[dict]:
        """Seat ``seat`` plays the engine's ``action`` (read once from the wire:
        ``match.lords.wire.from_wire``) as move number ``turn``; the new events, as on the wire
        (``stored``: the move as kept, when replayed)."""
        self._action(seat, action, turn)
        g = self.game
        step2 = g.phase == PLAY and seat == g.active  # type: ignore[union-attr]
        try:
            events = self.recorder.apply(action)  # type: ignore[union-attr]
        except LasVegasError as e:  # the engine leaves the game as it was
            raise RoomError("illegal", f"act: {e}"[:300]) from None
        self.turn += 1
        self.move_first.append(len(self.log))
        self.moves.append(stored if isinstance(stored, str) else _compact(self.recorder.moves[-1]["action"]))  # type: ignore[union-attr]
        if type(action) is A.Propose:
            self._proposals(seat).append(time.monotonic())
        self._note_deal(seat, action, step2)
        return self._logged(events)

    def _note_deal(self, seat: int, action: Any, step2: bool) -> None:
        """Keep what the AI of ``seat`` must know of its turn so far (``think_for``)."""
        self._this_turn()
        if type(action) is A.Propose:
            self.offered.setdefault(seat, []).append(A.to_dict(action))
        if step2 and not isinstance(action, (A.Accept, A.Reject, A.Withdraw)):
            self.looked.add(seat)

    def check_play(self, seat: int, action: A.Action, turn: int) -> None:
        """Refuse (``RoomError``) the move :meth:`play` would refuse, changing nothing (tried on a copy)."""
        self._action(seat, action, turn)
        try:
            self.game.copy().apply(action)  # type: ignore[union-attr]
        except LasVegasError as e:
            raise RoomError("illegal", f"act: {e}"[:300]) from None

    def _action(self, seat: int, action: A.Action, turn: int) -> None:
        g = self.game
        if g is None:
            raise RoomError("not-started", "the game has not started")
        if g.is_over:
            raise RoomError("illegal", "the game is over")
        if turn != self.turn:
            raise RoomError("stale", f"act: move {turn} is not the game's next move ({self.turn})")
        if action.seat != seat:
            raise RoomError("not-your-turn", "act: an action of another seat")
        if not isinstance(action, (A.Propose, A.Accept, A.Reject, A.Withdraw)) and seat not in g.waiting_on:
            who = ", ".join(self.seats[s].name for s in g.waiting_on)
            raise RoomError("not-your-turn", f"act: the game waits for {who} ({g.phase})")

    def trade_rate(self, seat: int, kind: str, now: float | None = None) -> None:
        """Refuse (``rate``) a proposal made too soon after the seat's last one (made: refused ones
        are not counted, the connection's error budget is), or one too many this turn."""
        if kind != "propose" or self.game is None:
            return
        now = time.monotonic() if now is None else now
        mine = self._proposals(seat)
        if mine and now - mine[-1] < PROPOSAL_GAP:
            raise RoomError("rate", f"propose: at most one trade proposal every {PROPOSAL_GAP:g} s")
        if len(mine) >= PROPOSALS_PER_TURN:
            raise RoomError("rate", f"propose: at most {PROPOSALS_PER_TURN} trade proposals a turn")

    def _this_turn(self) -> None:
        """Forget the trades of an earlier turn (``proposed``, ``offered``, ``looked``)."""
        if self._proposal_turn != self.game.turn:  # type: ignore[union-attr]
            self._proposal_turn = self.game.turn  # type: ignore[union-attr]
            self.proposed.clear()
            self.offered.clear()
            self.looked.clear()

    def _proposals(self, seat: int) -> list[float]:
        """When ``seat`` made its proposals of the current turn."""
        self._this_turn()
        return self.proposed.setdefault(seat, [])

    def stored(self, action: A.Action) -> str:
        """A move as a store keeps it: the engine's JSON form of the action, its seat included."""
        return _compact(A.to_dict(action))

    def stored_move(self, first: int) -> str:
        return self.moves[-1]

    def from_stored(self, kept: Any) -> tuple[int, A.Action]:
        try:
            action = A.action_from_dict(json.loads(kept)) if isinstance(kept, (str, bytes)) else None
        except ValueError:  # (IllegalAction, a shape not an action's, is one)
            action = None
        if action is None:
            raise ValueError(f"move {self.turn}: {str(kept)[:60]!r} is not a Lords of Vegas action")
        return action.seat, action

    # ------------------------------------------------------------ who plays what, when
    def _sync_deadlines(self, connected: set[int], now: float) -> None:
        g = self.game
        want: set[tuple[int, str]] = set()
        if g is not None and not g.is_over:
            asked = {to for (_frm, to) in g.proposals} if g.phase == PLAY else set()
            for s in sorted(set(g.waiting_on) | asked):
                if self.seats[s].kind != "human":
                    continue
                if g.phase in TIMED and self.options.decision_seconds is not None:
                    want.add((s, "decision"))
                if g.phase == PLAY and s not in connected and self.options.away_delay is not None:
                    want.add((s, "away"))  # their Step 2 or their answer to a proposal
        for key in list(self.deadlines):
            if key not in want:
                del self.deadlines[key]
        for key in want:
            if key not in self.deadlines:
                delay = self.options.decision_seconds if key[1] == "decision" else self.options.away_delay
                self.deadlines[key] = now + delay  # type: ignore[operator]

    def next_job(self, connected: set[int], now: float | None = None) -> tuple[int, str, float, str] | None:
        """The next decision the server plays: (seat, level, when (time.monotonic), why) with why
        ``ai`` (an AI seat), ``timeout`` (a human's decision past its deadline: the rules' default, docs/lords-rules.md)
        or ``away`` (an away player's Step 2 or answer); None when it waits for players only.
        Proposals made to AI seats are answered first; a seat in Step 2 whose proposal to a
        human is open waits for that human's answer (their own, or the away level's after the
        delay)."""
        g = self.game
        if g is None or g.is_over:
            return None
        now = time.monotonic() if now is None else now
        self._sync_deadlines(connected, now)
        if g.phase == PLAY:
            for (frm, to) in sorted(g.proposals):
                level = self.ai_level(to)
                if level is not None:
                    return to, level, now, "ai"
        waits = self.waits_for_answer()
        for s in g.waiting_on:
            level = self.ai_level(s)
            if level is not None and s not in waits:
                return s, level, now, "ai"
        jobs = [(when, s, why) for (s, why), when in self.deadlines.items()
                if not (why == "away" and s in waits)]
        if not jobs:
            return None
        when, s, why = min(jobs)
        return s, self.away_level, when, "timeout" if why == "decision" else "away"

    def waits_for_answer(self) -> set[int]:
        """The seat in Step 2 (as a set: empty or one seat) while a proposal it made to a human seat
        is open: it does nothing else until that seat has answered."""
        g = self.game
        if g is None or g.phase != PLAY:
            return set()
        if any(frm == g.active and self.seats[to].kind == "human" for (frm, to) in g.proposals):
            return {g.active}
        return set()

    def default_move(self, seat: int) -> A.Action | None:
        """The rules' default (docs/lords-rules.md) for ``seat``'s decision (D12: no lay-off; D8: the default placement),
        or None when it has none (a forced move, a Step 2: an AI plays it)."""
        g = self.game
        if g is None or seat not in g.waiting_on:
            return None
        if g.phase == LAYOFF:
            return A.LayOff(seat, False)
        if g.phase == PLACE:
            return g.default_placement(seat)
        return None

    def fallback(self, seat: int) -> A.Action | None:
        """An action that always fits (an AI that failed): the default; else, in Step 2, the
        rejection of the first proposal made to the seat, or (the player in Step 2) the end of the
        turn; else the first legal action."""
        g = self.game
        if g is None or g.is_over:
            return None
        d = self.default_move(seat)
        if d is not None:
            return d
        if g.phase == PLAY:
            asked = sorted(frm for (frm, to) in g.proposals if to == seat)
            if asked:
                return A.Reject(seat, asked[0])
        if g.phase == PLAY and seat == g.active:
            return A.EndTurn(seat)
        legal = g.legal_actions(seat)
        return legal[0] if legal else None

    def think_for(self, seat: int, level: str) -> tuple[dict, str, int]:
        """:func:`~lasvegas.net.room.think`'s arguments for ``seat``'s decision by ``level``."""
        assert self.game is not None
        self._this_turn()
        return ({"game": self.game_name, "lords": self.game.to_dict(), "seat": seat,
                 "offered": list(self.offered.get(seat, ())), "looked": seat in self.looked}, level,
                (self.ai_seed + 7919 * self.turn + seat) % 2**63)

    def may_propose(self, seat: int) -> bool:
        """Whether ``seat`` has made fewer than ``PROPOSALS_PER_TURN`` proposals this turn (the
        bound on an AI's proposals too)."""
        return self.game is not None and len(self._proposals(seat)) < PROPOSALS_PER_TURN

    def vetted(self, seat: int, move: Any) -> Any:
        """An AI's proposal beyond the turn's bound is replaced by the fallback."""
        if type(move) is A.Propose and not self.may_propose(seat):
            log.warning("room %s: seat %d's AI proposed too often this turn; its fallback is played",
                        self.code, seat)
            return self.fallback(seat) or move
        return move

    @staticmethod
    def think(state: dict, level: str, seed: int) -> A.Action | None:
        return think_lords(state, level, seed)

    # ---------------------------------------------------------- what a seat sees
    def view_for(self, seat: int, game: Any = None) -> dict:
        g = game if game is not None else self.game
        return {"game": "lords", **g.view(seat)}  # type: ignore[union-attr]

    def events_for(self, seat: int, first: int = 0) -> list[dict]:
        return self.log[first:]  # (nothing is hidden: a Lords client catches up from its cursor)

    def told(self, first: int) -> dict:
        """``moves``: the moves that made the events from ``first`` on (the first event of a move),
        each as the record writes it (the action with its seat, the dice it rolled: nothing hidden,
        every roll shows on the table), so that a client plays them on its own table
        (``match.lords.mirror``) instead of asking for it (``look``)."""
        i = bisect.bisect_left(self.move_first, first)
        if i == len(self.move_first) or self.move_first[i] != first or self.recorder is None:
            return {}
        return {"moves": self.recorder.moves[i:]}

    def decisions(self, now: float | None = None) -> dict[int, dict]:
        """Seat -> its ``decide`` message's fields: what it must decide now (its own decision, or
        proposals it must answer), the move number, the seconds left (None: no deadline) and the
        legal answers (not for a Step 2 or a placement: the placement's default instead)."""
        g = self.game
        if g is None or g.is_over:
            return {}
        now = time.monotonic() if now is None else now
        out: dict[int, dict] = {}
        d = g.decision() or {}
        for s in g.waiting_on:
            info: dict[str, Any] = {"kind": g.phase, "seats": list(d.get("seats", ()))}
            legal: list[dict] = []
            if g.phase in (MARKER, DIE_MOVE):
                info["lot"] = LOT_NAMES[d["lot"]]
                legal = [to_wire(a) for a in g.legal_actions(s)]
            elif g.phase == LAYOFF:
                info.update(casino=_named_lots(d["casino"]), bet=d["bet"], gambler=d["gambler"])
                legal = [to_wire(a) for a in g.legal_actions(s)]
            elif g.phase == PLACE:
                info.update(lots=_named_lots(d["lots"][s]), values=list(d["values"][s]),
                            default=list(g.default_placement(s).values))
            when = self.deadlines.get((s, "decision"), self.deadlines.get((s, "away")))
            out[s] = {"turn": self.turn, "seat": s, "what": g.phase,
                      "deadline": None if when is None else round(max(0.0, when - now), 1),
                      "decision": info, "legal": legal}
        for to, fields in self._trades().items():
            out.setdefault(to, fields)
        return out

    def _trades(self) -> dict[int, dict]:
        """Seat -> its ``decide`` with ``what`` ``trade``: the proposals it must answer."""
        g = self.game
        out: dict[int, dict] = {}
        if g is not None and not g.is_over and g.phase == PLAY:
            for (_frm, to) in sorted(g.proposals):
                if to not in out:
                    out[to] = {"turn": self.turn, "seat": to, "what": "trade", "deadline": None,
                               "decision": {"kind": "trade", "from": [f for (f, t) in sorted(g.proposals)
                                                                        if t == to]},
                               "legal": [to_wire(a) for a in g.trade_answers(to)]}
        return out

    def prompts(self, connected: set[int], now: float | None = None) -> list[dict]:
        """Every ``decide`` to send now: each seat's own decision, its deadline counted from now when
        it has just begun (so the first prompt carries it), and a ``trade`` decide to each recipient
        of a proposal, the player in Step 2 too."""
        now = time.monotonic() if now is None else now
        self._sync_deadlines(connected, now)
        own = self.decisions(now)
        trades = self._trades()
        return list(own.values()) + [t for seat, t in trades.items() if own.get(seat, {}).get("what") != "trade"]

    def public_options(self) -> dict:
        o = self.options
        return {"game": self.game_name, "players": o.players, "away_delay": o.away_delay,
                "decision_seconds": o.decision_seconds, "correspondence": o.correspondence,
                "keep_days": o.keep_days}

    def status(self, seat: int, connected: set[int]) -> dict:
        g = self.game
        return {"room": self.code, "game": self.game_name, "seat": seat,
                "seats": [s.public(i in connected) for i, s in enumerate(self.seats)],
                "to_act": self.to_act, "waiting_on": list(g.waiting_on) if g is not None else [],
                "turn": self.turn, "started": self.started, "over": self.over}

    def game_record(self) -> dict:
        """``lords-record/1``: every action with the dice it rolled, the seed and the deck's order."""
        assert self.recorder is not None
        return self.recorder.record()

    # ------------------------------------------------------------ storage
    def to_dict(self) -> dict:
        return {"game": self.game_name, **super().to_dict()}

    @classmethod
    def _check_row(cls, row: Any) -> None:
        if len(row.seats) != row.options.players:
            raise ValueError("the room's row: its seats do not match its players")


# ------------------------------------------------------------ the stored shape

class LordsOptionsRow(Struct, forbid_unknown_fields=True):
    players: Annotated[int, Meta(ge=2, le=4)]
    away_delay: Annotated[float, Meta(ge=0, le=600)] | None = 30.0
    decision_seconds: Annotated[float, Meta(ge=1, le=600)] | None = 30.0
    correspondence: bool = False
    keep_days: Annotated[int, Meta(ge=KEEP_DAYS[0], le=KEEP_DAYS[1])] = KEEP_DAYS_DEFAULT
    hide_money: Literal[False] = False
    game: Literal["lords"] = "lords"


class LordsSeatRow(Struct, forbid_unknown_fields=True):
    colour: Literal[SEAT_COLOURS]  # type: ignore[valid-type]
    name: Annotated[str, Meta(max_length=64)] = ""
    kind: Literal["open", "human", "ai"] = "open"
    level: Annotated[str, Meta(max_length=16)] = ""
    token_hash: Annotated[str, Meta(pattern="^([0-9a-f]{64})?$")] = ""


class LordsRow(RowBase, forbid_unknown_fields=True, kw_only=True):
    game: Literal["lords"]
    options: LordsOptionsRow
    seats: Annotated[list[LordsSeatRow], Meta(min_length=2, max_length=4)]


LordsRoom.row_type, LordsRoom.options_type = LordsRow, LordsOptions


def think_lords(state: dict, level: str, seed: int) -> A.Action | None:
    """A worker's job: the action the Lords AI ``level`` plays for ``state["seat"]``, told what the
    seat did earlier in the turn (``offered``: its proposals; ``looked``: it looked for a deal)."""
    from ...lords.ai import make_player

    game = Game.from_dict(state["lords"])
    seat = state["seat"]
    player = make_player(level, seed, table=True)
    offered = [A.action_from_dict(d) for d in state.get("offered", ())]
    player.recall(game, [p for p in offered if type(p) is A.Propose], bool(state.get("looked")))
    if game.phase == PLAY and seat != game.active:
        for (frm, to), p in sorted(game.proposals.items()):
            if to == seat:
                return player.answer(game, seat, p)
        return None
    return player.act(game, seat)


__all__ = ["LordsRoom", "LordsOptions", "think_lords"]
