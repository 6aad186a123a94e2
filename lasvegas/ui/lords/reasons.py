"""The engine's refusals (``IllegalAction``, in its English words) told in the player's language:
each known sentence is matched and said again through ``_()`` with its lots, colours, amounts and
the seats' names; a sentence not known here is shown as the engine wrote it."""

from __future__ import annotations

import re

from ...lords.board import COLOURS, SEAT_COLOURS
from ..i18n import _, money
from . import words

_PREFIX = re.compile(r"^(?:build|sprawl|remodel|reorganize|gamble|trade|accept|accept: after the exchange,)"
                     r"(?::)? ")


def _colour(name: str) -> str:
    return words.colour(COLOURS.index(name)) if name in COLOURS else name


def say(text: str | None, name) -> str | None:
    """``text`` (an engine's reason) in the player's language; ``name(seat)`` names a seat."""
    if text is None:
        return None
    t = text
    for _i in range(3):  # "accept: trade: ..." and the like
        s = _PREFIX.sub("", t, count=1)
        if s == t:
            break
        t = s

    def who(colour: str) -> str:
        return name(SEAT_COLOURS.index(colour)) if colour in SEAT_COLOURS else colour
    rules = (
        (r"(\w+) costs \$(\d+), you have \$(\d+)",
         lambda m: _("{lot} costs {cost}, you have {money}", lot=m[1], cost=money(int(m[2])), money=money(int(m[3])))),
        (r"it costs \$(\d+), you have \$(\d+)",
         lambda m: _("It costs {cost}, you have {money}", cost=money(int(m[1])), money=money(int(m[2])))),
        (r"(\w+) does not carry your marker", lambda m: _("{lot} does not carry your marker", lot=m[1])),
        (r"no (\w+) tile is left", lambda m: _("No {colour} tile is left", colour=_colour(m[1]))),
        (r"nothing is built in block F with 2 players", lambda m: _("Nothing is built in block F with 2 players")),
        (r"you are not the boss of that casino", lambda m: _("You are not the boss of that casino")),
        (r"(\w+) already holds a tile", lambda m: _("{lot} already holds a tile", lot=m[1])),
        (r"(\w+) carries a marker", lambda m: _("{lot} carries a marker", lot=m[1])),
        (r"(\w+) does not touch that casino", lambda m: _("{lot} does not touch that casino", lot=m[1])),
        (r"the new colour must differ from the old one", lambda m: _("The new colour must differ from the old one")),
        (r"(\d+) (\w+) tiles are needed, (\d+) are left",
         lambda m: _("{n} {colour} tiles are needed, {left} are left", n=m[1], colour=_colour(m[2]), left=m[3])),
        (r"you have no die in that casino", lambda m: _("You have no die in that casino")),
        (r"a die of that casino was already re-rolled this turn",
         lambda m: _("A die of that casino was already re-rolled this turn")),
        (r"you have already gambled this turn", lambda m: _("You have already gambled this turn")),
        (r"that casino has no boss", lambda m: _("That casino has no boss")),
        (r"you are the boss of that casino", lambda m: _("You are the boss of that casino")),
        (r"you have no money to bet", lambda m: _("You have no money to bet")),
        (r"an empty trade", lambda m: _("An empty trade")),
        (r"you already have an open proposal to that player",
         lambda m: _("You already have an open proposal to that player")),
        (r"(blue|green|red|yellow) has only \$(\d+)",
         lambda m: _("{who} has only {money}", who=who(m[1]), money=money(int(m[2])))),
        (r"(blue|green|red|yellow) would need more than (\d+) markers",
         lambda m: _("{who} would need more than {n} markers", who=who(m[1]), n=m[2])),
        (r"(blue|green|red|yellow) would need more than (\d+) dice",
         lambda m: _("{who} would need more than {n} dice", who=who(m[1]), n=m[2])),
        (r"(\w+) does not carry (blue|green|red|yellow)'s marker",
         lambda m: _("{lot} does not carry {who}'s marker", lot=m[1], who=who(m[2]))),
        (r"(\w+) holds no die of (blue|green|red|yellow)",
         lambda m: _("{lot} holds no die of {who}", lot=m[1], who=who(m[2]))),
    )
    for pattern, fn in rules:
        m = re.fullmatch(pattern, t)
        if m:
            return fn(m)
    return text
