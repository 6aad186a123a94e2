"""The game's names in the player's language: colours, AI levels, solo levels, default seats.

The tables hold English messages marked with ``N_()`` (built at import); the
functions translate them when called, so they follow a change of language.
"""

from __future__ import annotations

from ...core import SOLO_LEVELS
from ...core.config import MAX_SEATS
from ..kit.i18n import N_, _, pgettext

COLOUR_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow"),
                "purple": N_("Purple"), "orange": N_("Orange"), "pink": N_("Pink"), "black": N_("Black"),
                "neutral": N_("Neutral")}

#: solo levels (the 2018 rulebook's Normal, Difficile, Expert, Maître)
SOLO_LEVEL_NAMES = {"normal": "Normal", "hard": "Hard", "master": "Master"}  # marked below

#: an online game's quick reactions (lasvegas.match.REACTIONS), as players read them
REACTION_TEXTS = {"good-luck": N_("Good luck!"), "nice-move": N_("Nice move!"), "oops": N_("Oops!"),
                  "well-played": N_("Well played!"), "hurry-up": N_("Hurry up!")}

#: names offered to AI seats, seat by seat; AI levels as players read them (both games)
from ..kit.seatnames import (AI_SEAT_NAMES, ai_level_name, ai_seat_label,  # noqa: E402,F401
                             ai_seat_name, player_name, shown_kept_name)


def colour_name(owner: str) -> str:
    return _(COLOUR_NAMES[owner]) if owner in COLOUR_NAMES else owner.title()


def reaction_text(phrase: str) -> str:
    return _(REACTION_TEXTS[phrase]) if phrase in REACTION_TEXTS else phrase


def solo_level_name(name: str) -> str:
    if name.startswith("expert-") and name[7:].isdigit():
        return pgettext("solo level", "Expert {n}", n=int(name[7:]))
    if name in SOLO_LEVEL_NAMES:
        return pgettext("solo level", SOLO_LEVEL_NAMES[name])
    return next((lv.label for lv in SOLO_LEVELS if lv.name == name), name)


def _solo_level_messages() -> None:  # pragma: no cover - only read by the catalogue's extraction
    pgettext("solo level", "Normal"), pgettext("solo level", "Hard"), pgettext("solo level", "Master")


def is_default_name(name: str) -> bool:
    """Whether ``name`` is one the game offered (in any language), so a change of seat may replace it."""
    from ..kit.i18n import available, language, set_language

    here = language()
    offered = set()
    try:
        for lang in available():
            set_language(lang)
            offered |= {str(player_name(i)) for i in range(MAX_SEATS)} | {str(ai_seat_name(i)) for i in range(MAX_SEATS)}
    finally:
        set_language(here)
    return name in offered or name in AI_SEAT_NAMES


#: the name a solo game gives its player's seat in the game's files (drawn as "You" in the language now)
SOLO_PLAYER = "You"


def shown_seat_name(name: str, *, kind: str = "", level: str = "", solo_player: bool = False) -> str:
    """A seat's name as kept (a record, a server) in the player's language: the solo player is "You",
    an AI seat the server named after its level (its English "AI Hard", from every version of the
    server) is named by its level here, a seat the server named "Player 2" is this language's
    "Player 2"; every other name as it is."""
    if solo_player:
        return _("You")
    return shown_kept_name(name, kind=kind, level=level)
