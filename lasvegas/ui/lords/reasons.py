"""The engine's refusals told in the player's language.

Every refusal of the engine has a stable code (``lords.refusals.REASONS``); ``TEXTS`` gives each
code its sentence for the screen (without the engine's "build:" and the like: the screen shows a
refusal beside the action it refuses), said through ``_()`` with its fields: lots as they are
printed, colours and seats by their names in the player's language, amounts in the language's
money form.  A reason that came as English text (over the network, from an old record) is read
back into its code first (``refusals.parse``); a text that is no refusal of the engine is shown as
it is.  A test holds ``TEXTS`` to cover every code and the catalogues to translate each sentence.
"""

from __future__ import annotations

from typing import Any, Callable

from ...kernel.errors import IllegalAction
from ...lords import refusals
from ...lords.board import COLOURS, LOT_NAMES, SEAT_COLOURS
from ..kit import serverwords
from ..kit.i18n import N_, _, money, ngettext, pgettext
from . import naming

#: the sentence of each code (None: the reason inside it is what the player reads)
TEXTS: dict[str, str | None] = {
    "shape.int": N_("{key}: a whole number from {lo} to {hi} is expected, not {value}"),
    "shape.lot_name": N_("{key}: a lot's name ({lots}) is expected, not {value}"),
    "shape.lot_unknown": N_("{value} is not a lot ({lots})"),
    "shape.lot_list": N_("{key}: a list of lots is expected"),
    "shape.not_a_lot": N_("{value} is not a lot"),
    "shape.lot_twice": N_("A lot is named twice"),
    "shape.offer": N_("{key}: money, lots and dice are expected"),
    "shape.not_action": N_("Not an action: {value}"),
    "shape.unknown_fields": N_("{type}: unknown field(s) {fields}"),
    "shape.lay_off": N_("The lay-off is answered yes or no"),
    "shape.values": N_("Die values from 1 to 6 are expected"),
    "shape.nested_trade": N_("A trade cannot hold another trade"),
    "shape.colour": N_("{value} is not a tile colour"),
    "game.not_action": N_("Not a Lords of Vegas action: {value}"),
    "game.over": N_("The game is over"),
    "game.no_seat": N_("There is no seat {value}"),
    "game.waiting": N_("You cannot {what} now: the game waits for {waiting}"),
    "game.not_your_turn": N_("You cannot {what}: it is {who}'s turn"),
    "game.not_a_lot": N_("{value} is not a lot"),
    "game.no_casino": N_("{lot} holds no casino tile"),
    "waiting.marker": N_("{who} to move a marker"),
    "waiting.die": N_("{who} to move a die"),
    "waiting.layoff": N_("{who} to answer the lay-off"),
    "waiting.place": N_("the re-rolled dice to be placed"),
    "waiting.play": N_("{who} to play"),
    "waiting.over": N_("nobody"),
    "die.not_a_lot": N_("{value} is not a lot"),
    "die.name_one": N_("All 12 of your dice are on the board: pick the tile whose die moves"),
    "die.not_yours": N_("{lot} holds none of your dice"),
    "die.free": N_("You still have a free die: no die moves"),
    "build.no_marker": N_("{lot} does not carry your marker"),
    "build.not_colour": N_("{value} is not a tile colour"),
    "build.no_tile": N_("No {colour} tile is left"),
    "build.block_f": N_("Nothing is built in block F with 2 players"),
    "build.money": N_("{lot} costs {cost}, you have {money}"),
    "sprawl.not_boss": N_("You are not the boss of that casino"),
    "sprawl.tile": N_("{lot} already holds a tile"),
    "sprawl.marker": N_("{lot} carries a marker"),
    "sprawl.block_f": N_("Nothing is built in block F with 2 players"),
    "sprawl.not_touching": N_("{lot} does not touch that casino"),
    "sprawl.no_tile": N_("No {colour} tile is left"),
    "sprawl.money": N_("Sprawling onto {lot} costs {cost}, you have {money}"),
    "remodel.not_boss": N_("You are not the boss of that casino"),
    "remodel.not_colour": N_("{value} is not a tile colour"),
    "remodel.same": N_("The new colour must differ from the old one"),
    "remodel.tiles": None,  # a count: PLURALS
    "remodel.money": N_("It costs {cost}, you have {money}"),
    "reorganize.no_die": N_("You have no die in that casino"),
    "reorganize.again": N_("A die of that casino was already re-rolled this turn"),
    "reorganize.money": N_("It costs {cost}, you have {money}"),
    "place.nothing": N_("No re-rolled dice of yours wait to be placed"),
    "place.values": None,  # a count: PLURALS
    "gamble.again": N_("You have already gambled this turn"),
    "gamble.no_boss": N_("That casino has no boss"),
    "gamble.boss": N_("You are the boss of that casino"),
    "gamble.bet": N_("The bet is from {low} to {top} ({five} a tile, at most your money)"),
    "gamble.no_money": N_("You have no money to bet"),
    "gamble.not_active": N_("Only the player whose turn it is gambles"),
    "layoff.nothing": N_("No gamble waits for your answer"),
    "layoff.answer": N_("The lay-off is answered yes or no"),
    "marker.nothing": N_("No marker has to move now"),
    "marker.not_yours": N_("{lot} does not carry your marker"),
    "die_move.nothing": N_("No die has to move now"),
    "die_move.not_yours": N_("{lot} holds none of your dice"),
    "offer.type": N_("A side of the trade is not an offer"),
    "offer.tuples": N_("A side of the trade is not an offer"),
    "offer.money": N_("Money in a trade is a whole number of dollars, not negative"),
    "offer.marker": N_("{lot} does not carry {who}'s marker"),
    "offer.die": N_("{lot} holds no die of {who}"),
    "offer.twice": N_("A lot is named twice"),
    "trade.waiting": N_("No trade now: the game waits for {waiting}"),
    "trade.seats": N_("A trade is between two different players"),
    "trade.open": N_("You already have an open proposal to that player"),
    "trade.offer": None,
    "trade.bundle": N_("A trade may hold a build, sprawl, remodel, reorganize or gamble"),
    "trade.bundle_active": N_("Only the action of the player whose turn it is can be part of a trade"),
    "trade.empty": N_("An empty trade"),
    "trade.pending": N_("No trade while a decision is pending"),
    "trade.money": N_("{who} has only {money}"),
    "trade.markers": N_("{who} would need more than {n} markers"),
    "trade.dice": N_("{who} would need more than {n} dice"),
    "trade.not_active": N_("The action in the trade is no longer that of the player whose turn it is"),
    "trade.only_active": N_("Only the player whose turn it is acts"),
    "accept.none": N_("That proposal is no longer open"),
    "accept.problem": None,
    "accept.after": N_("After the exchange: {problem}"),
    "reject.none": N_("That proposal is no longer open"),
    "withdraw.none": N_("That proposal is no longer open"),
    "net.other_seat": N_("That seat is played on another computer"),
    "net.lost": N_("The connection to the server is lost: trying again."),
    "net.no_answer": N_("The server did not answer in time."),
    "net.refused": N_("The server refused this request."),  # said by its code: serverwords
}


