"""Why the engine refuses an action: every ``IllegalAction`` of Lords of Vegas has a stable code.

``refuse(code, **fields)`` is the exception the engine raises; its message is a ``Reason``: the
English sentence (exactly the words the engine has always used, so logs, records and the network
read as before) that also carries its ``code`` and its ``fields`` (lot names, colour names, seat
colours, amounts), so that a screen can say it again in the player's language without reading
English.  ``parse`` finds the code and fields back from the English sentence alone (a reason that
came as text: over the network, from an old record).  ``REASONS`` lists every code; a test holds
the engine to it (no ``IllegalAction`` raised without a code) and the screens to translating each.

A field ``waiting`` or ``problem`` is itself a ``Reason`` (what the game waits for; the refusal
inside an accepted trade).
"""

from __future__ import annotations

import re
import string
from typing import Any

from ..kernel.errors import IllegalAction
from .board import COLOURS, SEAT_COLOURS

#: every refusal: its code and its English sentence (``str.format`` fields)
REASONS: dict[str, str] = {
    # the shape of an action read from JSON (a record, the network)
    "shape.int": "{key}: expected a whole number from {lo} to {hi}, not {value}",
    "shape.lot_name": "{key}: expected a lot name (A1 … F9), not {value}",
    "shape.lot_unknown": "{key}: {value} is not a lot (A1 … F9)",
    "shape.lot_list": "{key}: expected a list of lot names",
    "shape.not_a_lot": "{key}: {value} is not a lot",
    "shape.lot_twice": "{key}: a lot is named twice",
    "shape.offer": '{key}: expected {{"money": n, "lots": [...], "dice": [...]}}',
    "shape.not_action": "not an action: {value}",
    "shape.unknown_fields": "{type}: unknown field(s) {fields}",
    "shape.lay_off": "lay_off: expected true or false",
    "shape.values": "values: expected a list of die values 1 to 6",
    "shape.nested_trade": "a trade cannot bundle another trade",
    "shape.colour": "colour: expected one of {colours}, not {value}",
    # any action
    "game.not_action": "not a Lords of Vegas action: {value}",
    "game.over": "the game is over",
    "game.no_seat": "there is no seat {value}",
    "game.waiting": "cannot {what} now: the game waits for {waiting}",
    "game.not_your_turn": "cannot {what}: it is {who}'s turn",
    "game.not_a_lot": "{what}: {value} is not a lot",
    "game.no_casino": "{lot} holds no casino tile",
    # what the game waits for (inside game.waiting and trade.waiting)
    "waiting.marker": "{who} to move a marker",
    "waiting.die": "{who} to move a die",
    "waiting.layoff": "{who} to answer the lay-off",
    "waiting.place": "dice to be placed",
    "waiting.play": "{who} to play",
    "waiting.over": "nobody",
    # the die a build or sprawl uses
    "die.not_a_lot": "take_from: {value} is not a lot",
    "die.name_one": "all 12 of your dice are on the board: name the tile whose die moves (take_from)",
    "die.not_yours": "{lot} holds none of your dice",
    "die.free": "you still have a free die: take_from must be empty",
    # build
    "build.no_marker": "build: {lot} does not carry your marker",
    "build.not_colour": "build: {value} is not a tile colour",
    "build.no_tile": "build: no {colour} tile is left",
    "build.block_f": "build: nothing is built in block F with 2 players",
    "build.money": "build: {lot} costs ${cost}, you have ${money}",
    # sprawl
    "sprawl.not_boss": "sprawl: you are not the boss of that casino",
    "sprawl.tile": "sprawl: {lot} already holds a tile",
    "sprawl.marker": "sprawl: {lot} carries a marker",
    "sprawl.block_f": "sprawl: nothing is built in block F with 2 players",
    "sprawl.not_touching": "sprawl: {lot} does not touch that casino",
    "sprawl.no_tile": "sprawl: no {colour} tile is left",
    "sprawl.money": "sprawl: {lot} costs ${cost}, you have ${money}",
    # remodel
    "remodel.not_boss": "remodel: you are not the boss of that casino",
    "remodel.not_colour": "remodel: {value} is not a tile colour",
    "remodel.same": "remodel: the new colour must differ from the old one",
    "remodel.tiles": "remodel: {n} {colour} tiles are needed, {left} are left",
    "remodel.money": "remodel: it costs ${cost}, you have ${money}",
    # reorganize and placing its dice
    "reorganize.no_die": "reorganize: you have no die in that casino",
    "reorganize.again": "reorganize: a die of that casino was already re-rolled this turn",
    "reorganize.money": "reorganize: it costs ${cost}, you have ${money}",
    "place.nothing": "place dice: no re-rolled dice of yours wait to be placed",
    "place.values": "place dice: the values must be {values} in some order, one per tile ({n} tiles)",
    # gamble and lay-off
    "gamble.again": "gamble: you have already gambled this turn",
    "gamble.no_boss": "gamble: that casino has no boss",
    "gamble.boss": "gamble: you are the boss of that casino",
    "gamble.bet": "gamble: the bet must be a whole number from $1 to ${top} ($5 a tile, at most your money)",
    "gamble.no_money": "gamble: you have no money to bet",
    "gamble.not_active": "gamble: only the active player gambles",
    "layoff.nothing": "lay-off: no gamble waits for your answer",
    "layoff.answer": "lay-off: answer true or false",
    # forced moves
    "marker.nothing": "move marker: no marker has to move now",
    "marker.not_yours": "move marker: {lot} does not carry your marker",
    "die_move.nothing": "move die: no die has to move now",
    "die_move.not_yours": "move die: {lot} holds none of your dice",
    # trades (D13, D14)
    "offer.type": "a side of a trade must be an Offer",
    "offer.tuples": "the lots and dice of a trade are tuples of lots",
    "offer.money": "money in a trade is a whole number of dollars, not negative",
    "offer.marker": "{lot} does not carry {who}'s marker",
    "offer.die": "{lot} holds no die of {who}",
    "offer.twice": "a lot is named twice",
    "trade.waiting": "no trade now: the game waits for {waiting}",
    "trade.seats": "a trade is between two different seats",
    "trade.open": "you already have an open proposal to that player",
    "trade.offer": "trade: {problem}",
    "trade.bundle": "a trade bundles a build, sprawl, remodel, reorganize or gamble",
    "trade.bundle_active": "only the active player's own action can be part of a trade",
    "trade.empty": "an empty trade",
    "trade.pending": "no trade while a decision is pending",
    "trade.money": "{who} has only ${money}",
    "trade.markers": "{who} would need more than {n} markers",
    "trade.dice": "{who} would need more than {n} dice",
    "trade.not_active": "the bundled action's player is no longer the active player",
    "trade.only_active": "only the active player acts",
    "accept.none": "accept: no such proposal is open",
    "accept.problem": "accept: {problem}",
    "accept.after": "accept: after the exchange, {problem}",
    "reject.none": "reject: no such proposal is open",
    "withdraw.none": "withdraw: no such proposal is open",
    # the table online: the client's own refusals (net/lords/remote.py; {code}: the server's, protocol.md)
    "net.other_seat": "an action of another computer's seat",
    "net.lost": "the connection to the server is lost: trying again",
    "net.no_answer": "the server did not answer in time",
    "net.refused": "the server refused ({refusal}): {message}",
}


