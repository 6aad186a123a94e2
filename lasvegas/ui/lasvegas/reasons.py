"""Las Vegas's refusals told in the player's language.

The rules engine and the matches refuse with English reasons (``IllegalAction``); the table reads
the known ones back and says them through ``_()``; a reason it does not know (none a player's input
can bring about today) is said as a plain "not allowed now" in the player's language, the engine's
English words going to the diagnostics log only."""

from __future__ import annotations

import re

from ..kit.i18n import _

_NO_DIE = re.compile(r"no (?:rolled )?die shows (\d+)(?:: choose one of ([\d, ]+))?$")


def no_die(value: int, values) -> str:
    """The hint for a digit no die of the roll shows (the roll's values to choose from)."""
    return _("No die of this roll shows {value}: choose {values}", value=value,
             values=", ".join(str(v) for v in sorted(values)))


def say(exc: BaseException) -> str:
    """The refusal ``exc`` in a sentence for the screen."""
    text = str(exc).strip()
    m = _NO_DIE.match(text)
    if m:
        if m.group(2):
            return _("No die of this roll shows {value}: choose {values}", value=m.group(1),
                     values=", ".join(v.strip() for v in m.group(2).split(",")))
        return _("No die of this roll shows {value}", value=m.group(1))
    if text in ("it is not the turn of a seat at this screen", "it is not your turn"):
        return _("It is not your turn")
    if text == "a replay takes no moves":
        return _("A replay takes no moves: it plays the recorded game")
    if text in ("the game is over", "there is nothing to preview: the game is over"):
        return _("The game is over")
    if text == "there is no move of yours to take back here":
        return _("There is no move of yours to take back here")
    if text.startswith("no quick reaction"):
        return _("There is no such quick reaction")
    return _("This is not allowed now")
