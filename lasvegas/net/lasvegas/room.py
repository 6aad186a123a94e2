"""A Las Vegas table on the server: the shared :class:`~lasvegas.net.room.Room` playing Las Vegas.

A move is a die's value (the ``place`` message), kept as that value; the game is rebuilt by
replaying the values from the seed.  What leaves the room for a seat goes through the match
boundary's rule for hidden money (:func:`lasvegas.match.base.money_visible`) and never includes the
deck's order.  This module is the only one of the server that uses Las Vegas's rules engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from msgspec import Meta, Struct

from ...core import COLOURS, MAX_SEATS, MIN_SEATS, MINIMUMS, PLACE, Config, Game, Phase, RoundEnded
from ...match.base import money_visible
from ...match.lasvegas.local import EngineMatch
from ..protocol import EDITIONS, KEEP_DAYS, KEEP_DAYS_DEFAULT, event_to_wire, view_to_wire
from ..room import Room, RoomError, RowBase, new_seats


@dataclass
class Options:
    players: int = 2
    neutral: bool = False
    edition: str = "classic"
    rounds: int = 4
    hide_money: bool = False
    #: seconds before the AI plays an away player's turn (None: never)
    away_delay: float | None = 30.0
    #: a game that lasts for days: no AI plays an away player's turn, and the room is kept
    #: ``keep_days`` days after its last move (instead of the server's idle time)
    correspondence: bool = False
    keep_days: int = KEEP_DAYS_DEFAULT
    #: the Las Vegas Boulevard options (docs/rules.md §10); None: the seat count's default minimum
    minimum: str | None = None
    hundreds: bool = False
    biggies: bool = False

    def config(self) -> Config:
        return Config(seats=COLOURS[:self.players], neutral=self.neutral, edition=self.edition,
                      rounds=self.rounds, minimum=self.minimum, hundreds=self.hundreds,
                      biggies=self.biggies)


class _SeatView(EngineMatch):
    """The match boundary's views over the room's game (one rule for what a seat sees)."""

    def __init__(self, game: Game, hide_money: bool) -> None:
        self.game = game
        self.config = game.config
        self.hide_money = hide_money


class LasVegasRoom(Room):
    """A room playing Las Vegas (see the module's text)."""

    game_name = "lasvegas"
    v = 1
    away_level = "medium"

    @classmethod
    def _new(cls, code: str, msg: dict, levels: list[str]) -> "LasVegasRoom":
        corr = msg.get("correspondence", False)
        opts = Options(players=msg["players"], neutral=msg.get("neutral", False),
                       edition=msg.get("edition", "classic"), rounds=msg.get("rounds", 4),
                       hide_money=msg.get("hide_money", False),
                       away_delay=None if corr else msg.get("away_delay", 30.0),
                       correspondence=corr, keep_days=msg.get("keep_days", KEEP_DAYS_DEFAULT),
                       minimum=msg.get("minimum"), hundreds=msg.get("hundreds", False),
                       biggies=msg.get("biggies", False))
        try:
            opts.config()
        except ValueError as e:
            raise RoomError("field", f"create: {e}") from None
        return cls(code, opts, new_seats(msg, COLOURS[:opts.players], levels, cls.unknown_level))

    def _begin_game(self, seed: int) -> list[dict]:
        self.game = Game(self.options.config(), seed)
        return self._logged(self.game.opening_events)

    def event_to_wire(self, event: Any) -> dict:
        return event_to_wire(event)

    # ------------------------------------------------------------ moves
    @property
    def to_act(self) -> int | None:
        g = self.game
        return None if g is None or g.phase is not Phase.PLACE else g.current

    def read_move(self, seat: int, msg: dict) -> int:
        return msg["value"]

    def play(self, seat: int, move: int, turn: int, stored: Any = None) -> list[dict]:
        """Seat ``seat`` places the dice showing ``move`` for move number ``turn``; the new events."""
        self.check_play(seat, move, turn)
        events = self.game.apply(PLACE[move])
        self.turn += 1
        return self._logged(events)

    def check_play(self, seat: int, move: int, turn: int) -> None:
        if self.game is None:
            raise RoomError("not-started", "the game has not started")
        if self.game.is_over:
            raise RoomError("illegal", "the game is over")
        if turn != self.turn:
            raise RoomError("stale", f"place: move {turn} is not the game's next move ({self.turn})")
        if seat != self.to_act:
            raise RoomError("not-your-turn", f"place: it is {self.seats[self.to_act].name}'s turn")
        if move not in self.game.legal_values():
            legal = ", ".join(map(str, self.game.legal_values()))
            raise RoomError("illegal", f"place: no rolled die shows {move} (choose {legal})")

    def stored(self, move: int) -> int:
        """A move as a store keeps it: its value."""
        return move

    def stored_move(self, first: int) -> int:
        return self.log[first]["value"]  # a move's first event is its DicePlaced

    def from_stored(self, kept: Any) -> tuple[int, int]:
        if not isinstance(kept, int) or isinstance(kept, bool) or self.to_act is None:
            raise ValueError(f"move {self.turn}: {kept!r} does not fit the game")
        return self.to_act, kept

    def fallback(self, seat: int) -> int | None:
        return self.game.legal_values()[0] if self.game is not None and not self.game.is_over else None

    def think_for(self, seat: int, level: str) -> tuple[dict, str, int]:
        assert self.game is not None
        return ({"game": self.game_name, "state": self.game.to_dict()}, level,
                (self.ai_seed + 7919 * self.turn) % 2**63)

    @staticmethod
    def think(state: dict, level: str, seed: int) -> int:
        from ...ai import make_ai

        game = Game.from_dict(state["state"])
        return make_ai(level, seed).choose(game, None).value

    # ---------------------------------------------------------- what a seat sees
    def view_for(self, seat: int, game: Game | None = None) -> dict:
        g = game if game is not None else self.game
        assert g is not None
        view = _SeatView(g, self.options.hide_money).view(seat)
        won = {}
        for o in view.money:
            i = g.owners.index(o)
            won[o] = sorted(g.won[i], reverse=True) if view.money[o] is not None else None
        return view_to_wire(view, won)

    def seen_point(self, seat: int, seen: int) -> tuple[dict, int, list[dict]] | None:
        """The game is replayed from its seed (the server's own) up to move ``seen``."""
        g = self.game
        if g is None or not 0 <= seen < self.turn or g.seed is None:
            return None
        past = Game(g.config, g.seed)
        for value in [e["value"] for e in self.log if e["event"] == "DicePlaced"][:seen]:
            past.apply(PLACE[value])
        cursor = len(past.log)
        if seen == 0:
            opening = self.events_for(seat, 0)[:cursor]
        else:
            opening = [self.redact(e, seat) for e in self.log[cursor - 1:cursor] if e["event"] == "DiceRolled"]
        return self.view_for(seat, past), cursor, opening

    def opening(self, seat: int) -> list[dict]:
        """The opening at the start, later the current roll (the last event, when it rolled)."""
        if self.turn == 0:
            return super().opening(seat)
        return [self.redact(e, seat) for e in self.log[-1:] if e["event"] == "DiceRolled"]

    def redact(self, ev: dict, seat: int) -> dict:
        """``ev`` as seat ``seat`` may see it: others' round totals go when the room hides money."""
        if ev["event"] != RoundEnded.__name__:
            return ev
        cfg, colour = self.game.config, self.colour(seat)

        def keep(pairs: list) -> list:
            return [p for p in pairs if money_visible(cfg, self.options.hide_money, self.over, colour, p[0])]
        return dict(ev, won=keep(ev["won"]), money=keep(ev["money"]))

    def private(self, first: int) -> bool:
        return self.options.hide_money and any(e["event"] == "RoundEnded" for e in self.log[first:])

    def public_options(self) -> dict:
        o = self.options
        return {"players": o.players, "neutral": o.neutral, "edition": o.edition,
                "rounds": o.rounds, "hide_money": o.hide_money, "away_delay": o.away_delay,
                "correspondence": o.correspondence, "keep_days": o.keep_days,
                "minimum": o.config().minimum, "hundreds": o.hundreds, "biggies": o.biggies}

    def game_record(self) -> dict:
        """``lasvegas-record/1``."""
        return self.game.record()


# ------------------------------------------------------------ the stored shape
# A room as a store keeps it (:meth:`Room.to_dict`), declared once: msgspec checks a row read back
# (from SQLite or Redis) field by field before the room is rebuilt from it.

class OptionsRow(Struct, forbid_unknown_fields=True):
    """:class:`Options` as stored (a field added since has its default in a row written before)."""
    players: Annotated[int, Meta(ge=MIN_SEATS, le=MAX_SEATS)]
    neutral: bool = False
    edition: Literal[EDITIONS] = "classic"  # type: ignore[valid-type]
    rounds: Annotated[int, Meta(ge=1, le=4)] = 4
    hide_money: bool = False
    away_delay: Annotated[float, Meta(ge=0, le=600)] | None = 30.0
    correspondence: bool = False
    keep_days: Annotated[int, Meta(ge=KEEP_DAYS[0], le=KEEP_DAYS[1])] = KEEP_DAYS_DEFAULT
    minimum: Literal[MINIMUMS] | None = None  # type: ignore[valid-type]
    hundreds: bool = False
    biggies: bool = False


class SeatRow(Struct, forbid_unknown_fields=True):
    """:class:`SeatSlot` as stored (the token as its SHA-256, never the token)."""
    colour: Literal[tuple(COLOURS)]  # type: ignore[valid-type]
    name: Annotated[str, Meta(max_length=64)] = ""
    kind: Literal["open", "human", "ai"] = "open"
    level: Annotated[str, Meta(max_length=16)] = ""
    token_hash: Annotated[str, Meta(pattern="^([0-9a-f]{64})?$")] = ""


class RoomRow(RowBase, kw_only=True):
    """A room without its moves, as :meth:`Room.to_dict` writes it (fields of an earlier form's row
    that this one does not use are passed over)."""
    options: OptionsRow
    seats: Annotated[list[SeatRow], Meta(min_length=MIN_SEATS, max_length=MAX_SEATS)]


LasVegasRoom.row_type, LasVegasRoom.options_type = RoomRow, Options

__all__ = ["LasVegasRoom", "Options"]