def fields_of(code: str) -> set[str]:
    """The fields the sentence of ``code`` names."""
    return {f for _t, f, _s, _c in string.Formatter().parse(REASONS[code]) if f}


class Reason(str):
    """An engine's refusal: its English sentence (this string), ``code`` and ``fields``."""

    code: str
    fields: dict

    def __new__(cls, code: str, **fields: Any) -> "Reason":
        r = super().__new__(cls, REASONS[code].format(**fields))
        r.code = code
        r.fields = fields
        return r

    def __reduce__(self):
        return (_make, (self.code, self.fields))


def _make(code: str, fields: dict) -> Reason:
    return Reason(code, **fields)


def refuse(code: str, **fields: Any) -> IllegalAction:
    """The exception for refusal ``code`` (raise it)."""
    return IllegalAction(Reason(code, **fields))


def of(error: BaseException) -> str:
    """The reason an ``IllegalAction`` carries (a ``Reason`` when the engine raised it), else its text."""
    arg = error.args[0] if error.args else ""
    return arg if isinstance(arg, Reason) else str(error)


#: the fields that hold a reason of their own
NESTED = ("waiting", "problem")


#: what each field may read (a field not named here: any text)
_NUMBER = r"-?\d+"
FIELD_TEXT = {"who": "|".join(SEAT_COLOURS) + "|", "colour": "|".join(COLOURS), "lot": r"\S+",
              "cost": _NUMBER, "money": _NUMBER, "top": _NUMBER, "n": _NUMBER, "left": _NUMBER,
              "lo": _NUMBER, "hi": _NUMBER, "refusal": r"[a-z-]+",
              "what": "build|sprawl|remodel|reorganize|gamble|end the turn"}


def _pattern(code: str) -> re.Pattern:
    out = []
    for literal, name, _spec, _conv in string.Formatter().parse(REASONS[code]):
        out.append(re.escape(literal))
        if name:
            out.append(f"(?P<{name}>{FIELD_TEXT.get(name, '.+?')})")
    return re.compile("".join(out), re.S)


def _literal_length(code: str) -> int:
    return sum(len(lit) for lit, _n, _s, _c in string.Formatter().parse(REASONS[code]))


#: the most specific sentences first ("take_from: {value} is not a lot" before "{key}: {value} ...")
_PATTERNS = {code: _pattern(code) for code in sorted(REASONS, key=lambda c: -_literal_length(c))}


def parse(text: Any) -> Reason | None:
    """The ``Reason`` whose English sentence is ``text`` (None: no refusal of the engine reads so)."""
    if isinstance(text, Reason):
        return text
    if not isinstance(text, str) or len(text) > 2000:
        return None
    for code, pat in _PATTERNS.items():
        m = pat.fullmatch(text)
        if m is None:
            continue
        fields: dict[str, Any] = dict(m.groupdict())
        ok = True
        for name in NESTED:
            if name in fields:
                inner = parse(fields[name])
                if inner is None:
                    ok = False
                    break
                fields[name] = inner
        if ok:
            return Reason(code, **fields)
    return None