#: the sentences of the codes that hold a count ``n``: the language's plural form of it
PLURALS: dict[str, Callable[..., str]] = {
    "remodel.tiles": lambda n, **f: ngettext("Remodelling needs {n} {colour} tile; the supply has {left}",
                                             "Remodelling needs {n} {colour} tiles; the supply has {left}", n, **f),
    "place.values": lambda n, **f: ngettext("Place the value {values} on your tile ({n} tile)",
                                            "Place the values {values}, one per tile ({n} tiles)", n, **f),
}


def _what(verb: str) -> str:
    """An action of ``game.waiting`` / ``game.not_your_turn`` as the sentence needs it."""
    table = {"build": pgettext("you cannot … now", "build"), "sprawl": pgettext("you cannot … now", "sprawl"),
             "remodel": pgettext("you cannot … now", "remodel"),
             "reorganize": pgettext("you cannot … now", "reorganize"),
             "gamble": pgettext("you cannot … now", "gamble"),
             "end the turn": pgettext("you cannot … now", "end the turn")}
    return table.get(verb, verb)


def _colour(name: Any) -> str:
    return naming.colour(COLOURS.index(name)) if name in COLOURS else str(name)


def _amount(v: Any) -> str:
    try:
        return money(int(v))
    except (TypeError, ValueError):
        return str(v)


def lot_ranges() -> str:
    """The board's lots as ranges, block by block ("A1–A6, B1–B6, C1–C12, …"), read from the board."""
    blocks: dict[str, list[str]] = {}
    for name in LOT_NAMES:
        blocks.setdefault(name[0], []).append(name)
    return ", ".join(f"{names[0]}–{names[-1]}" for names in blocks.values())


def _fields(r: refusals.Reason, name: Callable[[int], str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in r.fields.items():
        if k in refusals.NESTED:
            out[k] = say(v, name) or ""
        elif k == "who":
            out[k] = name(SEAT_COLOURS.index(v)) if v in SEAT_COLOURS else str(v)
        elif k == "colour":
            out[k] = _colour(v)
        elif k in ("cost", "money", "top"):
            out[k] = _amount(v)
        elif k == "what":
            out[k] = _what(str(v))
        else:
            out[k] = str(v)
    return out


def say(text: Any, name: Callable[[int], str]) -> str | None:
    """``text`` (an engine's reason, its ``IllegalAction`` or its English words) in the player's
    language; ``name(seat)`` names a seat.  None stays None."""
    if text is None:
        return None
    if isinstance(text, IllegalAction):
        text = refusals.of(text)
    r = refusals.parse(text)
    if r is None:
        return str(text)
    sentence = TEXTS.get(r.code)
    if r.code == "net.refused":  # the server's refusal by its code, never its English message
        return serverwords.refusal(str(r.fields.get("refusal", "")))
    fields = _fields(r, name)
    if r.code == "gamble.bet":
        fields.update(low=money(1), five=money(5))
    if r.code in ("shape.lot_name", "shape.lot_unknown"):
        fields["lots"] = lot_ranges()
    if r.code in ("build.no_tile", "sprawl.no_tile") and r.fields.get("colour") in COLOURS:
        fields["colour"] = naming.tile_colour(COLOURS.index(r.fields["colour"]))  # "no purple tile": it agrees
    if r.code in PLURALS:
        try:
            n = int(r.fields.get("n", 0))
        except (TypeError, ValueError):
            n = 0
        return PLURALS[r.code](n, **{k: v for k, v in fields.items() if k != "n"})
    if sentence is None:  # "trade: …", "accept: …": the reason inside
        return fields.get("problem") or str(text)
    return _(sentence, **fields)
